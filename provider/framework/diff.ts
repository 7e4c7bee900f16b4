import type * as pulumi from "@pulumi/pulumi";
import { containsUnknown } from "./unknowns";

/** Options of {@link diffInputs}. */
export interface DiffOptions {
  /** Input names compared. */
  keys: readonly string[];
  /** Input names whose change needs a replacement (the service cannot change them in place). */
  replaceOn?: readonly string[];
  /** Delete the old object before creating its replacement (names unique within the parent would collide). */
  deleteBeforeReplace?: boolean;
  /**
   * Input names the service chooses when the program leaves them out (a default cluster, an instance type):
   * absent from `news` means "whatever the service has", so no change.
   */
  computed?: readonly string[];
  /** Input names compared by their own rule (two spellings of one advanced setting are the same value). */
  same?: Readonly<Record<string, (a: unknown, b: unknown) => boolean>>;
}

/**
 * Compares desired inputs (`news`) with the stored state (`olds`, the last outputs) with zero API calls.
 *
 * Values are compared after {@link normalize}: deep, key-order independent, `undefined`/`null`/absent equal.
 * A value not known yet (preview) counts as changed. `replaces` lists the changed keys of `replaceOn`;
 * `deleteBeforeReplace` is set only when replacing.
 */
export function diffInputs(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  opts: DiffOptions,
): pulumi.dynamic.DiffResult {
  const computed = new Set(opts.computed ?? []);
  const desired: Record<string, unknown> = { ...news };
  for (const k of computed) if (desired[k] === undefined || desired[k] === null) desired[k] = olds[k];
  const changed = changedKeys(olds, desired, opts.keys, opts.same);
  const replaceOn = new Set(opts.replaceOn ?? []);
  const replaces = changed.filter((k) => replaceOn.has(k));
  if (replaces.length === 0) return { changes: changed.length > 0 };
  return opts.deleteBeforeReplace ? { changes: true, replaces, deleteBeforeReplace: true } : { changes: true, replaces };
}

/** The listed keys whose values differ after normalisation (or by the key's own rule in `same`), or are not known yet. */
export function changedKeys(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  keys: readonly string[],
  same: Readonly<Record<string, (a: unknown, b: unknown) => boolean>> = {},
): string[] {
  return keys.filter((k) => containsUnknown(news[k]) || !(same[k] ?? sameValue)(olds[k], news[k]));
}

/** Deep equality after {@link normalize}. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

/**
 * A canonical form for comparison: object keys sorted, `undefined` and `null` members dropped (absent),
 * list order kept. Returns `undefined` for `null`/`undefined`.
 */
export function normalize(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) return v.map((x) => normalize(x) ?? null);
  if (typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v as Record<string, unknown>).sort()) {
      const n = normalize((v as Record<string, unknown>)[key]);
      if (n !== undefined) out[key] = n;
    }
    return out;
  }
  return v;
}
