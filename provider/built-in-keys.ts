/**
 * The names of a service's built-in variables, for aliases: another service reads a database's host or password, or
 * an application's internal host, under a name of its own (`environmentVariableAliases`, `secretAliases`).
 */
import * as pulumi from "@pulumi/pulumi";

/** The services whose built-in variables the service names by type: the service kinds and the database engines. */
export type BuiltInServiceType = "APPLICATION" | "CONTAINER" | "JOB" | "POSTGRESQL" | "MYSQL" | "MONGODB" | "REDIS";

/**
 * The key of a built-in variable the service sets for a service: `QOVERY_<TYPE>_Z<the first 8 hex digits of its id,
 * upper case>_<SUFFIX>`, as the service names them. No request is made.
 *
 * Suffixes: an application's or a container's `ID`, `HOST_INTERNAL`, `HOST_EXTERNAL` (while a port is public); a
 * job's `ID`; a database's `HOST_INTERNAL`, `PORT`, `LOGIN`, and the secrets `PASSWORD` and `DATABASE_URL_INTERNAL`.
 *
 * @example
 * ```ts
 * const api = new ds.Application("api", {
 *   // ...
 *   environmentVariableAliases: { DATABASE_HOST: ds.builtInVariableKey("POSTGRESQL", db.id, "HOST_INTERNAL") },
 *   secretAliases: { DATABASE_PASSWORD: ds.builtInVariableKey("POSTGRESQL", db.id, "PASSWORD") },
 * });
 * ```
 */
export function builtInVariableKey(type: BuiltInServiceType, serviceId: pulumi.Input<string>, suffix: string): pulumi.Output<string> {
  return pulumi.output(serviceId).apply((id) => `QOVERY_${type}_Z${id.replace(/-/g, "").slice(0, 8).toUpperCase()}_${suffix}`);
}
