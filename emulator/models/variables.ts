/**
 * Variables and secrets of every parent: a project, an environment, or a service (application, container, job).
 * A record is a VALUE (or a FILE when it has a mount path), an ALIAS (its own key, pointing at another variable the
 * parent sees: its own, one of a higher scope, or a built-in one) or an OVERRIDE (a new value, at a lower scope, for
 * a VALUE or FILE variable of a higher scope, keeping its key). Keys are unique per parent across variables and
 * secrets (409 naming the key). An alias or an override of a secret is a secret.
 *
 * Deleting a variable deletes the aliases and overrides made of it (as the live service does: they would point at
 * nothing); changing its key renames its overrides. Built-in variables (`builtin-variables.ts`) are read-only.
 */
import { badRequest, conflict, notFound } from "../server/errors";
import type { StoreView } from "./store-view";
import { allBuiltIns, environmentWideBuiltIns, projectBuiltIns, type BuiltInVariable } from "./builtin-variables";
import type { EnvironmentRec, environmentSlice } from "./environments";
import type { ProjectRec, projectSlice } from "./projects";
import { baseFields, touch, type BaseRec, type ModelContext } from "./records";
import type { ServiceKind, ServiceRec } from "./service-kinds";
import { z } from "zod";
import { base, str, strOrNull } from "./record-forms";
import { read, slice, view } from "./slice";

/** Whether a record is a plain variable or a secret (whose value is never answered). */
export type VariableKind = "VARIABLE" | "SECRET";

/** What a stored record is; built-in variables are never stored. */
export type StoredVariableType = "VALUE" | "FILE" | "ALIAS" | "OVERRIDE";

/** The scopes a variable can be defined at. */
export type ParentScope = "PROJECT" | "ENVIRONMENT" | "APPLICATION" | "CONTAINER" | "JOB" | "HELM" | "TERRAFORM";

/** A stored variable or secret. */
export interface VariableRec extends BaseRec {
  /**
   * Its parent: a project, an environment or a service (the name is kept from when only services had variables, so
   * that data files and the store's cascades keep working; older files name it `application_id`, see `snapshot.ts`).
   */
  service_id: string;
  kind: VariableKind;
  key: string;
  /** Its value (an alias has none of its own: empty). */
  value: string;
  mount_path: string | null;
  description?: string;
  /** Whether `${VAR}` references inside a file variable are replaced (absent in older data files: null). */
  enable_interpolation_in_file?: boolean | null;
  /** Absent in data files of older emulators (then VALUE, or FILE with a mount path; `snapshot.ts` fills it in). */
  variable_type?: StoredVariableType;
  /** The variable an alias points at or an override overrides (a stored or a built-in one). */
  target_id?: string;
}

/** The variables of the state (see `slice.ts`). */
export const variableSlice = slice<VariableRec>().keyed("variables", z.looseObject({
  ...base, service_id: str, kind: z.enum(["VARIABLE", "SECRET"]), key: str, value: str, mount_path: strOrNull,
  variable_type: z.enum(["VALUE", "FILE", "ALIAS", "OVERRIDE"]).optional(), target_id: str.optional(),
}));

/** A parent of variables, with the parents above it. */
export interface Parent {
  id: string;
  scope: ParentScope;
  /** The ids whose variables the parent sees, its own first: [service,] [environment,] project. */
  chain: string[];
  project: ProjectRec;
  environment?: EnvironmentRec;
  service?: { kind: ServiceKind; rec: ServiceRec };
}

/** A variable as answers show it: a stored one or a built-in one, resolved. */
export interface VariableEntry extends BuiltInVariable {
  mount_path: string | null;
  scope: ParentScope | "BUILT_IN";
  type: StoredVariableType | "BUILT_IN";
  description?: string;
  enable_interpolation_in_file?: boolean | null;
  /** What an alias points at or an override overrides. */
  target?: VariableEntry;
  /** The stored record (absent for built-ins). */
  rec?: VariableRec;
}

/** The fields a create of a value gives. */
export interface ValueInput {
  key: string;
  value?: string | undefined;
  mount_path?: string | null | undefined;
  description?: string | null | undefined;
  enable_interpolation_in_file?: boolean | null | undefined;
}

