/**
 * How one family's objects are known apart inside their parent (a project's name in its organization, a variable's
 * key at its owner), and the builders of the usual cases. Each family's key is given on its line of
 * `provider/families.ts`; `natural-keys.ts` gathers them into the table adoption and the lookups search.
 */
import { keyIgnoresCase, type DeployServiceClient, type VariableParentScope } from "../../sdk";

/** Inputs or state, as the engine passes them. */
type Props = Record<string, unknown>;

/** One object of a parent, by the key it is known by. */
export interface KeyedObject {
  id: string;
  /** The natural key's value (a name, a key, a domain). */
  key: string;
  /** The whole record, where the listing holds all a lookup returns (no read of the one found is needed then). */
  record?: unknown;
}

/** How one family's objects are found in their parent. */
export interface NaturalKey {
  /** The family in words: `application`. */
  noun: string;
  /** The input holding the parent's id: `environmentId`. */
  parentKey: string;
  /** The parent in words: `environment`. */
  parentNoun: string;
  /** The input holding the natural key: `name`, `key`, `domain`, `targetUrl`. */
  keyInput: string;
  /** The natural key in words, for messages: `name`, `key`. */
  keyNoun: string;
  /** True when the service compares the key ignoring letter case (names of projects, environments, services...). */
  ignoreCase: boolean;
  /** True when the key is a secret (a webhook's target URL): messages name objects by id only. */
  secretKey?: boolean;
  /** Lists the parent's objects with their keys (`inputs` give the parent, and the scope where there are several). */
  list(client: DeployServiceClient, inputs: Props): Promise<KeyedObject[]>;
}

/** An input's value as a string (`""` when absent). */
export const str = (v: unknown): string => String(v ?? "");

/**
 * A family whose objects are listed under a parent id and known by the input `keyInput` (`keyNoun` in messages),
 * compared as the sdk says the service compares that family's keys. `secretKey`: the key is a secret (a webhook's
 * target URL), so messages name objects by id only.
 */
export function keyed(
  noun: string, parentKey: string, parentNoun: string, keyInput: string, keyNoun: string,
  list: (client: DeployServiceClient, parentId: string, inputs: Props) => Promise<KeyedObject[]>,
  secretKey?: true,
): NaturalKey {
  return {
    noun, parentKey, parentNoun, keyInput, keyNoun, ignoreCase: keyIgnoresCase(noun), ...(secretKey ? { secretKey } : {}),
    list: (client, inputs) => list(client, str(inputs[parentKey]), inputs),
  };
}

/** A family whose objects have a `name`, listed under a parent id. */
export function named(
  noun: string, parentKey: string, parentNoun: string,
  list: (client: DeployServiceClient, parentId: string) => Promise<Array<{ id: string; name: string }>>,
): NaturalKey {
  return keyed(noun, parentKey, parentNoun, "name", "name", async (client, parentId) =>
    (await list(client, parentId)).map((r) => ({ id: r.id, key: r.name })));
}

/** The variables or secrets a parent holds itself (not those it inherits, nor built-ins). */
export function values(noun: string, secret: boolean): NaturalKey {
  return {
    noun, parentKey: "parentId", parentNoun: "parent", keyInput: "key", keyNoun: "key", ignoreCase: keyIgnoresCase(noun),
    list: async (client, inputs) => {
      const scope = str(inputs["scope"]) as VariableParentScope;
      const all = await client.variables.list({ parentId: str(inputs["parentId"]), scope });
      return all.filter((v) => v.scope === scope && v.is_secret === secret).map((v) => ({ id: v.id, key: v.key }));
    },
  };
}
