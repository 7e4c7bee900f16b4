import { DeploymentFailedError, WaitTimeoutError, classifyState, isNotFound } from "../../sdk";
import { JSON_HEADERS, answersAsService, mockClient, rejectionOf, status } from "./support/helpers";

describe("classifyState", () => {
  test.each([
    ["DEPLOYED", "DEPLOYED", "success"],
    ["RUNNING", "DEPLOYED", "success"],
    ["RESTARTED", "DEPLOYED", "success"],
    ["STOPPED", "STOPPED", "success"],
    ["DELETED", "DELETED", "success"],
    ["BUILD_ERROR", "DEPLOYED", "failure"],
    ["DEPLOYMENT_ERROR", "DEPLOYED", "failure"],
    ["STOP_ERROR", "STOPPED", "failure"],
    ["ERROR", "DEPLOYED", "failure"],
    ["CANCELED", "DEPLOYED", "failure"],
    ["DELETED", "DEPLOYED", "failure"],
    ["BUILDING", "DEPLOYED", "in_progress"],
    ["DEPLOYMENT_QUEUED", "DEPLOYED", "in_progress"],
    ["WAITING_RUNNING", "DEPLOYED", "in_progress"],
    ["STOPPING", "STOPPED", "in_progress"],
    ["DEPLOYED", "STOPPED", "in_progress"],
    ["STOPPED", "DEPLOYED", "in_progress"],
  ] as const)("%s with target %s is %s", (state, target, outcome) => {
    expect(classifyState(state, target)).toBe(outcome);
  });

  test("a success state of a previous run counts as in progress while the action is queued", () => {
    expect(classifyState("DEPLOYED", "DEPLOYED", "QUEUED")).toBe("in_progress");
    expect(classifyState("DEPLOYED", "DEPLOYED", "SUCCESS")).toBe("success");
    expect(classifyState("DEPLOYMENT_ERROR", "STOPPED", "ONGOING")).toBe("in_progress");
    expect(classifyState("DEPLOYMENT_ERROR", "STOPPED", "ERROR")).toBe("failure");
  });
});

describe("waitForApplication", () => {
  test("follows the states to DEPLOYED, reporting progress, with a growing interval", async () => {
    const { pool, client } = mockClient();
    for (const state of ["DEPLOYMENT_QUEUED", "BUILDING", "DEPLOYING", "DEPLOYED"]) {
      pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status(state), { headers: JSON_HEADERS });
    }
    const seen: string[] = [];
    const times: number[] = [];
    const result = await client.waitForApplication("a1", {
      pollIntervalMs: 20, maxPollIntervalMs: 45,
      onProgress: (s) => { seen.push(s.state); times.push(Date.now()); },
    });
    expect(result.state).toBe("DEPLOYED");
    expect(seen).toEqual(["DEPLOYMENT_QUEUED", "BUILDING", "DEPLOYING", "DEPLOYED"]);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Intervals: 20, 30, 45 (x1.5, capped at 45); timers never fire early.
    expect(gaps[0]).toBeGreaterThanOrEqual(18);
    expect(gaps[1]).toBeGreaterThanOrEqual(28);
    expect(gaps[2]).toBeGreaterThanOrEqual(43);
  });

  test("a build failure throws DeploymentFailedError with the final state and the last log lines", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("BUILDING"), { headers: JSON_HEADERS });
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("BUILD_ERROR"), { headers: JSON_HEADERS });
    const lines = Array.from({ length: 25 }, (_, i) => ({ id: `l${i}`, created_at: "2025-01-01T00:00:00Z", message: `line ${i}` }));
    let query: unknown;
    pool.intercept({ path: (p) => p.startsWith("/application/a1/log"), method: "GET" }).reply((opts) => {
      query = opts.path;
      return { statusCode: 200, data: { results: lines }, responseOptions: { headers: JSON_HEADERS } };
    });
    const e = await rejectionOf(client.waitForApplication("a1", { pollIntervalMs: 1 }));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.code).toBe("deployment_failed");
    expect(e.finalState).toBe("BUILD_ERROR");
    expect(query).toBe("/application/a1/log?tail=20");
    expect(e.logLines).toHaveLength(20); // cut client-side too
    expect(e.logLines[19]).toBe("line 24");
    expect(e.message).toContain("BUILD_ERROR");
  });

  test("logs that cannot be read do not hide the failure", async () => {
    const { pool, client } = mockClient({ maxRetries: 0 });
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("DEPLOYMENT_ERROR"), { headers: JSON_HEADERS });
    pool.intercept({ path: (p) => p.startsWith("/application/a1/log"), method: "GET" }).reply(500, {});
    const e = await rejectionOf(client.waitForApplication("a1"));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.logLines).toEqual([]);
  });

  test("a timeout is WaitTimeoutError carrying the last state, never success", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("BUILDING"), { headers: JSON_HEADERS }).persist();
    const e = await rejectionOf(client.waitForApplication("a1", { timeoutMs: 60, pollIntervalMs: 10 }));
    expect(e).toBeInstanceOf(WaitTimeoutError);
    expect(e.code).toBe("wait_timeout");
    expect(e.lastState).toBe("BUILDING");
    expect(e.timeoutMs).toBe(60);
  });

  test("target STOPPED after a stop", async () => {
    const { pool, client } = mockClient();
    for (const state of ["DEPLOYED", "STOP_QUEUED", "STOPPING", "STOPPED"]) {
      pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status(state), { headers: JSON_HEADERS });
    }
    expect((await client.waitForApplication("a1", { target: "STOPPED", pollIntervalMs: 1 })).state).toBe("STOPPED");
  });

  test("an AbortSignal ends the wait with its reason", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("BUILDING"), { headers: JSON_HEADERS }).persist();
    const controller = new AbortController();
    const waiting = client.waitForApplication("a1", { pollIntervalMs: 60_000, signal: controller.signal, onProgress: () => controller.abort(new Error("user cancelled")) });
    await expect(waiting).rejects.toThrow("user cancelled");
  });
});

