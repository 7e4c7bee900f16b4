import { ConnectionError, RateLimitError, ServerError, TimeoutError, isRetryable } from "../../../sdk";
import { backoffDelay as backoffDelayForTest } from "../../../sdk/retry";
import { JSON_HEADERS, TOKEN, connectionRefused, mockClient, project, rejectionOf, socketClosed, status } from "../support/helpers";

describe("429 handling", () => {
  test("waits for Retry-After, then retries", async () => {
    const { pool, client, retries } = mockClient();
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(429, { status: 429, message: "slow down" }, { headers: { ...JSON_HEADERS, "retry-after": "0.2" } });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, project("p1", "web"), { headers: JSON_HEADERS });
    const started = Date.now();
    const p = await client.projects.get("p1");
    expect(p.name).toBe("web");
    expect(retries).toEqual([{ method: "GET", path: "/project/p1", attempt: 1, delayMs: 200, reason: "429 rate limited" }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  test("waits until X-RateLimit-Reset when no Retry-After is given", async () => {
    const { pool, client, retries } = mockClient();
    const reset = Math.ceil(Date.now() / 1000) + 1;
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(429, {}, { headers: { "x-ratelimit-reset": String(reset), "x-ratelimit-remaining": "0" } });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, project("p1", "web"), { headers: JSON_HEADERS });
    await client.projects.get("p1");
    expect(retries).toHaveLength(1);
    const expected = reset * 1000 - Date.now();
    expect(retries[0]!.delayMs).toBeGreaterThan(0);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(2000);
    expect(Math.abs(retries[0]!.delayMs - expected)).toBeLessThan(2000);
  });

  test("the wait is capped by maxRateLimitWaitMs", async () => {
    const { pool, client, retries } = mockClient({ maxRateLimitWaitMs: 30 });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(429, {}, { headers: { "retry-after": "3600" } });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, project("p1", "web"), { headers: JSON_HEADERS });
    await client.projects.get("p1");
    expect(retries[0]!.delayMs).toBe(30);
  });

  test("a 429 on a deploy is retried too (nothing was applied)", async () => {
    const { pool, client, retries } = mockClient();
    pool.intercept({ path: "/application/a1/deploy", method: "POST" }).reply(429, {}, { headers: { "retry-after": "0" } });
    pool.intercept({ path: "/application/a1/deploy", method: "POST" }).reply(202, status("DEPLOYMENT_QUEUED"), { headers: JSON_HEADERS });
    const result = await client.applications.deploy("a1");
    expect(result).toMatchObject({ state: "DEPLOYMENT_QUEUED" });
    expect(retries).toHaveLength(1);
  });

  test("gives up with RateLimitError after maxRetries", async () => {
    const { pool, client, retries } = mockClient({ maxRetries: 2 });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(429, { message: "limit" }, { headers: { "retry-after": "0" } }).times(3);
    const e = await rejectionOf(client.projects.get("p1"));
    expect(e).toBeInstanceOf(RateLimitError);
    expect(isRetryable(e)).toBe(true);
    expect(retries).toHaveLength(2);
  });
});

describe("5xx and network errors", () => {
  test("GET is retried on 5xx with capped exponential backoff", async () => {
    const { pool, client, retries } = mockClient({ retryBaseDelayMs: 10, retryMaxDelayMs: 25, maxRetries: 4 });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(503, { message: "busy" }).times(4);
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, project("p1", "web"), { headers: JSON_HEADERS });
    await client.projects.get("p1");
    // random() = 1 gives the ceiling of each full-jitter step: 10, 20, then the 25 cap.
    expect(retries.map((r) => r.delayMs)).toEqual([10, 20, 25, 25]);
    expect(retries.every((r) => r.reason.includes("503"))).toBe(true);
  });

  test("full jitter stays within [0, ceiling)", () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelayForTest(0, { ...policy, random: () => 0 })).toBe(0);
    expect(backoffDelayForTest(3, { ...policy, random: () => 0.5 })).toBe(400);
    expect(backoffDelayForTest(10, { ...policy, random: () => 0.999 })).toBe(999);
  });

  test("PUT and DELETE are retried after the connection was cut", async () => {
    const { pool, client, retries } = mockClient();
    pool.intercept({ path: "/project/p1", method: "DELETE" }).replyWithError(socketClosed());
    pool.intercept({ path: "/project/p1", method: "DELETE" }).reply(204, "");
    await client.projects.delete("p1");
    expect(retries).toHaveLength(1);
    expect(retries[0]!.reason).toContain("connection");
  });

  test("gives up with ServerError after maxRetries", async () => {
    const { pool, client } = mockClient({ maxRetries: 1 });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(500, { message: "boom" }).times(2);
    const e = await rejectionOf(client.projects.get("p1"));
    expect(e).toBeInstanceOf(ServerError);
    expect(e.serviceMessage).toBe("boom");
  });

  test("a deploy is not retried after a 5xx (it may have been applied)", async () => {
    const { pool, client, retries } = mockClient();
    pool.intercept({ path: "/application/a1/deploy", method: "POST" }).reply(500, { message: "boom" });
    const e = await rejectionOf(client.applications.deploy("a1"));
    expect(e).toBeInstanceOf(ServerError);
    expect(retries).toHaveLength(0);
  });

  test("a deploy is not retried when the connection was cut after sending", async () => {
    const { pool, client, retries } = mockClient();
    pool.intercept({ path: "/application/a1/stop", method: "POST" }).replyWithError(socketClosed());
    const e = await rejectionOf(client.applications.stop("a1"));
    expect(e).toBeInstanceOf(ConnectionError);
    expect(e.beforeSend).toBe(false);
    expect(retries).toHaveLength(0);
  });

  test("a deploy is retried when the connection was refused (nothing sent)", async () => {
    const { pool, client, retries } = mockClient();
    pool.intercept({ path: "/application/a1/restart-service", method: "POST" }).replyWithError(connectionRefused());
    pool.intercept({ path: "/application/a1/restart-service", method: "POST" }).reply(202, status("RESTART_QUEUED"), { headers: JSON_HEADERS });
    await expect(client.applications.restart("a1")).resolves.toMatchObject({ state: "RESTART_QUEUED" });
    expect(retries).toHaveLength(1);
    expect(retries[0]!.reason).toContain("not sent");
  });
});

describe("timeouts", () => {
  test("a slow answer is reported as TimeoutError (GET retried first)", async () => {
    const { pool, client, retries } = mockClient({ timeoutMs: 40, maxRetries: 1 });
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, project("p1", "web"), { headers: JSON_HEADERS }).delay(300).times(2);
    const e = await rejectionOf(client.projects.get("p1"));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.code).toBe("timeout");
    expect(e.timeoutMs).toBe(40);
    expect(e.message).toContain("40 ms");
    expect(e.message).not.toContain(TOKEN);
    expect(retries).toHaveLength(1);
  });

  test("a timed-out deploy is not sent again", async () => {
    const { pool, client, retries } = mockClient({ timeoutMs: 40 });
    pool.intercept({ path: "/database/d1/deploy", method: "POST" }).reply(202, status("DEPLOYMENT_QUEUED"), { headers: JSON_HEADERS }).delay(300);
    const e = await rejectionOf(client.databases.deploy("d1"));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(retries).toHaveLength(0);
  });
});
