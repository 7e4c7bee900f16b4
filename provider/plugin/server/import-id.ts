/**
 * `pulumi import` ids: an object's own id, or `<parent id>/<name>` for a kind with a natural key (a project's name in
 * its organization, an application's in its environment), found by the same natural key adoption by name and the
 * lookups search (`provider/families.ts`).
 */
import { apiClient } from "../../framework/credentials";
import { candidateList, findByNaturalKey, NATURAL_KEYS } from "../../framework/natural-keys";

/**
 * The id of the object an import names: `id` itself, unless it is `<parent id>/<key>` for a kind with a natural key,
 * then the id of the one object with that key in that parent.
 * @throws naming the parent and its objects, when none or several have the key.
 */
export async function importedId(kind: string, id: string): Promise<string> {
  const nk = NATURAL_KEYS[kind];
  const slash = id.indexOf("/");
  if (nk === undefined || slash <= 0 || slash === id.length - 1) return id;
  const parentId = id.slice(0, slash);
  const key = id.slice(slash + 1);
  const inputs = { [nk.parentKey]: parentId };
  const found = await findByNaturalKey(apiClient(), nk, inputs, key);
  if (found.length === 1) return found[0]!.id;
  const wanted = nk.secretKey ? `that ${nk.keyNoun}` : `${nk.keyNoun} ${JSON.stringify(key)}`;
  const problem = found.length === 0 ? "has none with" : `has ${found.length} with`;
  throw new Error(
    `deploy-service: importing ${kind} "${id}": ${nk.parentNoun} ${parentId} ${problem} ${wanted} (it has: ` +
      `${candidateList(nk, await nk.list(apiClient(), inputs), key)}); import by id, or as <${nk.parentKey}>/<${nk.keyInput}>`,
  );
}
