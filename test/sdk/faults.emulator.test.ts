import { ConnectionError, ServerError, TimeoutError } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator(0);

describe("fault injection against the emulator", () => {
  test("429 with Retry-After is honoured, then the request succeeds", async () => {
    const h = harness();
    const client = h.client();
    const orgId = h.emu.ids.organizationId;
    await h.fault({ method: "GET", path: `/organization/${orgId}/project`, status: 429, retry_after_seconds: 1 });
    const started = Date.now();
    expect(await client.projects.list(orgId)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(h.retries).toEqual([expect.objectContaining({ method: "GET", delayMs: 1000, reason: "429 rate limited" })]);
    const log = (await h.requests()).filter((r) => r.path === `/organization/${orgId}/project`);
    expect(log.map((r) => r.status)).toEqual([429, 200]);
  });

  test("5xx on GET is retried", async () => {
    const h = harness();
    const client = h.client();
    const orgId = h.emu.ids.organizationId;
    await h.fault({ method: "GET", path: `/organization/${orgId}`, status: 503, times: 2 });
    expect((await client.organizations.get(orgId)).id).toBe(orgId);
    expect(h.retries).toHaveLength(2);
    const log = (await h.requests()).filter((r) => r.path === `/organization/${orgId}`);
    expect(log.map((r) => r.status)).toEqual([503, 503, 200]);
  });

  test("5xx on a deploy is not retried", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/a/web" } });
    await h.fault({ method: "POST", path: "/application/*/deploy", status: 500 });
    expect(await rejectionOf(client.applications.deploy(app.id))).toBeInstanceOf(ServerError);
    const deploys = (await h.requests()).filter((r) => r.path.endsWith("/deploy"));
    expect(deploys).toHaveLength(1);
  });

  test('drop:"after" on a create POST: the project is found, not duplicated', async () => {
    const h = harness();
    const client = h.client();
    const orgId = h.emu.ids.organizationId;
    await h.fault({ method: "POST", path: `/organization/${orgId}/project`, drop: "after" });
    const created = await client.projects.create(orgId, { name: "lost-answer" });
    expect(created.name).toBe("lost-answer");
    const all = await client.projects.list(orgId);
    expect(all.filter((p) => p.name === "lost-answer").map((p) => p.id)).toEqual([created.id]);
    const posts = (await h.requests()).filter((r) => r.method === "POST" && r.path === `/organization/${orgId}/project`);
    expect(posts).toHaveLength(1);
  });

  test('drop:"after" on a variable create: found by key, exactly one', async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/a/web" } });
    await h.fault({ method: "POST", path: `/application/${app.id}/environmentVariable`, drop: "after" });
    const variable = await client.environmentVariables.create(app.id, { key: "LOG_LEVEL", value: "debug" });
    const matching = (await client.environmentVariables.list(app.id)).filter((v) => v.key === "LOG_LEVEL");
    expect(matching.map((v) => v.id)).toEqual([variable.id]);
  });

  test('drop:"before" on a create POST: nothing was made, so it is sent again', async () => {
    const h = harness();
    const client = h.client();
    const orgId = h.emu.ids.organizationId;
    await h.fault({ method: "POST", path: `/organization/${orgId}/project`, drop: "before" });
    const created = await client.projects.create(orgId, { name: "resent" });
    expect((await client.projects.list(orgId)).filter((p) => p.name === "resent")).toHaveLength(1);
    expect(created.name).toBe("resent");
    expect(h.retries).toHaveLength(1);
    expect(h.retries[0]!.reason).toContain("sending again");
  });

  test('drop:"before" on a GET is retried', async () => {
    const h = harness();
    const client = h.client();
    const orgId = h.emu.ids.organizationId;
    await h.fault({ method: "GET", path: `/organization/${orgId}/cluster`, drop: "before" });
    expect(await client.clusters.list(orgId)).toHaveLength(2);
    expect(h.retries).toHaveLength(1);
  });

  test('drop:"after" on a deploy is reported, not resent', async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/a/web" } });
    await h.fault({ method: "POST", path: `/application/${app.id}/deploy`, drop: "after" });
    const e = await rejectionOf(client.applications.deploy(app.id));
    expect(e).toBeInstanceOf(ConnectionError);
    expect(h.retries).toHaveLength(0);
  });

  test("a latency longer than timeoutMs is reported as a timeout", async () => {
    const h = harness();
    const client = h.client({ timeoutMs: 100, maxRetries: 0 });
    const orgId = h.emu.ids.organizationId;
    await h.fault({ method: "GET", path: `/organization/${orgId}/gitToken`, latency_ms: 600 });
    const e = await rejectionOf(client.gitTokens.list(orgId));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.message).toBe(`GET /organization/${orgId}/gitToken: no answer within 100 ms`);
  });

  test("a latency within timeoutMs just slows the answer", async () => {
    const h = harness();
    const client = h.client({ timeoutMs: 2000 });
    const orgId = h.emu.ids.organizationId;
    await h.fault({ method: "GET", path: `/organization/${orgId}/gitToken`, latency_ms: 50 });
    expect(await client.gitTokens.list(orgId)).toEqual([]);
    expect(h.retries).toHaveLength(0);
  });

  test("rate limit headers drive pacing: the last requests of the window are spread out", async () => {
    const h = harness();
    await h.control("PUT", "/config", { rateLimitPerHour: 20 });
    const client = h.client({ maxRateLimitWaitMs: 120 });
    const orgId = h.emu.ids.organizationId;
    try {
      // 20 per hour: once 2 (10%) remain, each request waits (reset - now) / remaining, capped here at 120 ms.
      for (let i = 0; i < 18; i++) await client.organizations.get(orgId);
      const started = Date.now();
      await client.organizations.get(orgId);
      await client.organizations.get(orgId);
      expect(Date.now() - started).toBeGreaterThanOrEqual(220);
      // Only this test's reads: a request an earlier test timed out on may be logged after this one began.
      const statuses = (await h.requests()).filter((r) => r.path === `/organization/${orgId}`).map((r) => r.status);
      expect(statuses).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    } finally {
      await h.control("PUT", "/config", { rateLimitPerHour: 1000 }); // config outlives a reset
    }
  });
});
