/**
 * Invitations: an address and the role its user gets. Pending for 7 days of the emulator's clock, then expired.
 * Accepting one (the reference's `POST` on the invitation) makes its user a member and removes the invitation.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError, badRequest, conflict } from "../server/errors";
import type { invitationRequest } from "../schemas/team";
import { memberByEmail, givableRole, type MemberRec } from "./members";
import { baseFields, iso, type BaseRec, type ModelContext } from "./records";
import { roleOfLegacy } from "./roles";
import { base, str } from "./record-forms";
import { slice } from "./slice";
import type { memberSlice } from "./members";
import { view } from "./slice";

/** An invitation. */
export interface InvitationRec extends BaseRec {
  organization_id: string;
  email: string;
  role_id: string;
}

/** The invitations of the state (see `slice.ts`). */
export const invitationSlice = slice<InvitationRec>().keyed("invitations", z.looseObject({ ...base, organization_id: str, email: str, role_id: str }));

/** How long an invitation can be accepted. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** `PENDING` or, 7 days after it was made, `EXPIRED`. */
export function invitationStatus(inv: InvitationRec, now: number): "PENDING" | "EXPIRED" {
  return now - Date.parse(inv.created_at) >= INVITATION_TTL_MS ? "EXPIRED" : "PENDING";
}

/** Invites an address: 409 when it is already invited or a member. */
export function createInvitation(m: ModelContext, orgId: string, b: z.output<typeof invitationRequest>): InvitationRec {
  const s = view<typeof invitationSlice>(m.world.store);
  let roleId: string;
  if (b.role_id !== undefined) {
    roleId = givableRole(m.world.store, b.role_id, "role_id").id;
  } else {
    const role = roleOfLegacy(b.role ?? "VIEWER");
    if (!role) throw badRequest("role", "OWNER cannot be given by an invitation");
    roleId = role.id;
  }
  const email = b.email.trim();
  if (memberByEmail(m.world.store, email)) throw conflict(`email: ${email} is already a member of this organization`);
  if ([...s.invitations.values()].some((i) => i.email.toLowerCase() === email.toLowerCase())) {
    throw conflict(`email: ${email} is already invited`);
  }
  const rec: InvitationRec = { ...baseFields(m.now), organization_id: orgId, email, role_id: roleId };
  s.invitations.set(rec.id, rec);
  return rec;
}

/** Accepts an invitation: its user becomes a member with its role; 400 when it expired. */
export function acceptInvitation(m: ModelContext, inv: InvitationRec): MemberRec {
  const s = view<typeof invitationSlice | typeof memberSlice>(m.world.store);
  if (invitationStatus(inv, m.now) === "EXPIRED") throw new ApiError(400, "inviteId: the invitation expired; invite the address again");
  const now = iso(m.now);
  const member: MemberRec = { id: randomUUID(), created_at: now, updated_at: now, email: inv.email, name: inv.email.split("@")[0] ?? inv.email, role_id: inv.role_id };
  s.members.set(member.id, member);
  s.invitations.delete(inv.id);
  return member;
}
