/** Members of an organization: who belongs to it, with which role; a role change and a removal. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";
import { maybe, openEnum, record } from "./schema";

/** The older role names a member and an invitation carry besides `role_id` (the reference marks them deprecated). */
export const MEMBER_ROLES = ["ADMIN", "DEVELOPER", "OWNER", "VIEWER"] as const;
/** An older role name. */
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The role a member, an invitation or an API token has, as the service answers it: the role's name and id. */
export const ROLE_FIELDS = {
  /** Name of the role, e.g. `Admin`, `Deploy` or a custom role's name. */
  role_name: maybe(z.string()),
  /** Id of the role (see `client.organizations.availableRoles`). */
  role_id: maybe(z.string()),
};

/** A member of an organization; its `id` is the user's id (what a role change and a removal name). */
export const Member = record({
  /** The member's address. */
  email: z.string(),
  /** The member's name. */
  name: maybe(z.string()),
  /** The member's nickname. */
  nickname: maybe(z.string()),
  /** URL of the member's picture. */
  profile_picture_url: maybe(z.string()),
  /** When the member was last connected. */
  last_activity_at: maybe(z.string()),
  /** The older role name (deprecated: `role_id` and `role_name` are the member's role). */
  role: maybe(openEnum(MEMBER_ROLES)),
  ...ROLE_FIELDS,
});
/** A member of an organization. */
export type Member = z.infer<typeof Member>;

/** Body of a member's role change: the user and the role it gets. */
export const MemberRoleRequest = z.looseObject({
  /** The member's user id (a {@link Member}'s `id`). */
  user_id: z.string().min(1),
  /** The role's id (see `client.organizations.availableRoles`). */
  role_id: z.string().min(1),
});
/** Body of a member's role change. */
export type MemberRoleRequest = z.input<typeof MemberRoleRequest>;

const MemberRemoveRequest = z.looseObject({ user_id: z.string().min(1) });

/** Endpoints of an organization's members. Members join by accepting an invitation (`client.invitations`). */
export class MembersApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the members of an organization. */
  list(organizationId: string): Promise<Member[]> {
    return this.core.list(path`/organization/${organizationId}/member`, Member);
  }

  /** Gives a member another role. The service answers without a body: list the members to see the result. */
  async editRole(organizationId: string, request: MemberRoleRequest): Promise<void> {
    await this.core.call({ method: "PUT", path: path`/organization/${organizationId}/member`, body: request, requestSchema: MemberRoleRequest });
  }

  /** Removes a member from the organization (the user keeps its account); an unknown user throws NotFoundError. */
  async remove(organizationId: string, userId: string): Promise<void> {
    await this.core.call({
      method: "DELETE", path: path`/organization/${organizationId}/member`, body: { user_id: userId }, requestSchema: MemberRemoveRequest,
    });
  }
}
