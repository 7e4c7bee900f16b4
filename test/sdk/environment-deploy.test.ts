/**
 * Environment deployments (sdk/environments.ts, sdk/environment-wait.ts) and waits that follow the request an action
 * started (sdk/wait.ts): the requests of the environment's service actions, `statusesWithStages`, stale statuses
 * that must not be taken as the outcome, and `waitForEnvironmentDeployment`'s progress, failures and timeout.
 */
import {
  DeploymentFailedError, WaitTimeoutError, describeProgress, isFollowedStatus, type EnvironmentDeploymentProgress,
} from "../../sdk";
import { JSON_HEADERS, TOKEN, mockClient, rejectionOf, status } from "./support/helpers";

interface Sent { method: string; path: string; body: unknown }

/** A mock service answering `method path` with `answer` (a function: a new answer per call), recording what was sent. */
function service() {
  const mock = mockClient();
  const sent: Sent[] = [];
  const answer = (method: string, path: string | ((p: string) => boolean), code: number, body?: unknown, times = 1) =>
    mock.pool.intercept({ path, method }).reply((opts) => {
      sent.push({ method: opts.method, path: opts.path, body: opts.body === undefined || opts.body === null ? undefined : JSON.parse(String(opts.body)) });
      return { statusCode: code, data: body === undefined ? "" : JSON.stringify(body), responseOptions: { headers: JSON_HEADERS } };
    }).times(times);
  return { ...mock, sent, answer };
}

const FAST = { pollIntervalMs: 1, maxPollIntervalMs: 2 };

/** A service status for `statusesWithStages` (no status details: the state alone decides). */
function st(id: string, state: string, request: string | null = "req-2", extra: Record<string, unknown> = {}) {
  return { id, state, deployment_request_id: request, deployment_requests_count: 1, is_part_last_deployment: true, service_deployment_status: "UP_TO_DATE", ...extra };
}

type Statuses = ReturnType<typeof st>;
interface StageSpec { name: string; applications?: Statuses[]; containers?: Statuses[]; jobs?: Statuses[]; databases?: Statuses[] }

/** A `statusesWithStages` answer: the environment's status, then the stages in order. */
function withStages(envState: string, stages: StageSpec[], envRequest: string | null = "req-2") {
  return {
    environment: { id: "e1", state: envState, last_deployment_state: envState, deployment_request_id: envRequest },
    stages: stages.map((s, i) => ({
      stage: { id: `s${i + 1}`, name: s.name, description: "", deployment_order: i },
      applications: s.applications ?? [], containers: s.containers ?? [], jobs: s.jobs ?? [], databases: s.databases ?? [],
    })),
  };
}