describe("waitForDatabase and waitForEnvironment", () => {
  test("database deploy failure has no log lines", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/database/d1/status", method: "GET" }).reply(200, { ...status("DEPLOYMENT_ERROR"), id: "d1" }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.waitForDatabase("d1"));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.finalState).toBe("DEPLOYMENT_ERROR");
    expect(e.logLines).toEqual([]);
  });

  test("environment reaches DEPLOYED", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/environment/e1/status", method: "GET" }).reply(200, { id: "e1", state: "DEPLOYING", last_deployment_state: "DEPLOYING" }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/environment/e1/status", method: "GET" }).reply(200, { id: "e1", state: "DEPLOYED", last_deployment_state: "DEPLOYED" }, { headers: JSON_HEADERS });
    expect((await client.waitForEnvironment("e1", { pollIntervalMs: 1 })).state).toBe("DEPLOYED");
  });
});

describe("waitUntilGone", () => {
  test("polls until the fetch gives not-found", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1", method: "GET" }).reply(200, { id: "a1", name: "web" }, { headers: JSON_HEADERS }).times(2);
    pool.intercept({ path: "/application/a1", method: "GET" }).reply(404, { message: "gone" }, { headers: JSON_HEADERS });
    answersAsService(pool);
    let calls = 0;
    await client.waitUntilGone(() => { calls++; return client.applications.get("a1"); }, { pollIntervalMs: 1 });
    expect(calls).toBe(3);
  });

  test("other errors are passed on", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1", method: "GET" }).reply(403, { message: "no" }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.waitUntilGone(() => client.applications.get("a1")));
    expect(e.code).toBe("forbidden");
    expect(isNotFound(e)).toBe(false);
  });

  test("still there at the timeout: WaitTimeoutError", async () => {
    const { client } = mockClient();
    const e = await rejectionOf(client.waitUntilGone(() => Promise.resolve({ state: "DELETING" }), { timeoutMs: 30, pollIntervalMs: 5 }));
    expect(e).toBeInstanceOf(WaitTimeoutError);
    expect(e.lastState).toBe("DELETING");
  });
});
