/**
 * The environment variables and secrets of a service (application, container, job): two maps of the program,
 * kept in step with the service's keyed collections (`/<service>/{id}/environmentVariable`, `/<service>/{id}/secret`)
 * one call per changed key, and read back from the service's own entries (inherited ones are not the service's).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { isNotFound, type DeployServiceClient } from "../../sdk";
import { CHANGED_OUTSIDE } from "./common";
import { withPartProgress, type Part, type Props } from "./define";
import { ignoreGone } from "./errors";
import { field } from "./fields";

/** One stored variable or secret: its id at the service and, for secrets, when the service last changed it. */
export interface KeyRef {
  id: string;
  updatedAt?: string;
}

/** What a keyed value of the service answers with (variables carry their value; secrets never do). */
export interface KeyedValue {
  id: string;
  key: string;
  value?: string | null | undefined;
  scope?: string | null | undefined;
  updated_at?: string | null | undefined;
}

/** The endpoints of one keyed collection of a service (its environment variables, or its secrets). */
export interface KeyedApi {
  list(serviceId: string): Promise<KeyedValue[]>;
  create(serviceId: string, body: { key: string; value: string }): Promise<{ id: string; updated_at?: string | null | undefined }>;
  update(serviceId: string, id: string, body: { key: string; value: string }): Promise<{ id: string; updated_at?: string | null | undefined }>;
  delete(serviceId: string, id: string): Promise<void>;
}

/** The two collections of a service: `(c) => ({ variables: c.environmentVariables, secrets: c.secrets })`. */
export interface ServiceValueGroups {
  variables: KeyedApi;
  secrets: KeyedApi;
}

/** Where a {@link syncByKey} run got to: the values and refs the service has now. Updated as each call succeeds. */
export interface SyncProgress {
  values: Record<string, string>;
  refs: Record<string, KeyRef>;
}

/**
 * Makes a keyed collection match `desired`, one API call per key that differs from `current`: create the new
 * keys, update the changed ones (by their stored id), delete the removed ones (already gone counts as deleted).
 * `progress` starts as the current state and follows every successful call, so a failure midway can report
 * exactly what the service has.
 */
export async function syncByKey(api: KeyedApi, serviceId: string, desired: Record<string, string>, progress: SyncProgress): Promise<void> {
  for (const key of Object.keys(progress.values)) {
    if (key in desired) continue;
    const ref = progress.refs[key];
    if (ref !== undefined) await ignoreGone(() => api.delete(serviceId, ref.id));
    delete progress.values[key];
    delete progress.refs[key];
  }
  for (const [key, value] of Object.entries(desired)) {
    const ref = progress.refs[key];
    if (key in progress.values && progress.values[key] === value && ref !== undefined) continue;
    const record = ref === undefined ? await api.create(serviceId, { key, value }) : await updateOrCreate(api, serviceId, ref.id, key, value);
    progress.values[key] = value;
    progress.refs[key] = record.updated_at ? { id: record.id, updatedAt: record.updated_at } : { id: record.id };
  }
}

/** A fresh progress record copied from stored values and refs. */
export function progressFrom(values: unknown, refs: unknown): SyncProgress {
  const v = (values !== null && typeof values === "object" ? values : {}) as Record<string, string>;
  const r = (refs !== null && typeof refs === "object" ? refs : {}) as Record<string, KeyRef>;
  return { values: { ...v }, refs: { ...r } };
}

/** Updates by id; when the service lost it (deleted outside Pulumi since the last refresh), creates it again. */
async function updateOrCreate(api: KeyedApi, serviceId: string, id: string, key: string, value: string) {
  try {
    return await api.update(serviceId, id, { key, value });
  } catch (e) {
    if (isNotFound(e)) return api.create(serviceId, { key, value });
    throw e;
  }
}

/** Syncs one collection by key; on failure the keys already synced stay recorded in the part's progress. */
async function sync(
  api: KeyedApi, id: string, desired: Record<string, string>, progress: SyncProgress, inputKey: string, refsKey: string,
): Promise<{ inputs: Props; outputs: Props }> {
  const result = () => ({ inputs: { [inputKey]: progress.values }, outputs: { [refsKey]: progress.refs } });
  try {
    await syncByKey(api, id, desired, progress);
  } catch (e) {
    throw withPartProgress(e, result());
  }
  return result();
}

/** The inputs the two parts own. */
interface ValuesInputs {
  environmentVariables: Record<string, string>;
  secrets: Record<string, string>;
}

