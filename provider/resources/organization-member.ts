import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { NotFoundError, type DeployServiceClient, type Member } from "../../sdk";
import { argsSchema } from "../framework/args";
import { defineResource, organizationOf, type Props } from "../framework/define";
import { describeFailure } from "../framework/errors";
import { field } from "../framework/fields";
import { idInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { isUnknown } from "../framework/unknowns";
import { refineRoleChoice, roleIdFor, sameRoleName } from "./organization-roles";

/** Inputs of an {@link OrganizationMember}: the member (by `userId` or `email`) and its role (by `role` or `roleId`). */
export interface OrganizationMemberArgs {
  /** The organization (wire: the `{organizationId}` of the path). Changing it replaces the resource. */
  organizationId: pulumi.Input<string>;
  /** The member's user id. Give exactly one of `userId` and `email`; changing it replaces the resource. */
  userId?: pulumi.Input<string>;
  /** The member's address (compared without regard to case). Give exactly one of `userId` and `email`; changing it replaces the resource. */
  email?: pulumi.Input<string>;
  /**
   * The role's name as the organization lists it: a built-in role (`Admin`, `Viewer`...) or a custom role's name,
   * compared without regard to case. Give exactly one of `role` and `roleId`.
   */
  role?: pulumi.Input<string>;
  /** The role's id, e.g. a `CustomRole`'s `id`. Give exactly one of `role` and `roleId`. Wire: `role_id`. */
  roleId?: pulumi.Input<string>;
}

const email = () => z.string().regex(/^[^@\s]+@[^@\s]+$/, "expected an e-mail address");

/** What the service says of a member beyond its inputs: outputs of an {@link OrganizationMember}, members of a lookup's result. */
export interface OrganizationMemberComputed {
  /** The member's user id. */
  userId: string;
  /** The member's address. */
  email: string;
  /** The name of the member's role, as the service lists it. */
  roleName?: string;
  /** The member's name, when the service says. */
  userName?: string;
}

/** Validated member inputs: the single source of field names, types and wire spellings. */
export const organizationMemberSchema = argsSchema<OrganizationMemberArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { wire: false, replace: true }),
    userId: field(idInput().optional(), { wire: false, readAs: "id", replace: true, computed: true }),
    email: field(email().optional(), { wire: false, readAs: "email", replace: true, computed: true, same: sameRoleName }),
    role: field(z.string().min(1).optional(), { wire: "role_name", same: sameRoleName }),
    roleId: field(idInput().optional(), { wire: "role_id" }),
  })
  .superRefine((v, ctx) => {
    if ((v.userId === undefined) === (v.email === undefined) && !isUnknown(v.userId) && !isUnknown(v.email)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: `expected exactly one of userId and email, got ${v.userId === undefined ? "neither" : "both"}` });
    }
    refineRoleChoice(v, ctx);
  }));
/** Member inputs after validation. */
export type OrganizationMemberInputs = z.output<typeof organizationMemberSchema>;

/** The member a program names, by user id or address; none fails naming the organization's members. */
export async function findMember(
  client: DeployServiceClient, organizationId: string, by: { userId?: string | undefined; email?: string | undefined }, lookup = "deploy-service",
): Promise<Member> {
  let members: Member[];
  try {
    members = await client.members.list(organizationId);
  } catch (e) {
    throw describeFailure(e, `listing the members of organization ${organizationId}`);
  }
  const found = members.filter((m) => (by.userId !== undefined ? m.id === by.userId : sameRoleName(m.email, by.email)));
  if (found.length === 1) return found[0]!;
  const wanted = by.userId !== undefined ? `with user id ${JSON.stringify(by.userId)}` : `with address ${JSON.stringify(by.email)}`;
  const all = [...members].sort((a, b) => a.email.localeCompare(b.email)).map((m) => `${m.email} (${m.id})`);
  if (found.length === 0) {
    const invited = " (someone invited becomes a member once they accept: an OrganizationInvitation invites them)";
    throw new Error(`${lookup}: no member ${wanted} in organization ${organizationId}${invited}; its members: ${all.join(", ") || "none"}`);
  }
  throw new Error(`${lookup}: ${found.length} members ${wanted} in organization ${organizationId}: ${found.map((m) => `${m.email} (${m.id})`).join(", ")}; give userId`);
}

