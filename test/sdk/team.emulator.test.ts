/**
 * The organization's people and access through the sdk (issue 19) against the emulator: the settings edit that
 * changes only what it names, API tokens made by scope or role that authenticate with exactly that scope and stop
 * when deleted, invitations and members, custom roles, cluster status and kubeconfig.
 */
import { BadRequestError, isAuthError, isConflict, isNotFound, kubeconfigCredentials, type DeployServiceClient } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { useEmulator } from "./support/emulator-harness";

const harness = useEmulator(0);
const org = () => harness().emu.ids.organizationId;

function clientWith(token: string): DeployServiceClient {
  return harness().client({ token, maxRetries: 0 });
}

describe("organization settings", () => {
  it("update changes only the fields it names (the rest are sent as they are) and reads them back", async () => {
    const client = harness().client();
    await client.organizations.update(org(), { description: "the shop", website_url: "https://acme.example", admin_emails: ["ops@acme.example"] });
    const after = await client.organizations.update(org(), { website_url: null });
    expect(after).toMatchObject({ name: "emulator-org", plan: "TEAM_2025", description: "the shop", website_url: null, admin_emails: ["ops@acme.example"] });
    expect(await client.organizations.get(org())).toMatchObject({ description: "the shop", website_url: null });
  });
});

describe("API tokens", () => {
  it("a token made by scope works with that scope only, is listed without its value, and gets 401 once deleted", async () => {
    const client = harness().client();
    const made = await client.apiTokens.create(org(), { name: "dashboard", description: "read-only", scope: "Read" });
    expect(made).toMatchObject({ name: "dashboard", description: "read-only", role_name: "Read" });
    const dashboard = clientWith(made.token);
    expect((await dashboard.projects.list(org())).length).toBe(0);
    const denied = await rejectionOf(dashboard.projects.create(org(), { name: "nope" }));
    expect([denied.status, isAuthError(denied)]).toEqual([403, true]);
    const listed = await client.apiTokens.list(org(), { name: "dashboard" });
    expect(listed.map((t) => [t.id, t.name])).toEqual([[made.id, "dashboard"]]);
    expect(JSON.stringify(listed)).not.toContain(made.token);
    // The value is a secret of this client from now on: a 409 echoing it as a project name shows "***".
    await client.projects.create(org(), { name: made.token });
    const echoed = await rejectionOf(client.projects.create(org(), { name: made.token }));
    expect([isConflict(echoed), echoed.message.includes("***"), echoed.message.includes(made.token)]).toEqual([true, true, false]);
    await client.apiTokens.delete(org(), made.id);
    const gone = await rejectionOf(dashboard.projects.list(org()));
    expect([gone.status, isAuthError(gone)]).toEqual([401, true]);
    expect(isNotFound(await rejectionOf(client.apiTokens.delete(org(), made.id)))).toBe(true);
  });

  it("Deploy and Write scopes and a custom role's id give their roles; a taken name is a conflict", async () => {
    const client = harness().client();
    const deploy = await client.apiTokens.create(org(), { name: "ci-deploy", scope: "Deploy" });
    const write = await client.apiTokens.create(org(), { name: "ci-write", scope: "Write" });
    const admin = await client.apiTokens.create(org(), { name: "ci-admin", scope: "Admin" });
    const role = await client.customRoles.create(org(), { name: "auditors" });
    const custom = await client.apiTokens.create(org(), { name: "audit", role_id: role.id });
    expect([deploy.role_name, write.role_name, admin.role_name, custom.role_name]).toEqual(["Deploy", "Write", "Admin", "auditors"]);
    expect((await rejectionOf(clientWith(deploy.token).projects.create(org(), { name: "by-deploy" }))).status).toBe(403);
    expect((await clientWith(write.token).projects.create(org(), { name: "by-write" })).name).toBe("by-write");
    expect(isConflict(await rejectionOf(client.apiTokens.create(org(), { name: "ci-deploy", scope: "Read" })))).toBe(true);
  });

  it("refuses a request with both or neither of scope and role_id before sending", async () => {
    const client = harness().client();
    const both = await rejectionOf(client.apiTokens.create(org(), { name: "x", scope: "Read", role_id: "5b1c7a4e-0000-4000-8000-000000000000" }));
    expect([both instanceof BadRequestError, both.message]).toEqual([true, expect.stringContaining("exactly one")]);
    const neither = await rejectionOf(client.apiTokens.create(org(), { name: "x" }));
    expect(neither.message).toContain("scope");
    expect(await harness().requests()).toEqual([]);
  });
});

