/**
 * The variables and secrets of an owner (a project, an environment, an application, a container, a job): the eight
 * maps of `value-maps.ts`, kept in step with the owner's keyed collections (`/<owner>/{id}/environmentVariable`,
 * `/<owner>/{id}/secret`, their `alias` and `override` calls) one call per changed key, a service's plain values in
 * one import where there are enough of them, and read back from the owner's own entries, for the keys the maps
 * declare only (keys made elsewhere are left alone).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { SERVICE_KINDS, VALUE_SERVICE_SEGMENTS, type DeployServiceClient, type ServiceSegment, type VariableParentScope } from "../../sdk";
import { CHANGED_OUTSIDE } from "./common";
import { withPartProgress, type Part, type Props } from "./define";
import { field } from "./fields";
import { emptyWhenAbsent, type ImpliedOutput } from "./implied-outputs";
import { keyTakenSaid } from "./key-taken";
import {
  linkedValueFields, refineValueMaps, VALUE_INPUTS, VALUE_MAPS, variableKeyInput, type LinkedValuesArgs, type ValueFile, type ValueMap,
} from "./value-maps";
import { sameValue } from "./diff";
import {
  deleteRemoved, entryOf, hasKey, progressFrom, upsertChanged, type KeyRef, type MapOps, type StoredRef, type SyncProgress, type WrittenValue,
} from "./value-sync";
import { targetResolver, type VariablesListing, type VisibleValue } from "./value-targets";

export { progressFrom, variableKeyInput, type KeyRef, type StoredRef, type SyncProgress };

/** The write endpoints of one keyed collection of an owner (its environment variables, or its secrets); reads go through {@link listingOf}. */
export interface KeyedApi {
  create(ownerId: string, body: { key: string; value: string; mount_path?: string }): Promise<WrittenValue>;
  update(ownerId: string, id: string, body: { key: string; value: string; mount_path?: string }): Promise<WrittenValue>;
  delete(ownerId: string, id: string): Promise<void>;
  /** Creates `key` at the owner as an alias of the variable `targetId` (`POST .../{targetId}/alias`). */
  alias(ownerId: string, targetId: string, body: { key: string }): Promise<WrittenValue>;
  /** Gives the owner its own value of the higher-scope variable `targetId` (`POST .../{targetId}/override`). */
  override(ownerId: string, targetId: string, body: { value: string }): Promise<WrittenValue>;
}

/** The two collections of an owner: `(c) => ({ variables: c.containers.variables, secrets: c.containers.secrets })`. */
export interface ServiceValueGroups {
  variables: KeyedApi;
  secrets: KeyedApi;
}

/** An owner of variables: how to reach its collections and what its own entries' `scope` is. */
export interface ValueOwner {
  /** The owner in words, for messages: `application`. */
  noun: string;
  /** The `scope` of the entries the owner holds itself: `PROJECT`, `ENVIRONMENT`, `APPLICATION`, `CONTAINER`, `JOB`. */
  scope: string;
  /** The owner's two collections in the client. */
  groups(client: DeployServiceClient): ServiceValueGroups;
}

/** The scope-generic listing of the client (`client.variables`): what an owner sees, with each entry's scope. */
export const listingOf = (client: DeployServiceClient): VariablesListing => ({
  // The listing's query names a scope as a string; the client checks it against the scopes it knows.
  list: (query) => client.variables.list(query as Parameters<DeployServiceClient["variables"]["list"]>[0]),
});

/** The input of a service saying whether its `builtInVariables` output is read (default `true`). */
export const READ_BUILT_INS_INPUT = "readBuiltInVariables";

/** Whether a service's inputs ask for its `builtInVariables` output ({@link READ_BUILT_INS_INPUT}, default `true`). */
export const readsBuiltIns = (inputs: Props): boolean => inputs[READ_BUILT_INS_INPUT] !== false;

/** The key under which a part leaves the listing of what an owner sees for the parts after it ({@link PartContext.memo}). */
export const listingMemoKey = (scope: string, id: string): string => `listing:${scope}/${id}`;

/** The service kinds whose variables and secrets can be imported in one request, by their own scope. */
const IMPORT_KINDS: Readonly<Record<string, ServiceSegment>> = Object.fromEntries(
  VALUE_SERVICE_SEGMENTS.map((kind) => [SERVICE_KINDS[kind].type, kind]),
);

