/**
 * The whole store, derived from the list of slices (`slices.ts`), each declared by the model that owns it. Records
 * are plain JSON; collections keyed by id are `Map`s in memory (so no id, `__proto__` included, can reach
 * `Object.prototype`) and objects keyed by id in the data file and the state dump (see `snapshot.ts`). Wire responses
 * are built from the records by the route presenters.
 */
import type { z } from "zod";
import type { StateOf } from "./slice";
import { SLICES } from "./slices";

/** The whole store, as kept in memory: each slice's value under its name. */
export type State = StateOf<(typeof SLICES)[number]>;

/** A collection of {@link State} kept as a `Map` by id. */
export type KeyedCollection = { [K in keyof State]: State[K] extends Map<string, unknown> ? K : never }[keyof State];

/** The JSON form of {@link State} (data file, state dump): each keyed collection is an object by id. */
export type StateJson = {
  [K in keyof State]: State[K] extends Map<string, infer V> ? Record<string, V> : State[K];
};

/** What the seed gives a fresh state; every other slice starts empty. */
type Seeded = "organization" | "clusters" | "tokens";

/** The empty collections of a fresh state, in the order the data file lists them. */
export function emptyCollections(): Omit<State, Seeded> {
  const seeded: ReadonlySet<string> = new Set<Seeded>(["organization", "clusters", "tokens"]);
  return Object.fromEntries(SLICES.filter((s) => !seeded.has(s.key)).map((s) => [s.key, s.empty()])) as Omit<State, Seeded>;
}

/** Names of the collections of {@link State} kept as `Map`s by id. */
export const KEYED_COLLECTIONS: readonly KeyedCollection[] = SLICES.filter((s) => s.form === "keyed").map((s) => s.key as KeyedCollection);

function check(schema: z.ZodType, rec: unknown, where: string): void {
  const r = schema.safeParse(rec);
  if (r.success) return;
  const issue = r.error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  throw new Error(`${where}${field ? `.${field}` : ""}: ${issue?.message ?? "not a record of this collection"}`);
}

/**
 * Throws on the first record of `state` that is not of its slice's form (the one record, the lists, then the keyed
 * collections), naming it as `state.<collection>.<id or index>.<field>: <what was expected>`. A data file is checked
 * so that a bad record is refused at start rather than answered as a 500 later.
 */
export function validateRecords(state: State): void {
  const held = state as unknown as Record<string, unknown>;
  const byForm = (form: string) => SLICES.filter((s) => s.form === form);
  for (const s of byForm("one")) check(s.record, held[s.key], `state.${s.key}`);
  for (const s of byForm("list")) (held[s.key] as unknown[]).forEach((rec, i) => check(s.record, rec, `state.${s.key}.${i}`));
  for (const s of byForm("keyed")) {
    const coll = held[s.key] as Map<string, unknown> | undefined;
    if (coll === undefined) continue;
    for (const [id, rec] of coll) check(s.record, rec, `state.${s.key}.${id}`);
  }
}
