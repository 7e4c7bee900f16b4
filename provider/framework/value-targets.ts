/**
 * Finding the variable an alias or an override points at, by key, among what the owner sees: its own variables,
 * those of its environment and project, and the built-ins (`client.variables.list`). An unknown key fails naming it
 * and the nearest keys the owner sees.
 */
import { editDistance } from "./suggest";

/** A variable as the scope-generic listing answers it (`GET /variable?parent_id=&scope=`). */
export interface VisibleValue {
  id: string;
  key: string;
  value?: string | null | undefined;
  mount_path?: string | null | undefined;
  scope?: string | null | undefined;
  variable_type?: string | null | undefined;
  is_secret?: boolean | null | undefined;
  created_at?: string | null | undefined;
  updated_at?: string | null | undefined;
  aliased_variable?: { id: string; key: string } | null | undefined;
  overridden_variable?: { id: string; key: string } | null | undefined;
  /** The service a built-in describes (absent or null for a project's or an environment's). */
  service_id?: string | null | undefined;
}

/** The scope-generic listing of the client (`client.variables`). */
export interface VariablesListing {
  list(query: { parentId: string; scope: string; isSecret?: boolean }): Promise<VisibleValue[]>;
}

/** How near a scope is to an owner of scope `own`: its own first, then environment, project, built-ins. */
function distance(scope: string | null | undefined, own: string): number {
  if (scope === own) return 0;
  const order = ["ENVIRONMENT", "PROJECT", "BUILT_IN"];
  const i = order.indexOf(scope ?? "");
  return i < 0 ? order.length + 1 : i + 1;
}

/** What an alias may point at: a value, a file or a built-in (an entry without a type counts as a value). */
const aliasable = (v: VisibleValue) => !["ALIAS", "OVERRIDE"].includes(v.variable_type ?? "VALUE");
/** What an override may give a new value to: a value or a file. */
const overridable = (v: VisibleValue) => ["VALUE", "FILE"].includes(v.variable_type ?? "VALUE");

/** Up to `n` keys nearest to `written` (case, `_` and `-` ignored), nearest first; only those a slip away. */
export function nearestKeys(written: string, keys: readonly string[], n = 3): string[] {
  const fold = (s: string) => s.toLowerCase().replace(/[_-]/g, "");
  const w = fold(written);
  const limit = Math.max(2, Math.floor(w.length / 3));
  return [...new Set(keys)]
    .map((k) => ({ k, d: editDistance(w, fold(k)) }))
    .filter((x) => x.d <= limit || (Math.min(w.length, fold(x.k).length) >= 4 && (fold(x.k).includes(w) || w.includes(fold(x.k)))))
    .sort((a, b) => a.d - b.d || a.k.localeCompare(b.k))
    .slice(0, n)
    .map((x) => x.k);
}

/** Who sees the values: the owner's id and its scope (`APPLICATION`, `ENVIRONMENT`, ...). */
export interface Viewer {
  id: string;
  scope: string;
  /** How messages name the owner: `application 5b0f...`. */
  label: string;
}

/**
 * Resolves alias and override targets for one owner, listing what it sees on the first target asked for, and again
 * only when a target is not in that listing (it may have been made since, by the same run).
 *
 * @param listing the scope-generic listing of the client.
 * @param viewer the owner.
 */
export function targetResolver(listing: VariablesListing, viewer: Viewer) {
  let cached: VisibleValue[] | undefined;
  /** The match of `pick` in the cached listing, or else in a fresh one (a target may have been made since). */
  const find = async (pick: (all: VisibleValue[]) => VisibleValue | undefined): Promise<{ found?: VisibleValue; all: VisibleValue[] }> => {
    const hit = cached === undefined ? undefined : pick(cached);
    if (hit !== undefined) return { found: hit, all: cached! };
    cached = await listing.list({ parentId: viewer.id, scope: viewer.scope });
    const found = pick(cached);
    return found === undefined ? { all: cached } : { found, all: cached };
  };

  const nearest = (list: VisibleValue[]) => [...list].sort((a, b) => distance(a.scope, viewer.scope) - distance(b.scope, viewer.scope))[0];

  const fail = (input: string, key: string, target: string, secret: boolean, what: string, candidates: VisibleValue[]): never => {
    const keys = candidates.filter((v) => Boolean(v.is_secret) === secret).map((v) => v.key);
    const near = nearestKeys(target, keys);
    const hint = near.length > 0
      ? `nearest: ${near.map((k) => JSON.stringify(k)).join(", ")}`
      : keys.length > 0 ? `it sees: ${[...new Set(keys)].slice(0, 8).join(", ")}${keys.length > 8 ? ", ..." : ""}` : "it sees none";
    throw new Error(`${input}.${key}: no ${secret ? "secret" : "variable"} ${JSON.stringify(target)} ${what} ${viewer.label}; ${hint}`);
  };

  return {
    /**
     * The id of the variable (or secret) `target` that `input.key` aliases: the nearest one by scope that is a
     * value, a file or a built-in (the service aliases neither an alias nor an override).
     */
    async alias(input: string, key: string, target: string, secret: boolean): Promise<string> {
      const { found, all } = await find((list) => nearest(list.filter((v) => v.key === target && Boolean(v.is_secret) === secret && aliasable(v))));
      return found?.id ?? fail(input, key, target, secret, "is visible to", all);
    },
    /**
     * The id of the variable (or secret) `key` of a higher scope that `input.key` overrides: the nearest value or
     * file (the service overrides neither an alias, an override nor a built-in).
     */
    async override(input: string, key: string, secret: boolean): Promise<string> {
      const higher = (list: VisibleValue[]) => list.filter((v) => v.scope !== viewer.scope && v.scope !== "BUILT_IN");
      const { found, all } = await find((list) => nearest(higher(list).filter((v) => v.key === key && Boolean(v.is_secret) === secret && overridable(v))));
      return found?.id ?? fail(input, key, key, secret, "at a higher scope than", higher(all));
    },
  };
}