/** The indexes in {@link VALUE_MAPS} of the plain-value maps (`environmentVariables`, `secrets`): the importable ones. */
const PLAIN_MAPS = VALUE_MAPS.flatMap((m, i) => (m.kind === "value" ? [i] : []));

/** One value to import: its map's index in {@link VALUE_MAPS}, its key and the program's value. */
interface ImportEntry {
  i: number;
  key: string;
  value: unknown;
}

/**
 * On create of a service: all its initial plain variables and secrets. `overwrite` is safe: the service is new, so
 * only an import of this same create, sent again, can hold its keys.
 */
function initialEntries(desired: ReadonlyArray<Record<string, unknown>>): ImportEntry[] {
  return PLAIN_MAPS.flatMap((i) => Object.entries(desired[i]!).map(([key, value]) => ({ i, key, value })));
}

/**
 * On update of a service: the plain variables and secrets whose value changed among the keys this resource already
 * holds (their ref is stored), so `overwrite` touches nothing of another resource. New keys keep their own creates,
 * which explain a key another resource holds.
 */
function changedEntries(desired: ReadonlyArray<Record<string, unknown>>, progress: ReadonlyArray<SyncProgress<unknown>>): ImportEntry[] {
  return PLAIN_MAPS.flatMap((i) => Object.entries(desired[i]!)
    .filter(([key, value]) => entryOf(progress[i]!.refs, key) !== undefined && hasKey(progress[i]!.values, key) && !sameValue(progress[i]!.values[key], value))
    .map(([key, value]) => ({ i, key, value })));
}

/** The entries of a listing the owner holds itself (not its environment's, project's or built-in ones). */
function ownEntries(visible: readonly VisibleValue[], owner: Pick<ValueOwner, "scope">): VisibleValue[] {
  return visible.filter((v) => v.scope === undefined || v.scope === null || v.scope === owner.scope);
}

/** How {@link importValues} is called: on create, whether the built-ins part reads the listing after it. */
type ImportMoment = { creating: true; builtInsRead: boolean } | { creating: false };

/**
 * Writes `entries` of a service in ONE request (`POST /<kind>/{id}/environmentVariable/import` with `overwrite`),
 * then, where their refs must be read, ONE listing of what the service sees, which it returns: on create when the
 * service's built-ins are read next (the listing is theirs anyway, and gives the new records' ids), and on update
 * when a secret is among them (its new `updated_at`, by which a refresh tells the program's change from one made
 * outside). Without that listing a new service's values are stored with refs `{}` (the import answers no ids): an
 * edit or a delete looks the key up first ({@link MapOps.find}), a refresh reads the ids, and a secret never
 * changed since its import is told by its `updated_at` equal to its `created_at` ({@link secretValue}); an answer
 * that does not name every entry as imported is followed by the listing all the same. Plain
 * values changed on update keep their stored refs; should the service have made a record again, a later edit or
 * delete finds it by key and a refresh reads the new id. Files, aliases and overrides keep their own calls. A key
 * the listing does not show is left out of `progress`, so the per-key calls that follow write it as before.
 * Nothing is done for projects and environments, or on update when one edit per value costs no more requests.
 */
async function importValues(
  client: DeployServiceClient, owner: ValueOwner, id: string, entries: readonly ImportEntry[], progress: Array<SyncProgress<unknown>>,
  moment: ImportMoment,
): Promise<VisibleValue[] | undefined> {
  const kind = IMPORT_KINDS[owner.scope];
  const listAfter = moment.creating ? moment.builtInsRead : entries.some(({ i }) => VALUE_MAPS[i]!.secret);
  const cost = listAfter ? 2 : 1;
  // On update the import must cost fewer requests than one edit per value (plus one listing to find the ids of
  // keys stored without one). On create any number is worth it: the import replaces one create per value.
  const edits = entries.length + (entries.some(({ i, key }) => entryOf(progress[i]!.refs, key)?.id === undefined) ? 1 : 0);
  if (kind === undefined || entries.length === 0 || (!moment.creating && edits <= cost)) return undefined;
  const scope = owner.scope as VariableParentScope;
  const answer = await client.variables.importFor(kind, id, {
    overwrite: true,
    vars: entries.map(({ i, key, value }) => ({ name: key, value: String(value), scope, is_secret: VALUE_MAPS[i]!.secret })),
  });
  // An answer that does not name every entry as imported: the listing tells which are there.
  if (!listAfter && answer.successful_imported_variables.length >= entries.length) {
    for (const { i, key, value } of entries) {
      progress[i]!.values[key] = value;
      // A new key's id is not known until a listing reads it; a held key keeps its ref.
      if (entryOf(progress[i]!.refs, key) === undefined) progress[i]!.refs[key] = {};
    }
    return undefined;
  }
  const visible = await client.variables.list({ parentId: id, scope });
  const own = ownEntries(visible, owner);
  for (const { i, key, value } of entries) {
    const found = own.find((v) => v.key === key && belongsTo(v, VALUE_MAPS[i]!));
    if (found === undefined) continue;
    progress[i]!.values[key] = value;
    progress[i]!.refs[key] = refFor(VALUE_MAPS[i]!, found);
  }
  return visible;
}

