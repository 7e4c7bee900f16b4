/**
 * Deployments leave traces: the deployed commit on the application's `git_repository` and the deployment history of
 * applications, databases and environments (answers checked against the reference when this checkout has it).
 */
import { control } from "../../../emulator/control/control-client";
import { appBody, projectAndEnv, useEmulator, waitFor, type Client } from "../support/helpers";
import { answerProblems, loadReference } from "../support/reference-schema";

const doc = loadReference("deployment trace answers against the reference");
const COMMIT = "0123456789abcdef0123456789abcdef01234567";
const pg = { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" };

/** GET with the answer checked against the reference. */
async function read(c: Client, path: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call("GET", path);
  expect(r.status).toBe(200);
  expect(answerProblems(doc, "GET", path, r.status, r.body)).toEqual([]);
  return r.body;
}

describe("with an instant clock", () => {
  const c = useEmulator();
  let envId: string;
  beforeEach(async () => { ({ envId } = await projectAndEnv(c)); });

  it("a deploy of a named commit shows as the application's deployed commit once DEPLOYED", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    expect(app.git_repository).not.toHaveProperty("deployed_commit_id");
    const started = await c.call("POST", `/application/${app.id}/deploy`, { git_commit_id: COMMIT });
    expect(started.status).toBe(202);
    const repo = (await read(c, `/application/${app.id}`)).git_repository;
    expect(repo).toMatchObject({
      deployed_commit_id: COMMIT, deployed_commit_contributor: "acme", deployed_commit_tag: COMMIT.slice(0, 7),
      deployed_commit_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("a deploy naming no commit deploys the branch head; a failed deploy leaves the deployed commit; redeploy keeps it", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    await c.call("POST", `/application/${app.id}/deploy`);
    const head = (await read(c, `/application/${app.id}`)).git_repository.deployed_commit_id as string;
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    await c.call("POST", `/application/${app.id}/deploy`);
    expect((await read(c, `/application/${app.id}`)).git_repository.deployed_commit_id).toBe(head);
    await c.call("POST", `/application/${app.id}/deploy`, { git_commit_id: COMMIT });
    await control(c.emu, "PUT", `/services/${app.id}/failure`, { stage: "BUILD" });
    await c.call("POST", `/application/${app.id}/deploy`, { git_commit_id: "feedface" });
    expect((await read(c, `/application/${app.id}`)).git_repository.deployed_commit_id).toBe(COMMIT);
    await control(c.emu, "PUT", `/services/${app.id}/failure`, { stage: null });
    await c.call("POST", `/application/${app.id}/redeploy`);
    expect((await read(c, `/application/${app.id}`)).git_repository.deployed_commit_id).toBe(COMMIT);
  });

  it("an application's history lists every action newest first with its commit and outcome", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    expect((await read(c, `/application/${app.id}/deploymentHistory`)).results).toEqual([]);
    const first = (await c.call("POST", `/application/${app.id}/deploy`, { git_commit_id: COMMIT })).body.deployment_request_id;
    await control(c.emu, "PUT", `/services/${app.id}/failure`, { stage: "DEPLOY" });
    const second = (await c.call("POST", `/application/${app.id}/deploy`)).body.deployment_request_id;
    const stop = (await c.call("POST", `/application/${app.id}/stop`)).body.deployment_request_id;
    const history = await read(c, `/application/${app.id}/deploymentHistory`);
    expect(history).toMatchObject({ page: 1, page_size: 20 });
    expect(history.results.map((h: { id: string }) => h.id)).toEqual([stop, second, first]);
    expect(history.results[2]).toMatchObject({
      name: "api", status: "SUCCESS", commit: { git_commit_id: COMMIT, author_name: "acme", tag: COMMIT.slice(0, 7) },
      created_at: expect.any(String), updated_at: expect.any(String),
    });
    expect(history.results[1]).toMatchObject({ status: "FAILED", commit: { git_commit_id: expect.stringMatching(/^[0-9a-f]{40}$/) } });
    expect(history.results[0]).toMatchObject({ status: "SUCCESS", commit: null });
  });

  it("a database's history gives each action's state; pages of 20 follow startId", async () => {
    const db = (await c.call("POST", `/environment/${envId}/database`, pg)).body;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push((await c.call("POST", `/database/${db.id}/${i === 22 ? "stop" : "deploy"}`)).body.deployment_request_id);
    const page1 = await read(c, `/database/${db.id}/deploymentHistory`);
    expect(page1.results).toHaveLength(20);
    expect(page1.results[0]).toMatchObject({ id: ids[22], name: "db", status: "STOPPED" });
    expect(page1.results[1]).toMatchObject({ id: ids[21], status: "DEPLOYED" });
    const last = page1.results[19].id as string;
    const page2 = await read(c, `/database/${db.id}/deploymentHistory?startId=${last}`);
    expect(page2.page).toBe(2);
    expect(page2.results.map((h: { id: string }) => h.id)).toEqual([ids[2], ids[1], ids[0]]);
    const bad = await c.call("GET", `/database/${db.id}/deploymentHistory?startId=00000000-0000-4000-8000-000000000000`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^startId: /);
  });

  it("an environment's history has one entry per environment action and per single-service action", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const db = (await c.call("POST", `/environment/${envId}/database`, pg)).body;
    const envDeploy = (await c.call("POST", `/environment/${envId}/deploy`)).body.deployment_request_id;
    const appDeploy = (await c.call("POST", `/application/${app.id}/deploy`, { git_commit_id: COMMIT })).body.deployment_request_id;
    const envStop = (await c.call("POST", `/environment/${envId}/stop`)).body.deployment_request_id;
    const history = await read(c, `/environment/${envId}/deploymentHistory`);
    expect(history.results.map((h: { id: string }) => h.id)).toEqual([envStop, appDeploy, envDeploy]);
    expect(history.results[2]).toMatchObject({
      status: "DEPLOYED", origin: "API",
      applications: [{ name: "api", status: "DEPLOYED", commit: { git_commit_id: expect.any(String) } }],
      databases: [{ id: expect.any(String), name: "db", status: "DEPLOYED" }],
    });
    expect(history.results[1]).toMatchObject({ applications: [{ status: "DEPLOYED", commit: { git_commit_id: COMMIT } }], databases: [] });
    expect(history.results[0]).toMatchObject({ status: "STOPPED" });
    expect(history.results[0].databases[0].id).not.toBe(history.results[2].databases[0].id);
    expect(db.id).toBeDefined();
  });
});

describe("with a stepped clock", () => {
  const c = useEmulator({ stepMs: 150 });

  it("a deploy replaced before its end is CANCELED in the history (FAILED for an application) and never the deployed commit", async () => {
    const { envId } = await projectAndEnv(c);
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const db = (await c.call("POST", `/environment/${envId}/database`, pg)).body;
    const replaced = (await c.call("POST", `/application/${app.id}/deploy`, { git_commit_id: COMMIT })).body.deployment_request_id;
    await c.call("POST", `/database/${db.id}/deploy`);
    await c.call("POST", `/application/${app.id}/stop`);
    await c.call("POST", `/database/${db.id}/stop`);
    const appHistory = await read(c, `/application/${app.id}/deploymentHistory`);
    expect(appHistory.results[1]).toMatchObject({ id: replaced, status: "FAILED" });
    expect(appHistory.results[0]).not.toHaveProperty("status"); // the stop is still running
    expect((await read(c, `/database/${db.id}/deploymentHistory`)).results[1].status).toBe("CANCELED");
    await waitFor(async () => (await c.call("GET", `/application/${app.id}/status`)).body.state === "STOPPED");
    expect((await read(c, `/application/${app.id}`)).git_repository).not.toHaveProperty("deployed_commit_id");
  });
});