describe("environment service actions", () => {
  test("deployServices, stopServices, restartServices, cancelDeployment and statusesWithStages send the documented requests", async () => {
    const { client, sent, answer } = service();
    const envStatus = { id: "e1", state: "DEPLOYMENT_QUEUED", last_deployment_state: "DEPLOYMENT_QUEUED", deployment_request_id: "req-9" };
    answer("POST", "/environment/e1/service/deploy", 202, envStatus);
    answer("POST", "/environment/e1/service/stop", 200); // documented without a body
    answer("POST", "/environment/e1/service/stop", 200, envStatus); // some versions answer one
    answer("POST", "/environment/e1/service/restart-service", 202, status("RESTART_QUEUED", { id: "e1" }));
    answer("POST", "/environment/e1/cancelDeployment", 202, envStatus);
    answer("POST", "/environment/e1/cancelDeployment", 202, envStatus);
    answer("GET", "/environment/e1/statusesWithStages", 200, withStages("DEPLOYING", [{ name: "db", databases: [st("d1", "DEPLOYING")] }]));

    const deploy = {
      applications: [{ application_id: "a1", git_commit_id: "abc123" }, { application_id: "a2" }],
      databases: ["d1"],
      containers: [{ id: "c1", image_tag: "1.28" }],
      jobs: [{ id: "j1", image_tag: "2" }, { id: "j2", git_commit_id: "def456" }],
    };
    await expect(client.environments.deployServices("e1", deploy)).resolves.toMatchObject({ deployment_request_id: "req-9" });
    await expect(client.environments.stopServices("e1", { application_ids: ["a1"], database_ids: ["d1"] })).resolves.toBeUndefined();
    await expect(client.environments.stopServices("e1", { container_ids: ["c1"], job_ids: ["j1"] })).resolves.toMatchObject({ id: "e1" });
    await expect(client.environments.restartServices("e1", { application_ids: ["a1"], container_ids: ["c1"] })).resolves.toMatchObject({ state: "RESTART_QUEUED" });
    await client.environments.cancelDeployment("e1");
    await client.environments.cancelDeployment("e1", { force_cancel: true });
    const read = await client.environments.statusesWithStages("e1");
    expect(read.stages?.[0]?.stage?.name).toBe("db");
    expect(read.stages?.[0]?.databases?.[0]).toMatchObject({ id: "d1", state: "DEPLOYING" });

    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "POST /environment/e1/service/deploy", "POST /environment/e1/service/stop", "POST /environment/e1/service/stop",
      "POST /environment/e1/service/restart-service", "POST /environment/e1/cancelDeployment", "POST /environment/e1/cancelDeployment",
      "GET /environment/e1/statusesWithStages",
    ]);
    expect(sent.map((s) => s.body)).toEqual([
      deploy, { application_ids: ["a1"], database_ids: ["d1"] }, { container_ids: ["c1"], job_ids: ["j1"] },
      { application_ids: ["a1"], container_ids: ["c1"] }, {}, { force_cancel: true }, undefined,
    ]);
  });

  test("a request listing no service, or an item without its id, is refused before sending", async () => {
    const { client, sent } = service();
    for (const call of [
      client.environments.deployServices("e1", {}),
      client.environments.deployServices("e1", { applications: [] }),
      client.environments.deployServices("e1", { containers: [{ image_tag: "1" } as never] }),
      client.environments.stopServices("e1", {}),
      client.environments.restartServices("e1", { application_ids: [] }),
    ]) {
      const e = await rejectionOf(call);
      expect(e.code).toBe("bad_request");
      expect(e.local).toBe(true);
    }
    expect(sent).toEqual([]);
  });
});

