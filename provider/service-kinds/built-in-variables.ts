/**
 * The `builtInVariables` output of a service: the variables the service sets itself for it (`scope` BUILT_IN), as
 * `{KEY: value}`: those describing the service (its id and hosts) and those of its environment and project (their
 * ids, the namespace). Built-ins describing the other services of the environment are left out: each is on its own
 * service's output (a database's host and port are its outputs), and keeping every sibling's here would make each
 * service's state grow with the environment and depend on the order the services were created in. Built-in secrets
 * (a database password) are left out too: the service never returns their values.
 */
import { z } from "zod";
import type { Part } from "../framework/define";
import { field } from "../framework/fields";
import { listingMemoKey, listingOf, READ_BUILT_INS_INPUT, readsBuiltIns, type ValueOwner } from "../framework/service-values";
import type { VisibleValue } from "../framework/value-targets";
import { HOST_OUTPUTS, hasHosts, hostsOf } from "./hosts";

/** A built-in belongs to the output of service `id`: it describes that service, or no service (a project's or an environment's). */
function describes(v: VisibleValue, id: string): boolean {
  return v.service_id === undefined || v.service_id === null || v.service_id === id;
}

/** The output name. */
export const BUILT_IN_OUTPUT = "builtInVariables";

/** The schema field of every service kind saying whether {@link BUILT_IN_OUTPUT} is read (never in the body). */
export const builtInFields = {
  readBuiltInVariables: field(z.boolean().default(true), { wire: false }),
};

/**
 * The part reading {@link BUILT_IN_OUTPUT} and, for a kind with links, the host outputs ({@link hostsOf}) from the
 * same listing. It lists what the service sees when the service is created (it is keyed on `environmentVariables`,
 * which every service has), on an update that changed `name`, `ports` or `port` (what the hosts are made of) or
 * turned the reading on, and on refresh; other updates keep it. With `readBuiltInVariables: false` the output is `{}`
 * and nothing is asked on create and update: the hosts of a kind with links are then read on refresh (from the
 * values part's listing, or one of their own when it made none), and kept as stored until then.
 */
export function builtInsPart<I, R>(owner: Pick<ValueOwner, "scope">, kind = ""): Part<I, R> {
  const hosts = hasHosts(kind);
  const reader = (refreshing: boolean): Part<I, R>["apply"] => async ({ client, id, inputs, previous, memo }) => {
    // On refresh the inputs are read from the service, which does not hold this one: the stored value stands.
    const asked = readsBuiltIns({ [READ_BUILT_INS_INPUT]: (inputs as Record<string, unknown>)[READ_BUILT_INS_INPUT] ?? previous[READ_BUILT_INS_INPUT] });
    const given = { [READ_BUILT_INS_INPUT]: asked };
    if (!asked && !hosts) return { inputs: given, outputs: { [BUILT_IN_OUTPUT]: {} } };
    // The values part before it may have listed the same thing in this operation.
    const listed = memo.get(listingMemoKey(owner.scope, id)) as VisibleValue[] | undefined;
    // Not reading built-ins saves the listing on create and update (the hosts stay as stored): a refresh reads them.
    if (!asked && listed === undefined && !refreshing) return { inputs: given, outputs: { [BUILT_IN_OUTPUT]: {}, ...keptHosts(previous) } };
    const visible = listed ?? (await listingOf(client).list({ parentId: id, scope: owner.scope }));
    const values: Record<string, string> = {};
    for (const v of asked ? visible : []) {
      if (v.scope !== "BUILT_IN" || v.is_secret || typeof v.value !== "string") continue;
      if (!describes(v, id)) continue;
      values[v.key] = v.value;
    }
    return { inputs: given, outputs: { [BUILT_IN_OUTPUT]: values, ...(hosts ? hostsOf(visible, id) : {}) } };
  };
  return {
    action: "reading built-in variables",
    keys: ["environmentVariables", READ_BUILT_INS_INPUT] as Array<keyof I & string>,
    applyOnUpdate: (changed) => ["name", "ports", "port", READ_BUILT_INS_INPUT].some((k) => changed.has(k)),
    apply: reader(false),
    read: reader(true) as NonNullable<Part<I, R>["read"]>,
  };
}

/** The host outputs as they were stored (none on create). */
function keptHosts(previous: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(HOST_OUTPUTS.map((k) => [k, typeof previous[k] === "string" ? previous[k] : undefined]));
}
