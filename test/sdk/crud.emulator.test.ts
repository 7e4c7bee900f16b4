import { isNotFound, isAuthError, BadRequestError } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator(0);

describe("CRUD against the emulator", () => {
  test("organizations, clusters, services, costs", async () => {
    const h = harness();
    const client = h.client();
    const orgs = await client.organizations.list();
    expect(orgs.map((o) => o.name)).toContain("emulator-org");
    expect((await client.organizations.get(h.emu.ids.organizationId)).name).toBe("emulator-org");
    const clusters = await client.clusters.list(h.emu.ids.organizationId);
    expect(clusters.map((c) => c.name)).toEqual(["eu-west", "us-east"]);
    const { environment } = await scaffold(h, client);
    await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/acme/web" } });
    const services = await client.services.list(h.emu.ids.organizationId, { environment_id: environment.id });
    expect(services.map((s) => s.name)).toEqual(["web"]);
    const cost = await client.costs.current(h.emu.ids.organizationId);
    expect(cost).toBeDefined();
  });

  test("projects: create, list, get, update, delete, then not found", async () => {
    const h = harness();
    const client = h.client();
    const orgId = h.emu.ids.organizationId;
    const created = await client.projects.create(orgId, { name: "alpha", description: "first" });
    expect(created).toMatchObject({ name: "alpha", description: "first" });
    expect((await client.projects.list(orgId)).map((p) => p.id)).toContain(created.id);
    expect((await client.projects.update(created.id, { name: "beta" })).name).toBe("beta");
    expect((await client.projects.get(created.id)).name).toBe("beta");
    await client.projects.delete(created.id);
    expect(isNotFound(await rejectionOf(client.projects.get(created.id)))).toBe(true);
    expect(isNotFound(await rejectionOf(client.projects.delete(created.id)))).toBe(true);
  });

  test("environments: create with default stage, update mode, status, delete", async () => {
    const h = harness();
    const { project, environment, client } = await scaffold(h);
    expect(environment.cluster_id).toBe(h.emu.ids.clusterIds[0]);
    expect((await client.environments.list(project.id)).map((e) => e.name)).toEqual(["staging"]);
    expect((await client.environments.update(environment.id, { mode: "PRODUCTION" })).mode).toBe("PRODUCTION");
    expect((await client.environments.status(environment.id)).id).toBe(environment.id);
    expect((await client.deploymentStages.list(environment.id)).length).toBeGreaterThanOrEqual(1);
    await client.environments.delete(environment.id);
    await client.waitUntilGone(() => client.environments.get(environment.id), { pollIntervalMs: 5, timeoutMs: 5000 });
  });

  test("applications: create (provider derived), update, actions, logs, advanced settings", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, {
      name: "web", git_repository: { url: "https://gitlab.com/acme/web", branch: "main" },
      ports: [{ internal_port: 8080, publicly_accessible: true }], cpu: 500, memory: 512,
    });
    expect(app.git_repository?.provider).toBe("GITLAB");
    const port = app.ports?.[0];
    if (!port?.id) throw new Error("port id missing");
    const updated = await client.applications.update(app.id, {
      name: "web", healthchecks: {}, cpu: 1000,
      ports: [{ id: port.id, internal_port: 8080, publicly_accessible: false, protocol: "HTTP" }],
    });
    expect(updated.cpu).toBe(1000);
    expect(updated.ports?.[0]?.publicly_accessible).toBe(false);
    expect((await client.applications.list(environment.id)).map((a) => a.id)).toEqual([app.id]);

    await client.applications.deploy(app.id);
    expect((await client.waitForApplication(app.id, { pollIntervalMs: 5 })).state).toBe("DEPLOYED");
    await client.applications.restart(app.id);
    await client.waitForApplication(app.id, { pollIntervalMs: 5 });
    await client.applications.redeploy(app.id);
    await client.waitForApplication(app.id, { pollIntervalMs: 5 });
    await client.applications.stop(app.id);
    expect((await client.waitForApplication(app.id, { target: "STOPPED", pollIntervalMs: 5 })).state).toBe("STOPPED");
    const logs = await client.applications.logs(app.id, { tail: 3 });
    expect(logs.length).toBeLessThanOrEqual(3);

    const all = await client.applications.getAdvancedSettings(app.id);
    expect(Object.keys(all).length).toBeGreaterThanOrEqual(47);
    const after = await client.applications.updateAdvancedSettings(app.id, { "network.ingress.proxy_body_size_mb": 250 });
    expect(String(after["network.ingress.proxy_body_size_mb"])).toBe("250");

    await client.applications.delete(app.id);
    await client.waitUntilGone(() => client.applications.get(app.id), { pollIntervalMs: 5, timeoutMs: 5000 });
  });

  test("variables and secrets: create, list, update, delete; secrets never carry values", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "api", git_repository: { url: "https://github.com/acme/api" } });
    const variable = await client.environmentVariables.create(app.id, { key: "PORT", value: "8080" });
    expect(variable).toMatchObject({ key: "PORT", value: "8080" });
    expect((await client.environmentVariables.update(app.id, variable.id, { key: "PORT", value: "9090" })).value).toBe("9090");
    expect((await client.environmentVariables.list(app.id)).find((v) => v.id === variable.id)?.value).toBe("9090");
    await client.environmentVariables.delete(app.id, variable.id);
    expect((await client.environmentVariables.list(app.id)).find((v) => v.id === variable.id)).toBeUndefined();

    const secret = await client.secrets.create(app.id, { key: "API_KEY", value: "super-secret-1" });
    expect(secret.key).toBe("API_KEY");
    expect(JSON.stringify(secret)).not.toContain("super-secret-1");
    await client.secrets.update(app.id, secret.id, { key: "API_KEY", value: "super-secret-2" });
    const listed = await client.secrets.list(app.id);
    expect(JSON.stringify(listed)).not.toContain("super-secret");
    await client.secrets.delete(app.id, secret.id);
    expect((await client.secrets.list(app.id)).map((s) => s.id)).not.toContain(secret.id);
  });

  test("databases: create, deploy, credentials, linked applications, delete", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const db = await client.databases.create(environment.id, { name: "pg", type: "POSTGRESQL", version: "16", mode: "CONTAINER", storage: 10 });
    expect(db).toMatchObject({ name: "pg", type: "POSTGRESQL" });
    expect((await client.databases.update(db.id, { storage: 20 })).storage).toBe(20);
    await client.databases.deploy(db.id);
    expect((await client.waitForDatabase(db.id, { pollIntervalMs: 5 })).state).toBe("DEPLOYED");
    const creds = await client.databases.setMasterCredentials(db.id, { login: "admin", password: "pw-123456" });
    expect(creds).toMatchObject({ login: "admin", password: "pw-123456" });
    expect(typeof creds.port).toBe("number");
    expect(Array.isArray(await client.databases.linkedApplications(db.id))).toBe(true);
    await client.databases.stop(db.id);
    await client.waitForDatabase(db.id, { target: "STOPPED", pollIntervalMs: 5 });
    await client.databases.delete(db.id);
    await client.waitUntilGone(() => client.databases.get(db.id), { pollIntervalMs: 5, timeoutMs: 5000 });
  });

  test("git tokens: the token value is never answered", async () => {
    const h = harness();
    const client = h.client();
    const orgId = h.emu.ids.organizationId;
    const token = await client.gitTokens.create(orgId, { name: "gh", type: "GITHUB", token: "ghp_verysecret" });
    expect(JSON.stringify(token)).not.toContain("ghp_verysecret");
    expect((await client.gitTokens.update(orgId, token.id, { name: "gh2", type: "GITHUB", token: "ghp_other" })).name).toBe("gh2");
    expect((await client.gitTokens.get(orgId, token.id)).name).toBe("gh2");
    expect((await client.gitTokens.list(orgId)).map((t) => t.id)).toContain(token.id);
    await client.gitTokens.delete(orgId, token.id);
    expect(isNotFound(await rejectionOf(client.gitTokens.get(orgId, token.id)))).toBe(true);
  });

  test("deployment stages: create, order, attach, move, service's stage, delete", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/acme/web" } });
    const first = await client.deploymentStages.create(environment.id, { name: "databases" });
    const second = await client.deploymentStages.create(environment.id, { name: "apps", description: "d" });
    const ordered = await client.deploymentStages.list(environment.id);
    const orders = ordered.map((s) => s.deployment_order ?? 0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    await client.deploymentStages.attachService(second.id, app.id);
    expect((await client.deploymentStages.forService(app.id)).id).toBe(second.id);
    const moved = await client.deploymentStages.moveBefore(second.id, first.id);
    const names = moved.map((s) => s.name);
    expect(names.indexOf("apps")).toBeLessThan(names.indexOf("databases"));
    const back = await client.deploymentStages.moveAfter(second.id, first.id);
    expect(back.map((s) => s.name).indexOf("apps")).toBeGreaterThan(back.map((s) => s.name).indexOf("databases"));
    expect((await client.deploymentStages.update(first.id, { name: "data" })).name).toBe("data");
    expect((await client.deploymentStages.get(first.id)).name).toBe("data");
    await client.deploymentStages.delete(first.id);
    expect(isNotFound(await rejectionOf(client.deploymentStages.get(first.id)))).toBe(true);
  });

  test("webhooks: legacy event names are mapped, kind defaults to STANDARD", async () => {
    const h = harness();
    const client = h.client();
    const orgId = h.emu.ids.organizationId;
    const hook = await client.webhooks.create(orgId, { target_url: "https://hooks.example.com/x", events: ["DEPLOYMENT_SUCCEEDED", "DEPLOYMENT_FAILED"], target_secret: "whsec_x" });
    expect(hook.kind).toBe("STANDARD");
    expect(hook.events).toEqual(["DEPLOYMENT_SUCCESSFUL", "DEPLOYMENT_FAILURE"]);
    expect(JSON.stringify(hook)).not.toContain("whsec_x");
    const updated = await client.webhooks.update(orgId, hook.id, { target_url: "https://hooks.example.com/y", events: ["DEPLOYMENT_STARTED"], enabled: false });
    expect(updated).toMatchObject({ target_url: "https://hooks.example.com/y", enabled: false });
    expect((await client.webhooks.get(orgId, hook.id)).events).toEqual(["DEPLOYMENT_STARTED"]);
    expect((await client.webhooks.list(orgId)).map((w) => w.id)).toEqual([hook.id]);
    await client.webhooks.delete(orgId, hook.id);
    expect(await client.webhooks.list(orgId)).toEqual([]);
  });

  test("clusters: upgrade and token; containers auto-deploy", async () => {
    const h = harness();
    const client = h.client();
    const clusterId = h.emu.ids.clusterIds[1];
    const upgraded = await client.clusters.upgrade(clusterId);
    expect(upgraded.cluster_id).toBe(clusterId);
    const token = await client.clusters.token(clusterId);
    expect(typeof token.status.token).toBe("string");
    const deploy = await client.containers.autoDeploy(h.emu.ids.organizationId, { image_name: "nginx", tag: "1.27" });
    expect(typeof deploy.state).toBe("string");
  });

  test("auth: the read token cannot write (403), a revoked token is 401; no token in messages", async () => {
    const h = harness();
    const reader = h.client({ token: h.emu.tokens.read });
    const forbidden = await rejectionOf(reader.projects.create(h.emu.ids.organizationId, { name: "x" }));
    expect(forbidden.status).toBe(403);
    expect(isAuthError(forbidden)).toBe(true);
    expect(isNotFound(forbidden)).toBe(false);
    await h.control("POST", "/tokens/read/revoke");
    const revoked = await rejectionOf(reader.projects.list(h.emu.ids.organizationId));
    expect(revoked.status).toBe(401);
    expect(revoked.message).not.toContain(h.emu.tokens.read);
    expect((await h.client({ tokenScheme: "Bearer" }).projects.list(h.emu.ids.organizationId))).toEqual([]);
  });

  test("a request the client rejects never reaches the server", async () => {
    const h = harness();
    const client = h.client();
    await h.control("DELETE", "/requests");
    const e = await rejectionOf(client.projects.create(h.emu.ids.organizationId, { name: "" }));
    expect(e).toBeInstanceOf(BadRequestError);
    expect(await h.requests()).toEqual([]);
  });
});
