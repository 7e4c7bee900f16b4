/**
 * Jobs (sdk/jobs.ts): cron and lifecycle jobs' requests (method, path, body), the schedule and source rules checked
 * before sending, deploys with an image tag or a commit, and waitForJob.
 */
import {
  JOB_ADVANCED_SETTINGS, JOB_DEFAULTS, JOB_LIFECYCLE_EVENTS, advancedSettingKeysOf, type DeployServiceClient, type JobCreateRequest,
} from "../../sdk";
import { JSON_HEADERS, mockClient, rejectionOf, socketClosed, status } from "./support/helpers";

interface Sent { method: string; path: string; body: unknown }

function service() {
  const mock = mockClient();
  const sent: Sent[] = [];
  const answer = (method: string, path: string, code: number, body?: unknown) =>
    mock.pool.intercept({ path, method }).reply((opts) => {
      sent.push({ method: opts.method, path: opts.path, body: opts.body === undefined || opts.body === null ? undefined : JSON.parse(String(opts.body)) });
      return { statusCode: code, data: body === undefined ? "" : JSON.stringify(body), responseOptions: { headers: JSON_HEADERS } };
    });
  return { ...mock, sent, answer };
}

const image = { image: { image_name: "acme/backup", tag: "2.1", registry_id: "r1" } };
const nightly: JobCreateRequest = {
  name: "nightly", source: image, schedule: { cronjob: { scheduled_at: "0 3 * * *", timezone: "Europe/Paris", arguments: ["--all"] } },
};
const migrate: JobCreateRequest = {
  name: "migrate",
  source: { docker: { git_repository: { url: "https://github.com/acme/api", branch: "main" }, dockerfile_path: "Dockerfile.migrate" } },
  schedule: { on_start: { arguments: ["migrate", "up"], entrypoint: "/app/bin" } },
};
const base = (id: string, name: string) => ({
  id, name, environment: { id: "e1" }, cpu: 500, memory: 512, gpu: 0, maximum_cpu: 4000, maximum_memory: 8192, maximum_gpu: 0,
  auto_preview: false, healthchecks: {}, icon_uri: "app://x", service_type: "JOB", max_nb_restart: 0, max_duration_seconds: 300,
});
const cronRecord = (id = "j1") => ({
  ...base(id, "nightly"), job_type: "CRON",
  source: { image: { image_name: "acme/backup", tag: "2.1", registry_id: "r1", registry: { id: "r1", name: "hub", url: "https://docker.io", kind: "DOCKER_HUB" } } },
  schedule: { cronjob: { scheduled_at: "0 3 * * *", timezone: "Europe/Paris", arguments: ["--all"] } },
});
const lifecycleRecord = (id = "j2") => ({
  ...base(id, "migrate"), job_type: "LIFECYCLE",
  source: { docker: { git_repository: { url: "https://github.com/acme/api", provider: "GITHUB", branch: "main" }, dockerfile_path: "Dockerfile.migrate" } },
  schedule: { on_start: { arguments: ["migrate", "up"], entrypoint: "/app/bin" }, lifecycle_type: "GENERIC" },
});

