/**
 * Members of the organization. The owner (`organization.owner`) is always a member with the `Owner` role; the others
 * joined by accepting an invitation (`invitations.ts`). Role changes and removals never touch the owner.
 */
import { ApiError, badRequest, notFound } from "../server/errors";
import type { BaseRec, ModelContext } from "./records";
import { touch } from "./records";
import { OWNER_ROLE, findRole, type RoleInfo } from "./roles";
import type { customRoleSlice } from "./custom-roles";
import type { organizationSlice } from "./organization";
import { z } from "zod";
import { base, str } from "./record-forms";
import { slice, view, type StateHolder, type StateOf } from "./slice";

/** What these functions read of the state. */
type MemberState = StateOf<typeof memberSlice | typeof organizationSlice | typeof customRoleSlice>;

/** A member (the owner is not stored: see {@link ownerMember}). Its `id` is the user's id. */
export interface MemberRec extends BaseRec {
  email: string;
  name: string;
  role_id: string;
}

/** The members of the state (see `slice.ts`). */
export const memberSlice = slice<MemberRec>().keyed("members", z.looseObject({ ...base, email: str, name: str, role_id: str }));

/** Address of the organization's owner in the emulator. */
export const OWNER_EMAIL = "owner@emulator.invalid";

/** The organization's owner as a member. */
export function ownerMember(holder: StateHolder): MemberRec {
  const state: MemberState = view<typeof memberSlice | typeof organizationSlice | typeof customRoleSlice>(holder);
  const o = state.organization;
  return { id: o.owner, created_at: o.created_at, updated_at: o.created_at, email: OWNER_EMAIL, name: "Emulator Owner", role_id: OWNER_ROLE.id };
}

/** Every member, the owner first, then by address. */
export function allMembers(holder: StateHolder): MemberRec[] {
  const state: MemberState = view<typeof memberSlice | typeof organizationSlice | typeof customRoleSlice>(holder);
  return [ownerMember(holder), ...[...state.members.values()].sort((a, b) => a.email.localeCompare(b.email))];
}

/** The member whose address is `email` (compared ignoring case), or undefined. */
export function memberByEmail(holder: StateHolder, email: string): MemberRec | undefined {
  return allMembers(holder).find((m) => m.email.toLowerCase() === email.toLowerCase());
}

/** A role a request may give (any but `Owner`), or 400 naming the field. */
export function givableRole(holder: StateHolder, roleId: string, field: string): RoleInfo {
  const role = findRole(holder, roleId);
  if (!role) throw badRequest(field, `no role ${roleId} in this organization (see GET /organization/{organizationId}/availableRole)`);
  if (role.id === OWNER_ROLE.id) throw badRequest(field, "the Owner role belongs to the organization's owner and cannot be given");
  return role;
}

function needMember(m: ModelContext, userId: string): MemberRec {
  const s = view<typeof memberSlice | typeof organizationSlice>(m.world.store);
  if (userId === s.organization.owner) throw new ApiError(400, "user_id: the organization's owner keeps the Owner role and cannot be removed");
  const member = s.members.get(userId);
  if (!member) throw notFound("member", userId);
  return member;
}

/** Gives a member another role. */
export function editMemberRole(m: ModelContext, input: { user_id: string; role_id: string }): void {
  const member = needMember(m, input.user_id);
  const role = givableRole(m.world.store, input.role_id, "role_id");
  member.role_id = role.id;
  touch(member, m.now);
}

/** Removes a member. */
export function removeMember(m: ModelContext, input: { user_id: string }): void {
  const member = needMember(m, input.user_id);
  memberSlice.of(m.world.store).delete(member.id);
}
