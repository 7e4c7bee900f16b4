import type { z } from "zod";
import { conflict, notFound } from "../errors";
import { baseFields, iso } from "../store";
import { listOf } from "../schemas/common";
import { secretResponse, variableCreateRequest, variableEditRequest, variableResponse } from "../schemas/variables";
import type { VariableRec } from "../types";
import { needApplication, paginate } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

type Kind = VariableRec["kind"];

function present(ctx: RouteContext, v: VariableRec): Record<string, unknown> {
  const app = ctx.world.store.state.applications.get(v.application_id);
  const out: Record<string, unknown> = {
    id: v.id, created_at: v.created_at, updated_at: v.updated_at, key: v.key,
    scope: "APPLICATION", variable_type: v.mount_path ? "FILE" : "VALUE",
    service_id: v.application_id, service_name: app?.name ?? "", service_type: "APPLICATION", mount_path: v.mount_path,
  };
  if (v.kind === "VARIABLE") out["value"] = v.value;
  if (v.description !== undefined) out["description"] = v.description;
  return out;
}

function assertFreeKey(ctx: RouteContext, appId: string, key: string, self?: string): void {
  const taken = [...ctx.world.store.state.variables.values()].some((v) => v.application_id === appId && v.key === key && v.id !== self);
  if (taken) throw conflict(`key '${key}' is already used by a variable or secret of this application`);
}

function needVariable(ctx: RouteContext, kind: Kind, appId: string, idParam: string): VariableRec {
  const id = param(ctx, idParam);
  const v = ctx.world.store.state.variables.get(id);
  if (!v || v.kind !== kind || v.application_id !== appId) throw notFound(kind === "SECRET" ? "secret" : "environment variable", id);
  return v;
}

function family(kind: Kind, segment: string, idParam: string, label: string): Route[] {
  const base = `/application/{applicationId}/${segment}`;
  const response = kind === "SECRET" ? secretResponse : variableResponse;
  return [
    route({
      method: "GET", path: base, status: 200, summary: `List ${label}s`, response: listOf(response),
      handler: (ctx) => {
        const app = needApplication(ctx);
        const all = [...ctx.world.store.state.variables.values()].filter((v) => v.application_id === app.id && v.kind === kind);
        return paginate(ctx, all.map((v) => present(ctx, v)));
      },
    }),
    route({
      method: "POST", path: base, status: 201, summary: `Create an ${label}`, request: variableCreateRequest, response,
      handler: (ctx) => {
        const app = needApplication(ctx);
        const b = ctx.body as z.output<typeof variableCreateRequest>;
        assertFreeKey(ctx, app.id, b.key);
        const v: VariableRec = {
          ...baseFields(ctx.now), application_id: app.id, kind, key: b.key, value: b.value ?? "", mount_path: b.mount_path ?? null,
        };
        if (b.description !== undefined) v.description = b.description;
        ctx.world.store.state.variables.set(v.id, v);
        app.runtime.version += 1;
        return present(ctx, v);
      },
    }),
    route({
      method: "PUT", path: `${base}/{${idParam}}`, status: 200, summary: `Edit an ${label}`, request: variableEditRequest, response,
      handler: (ctx) => {
        const app = needApplication(ctx);
        const v = needVariable(ctx, kind, app.id, idParam);
        const b = ctx.body as z.output<typeof variableEditRequest>;
        assertFreeKey(ctx, app.id, b.key, v.id);
        v.key = b.key;
        if (b.value !== undefined) v.value = b.value;
        if (b.mount_path !== undefined) v.mount_path = b.mount_path;
        if (b.description !== undefined) v.description = b.description;
        v.updated_at = iso(Math.max(ctx.now, Date.parse(v.updated_at) + 1));
        app.runtime.version += 1;
        return present(ctx, v);
      },
    }),
    route({
      method: "DELETE", path: `${base}/{${idParam}}`, status: 204, summary: `Delete an ${label}`,
      handler: (ctx) => {
        const app = needApplication(ctx);
        const v = needVariable(ctx, kind, app.id, idParam);
        ctx.world.store.state.variables.delete(v.id);
        app.runtime.version += 1;
      },
    }),
  ];
}

/** Environment variables and secrets of an application; secrets never answer their value. */
export const variableRoutes: Route[] = [
  ...family("VARIABLE", "environmentVariable", "environmentVariableId", "environment variable"),
  ...family("SECRET", "secret", "secretId", "secret"),
];
