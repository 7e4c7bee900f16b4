import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { isNotFound, type DeployServiceClient, type Invitation } from "../../sdk";
import { argsSchema } from "../framework/args";
import { apiClient } from "../framework/credentials";
import { defineResource, organizationOf, replaceOnly, type Props } from "../framework/define";
import { describeFailure, ignoreGone } from "../framework/errors";
import { field } from "../framework/fields";
import { withActionableErrors } from "../framework/messages";
import { idInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { refineRoleChoice, roleIdFor, sameRoleName } from "./organization-roles";
import type { AdoptableArgs } from "../framework/adoption";

/** States of an {@link OrganizationInvitation}: waiting for an answer, accepted (the user is a member), or expired. */
export const INVITATION_STATES = ["PENDING", "ACCEPTED", "EXPIRED"] as const;
/** A state of an invitation. */
export type InvitationState = (typeof INVITATION_STATES)[number];

/** Inputs of an {@link OrganizationInvitation}. The service cannot change an invitation: a change of any input replaces it. */
export interface OrganizationInvitationArgs extends AdoptableArgs {
  /** The organization (wire: the `{organizationId}` of the path). */
  organizationId: pulumi.Input<string>;
  /** The address invited (compared without regard to case). Wire: `email`. */
  email: pulumi.Input<string>;
  /**
   * The role the user gets on accepting: a role's name as the organization lists it (`Admin`, `Viewer`, a custom
   * role's name), compared without regard to case. Give exactly one of `role` and `roleId`.
   */
  role?: pulumi.Input<string>;
  /** The role's id, e.g. a `CustomRole`'s `id`. Give exactly one of `role` and `roleId`. Wire: `role_id`. */
  roleId?: pulumi.Input<string>;
}

const emailInput = () => z.string().regex(/^[^@\s]+@[^@\s]+$/, "expected an e-mail address");

/** What the service says of an invitation beyond its inputs: outputs of an {@link OrganizationInvitation}. */
export interface OrganizationInvitationComputed {
  /** `PENDING`, `ACCEPTED` or `EXPIRED`. */
  status: InvitationState;
  /** Name of the role the user gets, as the service lists it. */
  roleName?: string;
  /** Who invited, as the service says. */
  inviter?: string;
  /** The link the user follows to accept (secret: whoever holds it can join). */
  invitationLink?: string;
}

/** Validated invitation inputs: the single source of field names, types and wire spellings. */
export const organizationInvitationSchema = argsSchema<OrganizationInvitationArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { parent: "organization" }),
    email: field(emailInput(), { replace: true, same: sameRoleName }),
    role: field(z.string().min(1).optional(), { replace: true, wire: false, same: sameRoleName }),
    roleId: field(idInput().optional(), { replace: true, wire: "role_id" }),
  })
  .superRefine(refineRoleChoice));
/** Invitation inputs after validation. */
export type OrganizationInvitationInputs = z.output<typeof organizationInvitationSchema>;

/** An invitation, or what stands for one its user accepted (the service then lists it no more): `ACCEPTED`. */
type InvitationRecord = Invitation;

/**
 * The invitation by id. The service forgets an invitation once it is accepted: when the address is then a member,
 * the answer stands for the accepted invitation (`ACCEPTED`); otherwise the invitation is gone (404).
 */
async function invitationById(client: DeployServiceClient, organizationId: string, id: string, state: Props): Promise<InvitationRecord> {
  try {
    return await client.invitations.get(organizationId, id);
  } catch (e) {
    if (!isNotFound(e) || typeof state["email"] !== "string") throw e;
    const member = (await client.members.list(organizationId)).find((m) => sameRoleName(m.email, state["email"]));
    if (member === undefined) throw e;
    return {
      id, email: member.email, invitation_status: "ACCEPTED", role_name: member.role_name, role_id: member.role_id,
      created_at: typeof state["createdAt"] === "string" ? state["createdAt"] : undefined,
    } as InvitationRecord;
  }
}

