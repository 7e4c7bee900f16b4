/**
 * Waiting for the rate-limit window, against a scripted server on 127.0.0.1 that counts requests in a fixed window
 * and sends `X-RateLimit-*` headers (and `Retry-After` with its 429s): a 429 that names the reset is waited for and
 * never fails the call, within `maxRateLimitWaitMs`; each wait is told once to `onRateLimitWait` and on the
 * diagnostics channel, not once per request.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import {
  DeployServiceClient, RATE_LIMIT_WAIT_CHANNEL, RateLimitError, describeRateLimitWait, type ClientOptions, type RateLimitWait,
} from "../../../sdk";
import { json, startServer, type TestServer } from "../support/http-server";
import { TOKEN, project, rejectionOf } from "../support/helpers";

/** A fixed window of `limit` requests per `windowMs`, the first one starting it. */
function windowed(server: TestServer, limit: number, windowMs: number, retryAfter?: (resetSec: number) => string): { statuses: number[] } {
  let start = 0;
  let count = 0;
  const statuses: number[] = [];
  server.handle = (_req, res) => {
    const now = Date.now();
    if (now - start >= windowMs) {
      start = now;
      count = 0;
    }
    const resetSec = Math.ceil((start + windowMs) / 1000);
    const ok = count < limit;
    if (ok) count++;
    res.setHeader("x-ratelimit-limit", String(limit));
    res.setHeader("x-ratelimit-remaining", String(limit - count));
    res.setHeader("x-ratelimit-reset", String(resetSec));
    statuses.push(ok ? 200 : 429);
    if (!ok) {
      res.setHeader("retry-after", retryAfter ? retryAfter(resetSec) : String(Math.max(1, resetSec - Math.floor(now / 1000))));
      json(res, 429, { message: "rate limit exceeded" });
      return;
    }
    json(res, 200, project("p1", "web"));
  };
  return { statuses };
}

describe("describeRateLimitWait", () => {
  const base = { method: "GET", path: "/project/p1" };
  it("names the wait, what is left of the window and its size", () => {
    expect(describeRateLimitWait({ ...base, kind: "rate-limited", untilResetMs: 14 * 60_000, remaining: 3, limit: 1000 }))
      .toBe("waiting 14m for the rate-limit window: 3 of 1000 requests left");
    expect(describeRateLimitWait({ ...base, kind: "rate-limited", untilResetMs: 42_000, remaining: 0 }))
      .toBe("waiting 42s for the rate-limit window: 0 requests left");
  });

  it("a paced wait says how far apart the last requests go", () => {
    expect(describeRateLimitWait({ ...base, kind: "paced", untilResetMs: 14 * 60_000, spacingMs: 280_000, remaining: 3, limit: 1000 }))
      .toBe("waiting 14m for the rate-limit window: 3 of 1000 requests left, one every 4m40s until it resets");
    expect(describeRateLimitWait({ ...base, kind: "paced", untilResetMs: 2 * 3600_000 + 60_000, remaining: 0, limit: 1000 }))
      .toBe("waiting 2h01m for the rate-limit window: 0 of 1000 requests left");
  });
});

describe("waiting for the rate-limit window", () => {
  jest.setTimeout(30_000);
  let server: TestServer;
  const waits: RateLimitWait[] = [];
  const published: RateLimitWait[] = [];
  const listener = (message: unknown) => published.push(message as RateLimitWait);

  beforeEach(async () => {
    server = await startServer();
    waits.length = 0;
    published.length = 0;
    subscribe(RATE_LIMIT_WAIT_CHANNEL, listener);
  });

  afterEach(async () => {
    unsubscribe(RATE_LIMIT_WAIT_CHANNEL, listener);
    await server.close();
  });

  const client = (options: Partial<ClientOptions>) => new DeployServiceClient({
    baseUrl: server.url, token: TOKEN, dispatcher: server.agent, onRateLimitWait: (w) => waits.push(w), ...options,
  });

  it("429s that name the reset are waited for past maxRetries, and the wait is told once for concurrent requests", async () => {
    const { statuses } = windowed(server, 3, 2_000);
    const c = client({ pacing: false, maxRetries: 0, rateLimitNoticeMs: 100 });
    const results = await Promise.all(Array.from({ length: 6 }, () => c.projects.get("p1")));
    expect(results.map((p) => p.name)).toEqual(Array(6).fill("web"));
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ kind: "rate-limited", remaining: 0, limit: 3, method: "GET", path: "/project/p1" });
    expect(describeRateLimitWait(waits[0]!)).toMatch(/^waiting [1-3]s for the rate-limit window: 0 of 3 requests left$/);
    expect(published).toEqual(waits);
  });

  it("past maxRateLimitWaitMs the call waits what is left, tries once more, then fails with the 429", async () => {
    const { statuses } = windowed(server, 0, 60_000, () => "30");
    const c = client({ pacing: false, maxRetries: 5, maxRateLimitWaitMs: 300 });
    const started = Date.now();
    const e = await rejectionOf(c.projects.get("p1"));
    expect(e).toBeInstanceOf(RateLimitError);
    expect(statuses).toEqual([429, 429]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("pacing spreads the window's last requests without a 429 and says so once per window", async () => {
    const { statuses } = windowed(server, 10, 3_000);
    const c = client({ pacingThreshold: 0.5, rateLimitNoticeMs: 100 });
    // The first window paces its last five requests; the second does not reach its threshold after 12 requests.
    for (let i = 0; i < 12; i++) await c.projects.get("p1");
    expect(statuses).toEqual(Array(12).fill(200));
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ kind: "paced", limit: 10 });
    expect(waits[0]!.remaining).toBeLessThanOrEqual(5);
    expect(describeRateLimitWait(waits[0]!)).toMatch(/^waiting \ds for the rate-limit window: \d of 10 requests left, one every \d+s until it resets$/);
  });

  it("short waits are not told", async () => {
    const { statuses } = windowed(server, 1, 1_000);
    const c = client({ pacing: false, rateLimitNoticeMs: 5_000 });
    await c.projects.get("p1");
    await c.projects.get("p1");
    expect(statuses).toEqual([200, 429, 200]);
    expect(waits).toEqual([]);
  });
});
