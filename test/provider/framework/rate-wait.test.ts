/**
 * The provider's side of waiting for the rate-limit window: once the provider's progress log is attached (as the
 * dynamic-provider host does on load), a wait any client of the process announces becomes one progress line under
 * the resource whose call waits, however many of that resource's or other resources' requests wait with it.
 */
import { DeployServiceClient } from "../../../sdk";
import { asResource, attachEngineLog, captureProgress } from "../../../provider/framework/progress";
import { watchRateLimitWaits } from "../../../provider/framework/rate-wait";
import { project } from "../../sdk/support/helpers";
import { json, startServer, type TestServer } from "../../sdk/support/http-server";

const TOKEN = "tok_rate_wait_secret_987654";

describe("rate-limit waits in the provider's progress", () => {
  jest.setTimeout(30_000);
  let server: TestServer;
  let lines: Array<[string, string | undefined]>;

  beforeAll(async () => {
    server = await startServer();
    attachEngineLog();
  });

  beforeEach(() => {
    lines = [];
    captureProgress((line, urn) => lines.push([line, urn]));
  });

  afterEach(() => captureProgress(undefined));
  afterAll(async () => server.close());

  /** Two requests per window of 1.5 s; a 429 names the reset. */
  function twoPerWindow(): number[] {
    const statuses: number[] = [];
    let start = 0;
    let count = 0;
    server.handle = (_req, res) => {
      const now = Date.now();
      if (now - start >= 1_500) {
        start = now;
        count = 0;
      }
      const ok = count < 2;
      if (ok) count++;
      res.setHeader("x-ratelimit-limit", "2");
      res.setHeader("x-ratelimit-remaining", String(2 - count));
      const resetSec = Math.ceil((start + 1_500) / 1000);
      res.setHeader("x-ratelimit-reset", String(resetSec));
      statuses.push(ok ? 200 : 429);
      if (ok) json(res, 200, project("p1", "web"));
      else {
        res.setHeader("retry-after", String(Math.max(1, resetSec - Math.floor(now / 1000))));
        json(res, 429, { message: `rate limited for ${TOKEN}` });
      }
    };
    return statuses;
  }

  it("one line per wait, under the resource whose call waits, with the numbers of the headers", async () => {
    const statuses = twoPerWindow();
    const client = new DeployServiceClient({ baseUrl: server.url, token: TOKEN, dispatcher: server.agent, pacing: false, maxRetries: 0, rateLimitNoticeMs: 500 });
    const urn = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/deploy-service:Project::web";
    await asResource(urn, () => Promise.all(Array.from({ length: 5 }, () => client.projects.get("p1"))));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    const waits = lines.filter(([line]) => line.startsWith("waiting "));
    // 3 requests wait for the second window, 1 of them then for the third: one line per wait, not per request.
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.length).toBeLessThanOrEqual(2);
    for (const [line, at] of waits) {
      expect(line).toMatch(/^waiting [1-3]s for the rate-limit window: 0 of 2 requests left$/);
      expect(at).toBe(urn);
    }
    expect(lines.map(([line]) => line).join("\n")).not.toContain(TOKEN);
  });

  it("watchRateLimitWaits stops when told", async () => {
    twoPerWindow();
    const own: string[] = [];
    const stop = watchRateLimitWaits((line) => own.push(line));
    stop();
    const client = new DeployServiceClient({ baseUrl: server.url, token: TOKEN, dispatcher: server.agent, pacing: false, rateLimitNoticeMs: 500 });
    await Promise.all(Array.from({ length: 3 }, () => client.projects.get("p1")));
    expect(own).toEqual([]);
    expect(lines.filter(([line]) => line.startsWith("waiting "))).toHaveLength(1); // the attached log still hears it
  });
});
