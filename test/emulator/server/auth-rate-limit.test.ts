import { appBody, projectAndEnv, useEmulator } from "../support/helpers";
import { control } from "../../../emulator/control/control-client";

const c = useEmulator({ rateLimitPerHour: 1000 });

describe("auth", () => {
  it("accepts Token and Bearer; 401 for missing or unknown tokens with the error body", async () => {
    for (const scheme of ["Token", "Bearer"]) {
      const r = await fetch(`${c.emu.url}/organization`, { headers: { authorization: `${scheme} ${c.emu.tokens.read}` } });
      expect(r.status).toBe(200);
    }
    const none = await c.call("GET", "/organization", undefined, null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ status: 401, error: "Unauthorized", message: expect.any(String) });
    const unknown = await c.call("GET", "/organization", undefined, "nope");
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).not.toContain("nope");
  });

  it("401 after revocation", async () => {
    expect((await c.call("GET", "/organization", undefined, c.emu.tokens.write)).status).toBe(200);
    expect((await control(c.emu, "POST", "/tokens/write/revoke")).status).toBe(200);
    expect((await c.call("GET", "/organization", undefined, c.emu.tokens.write)).status).toBe(401);
  });

  it("scopes: Read GET only, Write no deploys, Deploy only deploys, Admin all", async () => {
    const { envId } = await projectAndEnv(c);
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const t = c.emu.tokens;
    expect((await c.call("GET", `/application/${app.id}`, undefined, t.read)).status).toBe(200);
    expect((await c.call("POST", `/organization/${c.org}/project`, { name: "r" }, t.read)).status).toBe(403);
    expect((await c.call("POST", `/application/${app.id}/deploy`, undefined, t.read)).status).toBe(403);
    expect((await c.call("POST", `/organization/${c.org}/project`, { name: "w" }, t.write)).status).toBe(200);
    expect((await c.call("PUT", `/application/${app.id}`, { healthchecks: {} }, t.write)).status).toBe(200);
    expect((await c.call("POST", `/application/${app.id}/deploy`, undefined, t.write)).status).toBe(403);
    expect((await c.call("POST", `/application/${app.id}/deploy`, undefined, t.deploy)).status).toBe(202);
    expect((await c.call("POST", `/application/${app.id}/restart-service`, undefined, t.deploy)).status).toBe(202);
    expect((await c.call("POST", `/environment/${envId}/stop`, undefined, t.deploy)).status).toBe(202);
    expect((await c.call("POST", `/organization/${c.org}/container/deploy`, { image_name: "i", tag: "t" }, t.deploy)).status).toBe(202);
    expect((await c.call("DELETE", `/application/${app.id}`, undefined, t.deploy)).status).toBe(403);
    const forbidden = await c.call("DELETE", `/application/${app.id}`, undefined, t.read);
    expect(forbidden.body).toMatchObject({ status: 403, error: "Forbidden" });
    expect((await c.call("DELETE", `/application/${app.id}`, undefined, t.admin)).status).toBe(204);
  });
});

describe("rate limit", () => {
  it("sends X-RateLimit-* on every answer, errors included", async () => {
    const ok = await c.call("GET", "/organization");
    expect(ok.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(Number(ok.headers.get("x-ratelimit-remaining"))).toBe(999);
    const reset = Number(ok.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 3601);
    const notFound = await c.call("GET", "/project/00000000-0000-0000-0000-000000000000");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-ratelimit-remaining")).toBe("998");
    const unauth = await c.call("GET", "/organization", undefined, null);
    expect(unauth.headers.get("x-ratelimit-limit")).toBe("1000");
  });

  it("answers 429 with Retry-After once the window is used up, per token", async () => {
    await control(c.emu, "PUT", "/config", { rateLimitPerHour: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await c.call("GET", "/organization", undefined, c.emu.tokens.read)).status).toBe(200);
      const limited = await c.call("GET", "/organization", undefined, c.emu.tokens.read);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ status: 429, error: "Too Many Requests" });
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await c.call("GET", "/organization", undefined, c.emu.tokens.admin)).status).toBe(200);
    } finally {
      await control(c.emu, "PUT", "/config", { rateLimitPerHour: 1000 });
    }
  });
});
