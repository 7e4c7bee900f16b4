import { DeploymentFailedError, WaitTimeoutError } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { scaffold, useEmulator } from "./support/emulator-harness";

/** The clock's step: long enough that a poll sees a deployment under way on a loaded CI machine. */
const STEP_MS = 150;
const harness = useEmulator(STEP_MS);

describe("waits against the emulator's deployment clock", () => {
  test("application deploy is followed through its states to DEPLOYED", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/a/web" } });
    await client.applications.deploy(app.id);
    const seen: string[] = [];
    const final = await client.waitForApplication(app.id, { pollIntervalMs: 10, maxPollIntervalMs: 20, timeoutMs: 10_000, onProgress: (s) => seen.push(s.state) });
    expect(final.state).toBe("DEPLOYED");
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.some((s) => s !== "DEPLOYED")).toBe(true);
  });

  test("a BUILD failure carries BUILD_ERROR and the log lines", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "broken", git_repository: { url: "https://github.com/a/broken" } });
    await h.control("PUT", `/services/${app.id}/failure`, { stage: "BUILD" });
    await client.applications.deploy(app.id);
    const e = await rejectionOf(client.waitForApplication(app.id, { pollIntervalMs: 10, timeoutMs: 10_000 }));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.finalState).toBe("BUILD_ERROR");
    expect(e.logLines.length).toBeGreaterThan(0);
    expect(e.logLines.length).toBeLessThanOrEqual(20);
    const requested = (await h.requests()).filter((r) => r.path === `/application/${app.id}/log`);
    expect(requested).toHaveLength(1);
  });

  test("a timeout shorter than the deployment is WaitTimeoutError with the last state", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const db = await client.databases.create(environment.id, { name: "pg", type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
    await h.control("PUT", "/config", { stepMs: 5000 });
    try {
      await client.databases.deploy(db.id);
      const e = await rejectionOf(client.waitForDatabase(db.id, { pollIntervalMs: 10, timeoutMs: 100 }));
      expect(e).toBeInstanceOf(WaitTimeoutError);
      expect(e.lastState).toMatch(/QUEUED|ING$/);
    } finally {
      await h.control("PUT", "/config", { stepMs: STEP_MS }); // config outlives a reset
    }
  });

  test("environment deploy reaches DEPLOYED; delete is followed until gone", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/a/web" } });
    await client.environments.deploy(environment.id);
    expect((await client.waitForEnvironment(environment.id, { pollIntervalMs: 10, timeoutMs: 10_000 })).state).toBe("DEPLOYED");
    await client.environments.delete(environment.id);
    let polls = 0;
    await client.waitUntilGone(() => { polls++; return client.environments.get(environment.id); }, { pollIntervalMs: 10, timeoutMs: 10_000 });
    expect(polls).toBeGreaterThan(1); // still readable while DELETE_QUEUED / DELETING
  });
});
