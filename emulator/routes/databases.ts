import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { newRuntime } from "../clock";
import { baseFields, iso } from "../store";
import { listOf } from "../schemas/common";
import { applicationResponse } from "../schemas/applications";
import {
  credentialsRequest, credentialsResponse, databaseCreateRequest, databaseEditRequest, databaseResponse,
} from "../schemas/databases";
import type { DatabaseRec } from "../types";
import { presentApplication } from "./applications";
import { needDatabase, needEnvironment, paginate } from "./lookup";
import { assertServiceNameFree, deleteService, serviceActionRoutes } from "./service-actions";
import { route, type Route } from "./types";

const PORTS = new Map([["POSTGRESQL", 5432], ["MYSQL", 3306], ["MONGODB", 27017], ["REDIS", 6379]]);
const LOGINS = new Map([["POSTGRESQL", "postgres"], ["MYSQL", "root"], ["MONGODB", "admin"], ["REDIS", "default"]]);

/** Host name of a database: `<name>.<env-short-id>.emulator.internal`. */
export function databaseHost(d: DatabaseRec): string {
  const label = d.name.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "db";
  return `${label}.${d.environment_id.slice(0, 8)}.emulator.internal`;
}

function present(d: DatabaseRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: d.id, created_at: d.created_at, updated_at: d.updated_at, environment: { id: d.environment_id },
    name: d.name, type: d.type, version: d.version, mode: d.mode, accessibility: d.accessibility,
    cpu: d.cpu, memory: d.memory, storage: d.storage, host: databaseHost(d), port: PORTS.get(d.type) ?? 5432,
    maximum_cpu: 16000, maximum_memory: 65536, disk_encrypted: d.mode === "MANAGED",
    icon_uri: d.icon_uri, service_type: "DATABASE", annotations_groups: [], labels_groups: [],
  };
  if (d.instance_type !== undefined) out["instance_type"] = d.instance_type;
  return out;
}

function credentials(d: DatabaseRec, password: string): Record<string, unknown> {
  return { host: databaseHost(d), port: PORTS.get(d.type) ?? 5432, login: d.login, password };
}

/** Databases: collection under the environment, items at top level, actions, credentials, linked applications. */
export const databaseRoutes: Route[] = [
  route({
    method: "GET", path: "/environment/{environmentId}/database", status: 200, summary: "List databases",
    response: listOf(databaseResponse),
    handler: (ctx) => paginate(ctx, ctx.world.store.databasesOf(needEnvironment(ctx).id).map(present)),
  }),
  route({
    method: "POST", path: "/environment/{environmentId}/database", status: 201, summary: "Create a database",
    request: databaseCreateRequest, response: databaseResponse,
    handler: (ctx) => {
      const env = needEnvironment(ctx);
      const b = ctx.body as z.output<typeof databaseCreateRequest>;
      assertServiceNameFree(ctx, env.id, b.name);
      const d: DatabaseRec = {
        ...baseFields(ctx.now), environment_id: env.id, name: b.name, type: b.type, version: b.version, mode: b.mode,
        accessibility: b.accessibility ?? "PRIVATE", cpu: b.cpu ?? 250, memory: b.memory ?? 256, storage: b.storage ?? 10,
        icon_uri: b.icon_uri ?? "app://emulator/database", login: LOGINS.get(b.type) ?? "admin",
        password: randomBytes(12).toString("hex"), runtime: newRuntime(),
      };
      const instanceType = b.instance_type ?? (b.mode === "MANAGED" ? "db.t3.micro" : undefined);
      if (instanceType !== undefined) d.instance_type = instanceType;
      ctx.world.store.state.databases.set(d.id, d);
      ctx.world.store.attach(d, undefined, false, ctx.now);
      return present(d);
    },
  }),
  route({
    method: "GET", path: "/database/{databaseId}", status: 200, summary: "Get a database", response: databaseResponse,
    handler: (ctx) => present(needDatabase(ctx)),
  }),
  route({
    method: "PUT", path: "/database/{databaseId}", status: 200, summary: "Edit a database",
    request: databaseEditRequest, response: databaseResponse,
    handler: (ctx) => {
      const d = needDatabase(ctx);
      const b = ctx.body as z.output<typeof databaseEditRequest>;
      if (b.name !== undefined) assertServiceNameFree(ctx, d.environment_id, b.name, d.id);
      for (const k of ["name", "version", "accessibility", "cpu", "memory", "storage", "instance_type", "icon_uri"] as const) {
        if (b[k] !== undefined) (d as unknown as Record<string, unknown>)[k] = b[k];
      }
      d.updated_at = iso(Math.max(ctx.now, Date.parse(d.updated_at) + 1));
      d.runtime.version += 1;
      return present(d);
    },
  }),
  route({
    method: "DELETE", path: "/database/{databaseId}", status: 204, summary: "Delete a database",
    handler: (ctx) => deleteService(ctx, needDatabase(ctx)),
  }),
  ...serviceActionRoutes("/database/{databaseId}", "database", (ctx) => needDatabase(ctx)),
  route({
    method: "GET", path: "/database/{databaseId}/masterCredentials", status: 200,
    summary: "Connection data; the password is redacted as \"***\" (only the PUT answer carries it)", response: credentialsResponse,
    handler: (ctx) => credentials(needDatabase(ctx), "***"),
  }),
  route({
    method: "PUT", path: "/database/{databaseId}/masterCredentials", status: 200, summary: "Replace login and password",
    request: credentialsRequest, response: credentialsResponse,
    handler: (ctx) => {
      const d = needDatabase(ctx);
      const b = ctx.body as z.output<typeof credentialsRequest>;
      d.login = b.login;
      d.password = b.password;
      d.updated_at = iso(Math.max(ctx.now, Date.parse(d.updated_at) + 1));
      return credentials(d, d.password);
    },
  }),
  route({
    method: "GET", path: "/database/{databaseId}/application", status: 200,
    summary: "Applications linked to the database (those of its environment holding its host in a variable)",
    response: listOf(applicationResponse),
    handler: (ctx) => {
      const d = needDatabase(ctx);
      const host = databaseHost(d);
      const vars = [...ctx.world.store.state.variables.values()];
      const linked = ctx.world.store.applicationsOf(d.environment_id)
        .filter((a) => vars.some((v) => v.application_id === a.id && v.value.includes(host)));
      return { results: linked.map((a) => presentApplication(ctx, a)) };
    },
  }),
];
