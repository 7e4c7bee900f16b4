/**
 * How each resource family's objects are known apart inside their parent (a project's name in its organization, a
 * variable's key at its owner): what the adoption of an existing object and the lookups by name both search by.
 * One table, so that `adopt: { byName: true }`, the name-conflict error and `getX({ name })` always agree; each
 * family's key is on its line of `provider/families.ts`.
 */
import type { DeployServiceClient } from "../../sdk";
import { FAMILIES, type Family } from "../families";
import type { KeyedObject, NaturalKey } from "./natural-key";
import { editDistance } from "./suggest";

export type { KeyedObject, NaturalKey } from "./natural-key";

/** Inputs or state, as the engine passes them. */
type Props = Record<string, unknown>;

/**
 * Families by the `<Type>` of their type token, each with the key of its line in `provider/families.ts`. Kinds absent
 * here have no natural key (adopt them by id).
 */
export const NATURAL_KEYS: Readonly<Record<string, NaturalKey>> = Object.fromEntries(
  Object.entries(FAMILIES as Record<string, Family>).flatMap(([kind, f]) => (f.key === undefined ? [] : [[kind, f.key]])),
);

/** Whether two keys are the same under the family's comparison. */
export function sameKey(nk: NaturalKey, a: string, b: string): boolean {
  return nk.ignoreCase ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The parent's objects whose key is `key`. */
export async function findByNaturalKey(client: DeployServiceClient, nk: NaturalKey, inputs: Props, key: string): Promise<KeyedObject[]> {
  return (await nk.list(client, inputs)).filter((o) => sameKey(nk, o.key, key));
}

/** How a message shows one object: `"web" (id 1)`, or only its id when the key is a secret (a webhook's URL). */
export function shown(nk: NaturalKey, o: KeyedObject): string {
  return nk.secretKey ? `id ${o.id}` : `${JSON.stringify(o.key)} (id ${o.id})`;
}

/** The objects of a parent for a message: nearest keys to `wanted` first, at most 10, then how many more. */
export function candidateList(nk: NaturalKey, all: readonly KeyedObject[], wanted: string): string {
  if (all.length === 0) return "none";
  const w = wanted.toLowerCase();
  const distance = new Map(all.map((o) => [o, editDistance(w, o.key.toLowerCase())]));
  const ordered = [...all].sort((a, b) => distance.get(a)! - distance.get(b)! || a.key.localeCompare(b.key) || a.id.localeCompare(b.id));
  const more = all.length > 10 ? `, and ${all.length - 10} more` : "";
  return `${ordered.slice(0, 10).map((o) => shown(nk, o)).join(", ")}${more}`;
}
