/**
 * Built-in variables: read-only values the service makes for every project, environment and service (scope and
 * type BUILT_IN). They are computed from the records, never stored, so they follow renames and credential changes.
 * The emulator's set, named as the live service names them (`QOVERY_` prefix, a service's short id `Z<first 8 hex
 * digits of its id, upper case>`):
 *
 * | Defined by | Keys |
 * | --- | --- |
 * | project | `QOVERY_PROJECT_ID` |
 * | environment | `QOVERY_ENVIRONMENT_ID`, `QOVERY_KUBERNETES_NAMESPACE_NAME` |
 * | application, container, Helm chart, Terraform service | `QOVERY_<TYPE>_Z<SHORT>_ID`, `..._HOST_INTERNAL`, and `..._HOST_EXTERNAL` while it serves publicly |
 * | job | `QOVERY_JOB_Z<SHORT>_ID` (a job serves nothing: no host) |
 * | database | `QOVERY_<ENGINE>_Z<SHORT>_HOST_INTERNAL`, `_HOST_EXTERNAL` while PUBLIC, `_PORT`, `_LOGIN`, `_PASSWORD` (secret), `_DATABASE_URL_INTERNAL` (secret) |
 *
 * The hosts are formatted as the live service formats them (`hosts.ts`: `app-z<id>`, `z<id>-postgresql`, ...).
 *
 * A project's built-ins are seen from the project and everything in it; an environment's and its services' from the
 * environment and its services. Ids are stable: derived from the defining record's id and the key.
 */
import { createHash } from "node:crypto";
import type { StoreView } from "./store-view";
import { databaseHost, databasePort, type DatabaseRec } from "./databases";
import { externalHost, internalHost, type HostedService } from "./hosts";
import type { EnvironmentRec } from "./environments";
import type { ProjectRec } from "./projects";
import type { ServiceKind, ServiceRec } from "./service-kinds";
import { clusterDomain, servicesWithKindIn } from "./queries";
import type { environmentSlice } from "./environments";
import type { projectSlice } from "./projects";
import { view } from "./slice";

/** One built-in variable. */
export interface BuiltInVariable {
  id: string;
  created_at: string;
  updated_at: string;
  key: string;
  value: string;
  /** True for credentials (a database's password and URI): never answered. */
  secret: boolean;
  /** The service it describes (absent for a project's or an environment's). */
  service?: { id: string; name: string; type: string };
}

/** A stable uuid (version 5 layout) from a name. */
function stableUuid(name: string): string {
  const h = createHash("sha1").update(`deploy-emulator:builtin:${name}`).digest("hex");
  const variant = ((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** `Z` and the first 8 hex digits of an id, upper case: how the live service shortens a service id in keys. */
export function shortId(id: string): string {
  return `Z${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** A namespace label from an environment name (lower case, letters, digits and dashes). */
function label(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "service";
}

const SCHEMES = new Map([["POSTGRESQL", "postgresql"], ["MYSQL", "mysql"], ["MONGODB", "mongodb"], ["REDIS", "redis"]]);

function make(owner: { id: string; created_at: string; updated_at: string }, key: string, value: string, extra: Partial<BuiltInVariable> = {}): BuiltInVariable {
  return { id: stableUuid(`${owner.id}:${key}`), created_at: owner.created_at, updated_at: owner.updated_at, key, value, secret: false, ...extra };
}

/** The built-ins a project defines. */
export function projectBuiltIns(p: ProjectRec): BuiltInVariable[] {
  return [make(p, "QOVERY_PROJECT_ID", p.id)];
}

/** The built-ins an environment defines. */
export function environmentBuiltIns(e: EnvironmentRec): BuiltInVariable[] {
  return [make(e, "QOVERY_ENVIRONMENT_ID", e.id), make(e, "QOVERY_KUBERNETES_NAMESPACE_NAME", `z${e.id.replace(/-/g, "").slice(0, 8)}-${label(e.name)}`)];
}

/** The built-ins a service defines (see the table above). */
export function serviceBuiltIns(store: StoreView, kind: ServiceKind, svc: ServiceRec): BuiltInVariable[] {
  const service = { id: svc.id, name: svc.name, type: kind.type };
  const external = externalHost(kind.type, svc as HostedService, clusterDomain(store, svc.environment_id));
  if (kind.type === "DATABASE") {
    const d = svc as DatabaseRec;
    const prefix = `QOVERY_${d.type}_${shortId(d.id)}`;
    const host = databaseHost(d);
    const port = databasePort(d);
    const uri = `${SCHEMES.get(d.type) ?? "db"}://${d.login}:${d.password}@${host}:${port}`;
    return [
      make(d, `${prefix}_HOST_INTERNAL`, host, { service }),
      ...(external === undefined ? [] : [make(d, `${prefix}_HOST_EXTERNAL`, external, { service })]),
      make(d, `${prefix}_PORT`, String(port), { service }),
      make(d, `${prefix}_LOGIN`, d.login, { service }),
      make(d, `${prefix}_PASSWORD`, d.password, { service, secret: true }),
      make(d, `${prefix}_DATABASE_URL_INTERNAL`, uri, { service, secret: true }),
    ];
  }
  const prefix = `QOVERY_${kind.type}_${shortId(svc.id)}`;
  const out = [make(svc, `${prefix}_ID`, svc.id, { service })];
  const internal = internalHost(kind.type, svc as HostedService);
  if (internal !== undefined) out.push(make(svc, `${prefix}_HOST_INTERNAL`, internal, { service }));
  if (external !== undefined) out.push(make(svc, `${prefix}_HOST_EXTERNAL`, external, { service }));
  return out;
}

/** The built-ins defined by an environment and every service in it. */
export function environmentWideBuiltIns(store: StoreView, env: EnvironmentRec): BuiltInVariable[] {
  const services = servicesWithKindIn(store, env.id);
  return [...environmentBuiltIns(env), ...services.flatMap(([k, s]) => serviceBuiltIns(store, k, s))];
}

/** Every built-in of the store (for lookups by id). */
export function allBuiltIns(store: StoreView): BuiltInVariable[] {
  const s = view<typeof environmentSlice | typeof projectSlice>(store);
  return [
    ...[...s.projects.values()].flatMap(projectBuiltIns),
    ...[...s.environments.values()].flatMap((e) => environmentWideBuiltIns(store, e)),
  ];
}