/** The fields an edit gives (`value` null or absent: kept). */
export interface EditInput extends Omit<ValueInput, "value"> {
  value?: string | null | undefined;
}

/** The fields of an alias or an override besides its key or value. */
export interface ExtraInput {
  description?: string | null | undefined;
  enable_interpolation_in_file?: boolean | null | undefined;
}

const RANK: Record<ParentScope, number> = { PROJECT: 0, ENVIRONMENT: 1, APPLICATION: 2, CONTAINER: 2, JOB: 2, HELM: 2, TERRAFORM: 2 };

/** The parent stored under `id` (a project, an environment, or a service of a kind that has variables). */
export function findParent(store: StoreView, id: string): Parent | undefined {
  const s = view<typeof environmentSlice | typeof projectSlice>(store);
  const project = s.projects.get(id);
  if (project) return { id, scope: "PROJECT", chain: [id], project };
  const env = s.environments.get(id);
  if (env) {
    const p = s.projects.get(env.project_id);
    return p && { id, scope: "ENVIRONMENT", chain: [id, p.id], project: p, environment: env };
  }
  const kind = store.kindOf(id);
  const rec = store.service(id);
  if (!kind || !rec || !["APPLICATION", "CONTAINER", "JOB", "HELM", "TERRAFORM"].includes(kind.type)) return undefined;
  const e = s.environments.get(rec.environment_id);
  const p = e && s.projects.get(e.project_id);
  return p && e && { id, scope: kind.type as ParentScope, chain: [id, e.id, p.id], project: p, environment: e, service: { kind, rec } };
}

/** The parent of scope `scope` stored under `id`, or 404 naming `field` and the scope. */
export function needParent(store: StoreView, scope: ParentScope, id: string, field: string): Parent {
  const p = findParent(store, id);
  if (!p || p.scope !== scope) throw notFound(`${field}: ${scope.toLowerCase()}`, id);
  return p;
}

/** "application 1234…": a parent in messages. */
export function parentLabel(p: Parent): string {
  return `${p.scope.toLowerCase()} ${p.id}`;
}

function builtInEntry(b: BuiltInVariable): VariableEntry {
  return {
    id: b.id, created_at: b.created_at, updated_at: b.updated_at, key: b.key, value: b.value, secret: b.secret,
    mount_path: null, scope: "BUILT_IN", type: "BUILT_IN", ...(b.service ? { service: b.service } : {}),
  };
}

/** The built-ins a parent sees: its project's, and its environment's and the environment's services'. */
function builtInsOf(store: StoreView, p: Parent): BuiltInVariable[] {
  return [...projectBuiltIns(p.project), ...(p.environment ? environmentWideBuiltIns(store, p.environment) : [])];
}

/** A stored record as answers show it (undefined when its parent is gone). */
export function entryOf(store: StoreView, rec: VariableRec, depth = 0): VariableEntry | undefined {
  const parent = findParent(store, rec.service_id);
  if (!parent) return undefined;
  const target = rec.target_id === undefined || depth > 0 ? undefined : findEntry(store, rec.target_id, depth + 1);
  const type = rec.variable_type ?? (rec.mount_path ? "FILE" : "VALUE");
  const svc = parent.service;
  return {
    id: rec.id, created_at: rec.created_at, updated_at: rec.updated_at, key: rec.key,
    value: type === "ALIAS" ? (target?.value ?? "") : rec.value, secret: rec.kind === "SECRET", mount_path: rec.mount_path,
    scope: parent.scope, type, ...(svc ? { service: { id: svc.rec.id, name: svc.rec.name, type: svc.kind.type } } : {}),
    ...(rec.description !== undefined ? { description: rec.description } : {}),
    enable_interpolation_in_file: rec.enable_interpolation_in_file ?? null,
    ...(target ? { target } : {}), rec,
  };
}

/** The variable (stored or built-in) with this id, or undefined. */
export function findEntry(store: StoreView, id: string, depth = 0): VariableEntry | undefined {
  const rec = variableSlice.of(store).get(id);
  if (rec) return entryOf(store, rec, depth);
  const b = allBuiltIns(store).find((x) => x.id === id);
  return b && builtInEntry(b);
}