describe("job requests", () => {
  test("create a cron job and a lifecycle job; list, get, update and delete", async () => {
    const { client, sent, answer } = service();
    answer("POST", "/environment/e1/job", 201, cronRecord());
    answer("POST", "/environment/e1/job", 201, lifecycleRecord());
    answer("GET", "/environment/e1/job", 200, { results: [cronRecord(), lifecycleRecord()] });
    answer("GET", "/job/j1", 200, cronRecord());
    answer("PUT", "/job/j1", 200, cronRecord());
    answer("DELETE", "/job/j1", 204);

    await expect(client.jobs.create("e1", nightly)).resolves.toMatchObject({ id: "j1", job_type: "CRON", schedule: { cronjob: { timezone: "Europe/Paris" } } });
    await expect(client.jobs.create("e1", migrate)).resolves.toMatchObject({ id: "j2", job_type: "LIFECYCLE", schedule: { on_start: { entrypoint: "/app/bin" } } });
    await expect(client.jobs.list("e1")).resolves.toHaveLength(2);
    await expect(client.jobs.get("j1")).resolves.toMatchObject({ source: { image: { registry: { kind: "DOCKER_HUB" } } } });
    await client.jobs.update("j1", { ...nightly, healthchecks: {}, max_duration_seconds: null, port: null });
    await client.jobs.delete("j1");

    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "POST /environment/e1/job", "POST /environment/e1/job", "GET /environment/e1/job", "GET /job/j1", "PUT /job/j1", "DELETE /job/j1",
    ]);
    expect(sent[0]!.body).toEqual({ ...nightly, healthchecks: {} });
    // the repository's provider is derived from its host, as for applications
    expect(sent[1]!.body).toEqual({
      ...migrate, healthchecks: {},
      source: { docker: { ...migrate.source.docker, git_repository: { url: "https://github.com/acme/api", branch: "main", provider: "GITHUB" } } },
    });
    expect(sent[4]!.body).toMatchObject({ max_duration_seconds: null, port: null, healthchecks: {} });
  });

  test("status, deploy (current source, an image tag, a commit, a forced event), stop and redeploy", async () => {
    const { client, sent, answer } = service();
    answer("GET", "/job/j1/status", 200, status("DEPLOYED"));
    answer("POST", "/job/j1/deploy", 202, status("QUEUED"));
    answer("POST", "/job/j1/deploy", 202, status("QUEUED"));
    answer("POST", "/job/j1/deploy", 202, status("QUEUED"));
    answer("POST", "/job/j1/deploy?forceEvent=START", 202, status("QUEUED"));
    answer("POST", "/job/j1/stop", 202, status("QUEUED"));
    answer("POST", "/job/j1/redeploy", 202, status("QUEUED"));

    await client.jobs.status("j1");
    await client.jobs.deploy("j1");
    await client.jobs.deploy("j1", { image_tag: "2.2" });
    await client.jobs.deploy("j1", { git_commit_id: "abc123" });
    await client.jobs.deploy("j1", undefined, { forceEvent: "START" });
    await client.jobs.stop("j1");
    await client.jobs.redeploy("j1");
    expect(sent).toEqual([
      { method: "GET", path: "/job/j1/status", body: undefined },
      { method: "POST", path: "/job/j1/deploy", body: undefined },
      { method: "POST", path: "/job/j1/deploy", body: { image_tag: "2.2" } },
      { method: "POST", path: "/job/j1/deploy", body: { git_commit_id: "abc123" } },
      { method: "POST", path: "/job/j1/deploy?forceEvent=START", body: undefined },
      { method: "POST", path: "/job/j1/stop", body: undefined },
      { method: "POST", path: "/job/j1/redeploy", body: undefined },
    ]);
  });

  test("advanced settings: the job catalogue's keys are checked", async () => {
    const { client, sent, answer } = service();
    const all = Object.fromEntries(Object.entries(JOB_ADVANCED_SETTINGS).map(([k, s]) => [k, s.default]));
    answer("GET", "/job/j1/advancedSettings", 200, all);
    answer("PUT", "/job/j1/advancedSettings", 201, all);
    await expect(client.jobs.getAdvancedSettings("j1")).resolves.toMatchObject({ "cronjob.concurrency_policy": "Forbid" });
    await client.jobs.updateAdvancedSettings("j1", { "cronjob.concurrency_policy": "Replace", "job.delete_ttl_seconds_after_finished": 600, "build.timeout_max_sec": 900 });
    expect(sent[1]!.body).toEqual({ "cronjob.concurrency_policy": "Replace", "job.delete_ttl_seconds_after_finished": 600, "build.timeout_max_sec": 900 });
    const e = await rejectionOf(client.jobs.updateAdvancedSettings("j1", { "cronjob.failed_jobs_history_limit": -1 }));
    expect(e.message).toMatch(/request field "cronjob\.failed_jobs_history_limit": expected at least 0/);
    expect(sent).toHaveLength(2);
  });

  test("the job catalogue is the reference's JobAdvancedSettings: common, build and job keys", () => {
    const keys = advancedSettingKeysOf("job");
    expect(keys).toHaveLength(14);
    expect(keys).toEqual(expect.arrayContaining([
      "build.timeout_max_sec", "job.delete_ttl_seconds_after_finished", "cronjob.concurrency_policy",
      "cronjob.failed_jobs_history_limit", "cronjob.success_jobs_history_limit", "security.service_account_name",
    ]));
    expect(keys.filter((k) => k.startsWith("network.") || k.startsWith("hpa."))).toEqual([]);
  });

  test("variables, secrets and the organization-wide auto-deploy", async () => {
    const { client, sent, answer } = service();
    answer("GET", "/job/j1/environmentVariable", 200, { results: [] });
    answer("PUT", "/job/j1/secret/s1", 200, { id: "s1", key: "DB_PASSWORD", scope: "JOB" });
    answer("POST", "/organization/o1/job/deploy", 202, status("QUEUED"));
    await client.jobs.variables.list("j1");
    await client.jobs.secrets.update("j1", "s1", { key: "DB_PASSWORD", value: "x" });
    await client.jobs.autoDeploy("o1", { image_name: "acme/backup", tag: "2.2" });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "GET /job/j1/environmentVariable", "PUT /job/j1/secret/s1", "POST /organization/o1/job/deploy",
    ]);
    expect(sent[2]!.body).toEqual({ image_name: "acme/backup", tag: "2.2" });
  });

  test("defaults and lifecycle events", () => {
    expect(JOB_DEFAULTS).toMatchObject({ cpu: 500, memory: 512, gpu: 0, max_nb_restart: 0, timezone: "Etc/UTC" });
    expect(JOB_LIFECYCLE_EVENTS).toEqual(["on_start", "on_stop", "on_delete"]);
  });
});

