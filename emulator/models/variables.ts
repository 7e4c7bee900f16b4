import type { z } from "zod";
import { conflict } from "../errors";
import type { variableCreateRequest, variableEditRequest } from "../schemas/variables";
import { assignGiven, baseFields, touch, type BaseRec, type ModelContext } from "./records";

/** Whether a record is a plain variable or a secret (whose value is never answered). */
export type VariableKind = "VARIABLE" | "SECRET";

/** Environment variable or secret of a service (an application, a container or a job). */
export interface VariableRec extends BaseRec {
  /** The service it belongs to (data files of older emulators name it `application_id`; see `snapshot.ts`). */
  service_id: string;
  kind: VariableKind;
  key: string;
  value: string;
  mount_path: string | null;
  description?: string;
  /** Whether `${VAR}` references inside a file variable are replaced (absent in older data files: null). */
  enable_interpolation_in_file?: boolean | null;
}

/** The service a variable belongs to; its edit counter moves with every change of its variables. */
interface Owner {
  id: string;
  runtime: { version: number };
}

/** Variables (or secrets) of a service. */
export function variablesOf(m: ModelContext, serviceId: string, kind: VariableKind): VariableRec[] {
  return [...m.world.store.state.variables.values()].filter((v) => v.service_id === serviceId && v.kind === kind);
}

/** Keys are unique per service across variables and secrets, compared exactly (see uniqueness.ts). */
function assertFreeKey(m: ModelContext, serviceId: string, key: string, what: string, self?: string): void {
  const taken = [...m.world.store.state.variables.values()].some((v) => v.service_id === serviceId && v.key === key && v.id !== self);
  if (taken) throw conflict(`key '${key}' is already used by a variable or secret of this ${what}`);
}

type Input = z.output<typeof variableCreateRequest>;

/** Sets the optional fields a request gives (null clears a description). */
function applyOptional(v: VariableRec, b: Input): void {
  if (b.description === null) delete v.description;
  else if (b.description !== undefined) v.description = b.description;
  if (b.enable_interpolation_in_file !== undefined) v.enable_interpolation_in_file = b.enable_interpolation_in_file;
}

/** The label of the owner's kind in messages ("application"). */
function ownerLabel(m: ModelContext, owner: Owner): string {
  return m.world.store.kindOf(owner.id)?.name ?? "service";
}

/** Creates a variable or secret. */
export function createVariable(m: ModelContext, owner: Owner, kind: VariableKind, b: Input): VariableRec {
  assertFreeKey(m, owner.id, b.key, ownerLabel(m, owner));
  const v: VariableRec = { ...baseFields(m.now), service_id: owner.id, kind, key: b.key, value: b.value ?? "", mount_path: b.mount_path ?? null };
  applyOptional(v, b);
  m.world.store.state.variables.set(v.id, v);
  owner.runtime.version += 1;
  return v;
}

/** Edits a variable or secret. */
export function editVariable(m: ModelContext, owner: Owner, v: VariableRec, b: z.output<typeof variableEditRequest>): void {
  assertFreeKey(m, owner.id, b.key, ownerLabel(m, owner), v.id);
  assignGiven(v, b, ["key", "value", "mount_path"]);
  applyOptional(v, b);
  touch(v, m.now);
  owner.runtime.version += 1;
}

/** Deletes a variable or secret. */
export function deleteVariable(m: ModelContext, owner: Owner, v: VariableRec): void {
  m.world.store.state.variables.delete(v.id);
  owner.runtime.version += 1;
}