/** Everything a parent sees: its own values, those of the scopes above it, and the built-in ones. */
export function visibleTo(store: StoreView, p: Parent): VariableEntry[] {
  pruneOrphans(store);
  const recs = p.chain.flatMap((id) => [...variableSlice.of(store).values()].filter((v) => v.service_id === id));
  return [
    ...recs.map((r) => entryOf(store, r)).filter((e): e is VariableEntry => e !== undefined),
    ...builtInsOf(store, p).map(builtInEntry),
  ];
}

/** Keys are unique per parent across variables and secrets, compared exactly (see uniqueness.ts). */
function assertFreeKey(store: StoreView, p: Parent, key: string, self?: string): void {
  pruneOrphans(store);
  const taken = [...variableSlice.of(store).values()].some((v) => v.service_id === p.id && v.key === key && v.id !== self);
  if (taken) throw conflict(`key '${key}' is already used by a variable or secret of this ${p.scope.toLowerCase()}`);
}

/** Marks the services a change at `parentId` reaches as out of date (they run with the old values until deployed). */
function outOfDate(store: StoreView, parentId: string): void {
  const p = findParent(store, parentId);
  if (!p) return;
  for (const [kind, svc] of store.servicesWithKind()) {
    if (kind.type === "DATABASE") continue;
    const env = read<typeof environmentSlice>(store, "environments").get(svc.environment_id);
    if (svc.id === p.id || svc.environment_id === p.id || env?.project_id === p.id) svc.runtime.version += 1;
  }
}

/**
 * Drops records whose parent is gone (the store's cascades remove a parent's own; this catches data written by an
 * older emulator), and aliases and overrides whose target is gone (a deleted service's built-ins), as the live
 * service deletes them.
 * Run before every read and write of variables, so nothing answers a record that should be gone.
 */
function pruneOrphans(store: StoreView): void {
  const vars = variableSlice.of(store);
  for (const v of [...vars.values()]) if (!findParent(store, v.service_id)) vars.delete(v.id);
  let dangling = [...vars.values()].filter((v) => v.target_id !== undefined && !vars.has(v.target_id));
  if (dangling.length === 0) return;
  const builtIns = new Set(allBuiltIns(store).map((b) => b.id));
  dangling = dangling.filter((v) => !builtIns.has(v.target_id as string));
  for (const v of dangling) vars.delete(v.id);
}

function applyExtra(v: VariableRec, b: ExtraInput): void {
  if (b.description === null) delete v.description;
  else if (b.description !== undefined) v.description = b.description;
  if (b.enable_interpolation_in_file !== undefined) v.enable_interpolation_in_file = b.enable_interpolation_in_file;
}

function store(m: ModelContext, p: Parent, v: VariableRec, b: ExtraInput): VariableRec {
  applyExtra(v, b);
  variableSlice.of(m.world.store).set(v.id, v);
  outOfDate(m.world.store, p.id);
  return v;
}

/** Creates a variable or secret (a FILE when it has a mount path). */
export function createVariable(m: ModelContext, p: Parent, kind: VariableKind, b: ValueInput): VariableRec {
  assertFreeKey(m.world.store, p, b.key);
  const mount = b.mount_path ?? null;
  return store(m, p, {
    ...baseFields(m.now), service_id: p.id, kind, key: b.key, value: b.value ?? "", mount_path: mount,
    variable_type: mount ? "FILE" : "VALUE",
  }, b);
}

/** The target of an alias or override as `field` names it, checked visible from `p`. */
function visibleTarget(m: ModelContext, p: Parent, target: VariableEntry, field: string): void {
  if (!visibleTo(m.world.store, p).some((e) => e.id === target.id)) {
    throw badRequest(field, `variable ${target.id} is not visible from ${parentLabel(p)}; expected one of its own, of its environment or project, or a built-in one`);
  }
}

/** Makes at `p` an alias named `key` of `target` (visible from `p`, not itself an alias or an override). */
export function createAlias(m: ModelContext, p: Parent, target: VariableEntry, key: string, b: ExtraInput, field: string): VariableRec {
  visibleTarget(m, p, target, field);
  if (target.type === "ALIAS" || target.type === "OVERRIDE") {
    throw badRequest(field, `variable ${target.id} is an ${target.type.toLowerCase()}; expected a VALUE, FILE or BUILT_IN variable to alias`);
  }
  assertFreeKey(m.world.store, p, key);
  return store(m, p, {
    ...baseFields(m.now), service_id: p.id, kind: target.secret ? "SECRET" : "VARIABLE", key, value: "", mount_path: null,
    variable_type: "ALIAS", target_id: target.id,
  }, b);
}