describe("waits follow the request the action started", () => {
  test("a stale first status (the previous request's DEPLOYED) is not taken as success when `after` names a new request", async () => {
    const { pool, client } = mockClient();
    const reads = [
      status("DEPLOYED", { deployment_request_id: "req-1" }),
      status("DEPLOYED", { deployment_request_id: "req-1" }),
      status("BUILDING", { deployment_request_id: "req-2", status_details: { action: "DEPLOY", status: "ONGOING" } }),
      status("DEPLOYED", { deployment_request_id: "req-2" }),
    ];
    for (const r of reads) pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, r, { headers: JSON_HEADERS });
    const seen: string[] = [];
    const after = status("DEPLOYMENT_QUEUED", { deployment_request_id: "req-2" });
    const final = await client.waitForApplication("a1", { ...FAST, after, onProgress: (s) => seen.push(`${s.state}/${s.deployment_request_id}`) });
    expect(final.deployment_request_id).toBe("req-2");
    expect(seen).toEqual(["DEPLOYED/req-1", "DEPLOYED/req-1", "BUILDING/req-2", "DEPLOYED/req-2"]);
  });

  test("the previous request's failure is not taken as this one's", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("BUILD_ERROR", { deployment_request_id: "req-1" }), { headers: JSON_HEADERS });
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("DEPLOYED", { deployment_request_id: "req-2" }), { headers: JSON_HEADERS });
    const final = await client.waitForApplication("a1", { ...FAST, after: { deployment_request_id: "req-2" } });
    expect(final.state).toBe("DEPLOYED");
  });

  test("without a request id, a status equal to `previous` is not taken", async () => {
    const { pool, client } = mockClient();
    const previous = status("DEPLOYED", { deployment_request_id: null, deployment_requests_count: 3, last_deployment_date: "2025-01-01T00:00:00Z" });
    const reads = [
      previous,
      { ...previous, state: "DEPLOYING", deployment_requests_count: 4, status_details: { action: "DEPLOY", status: "ONGOING" } },
      { ...previous, deployment_requests_count: 4, last_deployment_date: "2025-01-02T00:00:00Z" },
    ];
    for (const r of reads) pool.intercept({ path: "/container/c1/status", method: "GET" }).reply(200, r, { headers: JSON_HEADERS });
    // The deploy answered a deployment record: no request id to follow.
    const after = { id: "dep-1", status: "QUEUED", created_at: "2025-01-02T00:00:00Z" };
    const states: string[] = [];
    const final = await client.waitForContainer("c1", { ...FAST, after, previous, onProgress: (s) => states.push(s.state) });
    expect(states).toEqual(["DEPLOYED", "DEPLOYING", "DEPLOYED"]);
    expect(final.deployment_requests_count).toBe(4);
  });

  test("with `previous` naming a request id, a status naming the same request is not taken", async () => {
    const { pool, client } = mockClient();
    const previous = status("STOPPED", { deployment_request_id: "req-1" });
    pool.intercept({ path: "/job/j1/status", method: "GET" }).reply(200, previous, { headers: JSON_HEADERS });
    pool.intercept({ path: "/job/j1/status", method: "GET" }).reply(200, status("STOPPED", { deployment_request_id: "req-2" }), { headers: JSON_HEADERS });
    const final = await client.waitForJob("j1", { ...FAST, target: "STOPPED", previous });
    expect(final.deployment_request_id).toBe("req-2");
  });

  test("without `after` and `previous` the first terminal status is the outcome, as before", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/database/d1/status", method: "GET" }).reply(200, status("DEPLOYED", { deployment_request_id: "req-1" }), { headers: JSON_HEADERS });
    await expect(client.waitForDatabase("d1", FAST)).resolves.toMatchObject({ deployment_request_id: "req-1" });
  });

  test("the environment's overall status follows `after` too", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/environment/e1/status", method: "GET" }).reply(200, { id: "e1", state: "DEPLOYED", deployment_request_id: "req-1" }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/environment/e1/status", method: "GET" }).reply(200, { id: "e1", state: "DEPLOYED", deployment_request_id: "req-2" }, { headers: JSON_HEADERS });
    await expect(client.waitForEnvironment("e1", { ...FAST, after: { deployment_request_id: "req-2" } })).resolves.toMatchObject({ deployment_request_id: "req-2" });
  });

  test("a wait still seeing the previous request at its timeout fails, saying so", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/status", method: "GET" }).reply(200, status("DEPLOYED", { deployment_request_id: "req-1" }), { headers: JSON_HEADERS }).persist();
    const e = await rejectionOf(client.waitForApplication("a1", { timeoutMs: 30, pollIntervalMs: 5, after: { deployment_request_id: "req-2" } }));
    expect(e).toBeInstanceOf(WaitTimeoutError);
    expect(e.code).toBe("wait_timeout");
    expect(e.message).toContain("previous request's DEPLOYED");
  });

  test("a failed service wait names the service", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/database/d1/status", method: "GET" }).reply(200, status("DEPLOYMENT_ERROR", { id: "d1", deployment_request_id: "req-2" }), { headers: JSON_HEADERS });
    const e = await rejectionOf(client.waitForDatabase("d1", { after: { deployment_request_id: "req-2" } }));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.service).toEqual({ kind: "database", id: "d1" });
  });

  test("isFollowedStatus: request ids first, then the previous status", () => {
    const s = (state: string, id: string | null, count = 1) => ({ state, deployment_request_id: id, deployment_requests_count: count });
    expect(isFollowedStatus(s("DEPLOYED", "r1"), { requestId: "r2" })).toBe(false);
    expect(isFollowedStatus(s("DEPLOYED", "r2"), { requestId: "r2" })).toBe(true);
    expect(isFollowedStatus(s("DEPLOYED", null), { requestId: "r2" })).toBe(true); // nothing to tell it by
    expect(isFollowedStatus(s("DEPLOYED", null), { requestId: "r2", previous: s("DEPLOYED", null) })).toBe(false);
    expect(isFollowedStatus(s("DEPLOYED", null, 2), { previous: s("DEPLOYED", null) })).toBe(true);
    expect(isFollowedStatus(s("DEPLOYED", "r1"), { previous: s("DEPLOYING", "r1") })).toBe(false);
    expect(isFollowedStatus(s("DEPLOYED", "r1"), {})).toBe(true);
  });
});

