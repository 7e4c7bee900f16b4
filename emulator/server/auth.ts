import { customRoleDenial } from "./access-custom";
import { placeOf, targetsOf, type RequestParts } from "./access-places";
import { accessRule, SCOPES_BY_NEED } from "./access";
import type { CustomRoleRec } from "../models/custom-roles";
import type { TokenRec } from "../models/organization";
import { BUILTIN_ROLES } from "../models/roles";
import type { Route } from "../routes/types";
import type { Store } from "../models/store";

/** Value of an `Authorization: Token <t>` or `Bearer <t>` header, or undefined. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^(Token|Bearer)\s+(\S+)\s*$/i.exec(header);
  return m ? m[2] : undefined;
}

/** Finds a live (not revoked) token by value. */
export function findToken(tokens: TokenRec[], value: string | undefined): TokenRec | undefined {
  if (value === undefined) return undefined;
  return tokens.find((t) => t.value === value && !t.revoked);
}

function scopeWords(scopes: ReadonlyArray<string>): string {
  return scopes.length === 1 ? `the ${scopes[0]} scope` : `the ${scopes.slice(0, -1).join(", ")} or ${scopes.at(-1)} scope`;
}

/** The custom role a token is held to, or undefined for a token of a built-in role. */
function customRoleOf(store: Store, token: TokenRec): CustomRoleRec | undefined {
  return token.role_id === undefined ? undefined : store.state.customRoles.get(token.role_id);
}

/**
 * A read's answer as a token sees it: for a custom role's token, a list (`results`) leaves out the items the role
 * may not read (projects, environments, services, variables it has no `VIEWER` on); items that are no such object
 * (organization-level ones, deployments) stay. Any other answer is unchanged.
 */
export function visibleAnswer(store: Store, token: TokenRec, body: unknown): unknown {
  const role = customRoleOf(store, token);
  const results = typeof body === "object" && body !== null ? (body as { results?: unknown }).results : undefined;
  if (!role || !Array.isArray(results)) return body;
  const readable = (item: unknown) => {
    const id = typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
    const place = typeof id === "string" ? placeOf(store, id) : undefined;
    return place === undefined || customRoleDenial(role, store.state, "read", [{ place, readOnly: true }]) === undefined;
  };
  return { ...(body as object), results: results.filter(readable) };
}

/**
 * Why a token may not call a route (the 403 message), or undefined when it may. The message names the token by its
 * name and its scope or custom role, never by its value. A token of a custom role is held to the role's permissions
 * on what the operation acts on (`access-custom.ts`), whatever scope its record carries; a token whose role is
 * neither built-in nor a custom role of the organization may do nothing.
 */
export function denial(store: Store, token: TokenRec, route: Route, parts: RequestParts, shownPath: string): string | undefined {
  const rule = accessRule(route.access);
  const custom = customRoleOf(store, token);
  const builtIn = token.role_id === undefined || BUILTIN_ROLES.some((r) => r.id === token.role_id);
  const head = (who: string) => `token '${token.name}' (${who}) may not ${route.method} ${shownPath}`;
  if (custom) {
    const why = customRoleDenial(custom, store.state, rule.need, targetsOf(store, rule, parts));
    return why === undefined ? undefined : `${head(`custom role '${custom.name}'`)}: ${why}`;
  }
  if (!builtIn) return `${head(`scope ${token.scope}`)}: its role no longer exists`;
  if (SCOPES_BY_NEED[rule.need].includes(token.scope)) return undefined;
  return `${head(`scope ${token.scope}`)}: it needs ${scopeWords(SCOPES_BY_NEED[rule.need])}`;
}
