import { notFound } from "../errors";
import type { ApplicationRec } from "../models/applications";
import {
  createVariable, deleteVariable, editVariable, variablesOf, type VariableKind, type VariableRec,
} from "../models/variables";
import { secretResponse, variableCreateRequest, variableEditRequest, variableResponse } from "../schemas/variables";
import { crudRoutes } from "./crud";
import { needApplication } from "./lookup";
import { param, type Route, type RouteContext } from "./types";

function present(ctx: RouteContext, v: VariableRec): Record<string, unknown> {
  const app = ctx.world.store.state.applications.get(v.application_id);
  const out: Record<string, unknown> = {
    id: v.id, created_at: v.created_at, updated_at: v.updated_at, key: v.key,
    scope: "APPLICATION", variable_type: v.mount_path ? "FILE" : "VALUE",
    service_id: v.application_id, service_name: app?.name ?? "", service_type: "APPLICATION", mount_path: v.mount_path,
    enable_interpolation_in_file: v.enable_interpolation_in_file ?? null,
  };
  if (v.kind === "VARIABLE") out["value"] = v.value;
  if (v.description !== undefined) out["description"] = v.description;
  return out;
}

function family(kind: VariableKind, segment: string, idParam: string, label: string): Route[] {
  const find = (ctx: RouteContext, app: ApplicationRec): VariableRec => {
    const id = param(ctx, idParam);
    const v = ctx.world.store.state.variables.get(id);
    if (!v || v.kind !== kind || v.application_id !== app.id) throw notFound(kind === "SECRET" ? "secret" : "environment variable", id);
    return v;
  };
  return crudRoutes({
    collection: `/application/{applicationId}/${segment}`, item: `/application/{applicationId}/${segment}/{${idParam}}`,
    summaries: { list: `List ${label}s`, create: `Create an ${label}`, edit: `Edit an ${label}`, delete: `Delete an ${label}` },
    createStatus: 201, createRequest: variableCreateRequest, editRequest: variableEditRequest,
    response: kind === "SECRET" ? secretResponse : variableResponse, present,
    list: (ctx) => variablesOf(ctx, needApplication(ctx).id, kind),
    find: (ctx) => find(ctx, needApplication(ctx)),
    create: (ctx, body) => createVariable(ctx, needApplication(ctx), kind, body),
    edit: (ctx, v, body) => editVariable(ctx, needApplication(ctx), v, body),
    remove: (ctx, v) => deleteVariable(ctx, needApplication(ctx), v),
  });
}

/** Environment variables and secrets of an application; secrets never answer their value. */
export const variableRoutes: Route[] = [
  ...family("VARIABLE", "environmentVariable", "environmentVariableId", "environment variable"),
  ...family("SECRET", "secret", "secretId", "secret"),
];