/** Gives at `p` a new value to `target` (a VALUE or FILE variable of a scope above `p`), keeping its key. */
export function createOverride(m: ModelContext, p: Parent, target: VariableEntry, value: string, b: ExtraInput, field: string): VariableRec {
  visibleTarget(m, p, target, field);
  if (target.type !== "VALUE" && target.type !== "FILE") {
    throw badRequest(field, `variable ${target.id} is ${target.type === "BUILT_IN" ? "built in (read-only)" : `an ${target.type.toLowerCase()}`}; expected a VALUE or FILE variable to override`);
  }
  if (target.scope === "BUILT_IN" || RANK[target.scope] >= RANK[p.scope]) {
    throw badRequest(field, `variable ${target.id} is defined at scope ${target.scope}; expected a variable of a scope above ${p.scope}`);
  }
  assertFreeKey(m.world.store, p, target.key);
  return store(m, p, {
    ...baseFields(m.now), service_id: p.id, kind: target.secret ? "SECRET" : "VARIABLE", key: target.key, value,
    mount_path: target.mount_path, variable_type: "OVERRIDE", target_id: target.id,
  }, b);
}

/** The records made of `id` (aliases and overrides), transitively. */
function dependents(store: StoreView, id: string): VariableRec[] {
  const direct = [...variableSlice.of(store).values()].filter((v) => v.target_id === id);
  return [...direct, ...direct.flatMap((d) => dependents(store, d.id))];
}

/**
 * Edits a variable or secret: an alias's key (it has no value), an override's value (its key is its target's), a
 * value's key, value and mount path; a new key of a value is given to its overrides.
 */
export function editVariable(m: ModelContext, v: VariableRec, b: EditInput): void {
  const s = m.world.store;
  const p = findParent(s, v.service_id);
  if (!p) throw notFound("variable", v.id);
  const type = v.variable_type ?? (v.mount_path ? "FILE" : "VALUE");
  if (type === "ALIAS" && b.value !== undefined && b.value !== null) throw badRequest("value", "an alias has no value of its own; expected none");
  if (type === "OVERRIDE" && b.key !== v.key) throw badRequest("key", `an override keeps the key of the variable it overrides; expected '${v.key}'`);
  if (type === "ALIAS" && b.mount_path) throw badRequest("mount_path", "an alias has no mount path; expected none");
  assertFreeKey(s, p, b.key, v.id);
  const overrides = type === "VALUE" || type === "FILE" ? [...variableSlice.of(s).values()].filter((o) => o.target_id === v.id && o.variable_type === "OVERRIDE") : [];
  if (b.key !== v.key) {
    for (const o of overrides) {
      const op = findParent(s, o.service_id);
      if (op) assertFreeKey(s, op, b.key, o.id);
    }
    for (const o of overrides) {
      o.key = b.key;
      touch(o, m.now);
    }
  }
  v.key = b.key;
  if (b.value !== undefined && b.value !== null) v.value = b.value;
  if (b.mount_path !== undefined && type !== "ALIAS" && type !== "OVERRIDE") {
    v.mount_path = b.mount_path;
    v.variable_type = b.mount_path ? "FILE" : "VALUE";
  }
  applyExtra(v, b);
  touch(v, m.now);
  outOfDate(s, p.id);
}

/** Deletes a variable or secret with the aliases and overrides made of it. */
export function deleteVariable(m: ModelContext, v: VariableRec): void {
  const s = m.world.store;
  for (const r of [v, ...dependents(s, v.id)]) {
    variableSlice.of(s).delete(r.id);
    outOfDate(s, r.service_id);
  }
}

/** A built-in variable's id answers 400 on writes: built-ins are read-only. */
export function refuseBuiltIn(entry: VariableEntry, field: string): VariableRec {
  if (!entry.rec) throw badRequest(field, `variable ${entry.id} (${entry.key}) is built in and read-only`);
  return entry.rec;
}
