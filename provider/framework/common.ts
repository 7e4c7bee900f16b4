import type { z } from "zod";
import { apiClient } from "./credentials";
import { camelCase, renameKeysDeep, snakeCase } from "./case";
import { describeFailure, ignoreGone } from "./errors";

/**
 * A value made plain JSON for the engine: `undefined` members dropped at any depth (the engine rejects them),
 * `null` kept only where meaningful to the caller.
 */
export function plain<T>(v: T): T {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map((x) => plain(x)) as T;
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) out[k] = plain(x);
    return out as T;
  }
  return v;
}

/**
 * The user's inputs as the schema types them (defaults applied), from what the engine passes to create/update
 * (already checked; engine keys like `__provider` removed).
 */
export function parseInputs<T>(schema: z.ZodType<T>, inputs: Record<string, unknown>): T {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(inputs)) if (!k.startsWith("__")) raw[k] = v;
  const r = schema.safeParse(raw);
  if (!r.success) {
    const first = r.error.issues[0];
    const where = first ? first.path.map(String).join(".") : "";
    throw new Error(`deploy-service: invalid inputs reached the provider (field "${where}"): ${first?.message ?? ""}`);
  }
  return r.data;
}

/** `createdAt`/`updatedAt` outputs from a record's timestamps (absent ones left out). */
export function timestamps(record: { created_at?: string | null | undefined; updated_at?: string | null | undefined }): {
  createdAt?: string;
  updatedAt?: string;
} {
  const out: { createdAt?: string; updatedAt?: string } = {};
  if (record.created_at) out.createdAt = record.created_at;
  if (record.updated_at) out.updatedAt = record.updated_at;
  return out;
}

/** How long a delete waits for the service to stop listing the object, by default (ms). */
export const DELETE_WAIT_MS = 10 * 60 * 1000;

/**
 * Deletes an object and waits until the service no longer has it; an object already missing counts as deleted.
 *
 * @param what words for errors, e.g. `project "web" (3f1c...)`.
 */
export async function deleteAndWait(what: string, del: () => Promise<unknown>, get: () => Promise<unknown>): Promise<void> {
  try {
    await ignoreGone(del);
    await apiClient().waitUntilGone(get, { timeoutMs: DELETE_WAIT_MS });
  } catch (e) {
    throw describeFailure(e, `deleting ${what}`);
  }
}

/** Runs one step of a create or update, turning its failure into a described error. */
export async function step<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw describeFailure(e, action);
  }
}

/**
 * Stands in the state for a secret the service changed outside Pulumi (its `updated_at` moved) and cannot
 * return: it differs from any value the program sets, so the next preview shows a change and `up` sends the
 * program's value again.
 */
export const CHANGED_OUTSIDE = "(changed outside Pulumi)";

/**
 * The stored value of a secret the service never returns, or {@link CHANGED_OUTSIDE} when the object's
 * `updated_at` moved since the state was written (someone may have set another value).
 */
export function storedSecret(record: { updated_at?: string | null | undefined }, previous: Record<string, unknown>, key: string): string | undefined {
  const stored = previous[key];
  if (typeof stored !== "string") return undefined;
  const changedOutside = typeof previous["updatedAt"] === "string" && !!record.updated_at && record.updated_at !== previous["updatedAt"];
  return changedOutside ? CHANGED_OUTSIDE : stored;
}

/**
 * The wire mapping of a credentials input (`input`: a container registry's `config`, a Helm repository's
 * `credentials`) the service takes and answers as `config`: sent with its keys in snake case; read back as the
 * service holds it, the identifiers it answers (only `known` keys, empty ones dropped) and the `secretKeys` it never
 * answers kept from the previous state, or {@link CHANGED_OUTSIDE} when the object changed outside Pulumi since
 * (see {@link storedSecret}).
 */
export function configWire(input: string, known: ReadonlySet<string>, secretKeys: readonly string[]) {
  return {
    toWire: (inputs: object, _purpose: "create" | "update", derived: Record<string, unknown>): Record<string, unknown> =>
      ({ ...derived, config: renameKeysDeep((inputs as Record<string, unknown>)[input], snakeCase) }),
    fromWire: (record: { config?: unknown; updated_at?: string | null | undefined }, previous: Record<string, unknown>, derived: Record<string, unknown>): Record<string, unknown> => {
      const answered = renameKeysDeep(record.config ?? {}, camelCase, true) as Record<string, unknown>;
      const before = (previous[input] ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(answered)) if (known.has(key) && value !== "") out[key] = value;
      for (const key of secretKeys) {
        const secret = storedSecret(record, { updatedAt: previous["updatedAt"], [key]: before[key] }, key);
        if (secret !== undefined) out[key] = secret;
      }
      return { ...derived, [input]: out };
    },
  };
}