/** The invitation family. */
export const organizationInvitation = defineResource({
  kind: "OrganizationInvitation",
  noun: "invitation",
  label: (inputs) => `invitation of ${String(inputs["email"] ?? "")}`,
  schema: organizationInvitationSchema,
  outputNames: ["status", "roleName", "inviter", "invitationLink"] satisfies (keyof OrganizationInvitationComputed)[],
  // The link lets whoever holds it join the organization.
  secretOutputNames: ["invitationLink"],
  outputs: (record: InvitationRecord) => ({
    status: record.invitation_status ?? undefined, roleName: record.role_name ?? undefined,
    inviter: record.inviter ?? undefined, invitationLink: record.invitation_link ?? undefined,
  }),
  fromWire: (record: InvitationRecord, previous: Props, derived: Props): Props => {
    // Accepted: the invitation is history, whatever becomes of the member's role afterwards.
    if (record.invitation_status === "ACCEPTED") {
      return { ...derived, email: previous["email"], role: previous["role"], roleId: previous["roleId"] };
    }
    const out: Props = { ...derived, email: sameRoleName(previous["email"], record.email) ? previous["email"] : record.email };
    if (previous["roleId"] !== undefined) out["roleId"] = record.role_id ?? undefined;
    else out["role"] = sameRoleName(previous["role"], record.role_name) ? previous["role"] : (record.role_name ?? previous["role"]);
    if (previous["roleId"] === undefined) delete out["roleId"];
    return out;
  },
  calls: {
    create: async (client, inputs) => {
      const roleId = await roleIdFor(client, inputs.organizationId, inputs);
      return client.invitations.create(inputs.organizationId, { email: inputs.email, role_id: roleId });
    },
    get: (client, id, state) => invitationById(client, organizationOf(state), id, state),
    update: replaceOnly("an invitation"),
    delete: (client, id, state) => client.invitations.delete(organizationOf(state), id),
  },
});

/**
 * Cancels the invitation. An accepted one is no longer at the service: nothing to do, and the member stays (an
 * `OrganizationMember` manages their role and membership).
 */
async function cancelInvitation(client: DeployServiceClient, id: string, state: Props): Promise<void> {
  try {
    await ignoreGone(() => client.invitations.delete(organizationOf(state), id));
  } catch (e) {
    throw describeFailure(e, `cancelling the invitation of ${String(state["email"] ?? id)}`);
  }
}

/** The dynamic provider of {@link OrganizationInvitation}. */
export const organizationInvitationProvider: pulumi.dynamic.ResourceProvider = {
  ...organizationInvitation.provider,
  ...withActionableErrors("OrganizationInvitation", {
    delete: (id: string, props: Props) => cancelInvitation(apiClient(), id, props),
  } as pulumi.dynamic.ResourceProvider),
};

/**
 * An invitation to join an organization, by address and with the role the user gets on accepting. Changing the
 * address (or the role: the service cannot change an invitation) replaces it with a new invitation. The `status`
 * output says `PENDING` until the user accepts, then `ACCEPTED` (the service then lists the user as a member and no
 * longer the invitation; a refresh keeps the resource), or `EXPIRED`. Its delete cancels a pending invitation and
 * leaves someone who accepted a member: manage their role and membership with an `OrganizationMember`. Inviting
 * needs an Admin token.
 *
 * @example
 * for (const { email, role } of config.requireObject<Array<{ email: string; role: string }>>("invitations")) {
 *   new OrganizationInvitation(`invite-${email}`, { organizationId: org.id, email, role });
 * }
 *
 * @class
 */
export const OrganizationInvitation = serviceObjectClass<OrganizationInvitationArgs, typeof organizationInvitationSchema, OrganizationInvitationComputed>(organizationInvitation);
/** {@link OrganizationInvitation} as a type: its outputs are every input as stored and what the service computes. */
export type OrganizationInvitation = InstanceType<typeof OrganizationInvitation>;