/** The ref stored for an entry of map `m`: its id, and for a secret when the service last changed it. */
function refFor(m: ValueMap, v: VisibleValue): KeyRef {
  return m.secret && v.updated_at ? { id: v.id, updatedAt: v.updated_at } : { id: v.id };
}

/** An entry of a listing belongs to a map: same side (secret or not) and the map's kind. */
function belongsTo(v: VisibleValue, m: ValueMap): boolean {
  if (Boolean(v.is_secret) !== m.secret) return false;
  const type = v.variable_type ?? (v.mount_path ? "FILE" : "VALUE");
  return { value: "VALUE", file: "FILE", alias: "ALIAS", override: "OVERRIDE" }[m.kind] === type;
}

/** The calls that write one map's entries; `find` looks a key up among the owner's entries of that map. */
function opsFor(
  m: ValueMap, api: KeyedApi, id: string, targets: ReturnType<typeof targetResolver>, find: (key: string) => Promise<KeyRef | undefined>,
): MapOps<unknown> {
  const held = { delete: async (ref: KeyRef) => api.delete(id, ref.id), find };
  switch (m.kind) {
    case "value":
      return {
        ...held,
        create: (key, value) => api.create(id, { key, value: String(value) }),
        update: (ref, key, value) => api.update(id, ref.id, { key, value: String(value) }),
      };
    case "file":
      return {
        ...held,
        create: (key, value) => api.create(id, { key, value: (value as ValueFile).value, mount_path: (value as ValueFile).mountPath }),
        // The owner's edit request carries the mount path: a file moves in place.
        update: (ref, key, value) => api.update(id, ref.id, { key, value: (value as ValueFile).value, mount_path: (value as ValueFile).mountPath }),
      };
    case "alias":
      // An alias cannot be pointed elsewhere: a new target is a delete and a create.
      return {
        ...held,
        create: async (key, target) => api.alias(id, await targets.alias(m.input, key, String(target), m.secret), { key }),
      };
    case "override":
      return {
        ...held,
        create: async (key, value) => api.override(id, await targets.override(m.input, key, m.secret), { value: String(value) }),
        update: (ref, key, value) => api.update(id, ref.id, { key, value: String(value) }),
      };
  }
}

/**
 * Looks a key of map `m` up among the owner's own entries, in the listing `listed` gives (asked only when a stored
 * ref has no id, or its id is not found).
 */
function finderFor(listed: () => Promise<VisibleValue[]>, owner: ValueOwner, m: ValueMap): (key: string) => Promise<KeyRef | undefined> {
  return async (key) => {
    const found = ownEntries(await listed(), owner).find((v) => v.key === key && belongsTo(v, m));
    return found === undefined ? undefined : refFor(m, found);
  };
}

/** A stored map (of values or refs) with at least one key. */
function hasEntries(map: unknown): boolean {
  return map !== null && typeof map === "object" && Object.keys(map).length > 0;
}

/** A map in input form: absent when the program gave none and the service holds none of its keys. */
function mapValue(given: unknown, values: Record<string, unknown>): Record<string, unknown> | undefined {
  return given === undefined && Object.keys(values).length === 0 ? undefined : values;
}

/**
 * The stored value of a secret the service never returns, or {@link CHANGED_OUTSIDE} when it changed since: its
 * `updated_at` is not the one stored, or, for a secret stored without a ref (made by a new service's import, never
 * listed since), differs from its `created_at`.
 */
function secretValue(v: VisibleValue, before: StoredRef | undefined, known: unknown): string {
  const since = before?.id === undefined ? v.created_at : before.updatedAt;
  const unchanged = before !== undefined && typeof known === "string" && (!v.updated_at || since === v.updated_at);
  return unchanged ? (known as string) : CHANGED_OUTSIDE;
}