describe("refused before sending", () => {
  test.each<[string, (c: DeployServiceClient) => Promise<unknown>, RegExp]>([
    ["cron and lifecycle events together", (c) => c.jobs.create("e1", { ...nightly, schedule: { ...nightly.schedule, on_stop: {} } }),
      /request field "schedule\.on_stop": expected either "cronjob" \(a cron job\) or lifecycle events \(a lifecycle job\), not both/],
    ["no schedule at all", (c) => c.jobs.create("e1", { ...nightly, schedule: {} }),
      /request field "schedule": expected "cronjob" \(a cron job\) or at least one of on_start, on_stop, on_delete/],
    ["a missing schedule", (c) => c.jobs.create("e1", { name: "x", source: image } as never), /request field "schedule": expected object, got nothing/],
    ["a bad cron expression", (c) => c.jobs.create("e1", { ...nightly, schedule: { cronjob: { scheduled_at: "0 25 * * *" } } }),
      /request field "schedule\.cronjob\.scheduled_at": expected a cron schedule .*the hour field holds 25, outside 0-23/],
    ["six cron fields", (c) => c.jobs.update("j1", { ...nightly, healthchecks: {}, schedule: { cronjob: { scheduled_at: "0 0 3 * * *" } } }),
      /request field "schedule\.cronjob\.scheduled_at": .*got 6 fields \(seconds are not supported\)/],
    ["both sources", (c) => c.jobs.create("e1", { ...nightly, source: { ...image, docker: migrate.source.docker } }),
      /request field "source\.docker": expected exactly one of "image" .* and "docker" .*, got both/],
    ["no source", (c) => c.jobs.create("e1", { ...nightly, source: {} }), /request field "source": expected exactly one of "image" .*got neither/],
    ["an image name with a tag", (c) => c.jobs.create("e1", { ...nightly, source: { image: { ...image.image, image_name: "acme/backup:2.1" } } }),
      /request field "source\.image\.image_name": expected an image name .*got a tag/],
    ["a bad image tag", (c) => c.jobs.create("e1", { ...nightly, source: { image: { ...image.image, tag: ".x" } } }),
      /request field "source\.image\.tag": expected an image tag/],
    ["an image without registry", (c) => c.jobs.create("e1", { ...nightly, source: { image: { image_name: "a", tag: "1" } as never } }),
      /request field "source\.image\.registry_id": expected string, got nothing/],
    ["a deploy with a tag and a commit", (c) => c.jobs.deploy("j1", { image_tag: "1", git_commit_id: "abc" }),
      /request field "git_commit_id": expected "image_tag" or "git_commit_id", not both/],
    ["a negative restart count", (c) => c.jobs.create("e1", { ...nightly, max_nb_restart: -1 }), /request field "max_nb_restart": expected at least 0/],
    ["port 0", (c) => c.jobs.create("e1", { ...nightly, port: 0 }), /request field "port": expected at least 1/],
    ["an edit without healthchecks", (c) => c.jobs.update("j1", nightly as never), /request field "healthchecks": expected object, got nothing/],
  ])("%s", async (_case, call, message) => {
    const { client, sent } = service();
    const e = await rejectionOf(call(client));
    expect(e.code).toBe("bad_request");
    expect(e.message).toMatch(message);
    expect(sent).toEqual([]);
  });

  test("an unknown forced event", async () => {
    const { client, sent } = service();
    expect(() => client.jobs.deploy("j1", undefined, { forceEvent: "BOOT" as never })).toThrow(/option "forceEvent": expected one of START, STOP, DELETE, CRON/);
    expect(sent).toEqual([]);
  });
});

