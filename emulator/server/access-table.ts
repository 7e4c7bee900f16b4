/**
 * The access of every API operation, keyed `"METHOD /path"` (the path template): collected from the routes, each of
 * which declares its own (`Route.access`, see `access.ts`); a route declaring none is Admin only.
 */
import { allRoutes } from "../routes";
import { accessRule, type Access, type AccessRule } from "./access";

export { SCOPES_BY_NEED, type Access, type AccessRule, type Need, type PlaceSource } from "./access";

/** The declared access of each route, by `"METHOD /path"`. */
export const ACCESS_TABLE: Readonly<Record<string, Access>> = Object.fromEntries(
  allRoutes.flatMap((r) => (r.access === undefined ? [] : [[`${r.method} ${r.path}`, r.access]])),
);

/** The access of an operation; one the table lacks is Admin only. */
export function accessOf(method: string, path: string): AccessRule {
  const key = `${method} ${path}`;
  return accessRule(Object.prototype.hasOwnProperty.call(ACCESS_TABLE, key) ? ACCESS_TABLE[key] : undefined);
}
