/**
 * A map entry refused because its owner already holds the key (409): a standalone `Variable` or `Secret`, or an
 * entry made outside Pulumi, holds it. A key belongs to one resource, so the error names the map, the key and the
 * entry holding it, and says which of the two to change (never to adopt: that would give the key two owners).
 */
import { isConflict } from "../../sdk";
import type { ValueMap } from "./value-maps";
import type { MapOps } from "./value-sync";
import type { VisibleValue } from "./value-targets";

/** The entry holding `key` among the owner's own, best effort (the listing is only for a better message). */
async function holderOf(key: string, own: () => Promise<VisibleValue[]>): Promise<VisibleValue | undefined> {
  try {
    return (await own()).find((v) => v.key === key);
  } catch {
    return undefined;
  }
}

/**
 * The map's calls, with a create refused because the key is taken (409) explained: which entry holds it and what to
 * do, as the error's own advice. The HTTP status is kept.
 *
 * @param m the map.
 * @param noun the owner in words (`application`).
 * @param ops the map's calls.
 * @param own lists the entries the owner holds itself.
 */
export function keyTakenSaid(m: ValueMap, noun: string, ops: MapOps<unknown>, own: () => Promise<VisibleValue[]>): MapOps<unknown> {
  return {
    ...ops,
    async create(key, value) {
      try {
        return await ops.create(key, value);
      } catch (e) {
        if (!isConflict(e)) throw e;
        const holder = await holderOf(key, own);
        const as = holder === undefined ? "" : ` as a ${holder.is_secret ? "secret" : "variable"} of type ${holder.variable_type ?? "VALUE"} (id ${holder.id})`;
        const err = new Error(
          `${m.input}.${key}: the ${noun} already holds the key ${JSON.stringify(key)}${as}, made by a standalone Variable or ` +
            "Secret or outside Pulumi, not by this map",
          { cause: e },
        );
        const advice = `A key belongs to one resource: remove ${JSON.stringify(key)} from this ${noun}'s \`${m.input}\` map, or ` +
          "delete the entry holding it (drop its Variable or Secret from the program, or delete it in the console); then run " +
          "`pulumi up` again.";
        throw Object.assign(err, { status: (e as { status?: number }).status, advice });
      }
    },
  };
}