/** One entry of the service in the input form of map `m`. */
function inputForm(m: ValueMap, v: VisibleValue, before: StoredRef | undefined, known: unknown): unknown {
  const value = () => (m.secret ? secretValue(v, before, known) : (v.value ?? ""));
  switch (m.kind) {
    case "value":
    case "override":
      return value();
    case "file": {
      const knownFile = known as ValueFile | undefined;
      return { mountPath: v.mount_path ?? knownFile?.mountPath ?? "", value: m.secret ? secretValue(v, before, knownFile?.value) : (v.value ?? "") };
    }
    case "alias":
      return v.aliased_variable?.key ?? known;
  }
}

/**
 * The part of an owner that is its eight maps (see `value-maps.ts`; outputs `variableRefs`, `secretRefs`,
 * `variableFileRefs`, ...): on create of a service, its initial variables and secrets in one import, and one listing
 * where its built-ins are read (see {@link importValues}, {@link initialEntries}); on update, the changed values of held keys in one import where
 * that costs fewer requests than one edit each: two or more plain values, or three or more with a secret among them,
 * whose new `updated_at` the import's listing reads ({@link changedEntries}); otherwise one call per changed key,
 * removed keys first; a stored id the service no longer knows is looked up by key; aliases and overrides resolved
 * by key among what the owner sees, listed once and only when one is created. Read back from the owner's own entries
 * (`scope` = the owner's), for the keys the maps declare only. The service never returns a secret's value, so a
 * secret changed outside Pulumi shows through its `updated_at` as {@link CHANGED_OUTSIDE} and is set again by the
 * next `up`.
 */
export function ownerValuesPart<I, R>(owner: ValueOwner): Part<I, R> {
  return {
    action: "setting environment variables and secrets",
    keys: VALUE_INPUTS as Array<keyof I & string>,
    applyOnUpdate: (changed) => VALUE_INPUTS.some((k) => changed.has(k)),
    async apply({ client, id, inputs, previous, memo }) {
      const given = inputs as Props;
      const groups = owner.groups(client);
      const targets = targetResolver(listingOf(client), { id, scope: owner.scope, label: `${owner.noun} ${id}` });
      const progress = VALUE_MAPS.map((m) => progressFrom<unknown>(previous[m.input], previous[m.refs]));
      const desired = VALUE_MAPS.map((m) => (given[m.input] ?? {}) as Record<string, unknown>);
      // One listing at most for every key looked up by key, read again after an import.
      let listing: Promise<VisibleValue[]> | undefined;
      const listed = () => (listing ??= listingOf(client).list({ parentId: id, scope: owner.scope }));
      const ops = VALUE_MAPS.map((m) => keyTakenSaid(m, owner.noun, opsFor(m, m.secret ? groups.secrets : groups.variables, id, targets, finderFor(listed, owner, m)), async () => ownEntries(await listed(), owner)));
      const result = () => ({
        inputs: Object.fromEntries(VALUE_MAPS.map((m, i) => [m.input, mapValue(given[m.input], progress[i]!.values)])),
        outputs: Object.fromEntries(VALUE_MAPS.map((m, i) => [m.refs, progress[i]!.refs])),
      });
      try {
        // On create (`previous` is `{}` only then), a service's initial values and secrets in one import.
        const creating = Object.keys(previous).length === 0;
        const moment = { creating: true, builtInsRead: readsBuiltIns(given) } as const;
        let imported = creating ? await importValues(client, owner, id, initialEntries(desired), progress, moment) : undefined;
        // Removed keys first: a key moving between maps is deleted before it is made again.
        for (let i = 0; i < VALUE_MAPS.length; i++) await deleteRemoved(ops[i]!, desired[i]!, progress[i]!);
        // On update, the changed values of keys already held, in one import.
        if (!creating) {
          imported = await importValues(client, owner, id, changedEntries(desired, progress), progress, { creating: false });
          listing = undefined;
        }
        // Then by kind, variables and secrets alike: values, files, aliases (which may target them), overrides.
        for (const kind of ["value", "file", "alias", "override"]) {
          for (let i = 0; i < VALUE_MAPS.length; i++) if (VALUE_MAPS[i]!.kind === kind) await upsertChanged(ops[i]!, desired[i]!, progress[i]!);
        }
        // The import's listing is what the built-ins part lists next (built-ins are not changed by what followed it).
        if (imported !== undefined) memo.set(listingMemoKey(owner.scope, id), imported);
      } catch (e) {
        throw withPartProgress(e, result());
      }
      return result();
    },
    async read({ client, id, previous, memo }) {
      // Nothing declared in any map (and nothing stored): the listing could only find keys that are not ours.
      // A service's built-ins part lists for itself then; a project or an environment makes no request.
      const declaresAny = VALUE_MAPS.some((m) => hasEntries(previous[m.input]) || hasEntries(previous[m.refs]));
      if (!declaresAny && Object.keys(previous).length > 0) {
        return { inputs: Object.fromEntries(VALUE_MAPS.map((m) => [m.input, mapValue(previous[m.input], {})])), outputs: Object.fromEntries(VALUE_MAPS.map((m) => [m.refs, {}])) };
      }
      const visible = await listingOf(client).list({ parentId: id, scope: owner.scope });
      memo.set(listingMemoKey(owner.scope, id), visible);
      const own = ownEntries(visible, owner);
      const inputs: Props = {};
      const outputs: Props = {};
      for (const m of VALUE_MAPS) {
        const stored = progressFrom<unknown>(previous[m.input], previous[m.refs]);
        const declared = new Set([...Object.keys(stored.values), ...Object.keys(stored.refs)]);
        const values: Record<string, unknown> = {};
        const refs: Record<string, KeyRef> = {};
        for (const v of own) {
          if (!declared.has(v.key) || !belongsTo(v, m)) continue;
          values[v.key] = inputForm(m, v, entryOf(stored.refs, v.key), entryOf(stored.values, v.key));
          refs[v.key] = refFor(m, v);
        }
        inputs[m.input] = mapValue(previous[m.input], values);
        outputs[m.refs] = refs;
      }
      return { inputs, outputs };
    },
  };
}

