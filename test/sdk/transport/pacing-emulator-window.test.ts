/**
 * The emulator's rate-limit window can be shortened (`rateLimitWindowSeconds`, also through `PUT /_emulator/config`)
 * so tests of waiting for the window run in seconds; the client waits for it past `maxRetries` and tells the wait.
 */
import { request } from "undici";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { control, requests } from "../../../emulator/control/control-client";
import { DeployServiceClient, describeRateLimitWait, type RateLimitWait } from "../../../sdk";

describe("a shortened rate-limit window on the emulator", () => {
  jest.setTimeout(30_000);
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimitPerHour: 2, rateLimitWindowSeconds: 2, quiet: true });
  });
  afterAll(async () => emulator?.close());

  it("the reset header names the short window; the third request waits for it and succeeds", async () => {
    const started = Date.now();
    const res = await request(`${emulator.url}/organization/${emulator.ids.organizationId}`, {
      headers: { authorization: `Token ${emulator.tokens.admin}` },
    });
    await res.body.text();
    const reset = Number(res.headers["x-ratelimit-reset"]) * 1000;
    expect(reset - started).toBeGreaterThan(0);
    expect(reset - started).toBeLessThanOrEqual(3_000);

    const waits: RateLimitWait[] = [];
    const client = new DeployServiceClient({
      baseUrl: emulator.url, token: emulator.tokens.admin, pacing: false, maxRetries: 0, rateLimitNoticeMs: 100,
      onRateLimitWait: (w) => waits.push(w),
    });
    await client.organizations.get(emulator.ids.organizationId);
    await client.organizations.get(emulator.ids.organizationId);
    const statuses = (await requests(emulator)).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 429, 200]);
    expect(waits.map(describeRateLimitWait)).toEqual([expect.stringMatching(/^waiting [1-3]s for the rate-limit window: 0 of 2 requests left$/)]);
  });

  it("PUT /_emulator/config sets the window", async () => {
    const res = await control(emulator, "PUT", "/config", { rateLimitWindowSeconds: 7 });
    expect(await res.json()).toMatchObject({ rateLimitWindowSeconds: 7, rateLimitPerHour: 2 });
  });
});
