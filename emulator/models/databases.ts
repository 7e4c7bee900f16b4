import { randomBytes } from "node:crypto";
import { z } from "zod";
import { badRequest } from "../server/errors";
import type { credentialsRequest, databaseCreateRequest, databaseEditRequest } from "../schemas/databases";
import { applicationKind, type ApplicationRec } from "./applications";
import { groupIds } from "./groups";
import { databaseInternalHost } from "./hosts";
import { assignGiven, baseFields, touch, type ModelContext } from "./records";
import { newRuntime } from "./runtime";
import type { ServiceKind } from "./service-kinds";
import { addService, assertServiceNameFree, serviceEdited, type ServiceRecBase } from "./services";
import { clusterById, servicesOfKind, variablesOf } from "./queries";
import type { environmentSlice } from "./environments";
import { num, service, str } from "./record-forms";
import { read, slice } from "./slice";

/** A database of an environment. */
export interface DatabaseRec extends ServiceRecBase {
  type: string;
  version: string;
  mode: string;
  accessibility: string;
  cpu: number;
  memory: number;
  storage: number;
  instance_type?: string;
  /** Disk type a MANAGED database was given; absent: {@link DEFAULT_MANAGED_DISK_TYPE}. CONTAINER ones have none. */
  disk_type?: string;
  login: string;
  password: string;
  /**
   * Its host inside the cluster, set at create (`z<id>-<type>`, see `hosts.ts`); absent in data files of older
   * emulators, whose databases keep the host they had (`<name>.<env-short-id>.emulator.internal`).
   */
  host?: string;
}

/** The databases of the state (see `slice.ts`). */
export const databaseSlice = slice<DatabaseRec>().keyed("databases", z.looseObject({
  ...service, type: str, version: str, mode: str, accessibility: str, cpu: num, memory: num, storage: num, login: str, password: str,
  host: str.optional(),
}));

/** Disk type of a MANAGED database that was given none. */
export const DEFAULT_MANAGED_DISK_TYPE = "gp3";

/** The database service kind: no build step, no log; its password is a secret (kept out of the state dump). */
export const databaseKind: ServiceKind<"databases", DatabaseRec> = {
  name: "database", type: "DATABASE", collection: databaseSlice.key, slice: databaseSlice, buildSteps: () => [], deploysFrom: "none",
  restarts: true, monthlyCostCents: 2500, secretFields: ["password"],
};

const PORTS = new Map([["POSTGRESQL", 5432], ["MYSQL", 3306], ["MONGODB", 27017], ["REDIS", 6379]]);
const LOGINS = new Map([["POSTGRESQL", "postgres"], ["MYSQL", "root"], ["MONGODB", "admin"], ["REDIS", "default"]]);

/** Fields an edit may change (type and mode cannot). */
const EDITABLE = ["name", "description", "version", "accessibility", "cpu", "memory", "storage", "instance_type", "icon_uri"] as const;

/** Host name of a database inside its cluster: the one set at create, else the one older emulators gave it. */
export function databaseHost(d: DatabaseRec): string {
  if (d.host !== undefined) return d.host;
  const label = d.name.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "db";
  return `${label}.${d.environment_id.slice(0, 8)}.emulator.internal`;
}

/** The engine's usual port. */
export function databasePort(d: DatabaseRec): number {
  return PORTS.get(d.type) ?? 5432;
}

/** The disk type a database answers: its own or the default for MANAGED ones, null for CONTAINER ones. */
export function diskTypeOf(d: DatabaseRec): string | null {
  return d.mode === "MANAGED" ? (d.disk_type ?? DEFAULT_MANAGED_DISK_TYPE) : null;
}

/**
 * The instance type the service reports for a CONTAINER database: the storage class of its volume, `aws-ebs-gp2-0` on
 * an AWS cluster (the seeded ones); none known on the other clouds.
 */
function containerInstanceType(m: ModelContext, envId: string): string | undefined {
  const env = read<typeof environmentSlice>(m.world.store, "environments").get(envId);
  const cluster = env && clusterById(m.world.store, env.cluster_id);
  return (cluster?.spec?.cloud_provider ?? "AWS") === "AWS" ? "aws-ebs-gp2-0" : undefined;
}

/** Creates a database of an environment: the engine's usual login, a random password, the service's defaults. */
export function createDatabase(m: ModelContext, envId: string, b: z.output<typeof databaseCreateRequest>): DatabaseRec {
  assertServiceNameFree(m.world.store, envId, b.name);
  const annotations = groupIds(m, "annotations_groups", b.annotations_groups) ?? [];
  const labels = groupIds(m, "labels_groups", b.labels_groups) ?? [];
  const d: DatabaseRec = {
    ...baseFields(m.now), environment_id: envId, name: b.name, type: b.type, version: b.version, mode: b.mode,
    accessibility: b.accessibility ?? "PRIVATE", cpu: b.cpu ?? 250, memory: b.memory ?? 256, storage: b.storage ?? 10,
    icon_uri: b.icon_uri ?? "app://emulator/database", login: LOGINS.get(b.type) ?? "admin",
    password: randomBytes(12).toString("hex"), runtime: newRuntime(), annotations_groups: annotations, labels_groups: labels,
  };
  d.host = databaseInternalHost(d);
  if (b.description !== undefined) d.description = b.description;
  const instanceType = b.instance_type ?? (b.mode === "MANAGED" ? "db.t3.micro" : containerInstanceType(m, envId));
  if (instanceType !== undefined) d.instance_type = instanceType;
  addService(m, databaseKind, d);
  return d;
}

/** Edits a database; a disk type is refused on a CONTAINER database (null puts a MANAGED one back to the default). */
export function editDatabase(m: ModelContext, d: DatabaseRec, b: z.output<typeof databaseEditRequest>): void {
  if (b.name !== undefined) assertServiceNameFree(m.world.store, d.environment_id, b.name, d.id);
  if (b.disk_type && d.mode !== "MANAGED") throw badRequest("disk_type", `only MANAGED databases have a disk type (this one is ${d.mode})`);
  const annotations = groupIds(m, "annotations_groups", b.annotations_groups);
  const labels = groupIds(m, "labels_groups", b.labels_groups);
  assignGiven(d, b, EDITABLE);
  if (b.disk_type === null) delete d.disk_type;
  else if (b.disk_type !== undefined) d.disk_type = b.disk_type;
  if (annotations !== undefined) d.annotations_groups = annotations;
  if (labels !== undefined) d.labels_groups = labels;
  serviceEdited(m, d);
}

/** Replaces the master login and password. */
export function setMasterCredentials(m: ModelContext, d: DatabaseRec, b: z.output<typeof credentialsRequest>): void {
  d.login = b.login;
  d.password = b.password;
  touch(d, m.now);
}

/** Applications of the database's environment holding its host in a variable. */
export function linkedApplications(m: ModelContext, d: DatabaseRec): ApplicationRec[] {
  const host = databaseHost(d);
  return servicesOfKind(m.world.store, applicationKind, d.environment_id)
    .filter((a) => variablesOf(m.world.store, a.id).some((v) => v.value.includes(host)));
}
