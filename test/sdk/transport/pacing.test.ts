import { Pacer } from "../../../sdk/pacing";
import { JSON_HEADERS, mockClient, project } from "../support/helpers";

const headers = (remaining: number, resetInSec: number, now: number, limit = 1000) => ({
  "x-ratelimit-limit": String(limit),
  "x-ratelimit-remaining": String(remaining),
  "x-ratelimit-reset": String(Math.round(now / 1000 + resetInSec)),
});

describe("Pacer", () => {
  const now = 1_700_000_000_000;

  test("no delay while plenty of requests remain", () => {
    const pacer = new Pacer({ enabled: true, threshold: 0.1, maxDelayMs: 60_000 });
    pacer.observe(headers(900, 3000, now));
    expect(pacer.delayBeforeNext(now)).toBe(0);
  });

  test("spreads requests over the time left once few remain", () => {
    const pacer = new Pacer({ enabled: true, threshold: 0.1, maxDelayMs: 60_000 });
    pacer.observe(headers(10, 100, now));
    // 100 s left for 10 requests: about 10 s apart, and concurrent callers get successive slots.
    const first = pacer.delayBeforeNext(now);
    const second = pacer.delayBeforeNext(now);
    expect(first).toBeCloseTo(10_000, -2);
    expect(second - first).toBeGreaterThanOrEqual(10_000);
  });

  test("waits for the reset when nothing remains, capped", () => {
    const pacer = new Pacer({ enabled: true, threshold: 0.1, maxDelayMs: 5_000 });
    pacer.observe(headers(0, 3, now));
    expect(pacer.delayBeforeNext(now)).toBe(3_000);
    pacer.observe(headers(0, 600, now));
    expect(pacer.delayBeforeNext(now)).toBe(5_000);
  });

  test("can be turned off", () => {
    const pacer = new Pacer({ enabled: false, threshold: 0.1, maxDelayMs: 60_000 });
    pacer.observe(headers(1, 100, now));
    expect(pacer.delayBeforeNext(now)).toBe(0);
  });

  test("a past reset means a new window: no delay", () => {
    const pacer = new Pacer({ enabled: true, threshold: 0.1, maxDelayMs: 60_000 });
    pacer.observe(headers(1, -5, now));
    expect(pacer.delayBeforeNext(now)).toBe(0);
  });
});

describe("client pacing", () => {
  test("the next request is delayed by about (reset - now) / remaining", async () => {
    const { pool, client } = mockClient({ pacing: true });
    const resetSec = Math.ceil(Date.now() / 1000) + 1;
    const rl = { ...JSON_HEADERS, "x-ratelimit-limit": "100", "x-ratelimit-remaining": "4", "x-ratelimit-reset": String(resetSec) };
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, project("p1", "a"), { headers: rl }).times(2);
    await client.projects.get("p1");
    const expected = (resetSec * 1000 - Date.now()) / 4;
    const started = Date.now();
    await client.projects.get("p1");
    expect(Date.now() - started).toBeGreaterThanOrEqual(expected * 0.8);
  });

  test("pacing: false never delays", async () => {
    const { pool, client } = mockClient({ pacing: false });
    const resetSec = Math.ceil(Date.now() / 1000) + 30;
    const rl = { ...JSON_HEADERS, "x-ratelimit-limit": "100", "x-ratelimit-remaining": "1", "x-ratelimit-reset": String(resetSec) };
    pool.intercept({ path: "/project/p1", method: "GET" }).reply(200, project("p1", "a"), { headers: rl }).times(2);
    await client.projects.get("p1");
    const started = Date.now();
    await client.projects.get("p1");
    expect(Date.now() - started).toBeLessThan(5_000); // the paced delay would be ~30 s
  });
});
