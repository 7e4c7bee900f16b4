import { notFound } from "../errors";
import type { AnyServiceKind, RecordOf } from "../models/service-kinds";
import {
  createVariable, deleteVariable, editVariable, variablesOf, type VariableKind, type VariableRec,
} from "../models/variables";
import { secretResponse, variableCreateRequest, variableEditRequest, variableResponse } from "../schemas/variables";
import { crudRoutes } from "./crud";
import { needServiceOf } from "./lookup";
import { param, type Route, type RouteContext } from "./types";

function present(ctx: RouteContext, v: VariableRec): Record<string, unknown> {
  const store = ctx.world.store;
  const type = store.kindOf(v.service_id)?.type ?? "APPLICATION";
  const out: Record<string, unknown> = {
    id: v.id, created_at: v.created_at, updated_at: v.updated_at, key: v.key,
    scope: type, variable_type: v.mount_path ? "FILE" : "VALUE",
    service_id: v.service_id, service_name: store.service(v.service_id)?.name ?? "", service_type: type, mount_path: v.mount_path,
    enable_interpolation_in_file: v.enable_interpolation_in_file ?? null,
  };
  if (v.kind === "VARIABLE") out["value"] = v.value;
  if (v.description !== undefined) out["description"] = v.description;
  return out;
}

function family<K extends AnyServiceKind>(kind: K, vk: VariableKind, segment: string, idParam: string, label: string): Route[] {
  const owner = (ctx: RouteContext): RecordOf<K> => needServiceOf(ctx, kind);
  const find = (ctx: RouteContext, svc: RecordOf<K>): VariableRec => {
    const id = param(ctx, idParam);
    const v = ctx.world.store.state.variables.get(id);
    if (!v || v.kind !== vk || v.service_id !== svc.id) throw notFound(vk === "SECRET" ? "secret" : "environment variable", id);
    return v;
  };
  const base = `/${kind.name}/{${kind.name}Id}/${segment}`;
  return crudRoutes({
    collection: base, item: `${base}/{${idParam}}`,
    summaries: {
      list: `List ${label}s of the ${kind.name}`, create: `Create an ${label} of the ${kind.name}`,
      edit: `Edit an ${label} of the ${kind.name}`, delete: `Delete an ${label} of the ${kind.name}`,
    },
    createStatus: 201, createRequest: variableCreateRequest, editRequest: variableEditRequest,
    response: vk === "SECRET" ? secretResponse : variableResponse, present,
    list: (ctx) => variablesOf(ctx, owner(ctx).id, vk),
    find: (ctx) => find(ctx, owner(ctx)),
    create: (ctx, body) => createVariable(ctx, owner(ctx), vk, body),
    edit: (ctx, v, body) => editVariable(ctx, owner(ctx), v, body),
    remove: (ctx, v) => deleteVariable(ctx, owner(ctx), v),
  });
}

/**
 * Environment variables and secrets of a service of the kind (`/<kind>/{<kind>Id}/environmentVariable` and
 * `/secret`), scoped to it (`scope` and `service_type`: the kind's type); secrets never answer their value.
 */
export function serviceValueRoutes(kind: AnyServiceKind): Route[] {
  return [
    ...family(kind, "VARIABLE", "environmentVariable", "environmentVariableId", "environment variable"),
    ...family(kind, "SECRET", "secret", "secretId", "secret"),
  ];
}
