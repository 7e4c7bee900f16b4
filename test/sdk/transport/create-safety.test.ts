import {
  ConnectionError, DeployServiceClient, TimeoutError, UnconfirmedCreateError, isRetryable, isUnconfirmedCreate,
  type ClientOptions, type RetryInfo,
} from "../../../sdk";
import { JSON_HEADERS, connectionRefused, mockClient, project, rejectionOf, socketClosed, status } from "../support/helpers";
import { json, startServer, type TestServer } from "../support/http-server";

const HOOK = { target_url: "https://hooks.test/x", events: ["DEPLOYMENT_STARTED" as const] };
const hook = (id: string) => ({ id, kind: "STANDARD", target_url: HOOK.target_url, events: ["DEPLOYMENT_STARTED"] });

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server.close(); });
beforeEach(() => { server.seen.length = 0; });

function realClient(options: Partial<ClientOptions> = {}) {
  const retries: RetryInfo[] = [];
  const client = new DeployServiceClient({
    baseUrl: server.url, token: "tok_create_safety_42", dispatcher: server.agent, pacing: false,
    retryBaseDelayMs: 1, retryMaxDelayMs: 2, random: () => 1, onRetry: (info) => retries.push(info), ...options,
  });
  return { client, retries };
}
const count = (method: string, url: string) => server.seen.filter((r) => r.method === method && r.url === url).length;

/** Runs `fn`, returning its rejection and how long it took. */
async function timed(fn: () => Promise<unknown>): Promise<{ error: any; elapsed: number }> {
  const started = Date.now();
  const error = await rejectionOf(fn());
  return { error, elapsed: Date.now() - started };
}

describe("a server that accepts connections and never answers", () => {
  beforeEach(() => { server.handle = () => undefined; });

  test("a create fails within the deadline, unconfirmed, after exactly one POST", async () => {
    const deadline = 600;
    const { client } = realClient({ timeoutMs: 200, callDeadlineMs: deadline, maxRetries: 10 });
    const { error, elapsed } = await timed(() => client.projects.create("o1", { name: "shop" }));
    expect(error).toBeInstanceOf(UnconfirmedCreateError);
    expect(isUnconfirmedCreate(error)).toBe(true);
    expect(isRetryable(error)).toBe(false);
    expect(error.what).toBe('project "shop"');
    expect(error.message).toContain('could not confirm whether project "shop" was created');
    expect(error.message).toContain("GET /organization/o1/project");
    expect(error.cause).toBeInstanceOf(TimeoutError);
    expect(count("POST", "/organization/o1/project")).toBe(1);
    expect(count("GET", "/organization/o1/project")).toBeGreaterThanOrEqual(1);
    expect(elapsed / deadline).toBeLessThan(3);
  });

  test("a read fails with the deadline's TimeoutError, naming it and the attempts", async () => {
    const deadline = 500;
    const { client, retries } = realClient({ timeoutMs: 150, callDeadlineMs: deadline, maxRetries: 50 });
    const { error, elapsed } = await timed(() => client.projects.get("p1"));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(deadline);
    const attempts = Number(/deadline of 500 ms passed after (\d+) attempts?/.exec(error.message)?.[1]);
    // The last attempt may be cut before its request reaches the server.
    expect(server.seen.length).toBeLessThanOrEqual(attempts);
    expect(server.seen.length).toBeGreaterThanOrEqual(attempts - 1);
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThan(50); // the deadline, not maxRetries, ended it
    // A retry is told before its wait; on a loaded machine the deadline may pass during that wait, so the last
    // retry told may have no attempt of its own.
    expect(retries.length).toBeGreaterThanOrEqual(attempts - 1);
    expect(retries.length).toBeLessThanOrEqual(attempts);
    expect(elapsed / deadline).toBeLessThan(3);
  });

  test("each attempt's timeout is cut to what is left of the deadline", async () => {
    const deadline = 300;
    const { client } = realClient({ timeoutMs: 60_000, callDeadlineMs: deadline });
    const { error, elapsed } = await timed(() => client.applications.get("a1"));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/deadline of 300 ms passed after 1 attempt;/);
    expect(server.seen).toHaveLength(1);
    expect(elapsed / deadline).toBeLessThan(3);
  });

  test("a deploy whose answer is lost is reported, never resent", async () => {
    const { client } = realClient({ timeoutMs: 100, callDeadlineMs: 5000, maxRetries: 4 });
    const e = await rejectionOf(client.applications.deploy("a1"));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(count("POST", "/application/a1/deploy")).toBe(1);
  });
});

