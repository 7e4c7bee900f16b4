import { appBody, projectAndEnv, useEmulator, waitFor, walkStates } from "../support/helpers";
import { control } from "../../../emulator/control/control-client";

const STEP = 150;
const c = useEmulator({ stepMs: STEP });
let envId: string;
beforeEach(async () => { ({ envId } = await projectAndEnv(c)); });

/** Polls a status path and collects each distinct state until a terminal one (bounded). */
const walk = (path: string): Promise<string[]> => walkStates(c, path);

describe("deployment clock (stepped)", () => {
  it("walks QUEUED -> BUILDING -> DEPLOYING -> DEPLOYED for an application", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const start = await c.call("POST", `/application/${app.id}/deploy`);
    expect(start.body).toMatchObject({ state: "QUEUED", status_details: { action: "DEPLOY", status: "QUEUED" } });
    const states = await walk(`/application/${app.id}/status`);
    expect(states.filter((s) => s !== "QUEUED")).toEqual(["BUILDING", "DEPLOYING", "DEPLOYED"]);
    expect((await c.call("GET", `/application/${app.id}/status`)).body.status_details.status).toBe("SUCCESS");
  });

  it("databases skip BUILDING; stop walks STOP_QUEUED -> STOPPING -> STOPPED", async () => {
    const db = (await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "REDIS", version: "7", mode: "CONTAINER" })).body;
    await c.call("POST", `/database/${db.id}/deploy`);
    const states = await walk(`/database/${db.id}/status`);
    expect(states).not.toContain("BUILDING");
    expect(states[states.length - 1]).toBe("DEPLOYED");
    const stop = await c.call("POST", `/database/${db.id}/stop`);
    expect(stop.body.state).toBe("STOP_QUEUED");
    const stopStates = await walk(`/database/${db.id}/status`);
    expect(stopStates[stopStates.length - 1]).toBe("STOPPED");
  });

  it("restart walks RESTART_QUEUED -> RESTARTING -> DEPLOYED", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const r = await c.call("POST", `/application/${app.id}/restart-service`);
    expect(r.body.state).toBe("RESTART_QUEUED");
    const states = await walk(`/application/${app.id}/status`);
    expect(states[states.length - 1]).toBe("DEPLOYED");
  });

  it("deletes stay readable in DELETE_QUEUED/DELETING, then 404", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    expect((await c.call("DELETE", `/application/${app.id}`)).status).toBe(204);
    expect((await c.call("GET", `/application/${app.id}`)).status).toBe(200);
    expect(["DELETE_QUEUED", "DELETING"]).toContain((await c.call("GET", `/application/${app.id}/status`)).body.state);
    await waitFor(async () => (await c.call("GET", `/application/${app.id}`)).status === 404, 3000);
    expect((await c.call("DELETE", `/environment/${envId}`)).status).toBe(204);
    expect(["DELETE_QUEUED", "DELETING"]).toContain((await c.call("GET", `/environment/${envId}/status`)).body.state);
    await waitFor(async () => (await c.call("GET", `/environment/${envId}`)).status === 404, 3000);
  });

  it("failure injection ends in BUILD_ERROR with explanatory log lines", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const set = await control(c.emu, "PUT", `/services/${app.id}/failure`, { stage: "BUILD" });
    expect(set.status).toBe(200);
    await c.call("POST", `/application/${app.id}/deploy`);
    const states = await walk(`/application/${app.id}/status`);
    expect(states[states.length - 1]).toBe("BUILD_ERROR");
    const log = await c.call("GET", `/application/${app.id}/log`);
    expect(log.body.results.some((l: { message: string }) => /Build failed/.test(l.message))).toBe(true);
    for (const l of log.body.results) expect(Object.keys(l).sort()).toEqual(["created_at", "id", "message", "pod_name", "version"]);
  });
});

describe("deployment clock (instant)", () => {
  it("stepMs 0 reaches the terminal state at once; DEPLOY failure gives DEPLOYMENT_ERROR; tail cuts the log", async () => {
    await control(c.emu, "PUT", "/config", { stepMs: 0 });
    try {
      const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
      expect((await c.call("POST", `/application/${app.id}/deploy`)).body.state).toBe("DEPLOYED");
      const all = (await c.call("GET", `/application/${app.id}/log`)).body.results;
      expect(all.length).toBeGreaterThan(2);
      expect(all.some((l: { message: string }) => /deployed and running/.test(l.message))).toBe(true);
      await control(c.emu, "PUT", `/services/${app.id}/failure`, { stage: "DEPLOY" });
      const failed = await c.call("POST", `/application/${app.id}/deploy`);
      expect(failed.body).toMatchObject({ state: "DEPLOYMENT_ERROR", status_details: { status: "ERROR" } });
      const tail = (await c.call("GET", `/application/${app.id}/log?tail=1`)).body.results;
      expect(tail).toHaveLength(1);
      expect(tail[0].message).toMatch(/Deployment failed/);
      expect((await c.call("GET", `/application/${app.id}/log?tail=x`)).body.message).toMatch(/^tail/);
      expect((await c.call("DELETE", `/application/${app.id}`)).status).toBe(204);
      expect((await c.call("GET", `/application/${app.id}`)).status).toBe(404);
    } finally {
      await control(c.emu, "PUT", "/config", { stepMs: STEP });
    }
  });
});
