/**
 * API tokens made through the API. They live beside the seeded tokens (`state.tokens`, the records `auth.ts`
 * authenticates with), so a new token authenticates at once with its role's scope, and a deleted one is refused
 * (401) at once. The value is answered by the create only.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { z } from "zod";
import { badRequest, conflict, notFound } from "../server/errors";
import type { apiTokenCreateRequest } from "../schemas/team";
import type { TokenRec, tokenSlice } from "./organization";
import { iso, type ModelContext } from "./records";
import { BUILTIN_ROLES } from "./roles";
import { givableRole } from "./members";
import { sameName } from "./uniqueness";
import { read } from "./slice";
import { view } from "./slice";

/** A token made through the API: it has an id, a role and when it was made. */
export type ApiTokenRec = TokenRec & Required<Pick<TokenRec, "id" | "role_id" | "created_at">>;

/** The tokens made through the API (the seeded ones have no id and are not listed, policy tokens are listed apart). */
export function apiTokens(m: ModelContext): ApiTokenRec[] {
  return read<typeof tokenSlice>(m.world.store, "tokens").filter((t): t is ApiTokenRec => (
    typeof t.id === "string" && typeof t.role_id === "string" && !t.revoked && !("opa_policy" in t)
  ));
}

/**
 * Creates a token: `role_id` gives its role (a custom role's token gets the role's permissions); `role_id: null` with the
 * deprecated `scope: "ADMIN"` gives the `Admin` role, and with no scope the least one, `Read` (the reference does not
 * say; the emulator gives the least). Names are unique among every token, seeded ones included (exact).
 */
export function createApiToken(m: ModelContext, b: z.output<typeof apiTokenCreateRequest>): ApiTokenRec {
  const s = view<typeof tokenSlice>(m.world.store);
  let role;
  if (b.role_id !== null) role = givableRole(m.world.store, b.role_id, "role_id");
  else role = BUILTIN_ROLES.find((r) => r.name === (b.scope === "ADMIN" ? "Admin" : "Read"));
  if (!role) throw badRequest("role_id", "expected a role id (see GET /organization/{organizationId}/availableRole), or scope ADMIN");
  if (s.tokens.some((t) => sameName(t.name, b.name, "exact"))) throw conflict(`name: an API token named '${b.name}' already exists`);
  const rec: ApiTokenRec = {
    id: randomUUID(), created_at: iso(m.now), name: b.name, value: `emu_${randomBytes(24).toString("hex")}`, scope: role.scope,
    revoked: false, role_id: role.id, ...(b.description !== undefined ? { description: b.description } : {}),
  };
  s.tokens.push(rec);
  return rec;
}

/** Deletes a token made through the API: from now on it gets 401. */
export function deleteApiToken(m: ModelContext, id: string): void {
  const s = view<typeof tokenSlice>(m.world.store);
  const index = s.tokens.findIndex((t) => t.id === id);
  if (index === -1) throw notFound("API token", id);
  s.tokens.splice(index, 1);
}
