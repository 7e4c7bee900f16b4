/**
 * Imports of variables for a service (`POST /variable/import`, `POST /<kind>/{id}/environmentVariable/import`): each
 * variable goes to its scope (the service's own, its environment's or its project's). A key already used at that
 * scope is skipped, or with `overwrite` replaced (a plain value of the same kind keeps its record and gets the new
 * value; anything else is deleted, with what was made of it, and created again). Every variable is checked before
 * anything changes.
 */
import { badRequest } from "../server/errors";
import type { ModelContext } from "./records";
import {
  createVariable, deleteVariable, editVariable, findParent, type Parent, type ParentScope, type VariableRec,
} from "./variables";
import type { variableSlice } from "./variables";
import { view } from "./slice";

/** One variable of an import. */
export interface ImportItem {
  name: string;
  value: string;
  scope: ParentScope;
  is_secret: boolean;
}

/** What an import did: how many it was given, and the ones it imported (no value for secrets). */
export interface ImportResult {
  total_variables_to_import: number;
  successful_imported_variables: Array<{ name: string; value?: string; scope: ParentScope; is_secret: boolean }>;
}

/** The parent a variable of scope `scope` imported for `service` goes to, or 400 naming `field`. */
function parentFor(m: ModelContext, service: Parent, scope: ParentScope, field: string): Parent {
  const id = scope === "PROJECT" ? service.project.id : scope === "ENVIRONMENT" ? service.environment?.id : scope === service.scope ? service.id : undefined;
  const p = id === undefined ? undefined : findParent(m.world.store, id);
  if (!p) throw badRequest(field, `expected PROJECT, ENVIRONMENT or ${service.scope} for a variable imported for ${service.scope.toLowerCase()} ${service.id}`);
  return p;
}

/** Imports `vars` for `service`. */
export function importVariables(m: ModelContext, service: Parent, overwrite: boolean, vars: ImportItem[]): ImportResult {
  const state = view<typeof variableSlice>(m.world.store);
  const seen = new Set<string>();
  const placed = vars.map((v, i) => {
    const parent = parentFor(m, service, v.scope, `vars[${i}].scope`);
    const where = `${parent.id}/${v.name}`;
    if (seen.has(where)) throw badRequest(`vars[${i}].name`, `'${v.name}' is given twice for scope ${v.scope}`);
    seen.add(where);
    return { v, parent };
  });
  const done: ImportResult["successful_imported_variables"] = [];
  for (const { v, parent } of placed) {
    const kind = v.is_secret ? "SECRET" : "VARIABLE";
    const existing: VariableRec | undefined = [...state.variables.values()].find((r) => r.service_id === parent.id && r.key === v.name);
    if (existing && !overwrite) continue;
    const plain = existing && existing.kind === kind && (existing.variable_type ?? "VALUE") !== "ALIAS" && existing.variable_type !== "OVERRIDE";
    if (existing && plain) editVariable(m, existing, { key: v.name, value: v.value });
    else {
      if (existing) deleteVariable(m, existing);
      createVariable(m, parent, kind, { key: v.name, value: v.value });
    }
    done.push({ name: v.name, ...(v.is_secret ? {} : { value: v.value }), scope: v.scope, is_secret: v.is_secret });
  }
  return { total_variables_to_import: vars.length, successful_imported_variables: done };
}