/**
 * The parts of a service that are its `environmentVariables` and `secrets` (outputs `variableRefs`, `secretRefs`):
 * one call per changed key; read back from the entries whose `scope` is `ownScope` (`APPLICATION`, `CONTAINER`,
 * `JOB`; an entry without a scope counts as the service's own). The service never returns a secret's value, so a
 * secret changed outside Pulumi shows through its `updated_at` as {@link CHANGED_OUTSIDE} and is set again by the
 * next `up`.
 *
 * @param select the service's two collections in the client.
 * @param ownScope the `scope` of the entries the service itself holds.
 */
export function valuesParts<I extends ValuesInputs, R>(
  select: (client: DeployServiceClient) => ServiceValueGroups,
  ownScope: string,
): [Part<I, R>, Part<I, R>] {
  const own = <T extends { scope?: string | null | undefined }>(list: T[]): T[] =>
    list.filter((v) => v.scope === undefined || v.scope === null || v.scope === ownScope);

  const variablesPart: Part<I, R> = {
    action: "setting environment variables",
    keys: ["environmentVariables"] as Array<keyof I & string>,
    apply: ({ client, id, inputs, previous }) =>
      sync(select(client).variables, id, inputs.environmentVariables,
        progressFrom(previous["environmentVariables"], previous["variableRefs"]), "environmentVariables", "variableRefs"),
    async read({ client, id }) {
      const variables = own(await select(client).variables.list(id));
      return {
        inputs: { environmentVariables: Object.fromEntries(variables.map((v) => [v.key, v.value ?? ""])) },
        outputs: { variableRefs: Object.fromEntries(variables.map((v) => [v.key, { id: v.id }])) },
      };
    },
  };

  const secretsPart: Part<I, R> = {
    action: "setting secrets",
    keys: ["secrets"] as Array<keyof I & string>,
    apply: ({ client, id, inputs, previous }) =>
      sync(select(client).secrets, id, inputs.secrets, progressFrom(previous["secrets"], previous["secretRefs"]), "secrets", "secretRefs"),
    async read({ client, id, previous }) {
      const stored = progressFrom(previous["secrets"], previous["secretRefs"]);
      const values: Record<string, string> = {};
      const refs: Record<string, KeyRef> = {};
      for (const s of own(await select(client).secrets.list(id))) {
        const before = stored.refs[s.key];
        const known = stored.values[s.key];
        const unchanged = before !== undefined && known !== undefined && (!s.updated_at || before.updatedAt === s.updated_at);
        values[s.key] = unchanged ? known : CHANGED_OUTSIDE;
        refs[s.key] = s.updated_at ? { id: s.id, updatedAt: s.updated_at } : { id: s.id };
      }
      return { inputs: { secrets: values }, outputs: { secretRefs: refs } };
    },
  };

  return [variablesPart, secretsPart];
}

/** A variable or secret key: letters, digits and `_`, not starting with a digit. */
export const variableKeyInput = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected a variable name: letters, digits and _, not starting with a digit");

/**
 * The schema fields `environmentVariables` and `secrets` (never in the service's body: {@link valuesParts} sets them;
 * `secrets` is a Pulumi secret). Spread into a service's schema: `z.strictObject({ ..., ...valuesFields })`.
 */
export const valuesFields = {
  environmentVariables: field(z.record(variableKeyInput, z.string()).default({}), { wire: false }),
  secrets: field(z.record(variableKeyInput, z.string()).default({}), { wire: false, secret: true }),
};

/** Refuses a key set both as a variable and as a secret (the service holds one value per key). */
export function refineValues(v: ValuesInputs, ctx: z.RefinementCtx): void {
  for (const key of Object.keys(v.secrets)) {
    if (key in v.environmentVariables) {
      ctx.addIssue({ code: "custom", path: ["secrets", key], message: `expected a key not also in environmentVariables, got "${key}" in both` });
    }
  }
}

/** The Args of a service's variables and secrets (`<kind>` is `application`, `container` or `job`). */
export interface ServiceValuesArgs {
  /**
   * Environment variables by key (letters, digits, `_`). Each changed key is one API call
   * (wire: `/<kind>/{id}/environmentVariable`). Default: none.
   */
  environmentVariables?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Secrets by key (wire: `/<kind>/{id}/secret`). Stored as Pulumi secrets; the service never returns the
   * values, so a secret changed outside Pulumi is detected by its `updated_at` and set again by the next `up`. Default: none.
   */
  secrets?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}
