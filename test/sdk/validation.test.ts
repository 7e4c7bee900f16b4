import { BadRequestError, InvalidResponseError } from "../../sdk";
import { JSON_HEADERS, mockClient, project, rejectionOf, status } from "./support/helpers";

describe("response validation", () => {
  test("a wrong type names the method, path and field", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, { ...project("p1", "x"), name: 42 }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.projects.get("p1"));
    expect(e).toBeInstanceOf(InvalidResponseError);
    expect(e.message).toBe('GET /project/p1: response field "name": expected string, got number');
    expect(e.field).toBe("name");
  });

  test("a missing required field and a nested field are named", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/environment/e1/application", method: "GET" })
      .reply(200, { results: [{ id: "a1", name: "web", ports: [{ internal_port: "80" }] }] }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.applications.list("e1"));
    expect(e.message).toContain('response field "results[0].ports[0].internal_port": expected number, got string');
    pool.intercept({ path: "/database/d1", method: "GET" }).reply(200, { id: "d1" }, { headers: JSON_HEADERS });
    const missing = await rejectionOf(client.databases.get("d1"));
    expect(missing.message).toContain('response field "name": expected string, got nothing (field missing)');
  });

  test("unknown extra fields are kept, not rejected", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, { ...project("p1", "x"), brand_new_field: { a: 1 } }, { headers: JSON_HEADERS });
    const p = await client.projects.get("p1");
    expect((p as Record<string, unknown>)["brand_new_field"]).toEqual({ a: 1 });
  });

  test("unknown future enum values are accepted", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("SOME_NEW_STATE"), { headers: JSON_HEADERS });
    expect((await client.applications.status("a1")).state).toBe("SOME_NEW_STATE");
  });

  test("a body that is not JSON is reported", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, "<html>");
    const e = await rejectionOf(client.projects.get("p1"));
    expect(e).toBeInstanceOf(InvalidResponseError);
    expect(e.message).toContain("not JSON");
  });

  test("deploy accepts a Status or a deployment record", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/deploy", method: "POST" }).reply(202, status("DEPLOYMENT_QUEUED"), { headers: JSON_HEADERS });
    pool.intercept({ path: "/application/a1/deploy", method: "POST" })
      .reply(202, { id: "dep-1", status: "QUEUED", application_id: "a1", created_at: "2025-01-01T00:00:00Z" }, { headers: JSON_HEADERS });
    expect(await client.applications.deploy("a1")).toMatchObject({ state: "DEPLOYMENT_QUEUED" });
    expect(await client.applications.deploy("a1")).toMatchObject({ status: "QUEUED", application_id: "a1" });
  });

  test("GET /organization accepts {results} or a single organization", async () => {
    const { pool, client } = mockClient();
    const org = { id: "o1", name: "acme", created_at: "2025-01-01T00:00:00Z", plan: "TEAM_2025" };
    pool.intercept({ path: "/organization", method: "GET" }).reply(200, { results: [org] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/organization", method: "GET" }).reply(200, org, { headers: JSON_HEADERS });
    expect((await client.organizations.list()).map((o) => o.id)).toEqual(["o1"]);
    expect((await client.organizations.list()).map((o) => o.id)).toEqual(["o1"]);
  });

  test("a union failure names the field of the closest shape", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/deploy", method: "POST" }).reply(202, { id: "x", state: 7 }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.applications.deploy("a1"));
    expect(e).toBeInstanceOf(InvalidResponseError);
    expect(e.message).toMatch(/response field "(state|status)"/);
  });
});

describe("request validation (no HTTP call)", () => {
  // The MockAgent has no interceptors and no network: any request would fail with a connection error.
  test.each([
    ["project without name", (c: any) => c.projects.create("o1", {}), 'request field "name": expected string, got nothing (field missing)'],
    ["environment with a bad mode", (c: any) => c.environments.create("p1", { name: "e", mode: "PROD" }), 'request field "mode": expected one of "DEVELOPMENT", "PRODUCTION", "STAGING", got "PROD"'],
    ["database without type", (c: any) => c.databases.create("e1", { name: "db", version: "16", mode: "CONTAINER" }), 'request field "type"'],
    ["port out of range", (c: any) => c.applications.create("e1", { name: "a", git_repository: { url: "https://github.com/a/b" }, ports: [{ internal_port: 70000, publicly_accessible: true }] }), 'request field "ports[0].internal_port": expected at most 65535'],
    ["edit port without protocol", (c: any) => c.applications.update("a1", { healthchecks: {}, ports: [{ id: "p1", internal_port: 80, publicly_accessible: true }] }), 'request field "ports[0].protocol"'],
    ["bitbucket token without workspace", (c: any) => c.gitTokens.create("o1", { name: "bb", type: "BITBUCKET", token: "t" }), 'request field "workspace"'],
    ["webhook with an unknown event", (c: any) => c.webhooks.update("o1", "w1", { target_url: "https://x.test", events: ["NOPE"] }), 'request field "events[0]"'],
    ["advanced setting of the wrong type", (c: any) => c.applications.updateAdvancedSettings("a1", { "network.ingress.enable_cors": "yes" }), 'request field "network.ingress.enable_cors": expected boolean, got string'],
    ["gateway retry per-try timeout below 1", (c: any) => c.applications.updateAdvancedSettings("a1", { "network.gateway_api.retry.per_try_timeout_seconds": 0 }), "expected at least 1"],
    ["credentials without password", (c: any) => c.databases.setMasterCredentials("d1", { login: "u" }), 'request field "password"'],
  ])("%s", async (_name, call, text) => {
    const { client } = mockClient();
    const e = await rejectionOf(call(client));
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.local).toBe(true);
    expect(e.status).toBe(400);
    expect(e.message).toContain(text);
  });

  test("an edit may add a port: a port without an id is sent as new", async () => {
    const { pool, client } = mockClient();
    let sent: any;
    pool.intercept({ path: "/application/a1", method: "PUT" }).reply(200, (opts: any) => {
      sent = JSON.parse(String(opts.body));
      return { id: "a1", name: "a", ports: [] };
    }, { headers: JSON_HEADERS });
    await client.applications.update("a1", {
      healthchecks: {},
      ports: [
        { id: "p1", internal_port: 80, publicly_accessible: true, protocol: "HTTP" },
        { internal_port: 9090, publicly_accessible: false, protocol: "GRPC" },
      ],
    });
    expect(sent.ports).toEqual([
      expect.objectContaining({ id: "p1", internal_port: 80 }),
      expect.not.objectContaining({ id: expect.anything() }),
    ]);
    expect(sent.ports[1]).toMatchObject({ internal_port: 9090, protocol: "GRPC" });
  });

  test("secret values are never printed in a validation message", async () => {
    const { client } = mockClient();
    const e = await rejectionOf(client.secrets.create("a1", { key: "", value: "s3cr3t-value" }));
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.message).toContain('request field "key"');
    expect(e.message).not.toContain("s3cr3t-value");
  });
});
