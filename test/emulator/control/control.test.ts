import { appBody, projectAndEnv, useEmulator } from "../support/helpers";
import { control, injectStaleStatus } from "../../../emulator/control/control-client";

const c = useEmulator();

const ctl = (method: string, path: string, body?: unknown) => control(c.emu, method, path, body);

describe("control endpoints", () => {
  it("reset keeps the seeded ids and tokens and empties the store", async () => {
    await c.call("POST", `/organization/${c.org}/project`, { name: "p" });
    expect((await ctl("POST", "/reset")).status).toBe(200);
    expect((await c.call("GET", `/organization/${c.org}/project`)).body.results).toHaveLength(0);
    const orgs = await c.call("GET", "/organization");
    expect(orgs.body.results[0]).toMatchObject({ id: c.org, name: "emulator-org" });
    const clusters = await c.call("GET", `/organization/${c.org}/cluster`);
    expect(clusters.body.results.map((x: { id: string; name: string }) => [x.id, x.name])).toEqual([
      [c.emu.ids.clusterIds[0], "eu-west"], [c.emu.ids.clusterIds[1], "us-east"],
    ]);
  });

  it("state dump redacts token values", async () => {
    const state = await (await ctl("GET", "/state")).json() as { tokens: Array<{ name: string; value: string; scope: string }> };
    expect(state.tokens.map((t) => [t.name, t.scope, t.value])).toEqual([
      ["admin", "Admin", "***"], ["read", "Read", "***"], ["deploy", "Deploy", "***"], ["write", "Write", "***"],
    ]);
  });

  it("request log records method, path, status, token name and time; DELETE clears it", async () => {
    await ctl("DELETE", "/requests");
    await c.call("GET", "/organization?x=1", undefined, c.emu.tokens.read);
    await c.call("GET", "/organization", undefined, null);
    const log = await (await ctl("GET", "/requests")).json() as { results: Array<Record<string, unknown>> };
    expect(log.results).toEqual([
      { method: "GET", path: "/organization", status: 200, token_name: "read", time: expect.any(String) },
      { method: "GET", path: "/organization", status: 401, token_name: null, time: expect.any(String) },
    ]);
    expect((await ctl("DELETE", "/requests")).status).toBe(204);
    expect(((await (await ctl("GET", "/requests")).json()) as { results: unknown[] }).results).toHaveLength(0);
  });

  it("fault with status answers it (with Retry-After) without applying, `times` bounds it", async () => {
    const f = await ctl("POST", "/faults", { method: "POST", path: `/organization/${c.org}/project`, status: 503, retry_after_seconds: 2, times: 2 });
    expect(f.status).toBe(201);
    expect(((await f.json()) as { id: string }).id).toEqual(expect.any(String));
    for (let i = 0; i < 2; i++) {
      const r = await c.call("POST", `/organization/${c.org}/project`, { name: "p" });
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("2");
      expect(r.body).toMatchObject({ status: 503, error: "Service Unavailable" });
    }
    expect((await c.call("GET", `/organization/${c.org}/project`)).body.results).toHaveLength(0);
    expect((await c.call("POST", `/organization/${c.org}/project`, { name: "p" })).status).toBe(200);
  });

  it("`*` matches one segment; latency delays then proceeds", async () => {
    await ctl("POST", "/faults", { method: "GET", path: "/project/*", status: 500 });
    expect((await c.call("GET", "/project/00000000-0000-0000-0000-000000000000")).status).toBe(500);
    await ctl("POST", "/faults", { method: "GET", path: "/organization", latency_ms: 150 });
    const t0 = Date.now();
    expect((await c.call("GET", "/organization")).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it("drop before loses the request; drop after applies it but loses the answer", async () => {
    await ctl("POST", "/faults", { method: "POST", path: `/organization/${c.org}/project`, drop: "before" });
    await expect(c.call("POST", `/organization/${c.org}/project`, { name: "lost" })).rejects.toThrow();
    expect((await c.call("GET", `/organization/${c.org}/project`)).body.results).toHaveLength(0);
    await ctl("POST", "/faults", { method: "POST", path: `/organization/${c.org}/project`, drop: "after" });
    await expect(c.call("POST", `/organization/${c.org}/project`, { name: "made" })).rejects.toThrow();
    const list = await c.call("GET", `/organization/${c.org}/project`);
    expect(list.body.results.map((p: { name: string }) => p.name)).toEqual(["made"]);
  });

  it("DELETE /faults clears rules; bad fault bodies are 400", async () => {
    await ctl("POST", "/faults", { method: "GET", path: "/organization", status: 500, times: 5 });
    expect((await ctl("DELETE", "/faults")).status).toBe(204);
    expect((await c.call("GET", "/organization")).status).toBe(200);
    const bad = await ctl("POST", "/faults", { method: "GET", path: "organization" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^path/);
  });

  it("a stale-status fault (injectStaleStatus) keeps the first reads after a deploy on the previous deployment; reset ends it", async () => {
    const { envId } = await projectAndEnv(c);
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body.id as string;
    await injectStaleStatus(c.emu, { reads: 1, times: 2 });
    const first = await c.call("POST", `/application/${app}/deploy`);
    expect(first.body.state).toBe("DEPLOYED");
    expect((await c.call("GET", `/application/${app}/status`)).body).toMatchObject({ state: "READY", deployment_request_id: null });
    expect((await c.call("GET", `/application/${app}/status`)).body.deployment_request_id).toBe(first.body.deployment_request_id);
    await c.call("POST", `/application/${app}/stop`);
    expect((await ctl("POST", "/reset")).status).toBe(200);
    const state = await (await ctl("GET", "/state")).json() as { faults: unknown[] };
    expect(state.faults).toEqual([]);
    await expect(injectStaleStatus(c.emu, {})).rejects.toThrow(/fault not accepted: 400/);
  });

  it("failure and revoke 404 for unknown targets; config validates", async () => {
    expect((await ctl("PUT", "/services/00000000-0000-0000-0000-000000000000/failure", { stage: "BUILD" })).status).toBe(404);
    expect((await ctl("POST", "/tokens/nobody/revoke")).status).toBe(404);
    expect((await ctl("PUT", "/config", { stepMs: -1 })).status).toBe(400);
    const ok = await ctl("PUT", "/config", { stepMs: 0, rateLimitPerHour: 1000 });
    expect(await ok.json()).toEqual({ stepMs: 0, rateLimitPerHour: 1000 });
  });
});
