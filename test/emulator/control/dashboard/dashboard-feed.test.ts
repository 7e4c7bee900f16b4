/**
 * The emulator dashboard without a browser: the page's headers and self-containment, the feed it polls (projects,
 * environments, services and their live states, variables with secrets redacted, requests, faults, token budgets),
 * and the control endpoints' guards kept for both.
 */
import { control } from "../../../../emulator/control/control-client";
import type { DashboardView } from "../../../../emulator/control/dashboard/view";
import { createScenario, rawGet, SECRET_VALUE } from "./dashboard-scenario";
import { useEmulator, waitFor } from "../../support/helpers";

const LIMIT = 500;
const c = useEmulator({ rateLimitPerHour: LIMIT });
const loopback = () => ({ host: new URL(c.emu.url).host });
afterEach(async () => { await control(c.emu, "PUT", "/config", { stepMs: 0 }); });

async function feed(): Promise<{ view: DashboardView; text: string }> {
  const r = await control(c.emu, "GET", "/ui/feed");
  expect(r.status).toBe(200);
  const text = await r.text();
  return { view: JSON.parse(text) as DashboardView, text };
}

describe("dashboard page", () => {
  it("is one self-contained HTML document with a strict Content-Security-Policy", async () => {
    const r = await rawGet(c.emu.url, "/_emulator/ui", loopback());
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = r.headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers["x-frame-options"]).toBe("DENY");
    expect(r.headers["cache-control"]).toBe("no-store");
    expect(r.text).toMatch(/^<!doctype html>/);
    // no external asset: every src/href is inline data, and no URL leaves the page's origin
    expect(r.text).not.toMatch(/\bsrc=/);
    expect(r.text.match(/\bhref="[^"]*"/g)).toEqual(['href="data:,"']);
    expect(r.text).not.toMatch(/https?:\/\//);
    expect(r.text).toContain("/_emulator/ui/feed");
  });

  it("answers 404 for other paths under /_emulator/ui and is not an API route", async () => {
    expect((await control(c.emu, "GET", "/ui/other")).status).toBe(404);
    expect((await control(c.emu, "GET", "/ui/feed/x")).status).toBe(404);
    const post = await control(c.emu, "POST", "/ui/feed", {});
    expect(post.status).toBe(404);
    expect((await c.call("GET", "/_emulator/ui", undefined, null)).status).toBe(200);
    expect(await (await control(c.emu, "GET", "/requests")).json()).toEqual({ results: [] });
  });
});

describe("dashboard guards", () => {
  it("refuse a foreign Origin (403) for the page and its feed; a loopback Origin passes", async () => {
    for (const path of ["/_emulator/ui", "/_emulator/ui/feed"]) {
      for (const origin of ["https://evil.example", "null", `http://127.0.0.1.evil.example:${new URL(c.emu.url).port}`]) {
        const r = await rawGet(c.emu.url, path, { ...loopback(), origin });
        expect([path, origin, r.status]).toEqual([path, origin, 403]);
        expect(r.text).not.toContain("<html");
        expect(r.text).not.toContain("organization");
      }
      expect((await rawGet(c.emu.url, path, { ...loopback(), origin: c.emu.url })).status).toBe(200);
    }
  });

  it("refuse a non-loopback Host (403): a DNS name rebound to 127.0.0.1 cannot read them", async () => {
    for (const path of ["/_emulator/ui", "/_emulator/ui/feed"]) {
      for (const host of ["evil.example", `evil.example:${new URL(c.emu.url).port}`, "127.0.0.1.evil.example"]) {
        const r = await rawGet(c.emu.url, path, { host });
        expect([path, host, r.status]).toEqual([path, host, 403]);
      }
      expect((await rawGet(c.emu.url, path, { host: `localhost:${new URL(c.emu.url).port}` })).status).toBe(200);
    }
  });

  it("answer no CORS header, so another origin's script cannot read the feed", async () => {
    const r = await rawGet(c.emu.url, "/_emulator/ui/feed", loopback());
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
  });
});

describe("dashboard feed", () => {
  it("lists the organization's projects, environments and services with their states", async () => {
    const s = await createScenario(c);
    const { view } = await feed();
    expect(view.organization.id).toBe(c.org);
    expect(view.projects).toHaveLength(1);
    const [project] = view.projects;
    expect(project).toMatchObject({ id: s.projectId, name: "shop" });
    expect(project!.environments.map((e) => [e.name, e.mode, e.cluster, e.state])).toEqual([
      ["production", "PRODUCTION", "eu-west", "READY"], ["staging", "STAGING", "us-east", "READY"],
    ]);
    expect(project!.environments[0]!.services.map((x) => [x.id, x.name, x.kind, x.state, x.deployment_status])).toEqual([
      [s.services.api, "api", "application", "READY", "NEVER_DEPLOYED"],
      [s.services.web, "web", "application", "READY", "NEVER_DEPLOYED"],
      [s.services.worker, "worker", "container", "READY", "NEVER_DEPLOYED"],
    ]);
    expect(project!.environments[1]!.services.map((x) => x.id)).toEqual([s.services.stagingApi]);
  });

  it("follows a deploy through its states as the clock moves", async () => {
    const s = await createScenario(c);
    await control(c.emu, "PUT", "/config", { stepMs: 150 });
    expect((await c.call("POST", `/application/${s.services.api}/deploy`, {})).status).toBe(202);
    const states: string[] = [];
    await waitFor(async () => {
      const svc = (await feed()).view.projects[0]!.environments[0]!.services.find((x) => x.id === s.services.api)!;
      if (states[states.length - 1] !== svc.state) states.push(svc.state);
      return svc.state === "DEPLOYED";
    }, 5000);
    expect(states.length).toBeGreaterThan(1);
    expect(states.some((x) => ["QUEUED", "BUILDING", "DEPLOYING"].includes(x))).toBe(true);
    expect(states[states.length - 1]).toBe("DEPLOYED");
    const env = (await feed()).view.projects[0]!.environments[0]!;
    expect(env.services.find((x) => x.id === s.services.api)!.deployment_status).toBe("UP_TO_DATE");
  });

  it("shows variables, secrets only as ***, and never a token value", async () => {
    await createScenario(c);
    const { view, text } = await feed();
    expect(view.variables.map((v) => [v.owner, v.key, v.kind, v.value])).toEqual(expect.arrayContaining([
      ["shop / production / api", "LOG_LEVEL", "VARIABLE", "info"],
      ["shop / production / api", "DATABASE_PASSWORD", "SECRET", "***"],
    ]));
    expect(text).not.toContain(SECRET_VALUE);
    for (const token of Object.values(c.emu.tokens)) expect(text).not.toContain(token);
  });

  it("carries the last requests newest first with their status codes and tokens", async () => {
    await c.call("GET", `/organization/${c.org}/project`);
    await c.call("GET", `/organization/${c.org}/project`, undefined, "not-a-token");
    await c.call("GET", `/project/00000000-0000-0000-0000-000000000000`, undefined, c.emu.tokens.read);
    const { view } = await feed();
    expect(view.request_count).toBe(3);
    expect(view.requests.map((r) => [r.method, r.path, r.status, r.token_name])).toEqual([
      ["GET", "/project/00000000-0000-0000-0000-000000000000", 404, "read"],
      ["GET", `/organization/${c.org}/project`, 401, null],
      ["GET", `/organization/${c.org}/project`, 200, "admin"],
    ]);
  });

  it("lists the active faults until they are used up", async () => {
    await control(c.emu, "POST", "/faults", { method: "GET", path: `/organization/${c.org}/project`, status: 503, times: 2 });
    await control(c.emu, "POST", "/faults", { kind: "stale_status", reads: 3 });
    let faults = (await feed()).view.faults;
    expect(faults).toEqual([
      expect.objectContaining({ method: "GET", status: 503, remaining: 2 }),
      expect.objectContaining({ kind: "stale_status", reads: 3, remaining: null }),
    ]);
    expect((await c.call("GET", `/organization/${c.org}/project`)).status).toBe(503);
    expect((await c.call("GET", `/organization/${c.org}/project`)).status).toBe(503);
    faults = (await feed()).view.faults;
    expect(faults).toEqual([expect.objectContaining({ kind: "stale_status" })]);
  });

  it("gives each token's rate-limit budget as its X-RateLimit headers count it, and revocations", async () => {
    const before = (await feed()).view.tokens;
    expect(before.map((t) => [t.name, t.used, t.remaining, t.resets_at])).toEqual(
      ["admin", "read", "deploy", "write"].map((n) => [n, 0, LIMIT, null]),
    );
    let last: Headers | undefined;
    for (let i = 0; i < 3; i++) last = (await c.call("GET", `/organization/${c.org}/project`)).headers;
    await c.call("GET", `/organization/${c.org}/project`, undefined, c.emu.tokens.read);
    await control(c.emu, "POST", "/tokens/write/revoke");
    const tokens = (await feed()).view.tokens;
    const admin = tokens.find((t) => t.name === "admin")!;
    expect(admin).toMatchObject({ scope: "Admin", limit: LIMIT, used: 3, remaining: LIMIT - 3, revoked: false });
    expect(admin.remaining).toBe(Number(last!.get("x-ratelimit-remaining")));
    expect(Date.parse(admin.resets_at!) / 1000).toBe(Number(last!.get("x-ratelimit-reset")));
    expect(tokens.find((t) => t.name === "read")).toMatchObject({ used: 1, remaining: LIMIT - 1 });
    expect(tokens.find((t) => t.name === "write")).toMatchObject({ revoked: true, used: 0 });
    expect(JSON.stringify(tokens)).not.toMatch(/value/);
  });
});