describe("invitations, members and custom roles", () => {
  it("invite with a role, accept, change the member's role, remove; cancel another invitation", async () => {
    const client = harness().client();
    const roles = await client.organizations.availableRoles(org());
    const roleId = (name: string) => roles.find((r) => r.name === name)?.id as string;
    const inv = await client.invitations.create(org(), { email: "dev@example.com", role_id: roleId("Write") });
    expect(inv).toMatchObject({ email: "dev@example.com", role_name: "Write", invitation_status: "PENDING" });
    expect((await client.invitations.get(org(), inv.id)).id).toBe(inv.id);
    await client.invitations.accept(org(), inv.id);
    expect(isNotFound(await rejectionOf(client.invitations.get(org(), inv.id)))).toBe(true);
    const dev = (await client.members.list(org())).find((m) => m.email === "dev@example.com");
    expect(dev?.role_name).toBe("Write");
    await client.members.editRole(org(), { user_id: dev?.id as string, role_id: roleId("Read") });
    expect((await client.members.list(org())).find((m) => m.id === dev?.id)?.role).toBe("VIEWER");
    await client.members.remove(org(), dev?.id as string);
    expect((await client.members.list(org())).map((m) => m.email)).toEqual(["owner@emulator.invalid"]);
    const other = await client.invitations.create(org(), { email: "temp@example.com", role: "VIEWER" });
    await client.invitations.delete(org(), other.id);
    expect(await client.invitations.list(org())).toEqual([]);
  });

  it("custom roles: create, update with permissions, get, list, delete", async () => {
    const client = harness().client();
    const [eu] = harness().emu.ids.clusterIds;
    const project = await client.projects.create(org(), { name: "shop" });
    const role = await client.customRoles.create(org(), { name: "release", description: "ship" });
    const updated = await client.customRoles.update(org(), role.id, {
      name: "release", description: "ship", cluster_permissions: [{ cluster_id: eu, permission: "ENV_CREATOR" }],
      project_permissions: [{ project_id: project.id, is_admin: true }],
    });
    expect(updated.cluster_permissions?.find((p) => p.cluster_id === eu)?.permission).toBe("ENV_CREATOR");
    expect(updated.project_permissions?.[0]).toMatchObject({ project_id: project.id, project_name: "shop", is_admin: true });
    expect((await client.customRoles.get(org(), role.id)).name).toBe("release");
    expect((await client.customRoles.list(org())).map((r) => r.id)).toEqual([role.id]);
    await client.customRoles.delete(org(), role.id);
    expect(isNotFound(await rejectionOf(client.customRoles.get(org(), role.id)))).toBe(true);
    const local = await rejectionOf(client.customRoles.update(org(), role.id, { name: "x", cluster_permissions: [], project_permissions: [{ project_id: project.id }] }));
    expect([local instanceof BadRequestError, local.message]).toEqual([true, expect.stringContaining("project_permissions[0].permissions")]);
  });
});

describe("cluster access", () => {
  it("status, and a kubeconfig as YAML text whose credential the client keeps out of its messages", async () => {
    const client = harness().client();
    const [eu] = harness().emu.ids.clusterIds;
    expect(await client.clusters.status(org(), eu)).toMatchObject({ cluster_id: eu, status: "DEPLOYED" });
    const yaml = await client.clusters.kubeconfig(org(), eu);
    expect(yaml).toContain("kind: Config");
    const [credential] = kubeconfigCredentials(yaml);
    expect(credential).toMatch(/^emu-k8s-/);
    expect(await client.clusters.kubeconfig(org(), eu, { readOnly: true })).not.toContain(credential as string);
    // The service echoes a taken project name in its 409: when that name is the credential, the client hides it.
    await client.projects.create(org(), { name: credential as string });
    const echoed = await rejectionOf(client.projects.create(org(), { name: credential as string }));
    expect(isConflict(echoed)).toBe(true);
    expect(echoed.message).toContain("***");
    expect(echoed.message).not.toContain(credential);
  });
});