/** The names of the ref outputs of {@link ownerValuesPart}, for a definition's `outputNames`. */
export { VALUE_REF_OUTPUTS as valueRefOutputs } from "./value-maps";

/** The refs of a map the program does not declare are `{}`: implied outputs, which the state leaves out. */
export const valueRefsImplied: readonly ImpliedOutput[] = VALUE_MAPS.map((m) => emptyWhenAbsent(m.refs, m.input));

/**
 * The schema fields of a service kind's maps: `environmentVariables` and `secrets` (default `{}`) and the six of
 * {@link linkedValueFields} (absent means none); never in the service's body ({@link ownerValuesPart} sets them;
 * the secret ones are Pulumi secrets). Spread into a service's schema: `z.strictObject({ ..., ...valuesFields })`.
 */
export const valuesFields = {
  environmentVariables: field(z.record(variableKeyInput, z.string()).default({}), { wire: false }),
  secrets: field(z.record(variableKeyInput, z.string()).default({}), { wire: false, secret: true }),
  ...linkedValueFields,
};

/** The inputs the maps are checked on (`environmentVariables` and `secrets` always given). */
interface ValuesInputs {
  environmentVariables: Record<string, string>;
  secrets: Record<string, string>;
}

/** Refuses a key declared in two maps (the owner holds one value per key): see {@link refineValueMaps}. */
export function refineValues(v: ValuesInputs, ctx: z.RefinementCtx): void {
  refineValueMaps(v, ctx);
}

/** The Args of an owner's variables and secrets (`<kind>` is `project`, `environment`, `application`, `container` or `job`). */
export interface ServiceValuesArgs extends LinkedValuesArgs {
  /**
   * Environment variables by key (letters, digits, `_`). A new application, container or job gets its initial
   * variables and secrets in one import (wire: `/<kind>/{id}/environmentVariable/import`); afterwards two or more
   * changed values of keys it holds (three or more with a secret among them) go in one import too, and other changes
   * are one API call per key (wire:
   * `/<kind>/{id}/environmentVariable`). Only the keys given here are managed: keys made elsewhere (a
   * standalone `Variable`, the console) are left alone. Default: none.
   */
  environmentVariables?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Secrets by key (wire: `/<kind>/{id}/secret`). Stored as Pulumi secrets; the service never returns the
   * values, so a secret changed outside Pulumi is detected by its `updated_at` and set again by the next `up`.
   * Only the keys given here are managed. Default: none.
   */
  secrets?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}
