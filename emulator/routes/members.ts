import type { z } from "zod";
import { acceptInvitation, createInvitation, invitationStatus, type InvitationRec } from "../models/invitations";
import { allMembers, editMemberRole, removeMember, type MemberRec } from "../models/members";
import { findRole, OWNER_ROLE } from "../models/roles";
import { listOf, paginationQuery } from "../schemas/common";
import {
  invitationRequest, invitationResponse, memberRemoveRequest, memberResponse, memberRoleRequest,
} from "../schemas/team";
import { needOrg, needOrgRecord, paginate } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

/** The role fields of a member or an invitation (a role deleted meanwhile cannot be: deletion refuses it). */
function roleFields(ctx: RouteContext, roleId: string): { role: string; role_id: string; role_name: string } {
  const role = findRole(ctx.world.store, roleId) ?? OWNER_ROLE;
  return { role: role.legacy, role_id: role.id, role_name: role.name };
}

function presentMember(ctx: RouteContext, m: MemberRec): Record<string, unknown> {
  return { id: m.id, created_at: m.created_at, updated_at: m.updated_at, email: m.email, name: m.name, nickname: m.name, ...roleFields(ctx, m.role_id) };
}

function presentInvitation(ctx: RouteContext, inv: InvitationRec): Record<string, unknown> {
  const org = ctx.world.store.state.organization;
  return {
    id: inv.id, created_at: inv.created_at, updated_at: inv.updated_at, email: inv.email, ...roleFields(ctx, inv.role_id),
    invitation_link: `https://console.emulator.invalid/invitation?inviteId=${inv.id}`, invitation_status: invitationStatus(inv, ctx.now),
    organization_name: org.name, inviter: "Emulator Owner",
    ...(typeof org.logo_url === "string" && URL.canParse(org.logo_url) ? { logo_url: org.logo_url } : {}),
  };
}

/** A change to one member, named in the body (`user_id`): the organization checked, the model's change made; no body answered. */
function memberChange<B extends z.ZodType>(
  method: "PUT" | "DELETE", status: number, summary: string, request: B, change: (ctx: RouteContext, body: z.output<B>) => void,
): Route {
  return route({
    method, path: "/organization/{organizationId}/member", access: "admin", status, summary, request,
    handler: (ctx) => {
      needOrg(ctx);
      change(ctx, ctx.body as z.output<B>);
      return undefined;
    },
  });
}

const needInvitation = (ctx: RouteContext) => needOrgRecord(ctx, ctx.world.store.state.invitations, "invitation", "inviteId");

/** Members (list, role change, removal) and invitations (list, invite, get, accept, cancel). */
export const memberRoutes: Route[] = [
  route({
    method: "GET", path: "/organization/{organizationId}/member", access: "admin", status: 200, summary: "Members of the organization (the owner first)", query: paginationQuery,
    response: listOf(memberResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return paginate(ctx, allMembers(ctx.world.store).map((m) => presentMember(ctx, m)));
    },
  }),
  memberChange("PUT", 200, "Change a member's role (answers no body)", memberRoleRequest, editMemberRole),
  memberChange("DELETE", 204, "Remove a member (body: user_id)", memberRemoveRequest, removeMember),
  route({
    method: "GET", path: "/organization/{organizationId}/inviteMember", access: "admin", status: 200, summary: "Invitations of the organization", query: paginationQuery,
    response: listOf(invitationResponse),
    handler: (ctx) => {
      needOrg(ctx);
      const list = [...ctx.world.store.state.invitations.values()].sort((a, b) => a.email.localeCompare(b.email));
      return paginate(ctx, list.map((inv) => presentInvitation(ctx, inv)));
    },
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/inviteMember", access: "admin", status: 201, summary: "Invite an address with a role",
    request: invitationRequest, response: invitationResponse,
    handler: (ctx) => presentInvitation(ctx, createInvitation(ctx, needOrg(ctx).id, ctx.body as z.output<typeof invitationRequest>)),
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/inviteMember/{inviteId}", access: "admin", status: 200, summary: "Get an invitation",
    response: invitationResponse, handler: (ctx) => presentInvitation(ctx, needInvitation(ctx)),
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/inviteMember/{inviteId}", access: "admin", status: 201,
    summary: "Accept an invitation: its user becomes a member, the invitation is gone", response: invitationResponse,
    handler: (ctx) => {
      const inv = needInvitation(ctx);
      acceptInvitation(ctx, inv);
      // The invitation is used up: no longer PENDING, and the reference's status has no other value for it than EXPIRED.
      return { ...presentInvitation(ctx, inv), updated_at: new Date(ctx.now).toISOString(), invitation_status: "EXPIRED" };
    },
  }),
  route({
    method: "DELETE", path: "/organization/{organizationId}/inviteMember/{inviteId}", access: "admin", status: 204, summary: "Cancel an invitation",
    handler: (ctx) => {
      ctx.world.store.state.invitations.delete(needInvitation(ctx).id);
    },
  }),
];
