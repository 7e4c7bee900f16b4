import type { Database } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { databaseComputed, databaseSchema, type DatabaseArgs, type DatabaseComputed } from "../resources/database";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameInParentArgs } from "./family";

/** Arguments of {@link getDatabaseOutput}: the database's id, or its name in its environment (`environmentId`, checked when given with `id`). */
export type GetDatabaseOutputArgs = NameInParentArgs<"environmentId">;
/** Arguments of {@link getDatabase}: those of {@link GetDatabaseOutputArgs} with plain values. */
export type GetDatabaseArgs = PlainArgs<GetDatabaseOutputArgs>;

/** The fields of a database that its lookup reads. */
const FIELDS = ["name", "type", "version", "mode", "accessibility", "cpu", "memory", "storage", "instanceType"] as const;

/**
 * A database found by {@link getDatabase} or {@link getDatabaseOutput}, in the spelling of `DatabaseArgs`. The master
 * credentials are not part of it.
 */
export interface DatabaseResult
  extends LookupResult<Pick<DatabaseArgs, (typeof FIELDS)[number] | "environmentId">, "name" | "environmentId", never, Pick<DatabaseComputed, "host" | "port">> {}

const databases = parentLookup<typeof databaseSchema, Database, DatabaseResult>("Database", {
  schema: databaseSchema, fields: FIELDS, get: (client, id) => client.databases.get(id), computed: databaseComputed, timestamps: true,
});

export const { findDatabase,
  /**
   * Looks up a database the stack uses but does not manage, by id or by name in its environment (compared ignoring
   * letter case, as the service does), with plain values, in a Promise. None or several matching fail naming the
   * environment's databases.
   *
   * @example
   * const main = getDatabaseOutput({ environmentId: staging.id, name: "main" });
   * new Application("api", { ..., environmentVariables: { DATABASE_HOST: main.host } });
   */
  getDatabase,
  /** {@link getDatabase} taking Inputs and answering an Output. */
  getDatabaseOutput } = lookups<"Database", GetDatabaseOutputArgs, DatabaseResult>("Database", databases);