/** One member by user id, as a read: 404 (NotFoundError) when the user is no longer a member. */
async function memberById(client: DeployServiceClient, organizationId: string, userId: string): Promise<Member> {
  const member = (await client.members.list(organizationId)).find((m) => m.id === userId);
  if (member === undefined) {
    throw new NotFoundError(`member ${userId} is not in organization ${organizationId}`, {
      method: "GET", path: `/organization/${organizationId}/member`, status: 404,
    });
  }
  return member;
}

/** Gives the member the program's role (when it has another) and answers the member as it is then. */
async function setRole(client: DeployServiceClient, inputs: OrganizationMemberInputs, member: Member): Promise<Member> {
  const roleId = await roleIdFor(client, inputs.organizationId, inputs);
  if (member.role_id === roleId) return member;
  await client.members.editRole(inputs.organizationId, { user_id: member.id, role_id: roleId });
  return memberById(client, inputs.organizationId, member.id);
}

/** The member family: the organization's members are listed, given a role, and removed; they join by invitation. */
export const organizationMember = defineResource({
  kind: "OrganizationMember",
  noun: "organization member",
  label: (inputs) => `member ${String(inputs["email"] ?? inputs["userId"] ?? "")}`,
  schema: organizationMemberSchema,
  outputNames: ["roleName", "userName"] satisfies (keyof OrganizationMemberComputed)[],
  outputs: (record: Member) => ({ roleName: record.role_name ?? undefined, userName: record.name ?? undefined }),
  // The role in the program's spelling: its name when the program names it (kept as written when it is the same
  // role), its id when the program gives an id.
  fromWire: (record: Member, previous: Props): Props => {
    const out: Props = { organizationId: previous["organizationId"], userId: record.id, email: record.email };
    if (previous["roleId"] !== undefined) out["roleId"] = record.role_id ?? undefined;
    else out["role"] = sameRoleName(previous["role"], record.role_name) ? previous["role"] : (record.role_name ?? undefined);
    return out;
  },
  calls: {
    create: async (client, inputs) => setRole(client, inputs, await findMember(client, inputs.organizationId, inputs)),
    get: (client, id, state) => memberById(client, organizationOf(state), id),
    update: async (client, id, inputs) => setRole(client, inputs, await memberById(client, inputs.organizationId, id)),
    delete: (client, id, state) => client.members.remove(organizationOf(state), id),
  },
});

/** The dynamic provider of {@link OrganizationMember}. */
export const organizationMemberProvider = organizationMember.provider;

/**
 * The role of a member of an organization. Users join an organization by accepting an invitation (see
 * `OrganizationInvitation`); this resource manages someone who is already a member. Its create finds the member (by
 * `userId` or `email`, failing with the organization's members named when none matches) and gives them the role;
 * an update changes the role. Its delete (and `pulumi destroy`, or removing it from the program) **removes the member
 * from the organization**: the resource stands for "this person is a member with this role". To stop managing a
 * member without removing them, give the resource `retainOnDelete: true` first. Changing roles needs an Admin token.
 *
 * @example
 * new OrganizationMember("alice", { organizationId: org.id, email: "alice@acme.example", role: "Admin" });
 *
 * @class
 */
export const OrganizationMember = serviceObjectClass<OrganizationMemberArgs, typeof organizationMemberSchema, OrganizationMemberComputed>(organizationMember);
/** {@link OrganizationMember} as a type: its outputs are every input as stored and what the service computes. */
export type OrganizationMember = InstanceType<typeof OrganizationMember>;
