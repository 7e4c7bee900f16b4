import { customRoleDenial } from "./access-custom";
import { targetsOf, type RequestParts } from "./access-places";
import { accessOf, SCOPES_BY_NEED } from "./access-table";
import type { TokenRec } from "./models/organization";
import { BUILTIN_ROLES } from "./models/roles";
import type { Route } from "./routes/types";
import type { Store } from "./store";

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

/**
 * Why a token may not call a route (the 403 message), or undefined when it may. The message names the token by its
 * name and its scope or custom role, never by its value. A token of a custom role is held to the role's permissions
 * on what the operation acts on (`access-custom.ts`), whatever scope its record carries; a token whose role is
 * neither built-in nor a custom role of the organization may do nothing.
 */
export function denial(store: Store, token: TokenRec, route: Route, parts: RequestParts, shownPath: string): string | undefined {
  const rule = accessOf(route.method, route.path);
  const custom = token.role_id === undefined ? undefined : store.state.customRoles.get(token.role_id);
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
