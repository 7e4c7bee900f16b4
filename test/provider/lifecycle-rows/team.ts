/**
 * Lifecycle rows of the organization's team: `OrganizationSettings`, `OrganizationMember`, `CustomRole`, and the
 * two kinds the service cannot change in place, `ApiToken` and `OrganizationInvitation` (replace-only rows: every
 * changed input replaces them). Their own behaviour (a token's scope and rotation, an invitation accepted) is in
 * test/provider/resources/team-resources.test.ts.
 */
import { apiToken } from "../../../provider/resources/api-token";
import { customRole } from "../../../provider/resources/custom-role";
import { organizationInvitation, organizationInvitationProvider } from "../../../provider/resources/organization-invitation";
import { organizationMember } from "../../../provider/resources/organization-member";
import { organizationSettings, organizationSettingsProvider } from "../../../provider/resources/organization-settings";
import { injectFault, type Fixture } from "../support/fixture";
import { fromDefinition, type LifecycleRow, type Props } from "../support/lifecycle-row";

const str = (v: unknown) => String(v);

let memberCounter = 0;
/** A new member of the fixture's organization: invited through the sdk, then accepted. */
export async function sdkMember(fx: Fixture, prefix = "lc-member"): Promise<{ id: string; email: string }> {
  memberCounter += 1;
  const email = `${prefix}-${memberCounter}-${Date.now()}@acme.example`;
  const invitation = await fx.client.invitations.create(fx.orgId, { email, role: "VIEWER" });
  await fx.client.invitations.accept(fx.orgId, invitation.id);
  const member = (await fx.client.members.list(fx.orgId)).find((m) => m.email === email)!;
  return { id: member.id, email };
}

/** The id of the organization's role named `name`. */
export async function roleId(fx: Fixture, name: string): Promise<string> {
  return (await fx.client.organizations.availableRoles(fx.orgId)).find((r) => r.name === name)!.id;
}

export const rows: LifecycleRow[] = [
  {
    ...fromDefinition(organizationSettings),
    provider: organizationSettingsProvider,
    inputs: (fx) => ({ organizationId: fx.orgId, description: "lifecycle settings", websiteUrl: "https://acme.example" }),
    update: (_fx, base) => ({ ...base, description: "lifecycle settings 2", adminEmails: ["ops@acme.example", "cto@acme.example"] }),
    expectUpdated: async (fx) => {
      const org = await fx.client.organizations.get(fx.orgId);
      expect([org.description, [...(org.admin_emails ?? [])].sort(), org.website_url])
        .toEqual(["lifecycle settings 2", ["cto@acme.example", "ops@acme.example"], "https://acme.example"]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx) => {
      await fx.client.organizations.update(fx.orgId, { description: "changed outside", admin_emails: ["ops@acme.example"] });
      return (read) => expect([read["description"], read["adminEmails"]]).toEqual(["changed outside", ["ops@acme.example"]]);
    },
    // An organization is not deleted through the API: the next read of it answers 404 as if it were.
    deleteOutside: async (fx, id) => injectFault(fx.emulator, { method: "GET", path: `/organization/${id}`, status: 404, times: 1 }),
    // Its delete lets go: the organization is still there, with the settings last set.
    expectDeleted: async (fx, id, props) => {
      const org = await fx.client.organizations.get(id);
      expect([org.id, org.description]).toEqual([fx.orgId, props["description"]]);
    },
  },
  {
    ...fromDefinition(organizationMember),
    inputs: async (fx) => ({ organizationId: fx.orgId, email: (await sdkMember(fx)).email, role: "Read" }),
    update: (_fx, base) => ({ ...base, role: "write" }),
    expectUpdated: async (fx, id) => {
      const member = (await fx.client.members.list(fx.orgId)).find((m) => m.id === id);
      expect(member?.role_name).toBe("Write");
    },
    replace: (_fx, base) => ({ inputs: { ...base, email: "someone-else@acme.example" }, replaces: ["email"] }),
    changeOutside: async (fx, id) => {
      await fx.client.members.editRole(fx.orgId, { user_id: id, role_id: await roleId(fx, "Deploy") });
      return (read) => expect(read["role"]).toBe("Deploy");
    },
    expectDeleted: async (fx, id, props) => {
      const members = await fx.client.members.list(fx.orgId);
      expect(members.filter((m) => m.id === id || m.email === str(props["email"]))).toEqual([]);
    },
  },
  {
    ...fromDefinition(customRole),
    inputs: (fx) => ({
      organizationId: fx.orgId, name: "lc-role",
      clusterPermissions: [{ clusterId: fx.clusterIds[0], permission: "ENV_CREATOR" }],
      projectPermissions: [{ projectId: fx.projectId, permissions: [{ environmentType: "STAGING", permission: "DEPLOYER" }] }],
    }),
    update: (fx, base) => ({
      ...base, description: "deploys staging",
      clusterPermissions: [{ clusterId: fx.clusterIds[1], permission: "VIEWER" }, { clusterId: fx.clusterIds[0], permission: "ADMIN" }],
      projectPermissions: [{ projectId: fx.projectId, isAdmin: true }],
    }),
    expectUpdated: async (fx, id) => {
      const role = await fx.client.customRoles.get(fx.orgId, id);
      const cluster = (role.cluster_permissions ?? []).find((c) => c.cluster_id === fx.clusterIds[0]);
      const project = (role.project_permissions ?? []).find((p) => p.project_id === fx.projectId);
      expect([role.description, cluster?.permission, project?.is_admin]).toEqual(["deploys staging", "ADMIN", true]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.customRoles.update(fx.orgId, id, {
        name: str(props["name"]), description: "changed outside",
        cluster_permissions: [{ cluster_id: fx.clusterIds[0], permission: "VIEWER" }],
        project_permissions: [{ project_id: fx.projectId, is_admin: false, permissions: [{ environment_type: "PRODUCTION", permission: "VIEWER" }] }],
      });
      return (read) => expect([read["description"], read["clusterPermissions"], read["projectPermissions"]]).toEqual([
        "changed outside",
        [{ clusterId: fx.clusterIds[0], permission: "VIEWER" }, { clusterId: fx.clusterIds[1], permission: "VIEWER" }].sort((a, b) => a.clusterId.localeCompare(b.clusterId)),
        [{ projectId: fx.projectId, isAdmin: false, permissions: [{ environmentType: "PRODUCTION", permission: "VIEWER" }] }],
      ]);
    },
  },
  {
    ...fromDefinition(apiToken),
    replaceOnly: true,
    inputs: (fx) => ({ organizationId: fx.orgId, name: "lc-api-token", scope: "Read", triggers: ["2026-11"] }),
    changes: (_fx, base) => ([{ triggers: ["2026-12"] }, { name: "lc-api-token-2" }, { description: "x" }, { scope: "Write" }] as Props[])
      .map((change) => ({ inputs: { ...base, ...change }, replaces: Object.keys(change) })),
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
  },
  {
    ...fromDefinition(organizationInvitation),
    // Its delete cancels a pending invitation, and lets go of one accepted (team-resources.test.ts).
    provider: organizationInvitationProvider,
    replaceOnly: true,
    inputs: (fx) => ({ organizationId: fx.orgId, email: `lc-invitee-${Date.now()}@acme.example`, role: "deploy" }),
    changes: (_fx, base) => ([{ email: "lc-other@acme.example" }, { role: "Read" }] as Props[])
      .map((change) => ({ inputs: { ...base, ...change }, replaces: Object.keys(change) })),
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
  },
];
