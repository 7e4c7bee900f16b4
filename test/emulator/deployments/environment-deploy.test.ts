/**
 * Environment requests run stage by stage as the live service's deployment pipeline does: a stage's services start
 * when the stage before has finished, a failure stops the later stages (their services end CANCELED, never having
 * built or deployed), the environment's service deploy takes pins, cancel, stop and restart of listed services,
 * `statusesWithStages` (checked against the reference when this checkout has it), the stale-status fault, and the
 * order of deploy requests in the request log.
 */
import { control, failDeploys, requests } from "../../../emulator/control/control-client";
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, useEmulator, waitFor, type Client } from "../support/helpers";
import { answerProblems, loadReference } from "../support/reference-schema";

const doc = loadReference("environment deploy answers against the reference");
const STEP = 100;
const COMMIT = "0123456789abcdef0123456789abcdef01234567";
const OTHER_COMMIT = "89abcdef0123456789abcdef0123456789abcdef";
const pg = { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" };

const c = useEmulator();

/** Sets the deployment clock's step (the emulator's clock control; `reset` keeps it). */
async function clockStep(stepMs: number): Promise<void> {
  expect((await control(c.emu, "PUT", "/config", { stepMs })).status).toBe(200);
}

interface Pipeline {
  envId: string;
  db: string;
  api: string;
  web: string;
  stages: { first: string; databases: string; apps: string };
}

/** An environment with stages DEFAULT (empty), `databases` (the database) and `apps` (an application and a container). */
async function pipeline(client: Client = c): Promise<Pipeline> {
  const { envId } = await projectAndEnv(client);
  const db = (await client.call("POST", `/environment/${envId}/database`, pg)).body.id as string;
  const api = (await client.call("POST", `/environment/${envId}/application`, appBody("api"))).body.id as string;
  const web = (await client.call("POST", `/environment/${envId}/container`, containerBody("web", await dockerHubId(client)))).body.id as string;
  const first = (await client.call("GET", `/environment/${envId}/deploymentStage`)).body.results[0].id as string;
  const databases = (await client.call("POST", `/environment/${envId}/deploymentStage`, { name: "databases" })).body.id as string;
  const apps = (await client.call("POST", `/environment/${envId}/deploymentStage`, { name: "apps" })).body.id as string;
  for (const [stage, svc] of [[databases, db], [apps, api], [apps, web]] as const) {
    expect((await client.call("PUT", `/deploymentStage/${stage}/service/${svc}`, {})).status).toBe(200);
  }
  return { envId, db, api, web, stages: { first, databases, apps } };
}

type Statuses = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `GET /environment/{id}/statusesWithStages`, checked against the reference. */
async function statuses(envId: string): Promise<Statuses> {
  const r = await c.call("GET", `/environment/${envId}/statusesWithStages`);
  expect(r.status).toBe(200);
  expect(answerProblems(doc, "GET", `/environment/${envId}/statusesWithStages`, r.status, r.body)).toEqual([]);
  return r.body;
}

/** The services' statuses of a `statusesWithStages` answer, by service id. */
function byService(body: Statuses): Map<string, { state: string; deployment_request_id: string | null }> {
  const out = new Map<string, { state: string; deployment_request_id: string | null }>();
  for (const st of body.stages) {
    for (const key of ["applications", "containers", "jobs", "databases"]) for (const s of st[key]) out.set(s.id, s);
  }
  return out;
}

const TERMINAL = (s: string) => !/ING$|QUEUED$/.test(s);

/** Reads `statusesWithStages` until every listed service is in a terminal state; answers each read's states by id. */
async function followUntilDone(envId: string, ids: string[]): Promise<Array<Record<string, string>>> {
  const seen: Array<Record<string, string>> = [];
  await waitFor(async () => {
    const states = byService(await statuses(envId));
    const row = Object.fromEntries(ids.map((id) => [id, states.get(id)?.state ?? "?"]));
    seen.push(row);
    return ids.every((id) => TERMINAL(row[id] as string));
  }, 8000);
  return seen;
}

async function status(kind: string, id: string): Promise<{ state: string; deployment_request_id: string | null; status_details: { action: string } }> {
  return (await c.call("GET", `/${kind}/${id}/status`)).body;
}

describe("with a stepped clock", () => {
  beforeEach(async () => clockStep(STEP));
  afterAll(async () => clockStep(0));

  it("a later stage's services stay QUEUED until every service of the stage before is DEPLOYED", async () => {
    const p = await pipeline();
    const deploy = await c.call("POST", `/environment/${p.envId}/deploy`);
    expect(deploy.status).toBe(202);
    const requestId = deploy.body.deployment_request_id as string;
    expect(requestId).toEqual(expect.any(String));
    const first = await statuses(p.envId);
    expect(first.stages.map((s: { stage: { name: string; status?: string } }) => [s.stage.name, s.stage.status])).toEqual([
      ["DEFAULT", "SKIPPED"], ["databases", "QUEUED"], ["apps", "QUEUED"],
    ]);
    const seen = await followUntilDone(p.envId, [p.db, p.api, p.web]);
    for (const row of seen) {
      if (row[p.api] !== "QUEUED" || row[p.web] !== "QUEUED") expect([row, row[p.db]]).toEqual([row, "DEPLOYED"]);
    }
    expect(seen.some((row) => row[p.db] === "DEPLOYING" && row[p.api] === "QUEUED" && row[p.web] === "QUEUED")).toBe(true);
    expect(seen.map((row) => row[p.api])).toContain("BUILDING");
    const done = await statuses(p.envId);
    expect(done.stages.map((s: { stage: { status?: string } }) => s.stage.status)).toEqual(["SKIPPED", "DONE", "DONE"]);
    expect(done.environment).toMatchObject({ id: p.envId, state: "DEPLOYED", deployment_request_id: requestId });
    for (const s of byService(done).values()) expect(s).toMatchObject({ state: "DEPLOYED", deployment_request_id: requestId });
  });

  it("a failure in a stage stops the later stages: their services never build or deploy and end CANCELED", async () => {
    const p = await pipeline();
    await failDeploys(c.emu, p.db, "DEPLOY");
    const requestId = (await c.call("POST", `/environment/${p.envId}/deploy`)).body.deployment_request_id as string;
    const seen = await followUntilDone(p.envId, [p.db, p.api, p.web]);
    for (const row of seen) {
      expect([row[p.api], row[p.web]].every((s) => s === "QUEUED" || s === "CANCELED")).toBe(true);
      if (row[p.api] === "CANCELED") expect(row[p.db]).toBe("DEPLOYMENT_ERROR");
    }
    expect(seen.some((row) => row[p.db] === "DEPLOYING" && row[p.api] === "QUEUED")).toBe(true);
    const done = await statuses(p.envId);
    expect(done.stages.map((s: { stage: { status?: string } }) => s.stage.status)).toEqual(["SKIPPED", "ERROR", "CANCELED"]);
    expect(done.environment).toMatchObject({ state: "DEPLOYMENT_ERROR", deployment_request_id: requestId });
    const states = byService(done);
    expect(states.get(p.db)).toMatchObject({ state: "DEPLOYMENT_ERROR", deployment_request_id: requestId });
    for (const id of [p.api, p.web]) expect(states.get(id)).toMatchObject({ state: "CANCELED", deployment_request_id: requestId });
    expect((await status("application", p.api)).status_details).toMatchObject({ action: "DEPLOY", status: "CANCELED" });
    const log = (await c.call("GET", `/application/${p.api}/log`)).body.results.map((l: { message: string }) => l.message);
    expect(log.some((m: string) => /cancelled: deployment stage 'databases' failed before stage 'apps' began/.test(m))).toBe(true);
    expect(log.some((m: string) => /Cloning|deployed and running/.test(m))).toBe(false);
    await new Promise((r) => setTimeout(r, 5 * STEP)); // past when the apps stage would have ended
    expect((await status("application", p.api)).state).toBe("CANCELED");
    const history = (await c.call("GET", `/environment/${p.envId}/deploymentHistory`)).body.results;
    expect(history[0]).toMatchObject({ id: requestId, status: "DEPLOYMENT_ERROR", databases: [{ status: "DEPLOYMENT_ERROR" }], containers: [{ status: "CANCELED" }] });
  });

  it("the environment's service deploy runs the listed services in stage order too", async () => {
    const p = await pipeline();
    const r = await c.call("POST", `/environment/${p.envId}/service/deploy`, {
      applications: [{ application_id: p.api, git_commit_id: COMMIT }], databases: [p.db],
    });
    expect(r.status).toBe(202);
    const seen = await followUntilDone(p.envId, [p.db, p.api]);
    for (const row of seen) if (row[p.api] !== "QUEUED") expect(row[p.db]).toBe("DEPLOYED");
    expect((await status("container", p.web)).state).toBe("READY");
  });

  it("cancel ends every unfinished deploy CANCELED, later stages included; 409 when nothing is left to cancel", async () => {
    const p = await pipeline();
    const requestId = (await c.call("POST", `/environment/${p.envId}/deploy`)).body.deployment_request_id as string;
    const cancel = await c.call("POST", `/environment/${p.envId}/cancelDeployment`, { force_cancel: false });
    expect(cancel.status).toBe(202);
    expect(cancel.body).toMatchObject({ id: p.envId, state: "CANCELED", deployment_request_id: requestId });
    const after = byService(await statuses(p.envId));
    for (const id of [p.db, p.api, p.web]) expect(after.get(id)).toMatchObject({ state: "CANCELED", deployment_request_id: requestId });
    expect((await statuses(p.envId)).stages.map((s: { stage: { status?: string } }) => s.stage.status)).toEqual(["SKIPPED", "CANCELED", "CANCELED"]);
    const again = await c.call("POST", `/environment/${p.envId}/cancelDeployment`, {});
    expect(again.status).toBe(409);
    await new Promise((r) => setTimeout(r, 8 * STEP)); // past the deploy's natural end
    for (const id of [p.db, p.api, p.web]) expect(byService(await statuses(p.envId)).get(id)?.state).toBe("CANCELED");
    const log = (await c.call("GET", `/application/${p.api}/log`)).body.results.map((l: { message: string }) => l.message);
    expect(log.some((m: string) => /cancelled: the environment's deployment was cancelled/.test(m))).toBe(true);
    expect(log.some((m: string) => /deployed and running/.test(m))).toBe(false);
  });

  it("cancel leaves stops alone unless force_cancel", async () => {
    const p = await pipeline();
    await c.call("POST", `/environment/${p.envId}/stop`);
    expect((await c.call("POST", `/environment/${p.envId}/cancelDeployment`)).status).toBe(409);
    const forced = await c.call("POST", `/environment/${p.envId}/cancelDeployment`, { force_cancel: true });
    expect(forced.status).toBe(202);
    for (const id of [p.db, p.api, p.web]) expect(byService(await statuses(p.envId)).get(id)?.state).toBe("CANCELED");
    expect((await c.call("POST", `/environment/${p.envId}/cancelDeployment`, { force_cancel: "yes" })).body.message).toMatch(/^force_cancel: /);
  });

  it("a listed service being deleted is a 409, and nothing starts", async () => {
    const p = await pipeline();
    expect((await c.call("DELETE", `/application/${p.api}`)).status).toBe(204);
    const r = await c.call("POST", `/environment/${p.envId}/service/deploy`, { applications: [{ application_id: p.api }], databases: [p.db] });
    expect(r.status).toBe(409);
    expect((await status("database", p.db)).state).toBe("READY");
  });
});

describe("with an instant clock", () => {
  beforeEach(async () => clockStep(0));

  it("the service deploy deploys only the listed services with their pins, recorded on the services", async () => {
    const p = await pipeline();
    const hub = await dockerHubId(c);
    const admin = (await c.call("POST", `/environment/${p.envId}/application`, appBody("admin"))).body.id as string;
    const report = (await c.call("POST", `/environment/${p.envId}/job`, jobBody("report", hub))).body.id as string;
    const migrate = (await c.call("POST", `/environment/${p.envId}/job`, {
      name: "migrate", healthchecks: {},
      source: { docker: { git_repository: { url: "https://github.com/acme/migrations.git", provider: "GITHUB" }, dockerfile_path: "Dockerfile" } },
      schedule: { on_start: {} },
    })).body.id as string;
    const r = await c.call("POST", `/environment/${p.envId}/service/deploy`, {
      applications: [{ application_id: p.api, git_commit_id: COMMIT }],
      containers: [{ id: p.web, image_tag: "1.28" }],
      jobs: [{ id: report, image_tag: "2.0.0" }, { id: migrate, git_commit_id: OTHER_COMMIT }],
    });
    expect(r.status).toBe(202);
    expect(answerProblems(doc, "POST", `/environment/${p.envId}/service/deploy`, r.status, r.body)).toEqual([]);
    const requestId = r.body.deployment_request_id as string;
    expect(r.body).toMatchObject({ id: p.envId, origin: "API" }); // the reference's EnvironmentStatus
    expect(r.body).not.toHaveProperty("status_details");
    expect((await c.call("GET", `/application/${p.api}`)).body.git_repository.deployed_commit_id).toBe(COMMIT);
    expect((await c.call("GET", `/container/${p.web}`)).body.tag).toBe("1.28");
    expect((await c.call("GET", `/job/${report}`)).body.source.image.tag).toBe("2.0.0");
    expect((await c.call("GET", `/job/${migrate}/deploymentHistory`)).body.results[0].commit.git_commit_id).toBe(OTHER_COMMIT);
    for (const [kind, id] of [["application", p.api], ["container", p.web], ["job", report], ["job", migrate]] as const) {
      expect(await status(kind, id)).toMatchObject({ state: "DEPLOYED", deployment_request_id: requestId });
    }
    expect((await status("application", admin)).state).toBe("READY");
    expect((await status("database", p.db)).state).toBe("READY");
    const history = (await c.call("GET", `/environment/${p.envId}/deploymentHistory`)).body.results;
    expect(history[0]).toMatchObject({
      id: requestId, status: "DEPLOYED",
      applications: [{ commit: { git_commit_id: COMMIT } }], containers: [{ tag: "1.28" }], databases: [],
    });
    expect(history[0].jobs).toHaveLength(2);
    expect((await c.call("GET", `/environment/${p.envId}/status`)).body.deployment_request_id).toBe(requestId);

    // a pin left out (or empty) keeps the version: the commit deployed last, the tag the container has
    const again = await c.call("POST", `/environment/${p.envId}/service/deploy`, {
      applications: [{ application_id: p.api, git_commit_id: "" }], containers: [{ id: p.web }],
    });
    expect(again.status).toBe(202);
    expect(again.body.deployment_request_id).not.toBe(requestId);
    expect((await c.call("GET", `/application/${p.api}`)).body.git_repository.deployed_commit_id).toBe(COMMIT);
    expect((await c.call("GET", `/container/${p.web}`)).body.tag).toBe("1.28");
  });

  it("refuses a service deploy naming what the environment does not have, twice, or with a pin that does not fit; nothing changes", async () => {
    const p = await pipeline();
    const other = await projectAndEnv(c, "other");
    const stranger = (await c.call("POST", `/environment/${other.envId}/application`, appBody("stranger"))).body.id as string;
    const migrate = (await c.call("POST", `/environment/${p.envId}/job`, {
      name: "migrate", healthchecks: {},
      source: { docker: { git_repository: { url: "https://github.com/acme/migrations.git", provider: "GITHUB" } } }, schedule: { on_start: {} },
    })).body.id as string;
    const path = `/environment/${p.envId}/service/deploy`;
    const refusals: Array<[unknown, number, RegExp]> = [
      [{}, 400, /^body: lists no service to deploy/],
      [{ applications: [{ application_id: "00000000-0000-4000-8000-000000000000" }] }, 400, /^applications\[0\]\.application_id: no application/],
      [{ applications: [{ application_id: p.db }] }, 400, /^applications\[0\]\.application_id: no application/],
      [{ applications: [{ application_id: stranger }] }, 400, /^applications\[0\]\.application_id: no application/],
      [{ databases: [p.db, p.db] }, 400, /^databases\[1\]: database .* is listed twice/],
      [{ databases: ["db"] }, 400, /^databases\[0\]: expected a uuid/],
      [{ containers: [{ id: p.web, image_tag: "9.9" }], jobs: [{ id: migrate, image_tag: "1.0" }] }, 400, /^jobs\[0\]\.image_tag: this job is built from a git repository/],
      [{ containers: [{ id: p.web, image_tag: "-bad" }] }, 400, /^containers\[0\]\.image_tag: /],
      [{ helms: [{ id: p.db }] }, 400, /^helms\[0\]\.id: no helm /],
      [{ jobs: [{ image_tag: "1.0" }] }, 400, /^jobs\[0\]\.id: is required/],
    ];
    for (const [body, code, message] of refusals) {
      const r = await c.call("POST", path, body);
      expect([JSON.stringify(body), r.status, r.body.message]).toEqual([JSON.stringify(body), code, expect.stringMatching(message)]);
    }
    expect((await c.call("GET", `/container/${p.web}`)).body.tag).toBe("1.27");
    for (const [kind, id] of [["database", p.db], ["application", p.api], ["container", p.web], ["job", migrate]] as const) {
      expect((await status(kind, id)).state).toBe("READY");
    }
    expect((await c.call("GET", `/environment/${p.envId}/deploymentHistory`)).body.results).toEqual([]);
  });

  it("stop and restart of listed services; the environment's stop stops all, skipped ones included", async () => {
    const p = await pipeline();
    await c.call("POST", `/environment/${p.envId}/deploy`);
    const stop = await c.call("POST", `/environment/${p.envId}/service/stop`, { application_ids: [p.api] });
    expect([stop.status, stop.body]).toEqual([200, undefined]);
    const request = (await c.call("GET", `/environment/${p.envId}/status`)).body.deployment_request_id;
    expect(request).toEqual(expect.any(String));
    expect(await status("application", p.api)).toMatchObject({ state: "STOPPED", deployment_request_id: request });
    expect((await status("database", p.db)).state).toBe("DEPLOYED");
    expect((await status("container", p.web)).state).toBe("DEPLOYED");
    const restart = await c.call("POST", `/environment/${p.envId}/service/restart-service`, { database_ids: [p.db], container_ids: [p.web] });
    expect(restart.status).toBe(202);
    expect(answerProblems(doc, "POST", `/environment/${p.envId}/service/restart-service`, restart.status, restart.body)).toEqual([]);
    for (const [kind, id] of [["database", p.db], ["container", p.web]] as const) {
      expect(await status(kind, id)).toMatchObject({
        state: "DEPLOYED", status_details: { action: "RESTART" }, deployment_request_id: restart.body.deployment_request_id,
      });
    }
    expect((await c.call("POST", `/environment/${p.envId}/service/restart-service`, { job_ids: [p.db] })).body.message).toMatch(/^body: lists no service to restart/);
    expect((await c.call("POST", `/environment/${p.envId}/service/stop`, { container_ids: [p.api] })).body.message).toMatch(/^container_ids\[0\]: no container/);

    await c.call("PUT", `/deploymentStage/${p.stages.apps}/service/${p.web}`, { is_skipped: true });
    const envStop = await c.call("POST", `/environment/${p.envId}/stop`);
    expect(envStop.status).toBe(202);
    for (const s of byService(await statuses(p.envId)).values()) expect(s).toMatchObject({ state: "STOPPED", deployment_request_id: envStop.body.deployment_request_id });
  });

  it("an environment deploy leaves out what a stage skips, unless a service deploy lists it; redeploy keeps each deployed commit", async () => {
    const p = await pipeline();
    await c.call("PUT", `/deploymentStage/${p.stages.apps}/service/${p.web}`, { is_skipped: true });
    await c.call("POST", `/environment/${p.envId}/service/deploy`, { applications: [{ application_id: p.api, git_commit_id: COMMIT }] });
    await c.call("POST", `/environment/${p.envId}/redeploy`);
    expect((await status("container", p.web)).state).toBe("READY");
    expect((await status("database", p.db)).state).toBe("DEPLOYED");
    expect((await c.call("GET", `/application/${p.api}`)).body.git_repository.deployed_commit_id).toBe(COMMIT);
    await c.call("POST", `/environment/${p.envId}/service/deploy`, { containers: [{ id: p.web }] });
    expect((await status("container", p.web)).state).toBe("DEPLOYED");
    await c.call("POST", `/environment/${p.envId}/deploy`);
    expect((await c.call("GET", `/application/${p.api}`)).body.git_repository.deployed_commit_id).not.toBe(COMMIT);
  });

  it("statusesWithStages lists every stage in order with its services by kind, and 404s an unknown environment", async () => {
    const p = await pipeline();
    await c.call("PUT", `/deploymentStage/${p.stages.first}/moveAfter/${p.stages.apps}`);
    await c.call("PUT", `/deploymentStage/${p.stages.databases}`, { name: "databases", description: "data first" });
    const body = await statuses(p.envId);
    expect(body.environment).toMatchObject({ id: p.envId, state: "READY", deployment_request_id: null });
    expect(body.stages.map((s: { stage: Record<string, unknown> }) => s.stage)).toEqual([
      { id: p.stages.databases, name: "databases", description: "data first" },
      { id: p.stages.apps, name: "apps", description: "" },
      { id: p.stages.first, name: "DEFAULT", description: "", status: "SKIPPED" },
    ]);
    expect(body.stages[0]).toMatchObject({ databases: [{ id: p.db, state: "READY" }], applications: [], containers: [], jobs: [] });
    expect(body.stages[1]).toMatchObject({ applications: [{ id: p.api }], containers: [{ id: p.web }], databases: [] });
    expect((await c.call("GET", "/environment/00000000-0000-4000-8000-000000000000/statusesWithStages")).status).toBe(404);
  });

  it("the request log keeps deploy requests in the order they were made", async () => {
    const p = await pipeline();
    await control(c.emu, "DELETE", "/requests");
    const calls: Array<[string, unknown]> = [
      [`/environment/${p.envId}/deploy`, undefined],
      [`/environment/${p.envId}/service/deploy`, { databases: [p.db] }],
      [`/application/${p.api}/deploy`, { git_commit_id: COMMIT }],
      [`/environment/${p.envId}/service/restart-service`, { application_ids: [p.api] }],
      [`/environment/${p.envId}/service/stop`, { container_ids: [p.web] }],
      [`/environment/${p.envId}/redeploy`, undefined],
      [`/environment/${p.envId}/stop`, undefined],
    ];
    for (const [path, body] of calls) expect((await c.call("POST", path, body)).status).toBeLessThan(300);
    const posts = (await requests(c.emu)).filter((r) => r.method === "POST");
    expect(posts.map((r) => r.path)).toEqual(calls.map(([path]) => path));
  });
});

describe("the stale-status fault", () => {
  beforeEach(async () => clockStep(0));

  const fault = (body: unknown) => control(c.emu, "POST", "/faults", body);

  it("the first `reads` status reads after a deploy answer the previous deployment, then the new one", async () => {
    const p = await pipeline();
    const before = (await c.call("POST", `/application/${p.api}/deploy`)).body.deployment_request_id as string;
    const f = await fault({ kind: "stale_status", reads: 2 });
    expect(f.status).toBe(201);
    const after = await c.call("POST", `/application/${p.api}/deploy`, { git_commit_id: COMMIT });
    const newer = after.body.deployment_request_id as string;
    expect(newer).not.toBe(before); // the action's own answer is never stale
    for (let i = 0; i < 2; i++) expect(await status("application", p.api)).toMatchObject({ state: "DEPLOYED", deployment_request_id: before });
    expect((await status("application", p.api)).deployment_request_id).toBe(newer);
    const dump = await (await control(c.emu, "GET", "/state")).json() as { faults: Array<Record<string, unknown>> };
    expect(dump.faults).toEqual([expect.objectContaining({ kind: "stale_status", reads: 2, remaining: null })]);
  });

  it("an environment request keeps the environment's statuses and its services' stale too", async () => {
    const p = await pipeline();
    const first = (await c.call("POST", `/environment/${p.envId}/deploy`)).body.deployment_request_id as string;
    await fault({ kind: "stale_status", reads: 2 });
    await failDeploys(c.emu, p.db, "DEPLOY");
    const second = (await c.call("POST", `/environment/${p.envId}/deploy`)).body.deployment_request_id as string;
    const stale = await statuses(p.envId);
    expect(stale.environment).toMatchObject({ state: "DEPLOYED", deployment_request_id: first });
    for (const s of byService(stale).values()) expect(s).toMatchObject({ state: "DEPLOYED", deployment_request_id: first });
    expect((await c.call("GET", `/environment/${p.envId}/status`)).body).toMatchObject({ state: "DEPLOYED", deployment_request_id: first });
    expect(await status("database", p.db)).toMatchObject({ state: "DEPLOYED", deployment_request_id: first });
    expect(await status("application", p.api)).toMatchObject({ state: "DEPLOYED", deployment_request_id: first });
    expect(await status("container", p.web)).toMatchObject({ state: "DEPLOYED", deployment_request_id: first });
    const live = await statuses(p.envId);
    expect(live.environment).toMatchObject({ state: "DEPLOYMENT_ERROR", deployment_request_id: second });
    expect(byService(live).get(p.db)).toMatchObject({ state: "DEPLOYMENT_ERROR", deployment_request_id: second });
    expect(byService(live).get(p.api)).toMatchObject({ state: "CANCELED", deployment_request_id: second });
  });

  it("`ms` keeps it stale for a while; `times` bounds the requests it applies to; DELETE /faults ends it", async () => {
    const p = await pipeline();
    const first = (await c.call("POST", `/database/${p.db}/deploy`)).body.deployment_request_id as string;
    await fault({ kind: "stale_status", ms: 300, times: 1 });
    const second = (await c.call("POST", `/database/${p.db}/deploy`)).body.deployment_request_id as string;
    for (let i = 0; i < 3; i++) expect((await status("database", p.db)).deployment_request_id).toBe(first);
    await new Promise((r) => setTimeout(r, 350));
    expect((await status("database", p.db)).deployment_request_id).toBe(second);
    const third = (await c.call("POST", `/database/${p.db}/deploy`)).body.deployment_request_id as string;
    expect((await status("database", p.db)).deployment_request_id).toBe(third);

    await fault({ kind: "stale_status", reads: 5 });
    await c.call("POST", `/database/${p.db}/stop`);
    expect((await status("database", p.db)).state).toBe("DEPLOYED");
    expect((await control(c.emu, "DELETE", "/faults")).status).toBe(204);
    expect((await status("database", p.db)).state).toBe("STOPPED");
  });

  it("refuses bodies without a bound or of an unknown kind", async () => {
    for (const [body, message] of [
      [{ kind: "stale_status" }, /^reads: give reads, ms or both/],
      [{ kind: "stale_status", reads: 0 }, /^reads: /],
      [{ kind: "stale_status", ms: -1 }, /^ms: /],
      [{ kind: "stale", reads: 1 }, /^kind: /],
    ] as const) {
      const r = await fault(body);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { message: string }).message).toMatch(message);
    }
  });
});
