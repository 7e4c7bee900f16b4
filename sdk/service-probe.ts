/**
 * What makes a server "the service" for the client's check before a 404 is trusted: its `GET /organization` answer
 * holds at least one organization, and every one of them has the fields the service always sends.
 */
import { z } from "zod";
import { check } from "./schema";

/**
 * The fields every organization the service answers has (its `Base`: `id`, `created_at`; its request: `name`).
 * Only these are required, so a field the client does not know never makes the real service look like another server.
 */
const ServiceOrganization = z.looseObject({
  /** The organization's id. */
  id: z.string().min(1),
  /** The organization's name. */
  name: z.string(),
  /** When it was made: a date-time. */
  created_at: z.string().refine((s) => Number.isFinite(Date.parse(s)), "expected a date-time"),
});

/**
 * What is wrong with an answer to `GET /organization` as the service's, or `undefined` when it is one: the
 * service answers `{results: [Organization, ...]}` (a token always sees its own organization, so never an empty
 * list) or, per its published description, one Organization (WIRE difference 6). The text follows
 * `GET /organization ` in the mismatch's reason.
 */
export function organizationAnswerProblem(data: unknown): string | undefined {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "answered JSON that is not a list of organizations";
  const record = data as Record<string, unknown>;
  const results = record["results"];
  if (results === undefined) {
    if (typeof record["id"] !== "string") return "answered JSON that is not a list of organizations";
    return problemOf(record, "the organization");
  }
  if (!Array.isArray(results)) return "answered JSON that is not a list of organizations";
  if (results.length === 0) return "answered no organization: an empty list, which the service never answers to a valid token";
  for (const [i, entry] of results.entries()) {
    const problem = problemOf(entry, `results[${i}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function problemOf(entry: unknown, where: string): string | undefined {
  const checked = check(ServiceOrganization, entry);
  if (checked.ok) return undefined;
  const field = checked.field === "(body)" ? "" : ` (field "${checked.field}": ${checked.text})`;
  return `answered JSON that is not a list of organizations of the service's shape: ${where} lacks the id, name and ` +
    `created_at every organization has${field}`;
}