test("a lost job create is recovered by name", async () => {
  const { pool, client } = mockClient();
  let posts = 0;
  pool.intercept({ path: "/environment/e1/job", method: "POST" }).reply(() => {
    posts++;
    throw socketClosed();
  });
  pool.intercept({ path: "/environment/e1/job", method: "GET" }).reply(200, { results: [lifecycleRecord(), cronRecord("j7")] }, { headers: JSON_HEADERS });
  await expect(client.jobs.create("e1", nightly)).resolves.toMatchObject({ id: "j7" });
  expect(posts).toBe(1);
});

describe("waitForJob", () => {
  test("a run that succeeds ends in DEPLOYED", async () => {
    const { pool, client } = mockClient();
    for (const state of ["QUEUED", "EXECUTING", "DEPLOYED"]) {
      pool.intercept({ path: "/job/j1/status", method: "GET" }).reply(200, status(state, { id: "j1" }), { headers: JSON_HEADERS });
    }
    await expect(client.waitForJob("j1", { pollIntervalMs: 1 })).resolves.toMatchObject({ state: "DEPLOYED" });
  });

  test("a failed run is DEPLOYMENT_ERROR, reported without log lines (jobs have no log endpoint)", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/job/j1/status", method: "GET" })
      .reply(200, status("DEPLOYMENT_ERROR", { id: "j1", status_details: { status: "ERROR" } }), { headers: JSON_HEADERS });
    const e = await rejectionOf(client.waitForJob("j1", { pollIntervalMs: 1 }));
    expect(e.code).toBe("deployment_failed");
    expect(e.message).toBe("job j1: ended in DEPLOYMENT_ERROR while waiting for DEPLOYED");
    expect(e.logLines).toEqual([]);
  });

  test("a timeout is a failure, never a success", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/job/j1/status", method: "GET" }).reply(200, status("EXECUTING", { id: "j1" }), { headers: JSON_HEADERS }).persist();
    const e = await rejectionOf(client.waitForJob("j1", { pollIntervalMs: 1, timeoutMs: 20 }));
    expect(e.code).toBe("wait_timeout");
    expect(e.message).toMatch(/^job j1: still EXECUTING after 20 ms/);
  });
});
