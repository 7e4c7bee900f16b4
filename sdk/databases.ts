/** Databases: provisioned and deployed per environment (container or managed). */
import { z } from "zod";
import { Application } from "./applications";
import { deployables } from "./deployables";
import { path } from "./path";
import { Reference, ReferenceRequest, maybe, namedRecord, openEnum } from "./schema";
import { Status, type ActionResult } from "./status";

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
  name: z.string().min(1),
  type: DatabaseType,
  version: z.string().min(1),
  mode: DatabaseMode,
  description: z.string().optional(),
  accessibility: DatabaseAccessibility.optional(),
  cpu: z.number().int().min(1).optional(),
  memory: z.number().int().min(1).optional(),
  storage: z.number().int().min(1).optional(),
  instance_type: z.string().optional(),
  annotations_groups: z.array(ReferenceRequest).optional(),
  labels_groups: z.array(ReferenceRequest).optional(),
  icon_uri: z.string().optional(),
});
/** Body of a database create. */
export type DatabaseCreateRequest = z.input<typeof DatabaseCreateRequest>;

/** Body of a database edit (type and mode cannot change). */
export const DatabaseEditRequest = DatabaseCreateRequest.omit({ type: true, mode: true }).partial().extend({
  disk_type: z.enum(["gp2", "gp3"]).nullable().optional(),
});
/** Body of a database edit. */
export type DatabaseEditRequest = z.input<typeof DatabaseEditRequest>;

/** A database record. */
export const Database = namedRecord({
  type: maybe(openEnum(DATABASE_TYPES)),
  version: maybe(z.string()),
  mode: maybe(openEnum(DATABASE_MODES)),
  accessibility: maybe(openEnum(DATABASE_ACCESSIBILITIES)),
  description: maybe(z.string()),
  environment: maybe(Reference),
  cpu: maybe(z.number()),
  memory: maybe(z.number()),
  storage: maybe(z.number()),
  instance_type: maybe(z.string()),
  host: maybe(z.string()),
  port: maybe(z.number()),
  maximum_cpu: maybe(z.number()),
  maximum_memory: maybe(z.number()),
  disk_encrypted: maybe(z.boolean()),
  disk_type: maybe(z.string()),
  icon_uri: maybe(z.string()),
  service_type: maybe(z.string()),
});
/** A database record. */
export type Database = z.infer<typeof Database>;

/** Connection data of a database's master user (the password is a secret: never log it). */
export const DatabaseCredentials = z.looseObject({
  host: z.string(),
  port: z.number(),
  login: z.string(),
  password: z.string(),
});
/** Connection data of a database's master user. */
export type DatabaseCredentials = z.infer<typeof DatabaseCredentials>;

/** Body of a master-credentials change. */
export const CredentialsRequest = z.looseObject({ login: z.string().min(1), password: z.string().min(1) });
/** Body of a master-credentials change. */
export type CredentialsRequest = z.input<typeof CredentialsRequest>;

/** Endpoints of databases. */
export class DatabasesApi extends deployables({
  what: "database", naturalKey: "name", record: Database, status: Status,
  createRequest: DatabaseCreateRequest, editRequest: DatabaseEditRequest,
  list: (environmentId: string) => path`/environment/${environmentId}/database`,
  item: (databaseId: string) => path`/database/${databaseId}`,
}) {
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

export interface DatabasesApi {
  /** Lists the databases of an environment. */
  list(environmentId: string): Promise<Database[]>;
  /** Creates a database. A lost answer is recovered by name. */
  create(environmentId: string, request: DatabaseCreateRequest): Promise<Database>;
  /** Reads one database. */
  get(databaseId: string): Promise<Database>;
  /** Edits a database. */
  update(databaseId: string, request: DatabaseEditRequest): Promise<Database>;
  /** Deletes a database (asynchronous on the service: follow with `waitUntilGone`). */
  delete(databaseId: string): Promise<void>;
  /** Reads the deployment status. */
  status(databaseId: string): Promise<Status>;
  /** Deploys the database. Follow with `waitForDatabase`. */
  deploy(databaseId: string): Promise<ActionResult>;
  /** Stops the database. */
  stop(databaseId: string): Promise<ActionResult>;
  /** Redeploys the database. */
  redeploy(databaseId: string): Promise<ActionResult>;
}
