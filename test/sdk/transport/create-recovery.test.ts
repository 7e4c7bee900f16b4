import { ConnectionError, ServerError } from "../../../sdk";
import { JSON_HEADERS, mockClient, project, rejectionOf, socketClosed } from "../support/helpers";

describe("creates whose answer was lost", () => {
  test("connection cut after sending: the object is found by name and not created twice", async () => {
    const { pool, client, retries } = mockClient();
    let posts = 0;
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).reply(() => {
      posts++;
      throw socketClosed();
    });
    pool.intercept({ path: "/organization/o1/project", method: "GET" })
      .reply(200, { results: [project("p0", "other"), project("p1", "shop")] }, { headers: JSON_HEADERS });
    const created = await client.projects.create("o1", { name: "shop" });
    expect(created.id).toBe("p1");
    expect(posts).toBe(1);
    expect(retries).toHaveLength(0);
  });

  test("not found after the loss: the POST is sent again", async () => {
    const { pool, client, retries } = mockClient();
    const bodies: string[] = [];
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/organization/o1/project", method: "GET" }).reply(200, { results: [] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).reply((opts) => {
      bodies.push(String(opts.body));
      return { statusCode: 200, data: project("p9", "shop"), responseOptions: { headers: JSON_HEADERS } };
    });
    const created = await client.projects.create("o1", { name: "shop", description: "d" });
    expect(created.id).toBe("p9");
    expect(JSON.parse(bodies[0]!)).toEqual({ name: "shop", description: "d" });
    expect(retries).toHaveLength(1);
    expect(retries[0]!.reason).toContain("sending again");
  });

  test("5xx on a create: looked up first, found", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/environmentVariable", method: "POST" }).reply(502, { message: "gateway" });
    pool.intercept({ path: "/application/a1/environmentVariable", method: "GET" }).reply(200, {
      results: [
        { id: "v-env", key: "PORT", value: "1", scope: "ENVIRONMENT", variable_type: "VALUE" },
        { id: "v-app", key: "PORT", value: "8080", scope: "APPLICATION", variable_type: "VALUE" },
      ],
    }, { headers: JSON_HEADERS });
    const variable = await client.environmentVariables.create("a1", { key: "PORT", value: "8080" });
    expect(variable.id).toBe("v-app");
  });

  test("secrets are recovered by key", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/secret", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/application/a1/secret", method: "GET" })
      .reply(200, { results: [{ id: "s1", key: "API_KEY", scope: "APPLICATION", variable_type: "VALUE" }] }, { headers: JSON_HEADERS });
    const secret = await client.secrets.create("a1", { key: "API_KEY", value: "v" });
    expect(secret.id).toBe("s1");
    expect(secret).not.toHaveProperty("value");
  });

  test("409 on a resent create after a lost answer returns the object made by the first attempt", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/environment/e1/deploymentStage", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/environment/e1/deploymentStage", method: "GET" }).reply(200, { results: [] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/environment/e1/deploymentStage", method: "POST" }).reply(409, { message: "name taken" }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/environment/e1/deploymentStage", method: "GET" })
      .reply(200, { results: [{ id: "st1", name: "db", deployment_order: 0 }] }, { headers: JSON_HEADERS });
    const stage = await client.deploymentStages.create("e1", { name: "db" });
    expect(stage.id).toBe("st1");
  });

  test("a first-attempt 409 is a real conflict, not a recovery", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).reply(409, { message: "name taken" }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.projects.create("o1", { name: "shop" }));
    expect(e.code).toBe("conflict");
  });

  test("gives up with the original error when retries run out", async () => {
    const { pool, client } = mockClient({ maxRetries: 1 });
    pool.intercept({ path: "/organization/o1/gitToken", method: "POST" }).reply(503, { message: "down" }).times(2);
    pool.intercept({ path: "/organization/o1/gitToken", method: "GET" }).reply(200, { results: [] }, { headers: JSON_HEADERS }).times(2);
    const e = await rejectionOf(client.gitTokens.create("o1", { name: "gh", type: "GITHUB", token: "ghp_x" }));
    expect(e).toBeInstanceOf(ServerError);
  });

  test("webhooks (no unique name) are recovered as the new one with the same target", async () => {
    const { pool, client } = mockClient();
    const old = { id: "w-old", target_url: "https://hooks.test/x", kind: "STANDARD", events: ["DEPLOYMENT_STARTED"] };
    pool.intercept({ path: "/organization/o1/webhook", method: "GET" }).reply(200, { results: [old] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/organization/o1/webhook", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/organization/o1/webhook", method: "GET" })
      .reply(200, { results: [old, { ...old, id: "w-new" }] }, { headers: JSON_HEADERS });
    const hook = await client.webhooks.create("o1", { target_url: "https://hooks.test/x", events: ["DEPLOYMENT_STARTED"] });
    expect(hook.id).toBe("w-new");
  });

  test("a lost answer with a failing lookup cannot be confirmed: nothing is sent again", async () => {
    const { pool, client } = mockClient({ maxRetries: 3 });
    let posts = 0;
    pool.intercept({ path: "/environment/e1/database", method: "POST" }).reply(() => {
      posts++;
      throw socketClosed();
    }).times(4);
    pool.intercept({ path: "/environment/e1/database", method: "GET" }).reply(403, { message: "no" });
    const e = await rejectionOf(client.databases.create("e1", { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" }));
    expect(e.code).toBe("unconfirmed_create");
    expect(e.message).toContain('could not confirm whether database "db" was created');
    expect(e.cause).toBeInstanceOf(ConnectionError);
    expect(posts).toBe(1);
  });
});

describe("conflicts after a rate limit", () => {
  test("a 409 after a 429 (nothing applied) is a real conflict, no lookup", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).reply(429, {}, { headers: { "retry-after": "0" } });
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).reply(409, { message: "name taken" }, { headers: JSON_HEADERS });
    // The pre-existing "shop" must not be passed off as the one just created.
    pool.intercept({ path: "/organization/o1/project", method: "GET" }).reply(200, { results: [project("p-old", "shop")] }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.projects.create("o1", { name: "shop" }));
    expect(e.code).toBe("conflict");
  });
});
