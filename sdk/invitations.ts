/** Invitations to join an organization: by address, with a role; accepted, the invited user becomes a member. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { MEMBER_ROLES, ROLE_FIELDS } from "./members";
import { path } from "./path";
import { maybe, openEnum, record } from "./schema";

/** States of an invitation the service lists (an accepted one is no longer listed: its user is a member). */
export const INVITATION_STATUSES = ["PENDING", "EXPIRED"] as const;

/** An invitation to an organization. */
export const Invitation = record({
  /** The invited address. */
  email: z.string(),
  /** The older role name (deprecated: `role_id` and `role_name` are the role the invited user gets). */
  role: maybe(openEnum(MEMBER_ROLES)),
  /** Link the invited user follows to accept. */
  invitation_link: maybe(z.string()),
  /** `PENDING` or `EXPIRED`. */
  invitation_status: maybe(openEnum(INVITATION_STATUSES)),
  /** Name of the organization. */
  organization_name: maybe(z.string()),
  /** Who invited. */
  inviter: maybe(z.string()),
  /** The organization's logo. */
  logo_url: maybe(z.string()),
  /** The role the invited user gets. */
  ...ROLE_FIELDS,
});
/** An invitation to an organization. */
export type Invitation = z.infer<typeof Invitation>;

/** Body of an invitation: the address, and the role as `role_id` (or the older `role` name). */
export const InvitationRequest = z.looseObject({
  /** The address to invite. */
  email: z.string().regex(/^[^@\s]+@[^@\s]+$/, "expected an email address"),
  /** The older role name (deprecated); `role_id` wins when both are given. */
  role: z.enum(MEMBER_ROLES).optional(),
  /** Id of the role the invited user gets (see `client.organizations.availableRoles`). */
  role_id: z.string().min(1).optional(),
});
/** Body of an invitation. */
export type InvitationRequest = z.input<typeof InvitationRequest>;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Endpoints of an organization's invitations. */
export class InvitationsApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the open invitations (pending or expired) of an organization. */
  list(organizationId: string): Promise<Invitation[]> {
    return this.core.list(path`/organization/${organizationId}/inviteMember`, Invitation);
  }

  /** Reads one invitation; an accepted or cancelled one throws NotFoundError. */
  get(organizationId: string, inviteId: string): Promise<Invitation> {
    return this.core.call({ method: "GET", path: path`/organization/${organizationId}/inviteMember/${inviteId}`, response: Invitation });
  }

  /**
   * Invites an address (409 ConflictError when it is already invited or a member). A lost answer is recovered by
   * the address: an invitation to it made meanwhile is the one made.
   */
  create(organizationId: string, request: InvitationRequest): Promise<Invitation> {
    return this.core.call({
      method: "POST", path: path`/organization/${organizationId}/inviteMember`, body: request, requestSchema: InvitationRequest,
      response: Invitation, what: "invitation",
      recover: async () => (await this.list(organizationId)).find((i) => sameEmail(i.email, request.email)),
    });
  }

  /**
   * Accepts an invitation (the service's `POST` on an invitation): its user becomes a member with the invitation's
   * role and the invitation is no longer listed. The service expects the invited user's own credentials; the
   * emulator accepts any token allowed to write. There is no resend endpoint: cancel and invite again.
   */
  accept(organizationId: string, inviteId: string): Promise<Invitation> {
    return this.core.call({ method: "POST", path: path`/organization/${organizationId}/inviteMember/${inviteId}`, response: Invitation });
  }

  /** Cancels an invitation; a missing one throws NotFoundError. */
  async delete(organizationId: string, inviteId: string): Promise<void> {
    await this.core.call({ method: "DELETE", path: path`/organization/${organizationId}/inviteMember/${inviteId}` });
  }
}