describe("lost creates", () => {
  test("webhooks: a lost answer with no new webhook found fails unconfirmed after one POST", async () => {
    server.handle = (req, res) => {
      if (req.method === "POST") res.destroy(); // the connection is cut after the request was sent
      else json(res, 200, { results: [hook("w-old")] });
    };
    const { client, retries } = realClient({ maxRetries: 4 });
    const e = await rejectionOf(client.webhooks.create("o1", HOOK));
    expect(e).toBeInstanceOf(UnconfirmedCreateError);
    expect(e.message).toContain("could not confirm whether webhook to https://hooks.test was created");
    expect(e.message).not.toContain("/x"); // only the target's origin: a Slack URL's path is its secret
    expect(count("POST", "/organization/o1/webhook")).toBe(1);
    expect(count("GET", "/organization/o1/webhook")).toBe(2); // before, and the lookup
    expect(retries).toHaveLength(0);
  });

  test("webhooks: two new webhooks with the target cannot be told apart: unconfirmed, one POST", async () => {
    const { pool, client } = mockClient();
    let posts = 0;
    pool.intercept({ path: "/organization/o1/webhook", method: "GET" }).reply(200, { results: [] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/organization/o1/webhook", method: "POST" }).reply(() => { posts++; return { statusCode: 502, data: "" }; }).times(5);
    pool.intercept({ path: "/organization/o1/webhook", method: "GET" })
      .reply(200, { results: [hook("w-1"), hook("w-2")] }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.webhooks.create("o1", HOOK));
    expect(e.code).toBe("unconfirmed_create");
    expect(e.status).toBe(502);
    expect(posts).toBe(1);
  });

  test("a lookup that fails after a 5xx: unconfirmed, the POST is not sent again", async () => {
    const { pool, client } = mockClient({ maxRetries: 4 });
    let posts = 0;
    pool.intercept({ path: "/organization/o1/gitToken", method: "POST" }).reply(() => { posts++; return { statusCode: 500, data: "" }; }).times(5);
    pool.intercept({ path: "/organization/o1/gitToken", method: "GET" }).reply(500, { message: "db down" }).times(5);
    const e = await rejectionOf(client.gitTokens.create("o1", { name: "gh", type: "GITHUB", token: "ghp_abcdef" }));
    expect(e.code).toBe("unconfirmed_create");
    expect(e.message).toMatch(/could not confirm whether git token "gh" was created: the answer was lost \(500 Internal Server Error\) and looking it up failed/);
    expect(posts).toBe(1);
  });

  test("a lookup that finds nothing allows the resend", async () => {
    const { pool, client, retries } = mockClient();
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/organization/o1/project", method: "GET" }).reply(200, { results: [] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).reply(200, project("p1", "shop"), { headers: JSON_HEADERS });
    expect((await client.projects.create("o1", { name: "shop" })).id).toBe("p1");
    expect(retries.map((r) => r.reason)).toEqual([expect.stringContaining("sending again")]);
  });

  test("a 409 after a resend whose lookup fails: unconfirmed, not a plain conflict", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/environment/e1/deploymentStage", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/environment/e1/deploymentStage", method: "GET" }).reply(200, { results: [] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/environment/e1/deploymentStage", method: "POST" }).reply(409, { message: "name taken" }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/environment/e1/deploymentStage", method: "GET" }).reply(503, { message: "down" }).times(5);
    const e = await rejectionOf(client.deploymentStages.create("e1", { name: "db" }));
    expect(e.code).toBe("unconfirmed_create");
    expect(e.what).toBe('deployment stage "db"');
    expect(e.status).toBe(409);
  });

  test("a connection that never reached the server is resent without a lookup", async () => {
    const { pool, client } = mockClient();
    let lookups = 0;
    pool.intercept({ path: "/organization/o1/webhook", method: "GET" }).reply(() => {
      lookups++;
      return { statusCode: 200, data: { results: [] }, responseOptions: { headers: JSON_HEADERS } };
    }).persist();
    pool.intercept({ path: "/organization/o1/webhook", method: "POST" }).replyWithError(connectionRefused());
    pool.intercept({ path: "/organization/o1/webhook", method: "POST" }).reply(201, hook("w-1"), { headers: JSON_HEADERS });
    expect((await client.webhooks.create("o1", HOOK)).id).toBe("w-1");
    expect(lookups).toBe(1); // only the "before" list
  });

  test("the cause of an unconfirmed create is the error that lost the answer", async () => {
    const { pool, client } = mockClient({ maxRetries: 0 });
    pool.intercept({ path: "/application/a1/secret", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/application/a1/secret", method: "GET" }).reply(403, { message: "no" });
    const e = await rejectionOf(client.secrets.create("a1", { key: "API_KEY", value: "v4lue-v4lue" }));
    expect(e.what).toBe('secret "API_KEY"');
    expect(e.cause).toBeInstanceOf(ConnectionError);
    expect(e.message).toContain("403 Forbidden");
  });
});

describe("the deadline and waits the service asked for", () => {
  test("a 429 wait does not count against the deadline", async () => {
    const { pool, client, retries } = mockClient({ callDeadlineMs: 100 });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(429, {}, { headers: { "retry-after": "0.3" } });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, project("p1", "shop"), { headers: JSON_HEADERS });
    expect((await client.projects.get("p1")).id).toBe("p1");
    expect(retries[0]!.delayMs).toBeGreaterThan(100);
  });

  test("a backoff that would pass the deadline ends the call at once", async () => {
    const { pool, client, retries } = mockClient({ callDeadlineMs: 200, retryBaseDelayMs: 10_000, retryMaxDelayMs: 10_000 });
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(503, { message: "busy" }).times(3);
    const started = Date.now();
    const e = await rejectionOf(client.applications.status("a1"));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.message).toMatch(/deadline of 200 ms passed after 1 attempt; last: 503 Service Unavailable: busy/);
    expect(e.cause.code).toBe("server_error");
    expect(retries).toHaveLength(0);
    expect((Date.now() - started) / 200).toBeLessThan(3);
  });

  test("an answer within the deadline is unaffected", async () => {
    const { pool, client } = mockClient({ callDeadlineMs: 5000 });
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("DEPLOYED"), { headers: JSON_HEADERS });
    expect((await client.applications.status("a1")).state).toBe("DEPLOYED");
  });

  test("callDeadlineMs must be a positive number", () => {
    expect(() => mockClient({ callDeadlineMs: 0 })).toThrow(/callDeadlineMs/);
  });
});
