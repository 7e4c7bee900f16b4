/**
 * What the plugin `deploy-service` serves, by name: the one definition of its tokens and of its functions, read by
 * the server (`server/`) and by the schema generator (`schema/`) alike.
 */
import * as lookups from "../lookups";

/** The package name of the plugin, the first part of every token it serves. */
export const PACKAGE_NAME = "deploy-service";
/** What every token of the plugin starts with (`deploy-service:index:Project`, `deploy-service:index:getProject`). */
export const TOKEN_PREFIX = `${PACKAGE_NAME}:index:`;

/** The token of a resource kind, a function or a type named `name` in the package's one module: `deploy-service:index:<name>`. */
export function tokenOf(name: string): string {
  return `${TOKEN_PREFIX}${name}`;
}

/** The plain lookups (`getProject`, not `getProjectOutput`) `provider/lookups/` exports, sorted: each is a function of the plugin. */
export function plainLookupNames(): string[] {
  const all = lookups as unknown as Record<string, unknown>;
  return Object.keys(all).filter((k) => /^get[A-Z]\w*$/.test(k) && !k.endsWith("Output") && typeof all[k] === "function").sort();
}
