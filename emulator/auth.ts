import type { Route } from "./routes/types";
import type { TokenRec } from "./models/organization";

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

/**
 * Whether a token's scope allows a route: Admin all; Read GET only; Deploy GET and deploy actions;
 * Write GET and every create/update/delete except deploy actions.
 */
export function allowed(scope: TokenRec["scope"], route: Route): boolean {
  if (scope === "Admin" || route.method === "GET") return true;
  if (scope === "Deploy") return route.deployAction === true;
  if (scope === "Write") return route.deployAction !== true;
  return false;
}
