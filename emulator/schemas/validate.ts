import type { z } from "zod";
import { ApiError } from "../server/errors";

/** Formats a zod issue path as `git_repository.url` or `ports[0].internal_port`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out === "" ? String(seg) : `.${String(seg)}`;
  }
  return out === "" ? "body" : out;
}

/** Parses a request body or query against a schema; a failure is a 400 naming the first failing field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input, { reportInput: true });
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  if (!issue) throw new ApiError(400, "body: invalid");
  // An unknown key of a strict object is named as the field itself (`network.ingress.foo: ...`), not as its parent.
  const at = issue.code === "unrecognized_keys" && issue.keys[0] !== undefined ? [...issue.path, issue.keys[0]] : issue.path;
  const field = formatPath(at);
  const missing = issue.code === "invalid_type" && !("input" in issue && issue.input !== undefined);
  const message = missing ? "is required" : issue.message.replace(/^Invalid input: /, "");
  throw new ApiError(400, `${field}: ${message}`);
}
