/**
 * zod helpers shared by the family files, and the formatting of validation failures into
 * messages that name the field (`response field "name": expected string, got number`).
 */
import { z } from "zod";

/**
 * An enumeration read from the service: known values are typed as a string union for editors,
 * unknown future values are accepted (typed as `string`) rather than failing a whole response.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string() as z.ZodType<string & {}>]);
}

/**
 * A string checked by one of the sdk's rules (`imageNameProblem`, `timeZoneProblem`, ...: each answers why a value
 * is refused, or `undefined`): the rule's reason is the message. `base` carries checks that run first (`min(1)`).
 */
export function ruledString(problem: (value: string) => string | undefined, base: z.ZodString = z.string()) {
  return base.superRefine((value, ctx) => {
    const reason = problem(value);
    if (reason !== undefined) ctx.addIssue({ code: "custom", message: reason });
  });
}

/** An optional response field that the service may also send as `null`. */
export function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}

/** `{ results: T[] }`, the shape of every list response (extra keys such as `pagination` kept). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ results: z.array(item) });
}

/** An object reference the service nests in records, e.g. `environment: { id }`. */
export const Reference = z.looseObject({ id: z.string() });
/** A reference to another record: `{ id }`. */
export type Reference = z.infer<typeof Reference>;

/** A reference to another record in a request, e.g. one of `labels_groups`: `{ id }`, the id non-empty. */
export const ReferenceRequest = z.looseObject({ id: z.string().min(1) });

/** When a record was made and last changed, as the service answers it. */
export const TIMESTAMP_FIELDS = {
  /** When the record was made, as the service answers it. */
  created_at: maybe(z.string()),
  /** When the record last changed, as the service answers it. */
  updated_at: maybe(z.string()),
};

/** The same `schema` for each of `keys`: fields that differ by name only (`sameFields(["region", "url"], z.string())`). */
export function sameFields<K extends string, T extends z.ZodType>(keys: ReadonlyArray<K>, schema: T): Record<K, T> {
  return Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, T>;
}

/** Where a service is, as the organization-wide lists answer it: its project's and environment's ids and names, its cluster. */
export const PLACEMENT_FIELDS = sameFields(["project_id", "project_name", "environment_id", "environment_name", "cluster_id"], maybe(z.string()));

/**
 * A record as the service answers it: its `id`, the family's own `fields`, then when it was made and last changed
 * (`created_at`, `updated_at`). Keys the schema does not name are kept.
 */
export function record<F extends z.core.$ZodLooseShape>(fields: F) {
  return z.looseObject({
    /** The record's id. */
    id: z.string(),
    ...fields,
    ...TIMESTAMP_FIELDS,
  });
}

/**
 * A record with credentials in its `config` (a container registry, a Helm repository), read by `fields` with the
 * `secretKeys` of an answer's `config` dropped: the client never hands a credential on, whatever the service sends.
 */
export function withoutConfigSecrets<T extends { config?: object | null | undefined }>(fields: z.ZodType<T>, secretKeys: readonly string[]) {
  return fields.transform((record): T => {
    if (!record.config) return record;
    const config: Record<string, unknown> = { ...record.config };
    for (const key of secretKeys) delete config[key];
    return { ...record, config: config as T["config"] };
  });
}

/** A {@link record} with a `name` (projects, environments, applications, ...). */
export function namedRecord<F extends z.core.$ZodLooseShape>(fields: F) {
  return record({
    /** The record's name. */
    name: z.string(),
    ...fields,
  });
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (field missing)";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function normalised(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Whether a refused value looks like a misspelt choice (`"PROD"`, `"staging"`, `"Requird"`) and may be quoted
 * back. Anything else is described by type only: a value in the wrong field may be a token or a password.
 */
function resemblesOneOf(received: string, values: ReadonlyArray<unknown>): boolean {
  const mine = normalised(received);
  if (received.length > 40 || mine === "") return false;
  return values.some((value) => {
    const theirs = normalised(String(value));
    if (theirs === "") return false;
    return (mine.length >= 3 && (theirs.startsWith(mine) || mine.startsWith(theirs))) || editDistance(mine, theirs) <= Math.max(1, Math.floor(theirs.length / 4));
  });
}

/** Renders an issue path as `a.b[0].c` (`(body)` for the whole document). */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "(body)";
}

/**
 * One human sentence for a zod issue, naming the field and what was expected; prints a string value only when it
 * resembles one of the allowed choices (a typo), never anything that could be a secret put in the wrong field.
 */
export function describeIssue(issue: z.core.$ZodIssue, data: unknown, prefix: ReadonlyArray<PropertyKey> = []): { field: string; text: string } {
  const fullPath = [...prefix, ...issue.path];
  const field = fieldName(fullPath);
  const got = describeValue(valueAt(data, fullPath));
  switch (issue.code) {
    case "invalid_type":
      return { field, text: `expected ${issue.expected}, got ${got}` };
    case "invalid_value": {
      const received = valueAt(data, fullPath);
      const shown = typeof received === "string" && resemblesOneOf(received, issue.values) ? JSON.stringify(received) : got;
      return { field, text: `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${shown}` };
    }
    case "too_small":
      return { field, text: `expected ${issue.origin === "string" ? "length " : ""}at least ${String(issue.minimum)}` };
    case "too_big":
      return { field, text: `expected ${issue.origin === "string" ? "length " : ""}at most ${String(issue.maximum)}` };
    case "invalid_format":
      return { field, text: `expected a ${issue.format} string` };
    case "invalid_union": {
      // Report the branch that came closest (fewest problems): its first problem names the real culprit.
      const branches = issue.errors.filter((b) => b.length > 0).sort((a, b) => a.length - b.length);
      const best = branches[0]?.[0];
      if (best) return describeIssue(best, data, fullPath);
      return { field, text: issue.message };
    }
    default:
      return { field, text: issue.message };
  }
}

/** The result of checking a value against a schema: parsed data, or the first problem as text. */
export type CheckResult<T> = { ok: true; data: T } | { ok: false; field: string; text: string; issueCount: number };

/** Validates `data`; on failure describes the first issue (and counts the rest). */
export function check<T extends z.ZodType>(schema: T, data: unknown): CheckResult<z.output<T>> {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, data: result.data };
  const first = result.error.issues[0];
  if (!first) return { ok: false, field: "(body)", text: "invalid", issueCount: 0 };
  const { field, text } = describeIssue(first, data);
  return { ok: false, field, text, issueCount: result.error.issues.length };
}
