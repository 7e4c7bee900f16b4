/** Databases: provisioned and deployed per environment (container or managed). */
import { CloneServiceRequest, cloneAt } from "./clones";
import { z } from "zod";
import { Application } from "./applications";
import { deployables, kindRecords } from "./deployables";
import { path } from "./path";
import { DEPLOYED_SERVICE_RECORD_FIELDS } from "./service-common";
import { ReferenceRequest, maybe, namedRecord, openEnum } from "./schema";
import { secretFields } from "./sensitive";

/** Database engines (a database's `type`). */
export const DATABASE_TYPES = ["MONGODB", "MYSQL", "POSTGRESQL", "REDIS"] as const;
/** How a database is run (its `mode`): `CONTAINER` in the cluster, `MANAGED` by the cloud provider. */
export const DATABASE_MODES = ["CONTAINER", "MANAGED"] as const;
/** Network reachability of a database (its `accessibility`). */
export const DATABASE_ACCESSIBILITIES = ["PRIVATE", "PUBLIC"] as const;

/** A database engine in a request. */
export const DatabaseType = z.enum(DATABASE_TYPES);
/** `MONGODB`, `MYSQL`, `POSTGRESQL` or `REDIS`. */
export type DatabaseType = z.infer<typeof DatabaseType>;
/** How the database is run. */
export const DatabaseMode = z.enum(DATABASE_MODES);
/** `CONTAINER` (in the cluster) or `MANAGED` (by the cloud provider). */
export type DatabaseMode = z.infer<typeof DatabaseMode>;
/** Network reachability of a database. */
export const DatabaseAccessibility = z.enum(DATABASE_ACCESSIBILITIES);
/** `PRIVATE` or `PUBLIC`. */
export type DatabaseAccessibility = z.infer<typeof DatabaseAccessibility>;

/**
 * What the service sets when a database create leaves a field out (the reference's defaults). `memory` has none
 * here: the service picks it from the type and mode.
 */
export const DATABASE_DEFAULTS = {
  /** Millicores (ignored for `MANAGED`, which uses its instance type). */
  cpu: 250,
  /** Disk size in GB. */
  storage: 10,
  /** Reachable from inside the cluster only. */
  accessibility: "PRIVATE",
} as const satisfies { cpu: number; storage: number; accessibility: DatabaseAccessibility };

/** Body of a database create. `name` is unique within the environment. */
export const DatabaseCreateRequest = z.looseObject({
  /** Database name, unique within the environment. */
  name: z.string().min(1),
  /** Engine: `POSTGRESQL`, `MYSQL`, `MONGODB` or `REDIS`. */
  type: DatabaseType,
  /** Engine version, e.g. `"16"`. */
  version: z.string().min(1),
  /** `CONTAINER` (in the cluster) or `MANAGED` (by the cloud provider). */
  mode: DatabaseMode,
  /** Free text. */
  description: z.string().optional(),
  /** `PRIVATE` or `PUBLIC`. */
  accessibility: DatabaseAccessibility.optional(),
  /** CPU in millicores. */
  cpu: z.number().int().min(1).optional(),
  /** Memory in MB. */
  memory: z.number().int().min(1).optional(),
  /** Disk size in GB. */
  storage: z.number().int().min(1).optional(),
  /** Cloud instance type, for `MANAGED` only (e.g. `db.t3.medium`). */
  instance_type: z.string().optional(),
  /** The annotations groups to attach (ids of the organization's groups). */
  annotations_groups: z.array(ReferenceRequest).optional(),
  /** The labels groups to attach (ids of the organization's groups). */
  labels_groups: z.array(ReferenceRequest).optional(),
  /** URI of the database's icon. */
  icon_uri: z.string().optional(),
});
/** Body of a database create. */
export type DatabaseCreateRequest = z.input<typeof DatabaseCreateRequest>;

/** Body of a database edit (type and mode cannot change). */
export const DatabaseEditRequest = DatabaseCreateRequest.omit({ type: true, mode: true }).partial().extend({
  /** Kind of disk: `gp2` or `gp3`. */
  disk_type: z.enum(["gp2", "gp3"]).nullable().optional(),
});
/** Body of a database edit. */
export type DatabaseEditRequest = z.input<typeof DatabaseEditRequest>;

/** A database record. */
export const Database = namedRecord({
  /** Engine: `POSTGRESQL`, `MYSQL`, `MONGODB` or `REDIS`. */
  type: maybe(openEnum(DATABASE_TYPES)),
  /** Engine version. */
  version: maybe(z.string()),
  /** `CONTAINER` or `MANAGED`. */
  mode: maybe(openEnum(DATABASE_MODES)),
  /** `PRIVATE` or `PUBLIC`. */
  accessibility: maybe(openEnum(DATABASE_ACCESSIBILITIES)),
  ...DEPLOYED_SERVICE_RECORD_FIELDS,
  /** Disk size in GB. */
  storage: maybe(z.number()),
  /** Cloud instance type (`MANAGED`). */
  instance_type: maybe(z.string()),
  /** Host name to connect to. */
  host: maybe(z.string()),
  /** Port to connect to. */
  port: maybe(z.number()),
  /** Whether the disk is encrypted. */
  disk_encrypted: maybe(z.boolean()),
  /** Kind of disk, e.g. `gp3`. */
  disk_type: maybe(z.string()),
});
/**
 * A database record.
 * @interface
 */
export type Database = z.infer<typeof Database>;

/** Connection data of a database's master user (the password is a secret: never log it). */
export const DatabaseCredentials = z.looseObject({
  /** Host name to connect to. */
  host: z.string(),
  /** Port to connect to. */
  port: z.number(),
  /** Master user name. */
  login: z.string(),
  /** Master user password (secret). */
  password: z.string(),
});
/** Connection data of a database's master user. */
export type DatabaseCredentials = z.infer<typeof DatabaseCredentials>;

/** Body of a master-credentials change. */
export const CredentialsRequest = z.looseObject({
  /** New master user name. */
  login: z.string().min(1),
  /** New master user password (secret). */
  password: z.string().min(1),
});
/** Body of a master-credentials change. */
export type CredentialsRequest = z.input<typeof CredentialsRequest>;
secretFields({ secret: ["password"], sensitive: ["login"] });

/** Endpoints of databases (a delete is asynchronous on the service: follow with `waitUntilGone`). */
export class DatabasesApi extends deployables({
  ...kindRecords("database"), record: Database, createRequest: DatabaseCreateRequest, editRequest: DatabaseEditRequest,
}) {
  /** Copies the database (its settings, with a new id) into `environment_id` under `name`; answers 202 with the copy. */
  clone(databaseId: string, request: CloneServiceRequest): Promise<Database> {
    return cloneAt(this.core, () => path`/database/${databaseId}`, request, CloneServiceRequest, Database);
  }

  /** Reads the master credentials (contains the password). */
  getMasterCredentials(databaseId: string): Promise<DatabaseCredentials> {
    return this.core.call({ method: "GET", path: path`/database/${databaseId}/masterCredentials`, response: DatabaseCredentials });
  }

  /** Replaces the master login and password; answers with the connection data. */
  setMasterCredentials(databaseId: string, request: CredentialsRequest): Promise<DatabaseCredentials> {
    return this.core.call({
      method: "PUT", path: path`/database/${databaseId}/masterCredentials`, body: request, requestSchema: CredentialsRequest,
      response: DatabaseCredentials,
    });
  }

  /** Lists the applications linked to the database. */
  async linkedApplications(databaseId: string): Promise<Application[]> {
    return this.core.list(path`/database/${databaseId}/application`, Application);
  }
}