/** A mock service whose `statusesWithStages` answers `reads` in turn (the last one repeated), and the names. */
function environment(reads: unknown[], options: { names?: boolean } = {}) {
  const mock = service();
  let polls = 0;
  mock.pool.intercept({ path: "/environment/e1/statusesWithStages", method: "GET" }).reply(() => {
    const body = reads[Math.min(polls, reads.length - 1)];
    polls += 1;
    return { statusCode: 200, data: JSON.stringify(body), responseOptions: { headers: JSON_HEADERS } };
  }).persist();
  if (options.names !== false) {
    mock.answer("GET", "/environment/e1", 200, { id: "e1", name: "staging", organization: { id: "org-1" } });
    mock.answer("GET", (p) => p.startsWith("/organization/org-1/services"), 200, {
      results: [
        { id: "d1", name: "pg", service_type: "DATABASE" }, { id: "a1", name: "api", service_type: "APPLICATION" },
        { id: "c1", name: "web", service_type: "CONTAINER" }, { id: "j1", name: "migrate", service_type: "JOB" },
      ],
    });
  }
  return { ...mock, polls: () => polls };
}

const THREE_STAGES = (db: string, api: string, web: string, envState = "DEPLOYING") => withStages(envState, [
  { name: "databases", databases: [st("d1", db)] },
  { name: "apps", applications: [st("a1", api)], jobs: [st("j1", api === "DEPLOYED" ? "DEPLOYED" : api)] },
  { name: "frontend", containers: [st("c1", web)] },
]);

