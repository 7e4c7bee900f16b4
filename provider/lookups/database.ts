import type * as pulumi from "@pulumi/pulumi";
import type { Database, DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { databaseSchema } from "../resources/database";
import {
  defined, definedFields, idOf, lookupPair, numberOf, textOf, timestampsOf, type LookupFamily, type NameOrIdArgs, type PlainArgs,
} from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getDatabaseOutput}: the database's id, or its name in its environment. */
export interface GetDatabaseOutputArgs extends NameOrIdArgs {
  /** Environment holding the database: needed with `name`, checked when given with `id`. */
  environmentId?: pulumi.Input<string>;
}

/** Arguments of {@link getDatabase}: those of {@link GetDatabaseOutputArgs} with plain values. */
export type GetDatabaseArgs = PlainArgs<GetDatabaseOutputArgs>;

/**
 * A database found by {@link getDatabase} or {@link getDatabaseOutput}, in the spelling of `DatabaseArgs`. The master
 * credentials are not part of it: a lookup never reads them (a `Database` resource's `login` and `password` outputs do).
 */
export interface DatabaseResult {
  /** Database id. */
  id: string;
  /** Database name. */
  name: string;
  /** Environment holding the database. */
  environmentId: string;
  /** Engine: `POSTGRESQL`, `MYSQL`, `MONGODB` or `REDIS`, when the service says. */
  type?: string;
  /** Engine version, when the service says. */
  version?: string;
  /** `CONTAINER` or `MANAGED`, when the service says. */
  mode?: string;
  /** `PRIVATE` or `PUBLIC`, when the service says. */
  accessibility?: string;
  /** CPU in millicores, when the service says. */
  cpu?: number;
  /** Memory in MB, when the service says. */
  memory?: number;
  /** Disk size in GB, when the service says. */
  storage?: number;
  /** Cloud instance type (`MANAGED`), when the service says. */
  instanceType?: string;
  /** Host name to connect to, when the service says. */
  host?: string;
  /** Port to connect to, when the service says. */
  port?: number;
  /** When it was created (ISO 8601), when the service says. */
  createdAt?: string;
  /** When it last changed (ISO 8601), when the service says. */
  updatedAt?: string;
}

const databases: LookupFamily<Database, DatabaseResult> = {
  lookup: "getDatabase", nouns: "databases", key: NATURAL_KEYS["Database"]!,
  get: (client, id) => client.databases.get(id),
  parentOf: (r) => idOf(r.environment),
  result: (r, environmentId) => defined<DatabaseResult>({
    id: r.id, name: r.name, environmentId,
    ...definedFields(databaseSchema, r, ["type", "version", "mode", "accessibility", "cpu", "memory", "storage", "instanceType"]),
    host: textOf(r.host), port: numberOf(r.port), ...timestampsOf(r),
  }),
};

const databaseLookup = lookupPair<GetDatabaseOutputArgs, DatabaseResult, Database>(databases);
const resultMatchesSchema: ResultMatch<DatabaseResult, typeof databaseSchema, "host" | "port"> = true;
void resultMatchesSchema;

/** Finds a database by id, or by name in its environment (compared ignoring letter case, as the service does). */
export const findDatabase: (client: DeployServiceClient, args: GetDatabaseArgs) => Promise<DatabaseResult> = databaseLookup.find;

/**
 * Looks up a database the stack uses but does not manage, with plain arguments; give exactly one of `id` and `name`
 * (`name` needs `environmentId`). None or several matching fail naming the environment's databases.
 *
 * @example
 * const main = await getDatabase({ environmentId: "5e0b...", name: "main" });
 */
export const getDatabase: (args: GetDatabaseArgs) => Promise<DatabaseResult> = databaseLookup.get;

/**
 * Looks up a database, accepting Inputs and returning an Output.
 *
 * @example
 * const main = getDatabaseOutput({ environmentId: staging.id, name: "main" });
 * new Application("api", { ..., environmentVariables: { DATABASE_HOST: main.host } });
 */
export const getDatabaseOutput: (args: GetDatabaseOutputArgs) => pulumi.Output<DatabaseResult> = databaseLookup.getOutput;
