/**
 * A slice of the state: one collection, declared by the model that owns it (its name in the state and the data file,
 * its form, the form of its records, checked when a data file is loaded). `slices.ts` lists them, and the whole
 * {@link StateHolder.state} is derived from that list (`state.ts`), so a model depends on its own slices and this
 * small interface, never on the whole state.
 */
import type { z } from "zod";

/** Anything holding the state (the store): what a model reaches its slices through. */
export interface StateHolder {
  readonly state: object;
}

/** How a slice is kept: a `Map` by id (an object by id in the data file), a list, or one record. */
export type SliceForm = "keyed" | "list" | "one";

/** One collection of the state. `K` is its name, `V` its value in memory. */
export interface Slice<K extends string = string, V = unknown> {
  readonly key: K;
  readonly form: SliceForm;
  /** The form of one record (loose: a field it does not know is kept), checked when a data file is loaded. */
  readonly record: z.ZodType;
  /** Its value in a fresh state (a one-record slice has none: the seed gives it). */
  empty(): V;
  /** Its value in a holder's state. */
  of(holder: StateHolder): V;
  /** Replaces its value (a list filtered into a new array). */
  put(holder: StateHolder, value: V): void;
}

function sliceOf<K extends string, V>(key: K, form: SliceForm, record: z.ZodType, empty: () => V): Slice<K, V> {
  const state = (holder: StateHolder) => holder.state as Record<K, V>;
  return { key, form, record, empty, of: (h) => state(h)[key], put: (h, v) => void (state(h)[key] = v) };
}

/** The slice constructors for records of type `R`: `slice<WebhookRec>().keyed("webhooks", record)`. */
export function slice<R>(): {
  keyed<K extends string>(key: K, record: z.ZodType): Slice<K, Map<string, R>>;
  list<K extends string>(key: K, record: z.ZodType): Slice<K, R[]>;
  one<K extends string>(key: K, record: z.ZodType): Slice<K, R>;
} {
  return {
    keyed: (key, record) => sliceOf(key, "keyed", record, () => new Map<string, R>()),
    list: (key, record) => sliceOf(key, "list", record, (): R[] => []),
    one: (key, record) => sliceOf(key, "one", record, (): R => {
      throw new Error(`state.${key}: a one-record slice has no empty value`);
    }),
  };
}

/** The value type of a slice. */
export type SliceValue<S> = S extends Slice<string, infer V> ? V : never;

/** The state a list of slices makes: each slice's value under its name. */
export type StateOf<S extends Slice> = { [X in S as X["key"]]: SliceValue<X> };

/**
 * The value of another family's slice, named by its key: `read<typeof environmentSlice>(store, "environments")`. The
 * slice is imported as a type only, so a question across families adds no import between their modules at run time.
 */
export function read<S extends Slice>(holder: StateHolder, key: S["key"]): SliceValue<S> {
  return (holder.state as Record<string, SliceValue<S>>)[key] as SliceValue<S>;
}

/**
 * The state seen as the slices `S` only (imported as types): `view<typeof logSlice | typeof clusterSlice>(store)`.
 * What a function asks of the state is then what its type says, never the whole state.
 */
export function view<S extends Slice>(holder: StateHolder): StateOf<S> {
  return holder.state as StateOf<S>;
}