describe("waitForEnvironmentDeployment", () => {
  test("reports stage progress in order, with names read once, one statusesWithStages per poll", async () => {
    const reads = [
      THREE_STAGES("DEPLOYMENT_QUEUED", "QUEUED", "QUEUED"),
      THREE_STAGES("DEPLOYING", "QUEUED", "QUEUED"),
      THREE_STAGES("DEPLOYED", "BUILDING", "QUEUED"),
      THREE_STAGES("DEPLOYED", "DEPLOYED", "DEPLOYING"),
      THREE_STAGES("DEPLOYED", "DEPLOYED", "DEPLOYED", "DEPLOYED"),
    ];
    const { client, sent, polls } = environment(reads);
    const progress: EnvironmentDeploymentProgress[] = [];
    const final = await client.waitForEnvironmentDeployment("e1", { ...FAST, after: { deployment_request_id: "req-2" }, onProgress: (p) => progress.push(p) });
    expect(final.environment?.state).toBe("DEPLOYED");
    expect(polls()).toBe(5);
    expect(progress.map((p) => p.stageIndex)).toEqual([1, 1, 2, 3, 3]);
    expect(progress.map(describeProgress)).toEqual([
      'stage 1/3 "databases": pg DEPLOYMENT_QUEUED',
      'stage 1/3 "databases": pg DEPLOYING',
      'stage 2/3 "apps": api BUILDING, migrate BUILDING',
      'stage 3/3 "frontend": web DEPLOYING',
      'stage 3/3 "frontend": web DEPLOYED',
    ]);
    expect(progress[2]!.services).toEqual([
      { id: "a1", name: "api", kind: "application", state: "BUILDING", outcome: "in_progress" },
      { id: "j1", name: "migrate", kind: "job", state: "BUILDING", outcome: "in_progress" },
    ]);
    expect(progress[2]!.stages.map((s) => s.name)).toEqual(["databases", "apps", "frontend"]);
    expect(progress.every((p, i) => i === 0 || p.elapsedMs >= progress[i - 1]!.elapsedMs)).toBe(true);
    const others = sent.map((s) => `${s.method} ${s.path}`);
    expect(others).toEqual(["GET /environment/e1", "GET /organization/org-1/services?environment_id=e1"]);
  });

  test("a failure in stage 1 names the stage, the service, its final state and its last log lines (secrets redacted)", async () => {
    const failed = withStages("BUILD_ERROR", [
      { name: "apps", applications: [st("a1", "BUILD_ERROR")] },
      { name: "frontend", containers: [st("c1", "CANCELED")] },
    ]);
    const { client, answer, sent } = environment([
      withStages("BUILDING", [{ name: "apps", applications: [st("a1", "BUILDING")] }, { name: "frontend", containers: [st("c1", "QUEUED")] }]),
      failed,
    ]);
    const lines = [`npm ERR! token ${TOKEN}`, "npm ERR! password hunter2-pass", ...Array.from({ length: 20 }, (_, i) => `line ${i}`)];
    answer("GET", (p) => p.startsWith("/application/a1/log"), 200, { results: lines.slice(-20).map((message, i) => ({ id: `l${i}`, created_at: "2025-01-01T00:00:00Z", message })) });
    const e = await rejectionOf(client.waitForEnvironmentDeployment("e1", { ...FAST, secrets: ["hunter2-pass"], after: { deployment_request_id: "req-2" } }));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.code).toBe("deployment_failed");
    expect(e.stage).toEqual({ index: 1, count: 2, name: "apps", id: "s1" });
    expect(e.service).toEqual({ kind: "application", id: "a1", name: "api" });
    expect(e.finalState).toBe("BUILD_ERROR");
    expect(e.message).toBe('environment e1: stage 1/2 "apps": application "api" (a1) ended in BUILD_ERROR while waiting for DEPLOYED; last 20 log lines in error.logLines');
    expect(e.logLines).toHaveLength(20);
    expect(sent.find((s) => s.path.startsWith("/application/a1/log"))?.path).toBe("/application/a1/log?tail=20");

    // The secrets of the caller's list are redacted as the token is.
    const { client: c2, answer: a2 } = environment([failed]);
    a2("GET", (p) => p.startsWith("/application/a1/log"), 200, { results: lines.slice(0, 2).map((message, i) => ({ id: `l${i}`, created_at: "2025-01-01T00:00:00Z", message })) });
    const e2 = await rejectionOf(c2.waitForEnvironmentDeployment("e1", { secrets: ["hunter2-pass"] }));
    expect(e2.logLines).toEqual(["npm ERR! token ***", "npm ERR! password ***"]);
  });

  test("the service that failed is named, not the later stages' services cancelled because of it", async () => {
    const { client } = environment([withStages("DEPLOYMENT_ERROR", [
      { name: "frontend-first", containers: [st("c1", "CANCELED")] },
      { name: "databases", databases: [st("d1", "DEPLOYMENT_ERROR")] },
    ])]);
    const e = await rejectionOf(client.waitForEnvironmentDeployment("e1"));
    expect(e.service).toEqual({ kind: "database", id: "d1", name: "pg" });
    expect(e.stage).toMatchObject({ index: 2, name: "databases" });
    expect(e.logLines).toEqual([]); // databases have no log endpoint
  });

  test("a timeout is a failure carrying the last progress", async () => {
    const { client } = environment([THREE_STAGES("DEPLOYED", "BUILDING", "QUEUED")]);
    const e = await rejectionOf(client.waitForEnvironmentDeployment("e1", { timeoutMs: 40, pollIntervalMs: 5 }));
    expect(e).toBeInstanceOf(WaitTimeoutError);
    expect(e.code).toBe("wait_timeout");
    expect(e.lastProgress).toMatchObject({ stageIndex: 2, stageCount: 3, stageName: "apps" });
    expect(e.lastState).toBe("BUILDING");
    expect(e.message).toBe('environment e1: still at stage 2/3 "apps": api BUILDING, migrate BUILDING after 40 ms waiting for DEPLOYED');
  });

  test("a stale first read (the environment and its services still on the previous request, DEPLOYED) is not success", async () => {
    const stale = withStages("DEPLOYED", [{ name: "apps", applications: [st("a1", "DEPLOYED", "req-1")] }], "req-1");
    const { client, polls } = environment([
      stale, stale,
      withStages("DEPLOYING", [{ name: "apps", applications: [st("a1", "DEPLOYING")] }]),
      withStages("DEPLOYED", [{ name: "apps", applications: [st("a1", "DEPLOYED")] }]),
    ]);
    const outcomes: string[] = [];
    await client.waitForEnvironmentDeployment("e1", { ...FAST, after: { deployment_request_id: "req-2" }, onProgress: (p) => outcomes.push(p.services.map((s) => s.outcome).join()) });
    expect(polls()).toBe(4);
    expect(outcomes).toEqual(["previous", "previous", "in_progress", "success"]);
  });

  test("a stale service status under a fresh environment status is not success either", async () => {
    const { client, polls } = environment([
      withStages("DEPLOYING", [{ name: "apps", applications: [st("a1", "DEPLOYED", "req-1")] }]),
      withStages("DEPLOYED", [{ name: "apps", applications: [st("a1", "DEPLOYED")] }], "req-2"),
    ]);
    await client.waitForEnvironmentDeployment("e1", { ...FAST, after: { deployment_request_id: "req-2" } });
    expect(polls()).toBe(2);
  });

  test("without a request id, services still showing the `previous` read are not taken", async () => {
    const before = withStages("DEPLOYED", [{ name: "apps", applications: [st("a1", "DEPLOYED", null)] }], null);
    const { client, polls } = environment([
      before,
      withStages("DEPLOYED", [{ name: "apps", applications: [st("a1", "DEPLOYED", null, { deployment_requests_count: 2 })] }], null),
    ], { names: false });
    await client.waitForEnvironmentDeployment("e1", { ...FAST, previous: before, serviceNames: {} });
    expect(polls()).toBe(2);
  });

  test("`services` restricts the wait to the listed services (a service deploy)", async () => {
    const { client, sent } = environment([
      withStages("DEPLOYING", [
        { name: "databases", databases: [st("d1", "STOPPED", "req-1")] },
        { name: "apps", applications: [st("a1", "DEPLOYING")] },
      ]),
      withStages("DEPLOYED", [
        { name: "databases", databases: [st("d1", "STOPPED", "req-1")] },
        { name: "apps", applications: [st("a1", "DEPLOYED")] },
      ]),
    ], { names: false });
    const progress: EnvironmentDeploymentProgress[] = [];
    await client.waitForEnvironmentDeployment("e1", {
      ...FAST, after: { deployment_request_id: "req-2" }, services: ["a1"], serviceNames: { a1: "api" }, onProgress: (p) => progress.push(p),
    });
    expect(progress.map(describeProgress)).toEqual(['stage 2/2 "apps": api DEPLOYING', 'stage 2/2 "apps": api DEPLOYED']);
    expect(sent).toEqual([]); // names given: nothing read but the statuses
  });

  test("without `services`, services outside the request are left out once the environment has settled on it", async () => {
    const { client } = environment([
      withStages("DEPLOYING", [{ name: "apps", applications: [st("a1", "DEPLOYING"), st("a2", "READY", null)] }]),
      withStages("DEPLOYED", [{ name: "apps", applications: [st("a1", "DEPLOYED"), st("a2", "STOPPED", "req-1")] }]),
    ]);
    const final = await client.waitForEnvironmentDeployment("e1", { ...FAST, after: { deployment_request_id: "req-2" } });
    expect(final.environment?.state).toBe("DEPLOYED");
  });

  test("target STOPPED after a stop; names that cannot be read leave ids in progress", async () => {
    const { client, answer } = environment([
      withStages("STOPPING", [{ name: "apps", applications: [st("a1", "STOPPING")] }]),
      withStages("STOPPED", [{ name: "apps", applications: [st("a1", "STOPPED")] }]),
    ], { names: false });
    answer("GET", "/environment/e1", 403, { message: "no" });
    const progress: string[] = [];
    await client.waitForEnvironmentDeployment("e1", { ...FAST, target: "STOPPED", onProgress: (p) => progress.push(describeProgress(p)) });
    expect(progress).toEqual(['stage 1/1 "apps": application a1 STOPPING', 'stage 1/1 "apps": application a1 STOPPED']);
  });
});
