/**
 * The organization's people and access in the emulator (issue 19): the organization edit, API tokens that really
 * authenticate with their role's scope and stop at once when deleted, the invitation lifecycle, members' role changes
 * and removal, custom roles, cluster status and kubeconfig (a secret, redacted from the state dump).
 */
import { control } from "../../../emulator/control/control-client";
import { useEmulator } from "../support/helpers";

const c = useEmulator();
const ORG = () => `/organization/${c.org}`;

async function roleId(name: string): Promise<string> {
  const roles = (await c.call("GET", `${ORG()}/availableRole`)).body.results as Array<{ id: string; name: string }>;
  const role = roles.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name} in ${roles.map((r) => r.name).join(", ")}`);
  return role.id;
}

async function makeToken(name: string, role: string): Promise<{ id: string; token: string }> {
  const r = await c.call("POST", `${ORG()}/apiToken`, { name, role_id: await roleId(role) });
  expect(r.status).toBe(201);
  return r.body;
}

describe("organization edit", () => {
  it("replaces the editable settings (a field left out is cleared) and answers them on reads", async () => {
    const first = await c.call("PUT", ORG(), {
      name: "acme", plan: "TEAM_2025", description: "the shop", website_url: "https://acme.example", repository: "https://github.com/acme",
      logo_url: "https://acme.example/logo.png", icon_url: null, admin_emails: ["ops@acme.example"],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: "acme", description: "the shop", website_url: "https://acme.example", icon_url: null, admin_emails: ["ops@acme.example"] });
    const second = await c.call("PUT", ORG(), { name: "acme", plan: "TEAM_2025", description: "renamed" });
    expect(second.body).toMatchObject({ description: "renamed", website_url: null, logo_url: null, admin_emails: null });
    expect((await c.call("GET", ORG())).body).toMatchObject({ name: "acme", description: "renamed", website_url: null });
  });

  it("keeps the plan when an edit leaves it out, refuses an unknown plan or a missing name, naming the field", async () => {
    const noPlan = await c.call("PUT", ORG(), { name: "acme" });
    expect([noPlan.status, noPlan.body.plan]).toEqual([200, "TEAM_2025"]);
    const badPlan = await c.call("PUT", ORG(), { name: "acme", plan: "GOLD" });
    expect([badPlan.status, badPlan.body.message]).toEqual([400, expect.stringContaining("plan")]);
    const noName = await c.call("PUT", ORG(), { plan: "TEAM_2025" });
    expect([noName.status, noName.body.message]).toEqual([400, expect.stringContaining("name")]);
  });
});

describe("API tokens", () => {
  it("a Read token gets 200 on GET and 403 on POST; once deleted it gets 401 at once", async () => {
    const made = await makeToken("dashboard", "Read");
    expect(made.token).toMatch(/^emu_[0-9a-f]{48}$/);
    expect((await c.call("GET", `${ORG()}/project`, undefined, made.token)).status).toBe(200);
    expect((await c.call("POST", `${ORG()}/project`, { name: "nope" }, made.token)).status).toBe(403);
    expect((await c.call("DELETE", `${ORG()}/apiToken/${made.id}`)).status).toBe(204);
    expect((await c.call("GET", `${ORG()}/project`, undefined, made.token)).status).toBe(401);
    expect((await c.call("DELETE", `${ORG()}/apiToken/${made.id}`)).status).toBe(404);
  });

  it("each role gives its scope: Write creates, Deploy may not create, Admin does all, a custom role only what it grants", async () => {
    const write = await makeToken("ci-write", "Write");
    const deploy = await makeToken("ci-deploy", "Deploy");
    const admin = await c.call("POST", `${ORG()}/apiToken`, { name: "root", scope: "ADMIN", role_id: null });
    const custom = (await c.call("POST", `${ORG()}/customRole`, { name: "auditors" })).body as { id: string };
    const customToken = (await c.call("POST", `${ORG()}/apiToken`, { name: "audit", role_id: custom.id })).body as { token: string; role_name: string };
    expect(customToken.role_name).toBe("auditors");
    expect((await c.call("POST", `${ORG()}/project`, { name: "by-write" }, write.token)).status).toBe(200);
    expect((await c.call("POST", `${ORG()}/project`, { name: "by-deploy" }, deploy.token)).status).toBe(403);
    expect((await c.call("POST", `${ORG()}/project`, { name: "by-admin" }, admin.body.token)).status).toBe(200);
    expect((await c.call("POST", `${ORG()}/project`, { name: "by-custom" }, customToken.token)).status).toBe(403);
    expect(admin.body.role_name).toBe("Admin");
  });

  it("lists metadata only (never a value), filters by name, and refuses a taken name or an unknown role (no role at all: Read)", async () => {
    const made = await makeToken("pipeline", "Deploy");
    await makeToken("other", "Read");
    const listed = await c.call("GET", `${ORG()}/apiToken`);
    expect(listed.body.results.map((t: { name: string }) => t.name)).toEqual(["other", "pipeline"]);
    expect(JSON.stringify(listed.body)).not.toContain(made.token);
    expect(listed.body.results.every((t: Record<string, unknown>) => !("token" in t))).toBe(true);
    const filtered = await c.call("GET", `${ORG()}/apiToken?name=pipeline`);
    expect(filtered.body.results).toEqual([expect.objectContaining({ id: made.id, name: "pipeline", role_name: "Deploy" })]);
    expect((await c.call("POST", `${ORG()}/apiToken`, { name: "pipeline", role_id: await roleId("Read") })).status).toBe(409);
    const noRole = await c.call("POST", `${ORG()}/apiToken`, { name: "x", role_id: null });
    expect([noRole.status, noRole.body.role_name]).toEqual([201, "Read"]);
    const unknownRole = await c.call("POST", `${ORG()}/apiToken`, { name: "y", role_id: "5b1c7a4e-0000-4000-8000-000000000000" });
    expect([unknownRole.status, unknownRole.body.message]).toEqual([400, expect.stringContaining("role_id")]);
  });

  it("keeps token values out of the state dump", async () => {
    const made = await makeToken("secretive", "Write");
    const dump = await (await control(c.emu, "GET", "/state")).text();
    expect(dump).toContain("secretive");
    expect(dump).not.toContain(made.token);
  });
});

describe("invitations and members", () => {
  it("invite, get, list, accept (a member appears, the invitation is gone), change the role, remove", async () => {
    const invited = await c.call("POST", `${ORG()}/inviteMember`, { email: "dev@example.com", role_id: await roleId("Write") });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: "dev@example.com", role: "DEVELOPER", role_name: "Write", invitation_status: "PENDING" });
    const id = invited.body.id as string;
    expect((await c.call("GET", `${ORG()}/inviteMember/${id}`)).body.email).toBe("dev@example.com");
    expect((await c.call("POST", `${ORG()}/inviteMember`, { email: "DEV@example.com" })).status).toBe(409);
    const accepted = await c.call("POST", `${ORG()}/inviteMember/${id}`);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ id, email: "dev@example.com", invitation_status: "EXPIRED" });
    expect((await c.call("GET", `${ORG()}/inviteMember/${id}`)).status).toBe(404);
    expect((await c.call("GET", `${ORG()}/inviteMember`)).body.results).toEqual([]);

    const members = (await c.call("GET", `${ORG()}/member`)).body.results as Array<{ id: string; email: string; role_name: string }>;
    expect(members.map((m) => [m.email, m.role_name])).toEqual([["owner@emulator.invalid", "Owner"], ["dev@example.com", "Write"]]);
    const dev = members[1] as { id: string };
    expect((await c.call("POST", `${ORG()}/inviteMember`, { email: "dev@example.com" })).status).toBe(409);

    const changed = await c.call("PUT", `${ORG()}/member`, { user_id: dev.id, role_id: await roleId("Read") });
    expect([changed.status, changed.body]).toEqual([200, undefined]);
    const after = (await c.call("GET", `${ORG()}/member`)).body.results as Array<{ id: string; role: string; role_name: string }>;
    expect(after.find((m) => m.id === dev.id)).toMatchObject({ role: "VIEWER", role_name: "Read" });

    expect((await c.call("DELETE", `${ORG()}/member`, { user_id: dev.id })).status).toBe(204);
    expect(((await c.call("GET", `${ORG()}/member`)).body.results as unknown[]).length).toBe(1);
    expect((await c.call("DELETE", `${ORG()}/member`, { user_id: dev.id })).status).toBe(404);
  });

  it("the owner keeps its role and stays; the Owner role is given to nobody; a cancelled invitation is gone", async () => {
    const owner = (await c.call("GET", ORG())).body.owner as string;
    expect((await c.call("PUT", `${ORG()}/member`, { user_id: owner, role_id: await roleId("Read") })).status).toBe(400);
    expect((await c.call("DELETE", `${ORG()}/member`, { user_id: owner })).status).toBe(400);
    expect((await c.call("POST", `${ORG()}/inviteMember`, { email: "boss@example.com", role_id: await roleId("Owner") })).status).toBe(400);
    const inv = await c.call("POST", `${ORG()}/inviteMember`, { email: "temp@example.com", role: "ADMIN" });
    expect(inv.body.role_name).toBe("Admin");
    expect((await c.call("DELETE", `${ORG()}/inviteMember/${inv.body.id}`)).status).toBe(204);
    expect((await c.call("GET", `${ORG()}/inviteMember/${inv.body.id}`)).status).toBe(404);
  });
});

describe("custom roles", () => {
  it("create (lowest permissions on every cluster and project), update, get, list, delete", async () => {
    const project = (await c.call("POST", `${ORG()}/project`, { name: "shop" })).body as { id: string };
    const made = await c.call("POST", `${ORG()}/customRole`, { name: "release-managers", description: "ship it" });
    expect(made.status).toBe(201);
    const [eu, us] = c.emu.ids.clusterIds;
    expect(made.body.cluster_permissions.map((p: { permission: string }) => p.permission)).toEqual(["VIEWER", "VIEWER"]);
    expect(made.body.project_permissions).toEqual([{
      project_id: project.id, project_name: "shop", is_admin: false,
      permissions: ["DEVELOPMENT", "PREVIEW", "PRODUCTION", "STAGING"].map((t) => ({ environment_type: t, permission: "NO_ACCESS" })),
    }]);
    const id = made.body.id as string;
    const updated = await c.call("PUT", `${ORG()}/customRole/${id}`, {
      name: "release-managers", description: "ship it",
      cluster_permissions: [{ cluster_id: eu, permission: "ENV_CREATOR" }],
      project_permissions: [{ project_id: project.id, is_admin: false, permissions: [{ environment_type: "PRODUCTION", permission: "DEPLOYER" }] }],
    });
    expect(updated.status).toBe(200);
    const byCluster = Object.fromEntries(updated.body.cluster_permissions.map((p: { cluster_id: string; permission: string }) => [p.cluster_id, p.permission]));
    expect(byCluster).toEqual({ [eu as string]: "ENV_CREATOR", [us as string]: "VIEWER" });
    const perms = updated.body.project_permissions[0].permissions as Array<{ environment_type: string; permission: string }>;
    expect(perms.find((p) => p.environment_type === "PRODUCTION")?.permission).toBe("DEPLOYER");
    expect(perms.find((p) => p.environment_type === "STAGING")?.permission).toBe("NO_ACCESS");
    expect((await c.call("GET", `${ORG()}/customRole/${id}`)).body).toEqual(updated.body);
    expect((await c.call("GET", `${ORG()}/customRole`)).body.results.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await c.call("GET", `${ORG()}/availableRole`)).body.results.map((r: { name: string }) => r.name)).toContain("release-managers");
    expect((await c.call("DELETE", `${ORG()}/customRole/${id}`)).status).toBe(204);
    expect((await c.call("GET", `${ORG()}/customRole/${id}`)).status).toBe(404);
  });

  it("refuses a taken name, unknown clusters or projects, missing permissions, and deleting a role in use", async () => {
    expect((await c.call("POST", `${ORG()}/customRole`, { name: "admin" })).status).toBe(409);
    const id = (await c.call("POST", `${ORG()}/customRole`, { name: "ops" })).body.id as string;
    const unknown = "5b1c7a4e-0000-4000-8000-000000000000";
    const badCluster = await c.call("PUT", `${ORG()}/customRole/${id}`, { name: "ops", cluster_permissions: [{ cluster_id: unknown, permission: "ADMIN" }], project_permissions: [] });
    expect([badCluster.status, badCluster.body.message]).toEqual([400, expect.stringContaining("cluster_permissions[0].cluster_id")]);
    const project = (await c.call("POST", `${ORG()}/project`, { name: "p" })).body.id as string;
    const noPerms = await c.call("PUT", `${ORG()}/customRole/${id}`, { name: "ops", cluster_permissions: [], project_permissions: [{ project_id: project }] });
    expect([noPerms.status, noPerms.body.message]).toEqual([400, expect.stringContaining("project_permissions[0].permissions")]);
    await c.call("POST", `${ORG()}/apiToken`, { name: "ops-bot", role_id: id });
    const inUse = await c.call("DELETE", `${ORG()}/customRole/${id}`);
    expect([inUse.status, inUse.body.message]).toEqual([400, expect.stringContaining("ops-bot")]);
  });
});

describe("cluster status and kubeconfig", () => {
  it("answers a cluster's status, and a YAML kubeconfig naming it with a credential kept across reads (not to a Read token)", async () => {
    const [eu] = c.emu.ids.clusterIds;
    const status = await c.call("GET", `${ORG()}/cluster/${eu}/status`);
    expect(status.body).toMatchObject({ cluster_id: eu, status: "DEPLOYED", is_deployed: true });
    expect((await c.call("GET", `${ORG()}/cluster/${eu}/kubeconfig`, undefined, c.emu.tokens.read)).status).toBe(403);
    const r = await fetch(`${c.emu.url}${ORG()}/cluster/${eu}/kubeconfig`, { headers: { authorization: `Token ${c.emu.tokens.write}` } });
    expect([r.status, r.headers.get("content-type")]).toEqual([200, "application/x-yaml"]);
    const yaml = await r.text();
    expect(yaml).toContain("current-context: eu-west");
    const token = /token: (\S+)/.exec(yaml)?.[1] as string;
    expect(token).toMatch(/^emu-k8s-[0-9a-f]{40}$/);
    const again = await (await fetch(`${c.emu.url}${ORG()}/cluster/${eu}/kubeconfig`, { headers: { authorization: `Token ${c.emu.tokens.admin}` } })).text();
    expect(again).toBe(yaml);
    const readOnly = await (await fetch(`${c.emu.url}${ORG()}/cluster/${eu}/kubeconfig?read_only=true`, { headers: { authorization: `Token ${c.emu.tokens.admin}` } })).text();
    expect(readOnly).toContain("eu-west-read-only");
    expect(readOnly).not.toContain(token);
    const cli = await (await fetch(`${c.emu.url}${ORG()}/cluster/${eu}/kubeconfig?with_token_from_cli=true`, { headers: { authorization: `Token ${c.emu.tokens.admin}` } })).text();
    expect(cli).toContain("exec:");
    expect(cli).not.toMatch(/token: emu-k8s/);
    const dump = await (await control(c.emu, "GET", "/state")).text();
    expect(dump).not.toContain(token);
    expect(dump).toContain("clusterCredentials");
    expect((await c.call("GET", `${ORG()}/cluster/5b1c7a4e-0000-4000-8000-000000000000/kubeconfig`)).status).toBe(404);
  });
});
