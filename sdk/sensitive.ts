/**
 * Which values of a request or answer are secrets: the fields kept out of the messages of the call that sends them,
 * those kept out of every later message of the client, and the memory of them a client keeps.
 */

/**
 * The wire names of a family's secret fields, declared by the family's file beside its records
 * (`secretFields({ secret: ["target_secret"], sensitive: ["target_url"] })`) and collected here.
 */
export interface FieldSecrecy {
  /** Secrets: kept out of the messages of the call that sends or receives them and of every later message too. */
  secret?: ReadonlyArray<string>;
  /** Kept out of the messages of the call that sends or receives them only (a login, a variable's value). */
  sensitive?: ReadonlyArray<string>;
}

const sensitiveKeys = new Set<string>();
const secretKeys = new Set<string>();

/** Fields whose values are kept out of the messages of the call that sends (or receives) them: every family's. */
export const SENSITIVE_KEYS: ReadonlySet<string> = sensitiveKeys;
/** Fields whose values the client keeps out of every later message too (e.g. the log lines of a failed deploy). */
const SECRET_KEYS: ReadonlySet<string> = secretKeys;

/** Declares a family's secret fields (called once by the family's file, beside its records). */
export function secretFields(fields: FieldSecrecy): void {
  for (const key of fields.secret ?? []) secretKeys.add(key);
  for (const key of [...(fields.secret ?? []), ...(fields.sensitive ?? [])]) sensitiveKeys.add(key);
}

const MAX_REMEMBERED_SECRETS = 1000;

/** The string values of `keys` anywhere in `body` (four levels deep at most). */
export function sensitiveValues(body: unknown, keys: ReadonlySet<string> = SENSITIVE_KEYS, out: string[] = [], depth = 0): string[] {
  if (depth > 4 || body === null || typeof body !== "object") return out;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === "string" && keys.has(key)) out.push(value);
    else if (typeof value === "object") sensitiveValues(value, keys, out, depth + 1);
  }
  return out;
}

/**
 * The `value` of every object marked `is_secret: true` in a body (a `/variable` create, the items of an import), or
 * `secret: true` (a Terraform service's input variables).
 */
function valuesMarkedSecret(body: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 4 || body === null || typeof body !== "object") return out;
  const record = body as Record<string, unknown>;
  if ((record["is_secret"] === true || record["secret"] === true) && typeof record["value"] === "string") out.push(record["value"]);
  for (const value of Object.values(record)) if (typeof value === "object") valuesMarkedSecret(value, out, depth + 1);
  return out;
}

/** The secrets one client has sent or received, kept out of its later messages (at most 1000). */
export class RememberedSecrets {
  private readonly values = new Set<string>();

  /** Every secret remembered so far. */
  all(): string[] {
    return [...this.values];
  }

  /** Keeps `values` (secrets an answer held). */
  add(values: ReadonlyArray<string | null | undefined>): void {
    for (const value of values) {
      if (this.values.size >= MAX_REMEMBERED_SECRETS) break;
      if (value) this.values.add(value);
    }
  }

  /** Keeps the secrets a request to `path` sends: secret fields, values marked secret, a `/secret` value. */
  addSent(path: string, body: unknown, secretValue: boolean): void {
    const values = sensitiveValues(body, SECRET_KEYS);
    if (secretValue || /\/secret(\/|$)/.test(path)) values.push(...sensitiveValues(body, new Set(["value"])));
    values.push(...valuesMarkedSecret(body));
    this.add(values);
  }
}
