import { randomUUID } from "node:crypto";
import type { ModelWorld } from "./world";

/** Fields every stored record has. */
export interface BaseRec {
  id: string;
  created_at: string;
  updated_at: string;
}

/** What a model operation needs: the world it changes and the time of the request (epoch ms). */
export interface ModelContext {
  world: ModelWorld;
  now: number;
}

/** ISO timestamp of an epoch-ms instant. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Fresh base fields for a record created at `ms`. */
export function baseFields(ms: number): BaseRec {
  const t = iso(ms);
  return { id: randomUUID(), created_at: t, updated_at: t };
}

/** Marks an edit at `ms`; `updated_at` moves forward even when two writes fall in the same millisecond. */
export function touch(rec: BaseRec, ms: number): void {
  rec.updated_at = iso(Math.max(ms, Date.parse(rec.updated_at) + 1));
}

/** Copies the fields of `keys` that `input` gives (undefined = keep what is stored). */
export function assignGiven<T extends object, K extends keyof T>(
  target: T, input: { readonly [P in K]?: T[P] | undefined }, keys: readonly K[],
): void {
  for (const k of keys) {
    const v = input[k];
    if (v !== undefined) target[k] = v as T[K];
  }
}

/** How a family's full request (create, or the replacing edit) writes a record: its checks and the fields it sets. */
export interface RequestWriter<R extends BaseRec, B> {
  /** 4xx when the request cannot be applied (a name taken, a reference unknown); `self` is the edited record's id. */
  check(m: ModelContext, b: B, self?: string): void;
  /** Sets the request's fields on the record. */
  apply(r: R, b: B): void;
}

/** Creates a record from a full request: checked, built by `build` with its defaults, the request applied, stored. */
export function createFrom<R extends BaseRec, B>(
  m: ModelContext, w: RequestWriter<R, B>, into: Map<string, R>, b: B, build: () => R,
): R {
  w.check(m, b);
  const r = build();
  w.apply(r, b);
  into.set(r.id, r);
  return r;
}

/** Replaces a record's fields with a full request: checked against the others, applied, `updated_at` moved. */
export function replaceFrom<R extends BaseRec, B>(m: ModelContext, w: RequestWriter<R, B>, r: R, b: B): void {
  w.check(m, b, r.id);
  w.apply(r, b);
  touch(r, m.now);
}
