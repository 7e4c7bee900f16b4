/**
 * The `builtInVariables` output of a service: the variables the service sets itself for it (`scope` BUILT_IN: its
 * hosts and id, its environment's and project's ids, the databases' hosts and ports...), as `{KEY: value}`.
 * Built-in secrets (a database password) are left out: the service never returns their values.
 */
import type { Part } from "./define";
import { listingMemoKey, listingOf, type ValueOwner } from "./service-values";
import type { VisibleValue } from "./value-targets";

/** The output name. */
export const BUILT_IN_OUTPUT = "builtInVariables";

/**
 * The part reading {@link BUILT_IN_OUTPUT}. It lists what the
 * service sees when the service is created (it is keyed on `environmentVariables`, which every service has), on an
 * update that changed `name`, `ports` or `port` (what the hosts are made of), and on refresh; other updates keep it.
 */
export function builtInsPart<I, R>(owner: Pick<ValueOwner, "scope">): Part<I, R> {
  const read: Part<I, R>["apply"] = async ({ client, id, memo }) => {
    // The values part before it may have listed the same thing in this operation.
    const listed = memo.get(listingMemoKey(owner.scope, id)) as VisibleValue[] | undefined;
    const visible = listed ?? (await listingOf(client).list({ parentId: id, scope: owner.scope }));
    const values: Record<string, string> = {};
    for (const v of visible) {
      if (v.scope !== "BUILT_IN" || v.is_secret || typeof v.value !== "string") continue;
      values[v.key] = v.value;
    }
    return { outputs: { [BUILT_IN_OUTPUT]: values } };
  };
  return {
    action: "reading built-in variables",
    keys: ["environmentVariables"] as Array<keyof I & string>,
    applyOnUpdate: (changed) => ["name", "ports", "port"].some((k) => changed.has(k)),
    apply: read,
    read: read as NonNullable<Part<I, R>["read"]>,
  };
}
