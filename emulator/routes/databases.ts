import type { z } from "zod";
import {
  createDatabase, databaseHost, databaseKind, databasePort, diskTypeOf, editDatabase, linkedApplications, setMasterCredentials,
  type DatabaseRec,
} from "../models/databases";
import { listOf } from "../schemas/common";
import { applicationResponse } from "../schemas/applications";
import {
  credentialsRequest, credentialsResponse, databaseCreateRequest, databaseEditRequest, databaseResponse,
} from "../schemas/databases";
import { presentApplication } from "./applications";
import { needServiceOf } from "./lookup";
import { presentServiceBase } from "./service-fields";
import { serviceRoutes } from "./service-routes";
import { route, type Route, type RouteContext } from "./types";
import { DATABASE_MAXIMA } from "../schemas/resource-limits";

export function presentDatabase(ctx: RouteContext, d: DatabaseRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...presentServiceBase(ctx, databaseKind, d),
    type: d.type, version: d.version, mode: d.mode, accessibility: d.accessibility,
    cpu: d.cpu, memory: d.memory, storage: d.storage, host: databaseHost(d), port: databasePort(d),
    maximum_cpu: DATABASE_MAXIMA.cpu, maximum_memory: DATABASE_MAXIMA.memory, disk_encrypted: d.mode === "MANAGED", disk_type: diskTypeOf(d),
  };
  if (d.instance_type !== undefined) out["instance_type"] = d.instance_type;
  return out;
}

function credentials(d: DatabaseRec): Record<string, unknown> {
  return { host: databaseHost(d), port: databasePort(d), login: d.login, password: d.password };
}

/** Databases: collection under the environment, items at top level, actions, credentials, linked applications. */
export const databaseRoutes: Route[] = [
  ...serviceRoutes(databaseKind, {
    createRequest: databaseCreateRequest, editRequest: databaseEditRequest, response: databaseResponse,
    present: presentDatabase, create: createDatabase, edit: editDatabase,
  }),
  route({
    method: "GET", path: "/database/{databaseId}/masterCredentials", access: "credentials", status: 200,
    summary: "Connection data with the password (generated at create, or the last one set); Admin and Write tokens only",
    response: credentialsResponse,
    handler: (ctx) => credentials(needServiceOf(ctx, databaseKind)),
  }),
  route({
    method: "PUT", path: "/database/{databaseId}/masterCredentials", access: "write", status: 200, summary: "Replace login and password",
    request: credentialsRequest, response: credentialsResponse,
    handler: (ctx) => {
      const d = needServiceOf(ctx, databaseKind);
      setMasterCredentials(ctx, d, ctx.body as z.output<typeof credentialsRequest>);
      return credentials(d);
    },
  }),
  route({
    method: "GET", path: "/database/{databaseId}/application", access: "read", status: 200,
    summary: "Applications linked to the database (those of its environment holding its host in a variable)",
    response: listOf(applicationResponse),
    handler: (ctx) => ({ results: linkedApplications(ctx, needServiceOf(ctx, databaseKind)).map((a) => presentApplication(ctx, a)) }),
  }),
];
