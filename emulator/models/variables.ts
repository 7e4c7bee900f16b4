import type { z } from "zod";
import { conflict } from "../errors";
import type { variableCreateRequest, variableEditRequest } from "../schemas/variables";
import { assignGiven, baseFields, touch, type BaseRec, type ModelContext } from "./records";

/** Whether a record is a plain variable or a secret (whose value is never answered). */
export type VariableKind = "VARIABLE" | "SECRET";

/** Environment variable or secret of an application. */
export interface VariableRec extends BaseRec {
  application_id: string;
  kind: VariableKind;
  key: string;
  value: string;
  mount_path: string | null;
  description?: string;
  /** Whether `${VAR}` references inside a file variable are replaced (absent in older data files: null). */
  enable_interpolation_in_file?: boolean | null;
}

/** The application a variable belongs to; its edit counter moves with every change of its variables. */
interface Owner {
  id: string;
  runtime: { version: number };
}

/** Variables (or secrets) of an application. */
export function variablesOf(m: ModelContext, appId: string, kind: VariableKind): VariableRec[] {
  return [...m.world.store.state.variables.values()].filter((v) => v.application_id === appId && v.kind === kind);
}

/** Keys are unique per application across variables and secrets, compared exactly (see uniqueness.ts). */
function assertFreeKey(m: ModelContext, appId: string, key: string, self?: string): void {
  const taken = [...m.world.store.state.variables.values()].some((v) => v.application_id === appId && v.key === key && v.id !== self);
  if (taken) throw conflict(`key '${key}' is already used by a variable or secret of this application`);
}

type Input = z.output<typeof variableCreateRequest>;

/** Sets the optional fields a request gives (null clears a description). */
function applyOptional(v: VariableRec, b: Input): void {
  if (b.description === null) delete v.description;
  else if (b.description !== undefined) v.description = b.description;
  if (b.enable_interpolation_in_file !== undefined) v.enable_interpolation_in_file = b.enable_interpolation_in_file;
}

/** Creates a variable or secret. */
export function createVariable(m: ModelContext, app: Owner, kind: VariableKind, b: Input): VariableRec {
  assertFreeKey(m, app.id, b.key);
  const v: VariableRec = { ...baseFields(m.now), application_id: app.id, kind, key: b.key, value: b.value ?? "", mount_path: b.mount_path ?? null };
  applyOptional(v, b);
  m.world.store.state.variables.set(v.id, v);
  app.runtime.version += 1;
  return v;
}

/** Edits a variable or secret. */
export function editVariable(m: ModelContext, app: Owner, v: VariableRec, b: z.output<typeof variableEditRequest>): void {
  assertFreeKey(m, app.id, b.key, v.id);
  assignGiven(v, b, ["key", "value", "mount_path"]);
  applyOptional(v, b);
  touch(v, m.now);
  app.runtime.version += 1;
}

/** Deletes a variable or secret. */
export function deleteVariable(m: ModelContext, app: Owner, v: VariableRec): void {
  m.world.store.state.variables.delete(v.id);
  app.runtime.version += 1;
}
