/**
 * Jobs: cron and lifecycle schedules (exclusive), image and git sources (exactly one), validation (status and field
 * named), defaults, the run on the deployment clock (built first from git; ends DEPLOYED or, failure injected,
 * DEPLOYMENT_ERROR / BUILD_ERROR), deploy bodies, the recorded schedule, history, advanced settings, variables and
 * secrets, and the organization's auto-deploy of a new tag.
 */
import { control } from "../../../emulator/control/control-client";
import { containerBody, dockerHubId, fieldOf, jobBody, projectAndEnv, useEmulator, walkStates, WALK_STEP_MS } from "../support/helpers";


const DOCKER_SOURCE = {
  docker: { git_repository: { url: "https://github.com/acme/migrations.git", provider: "GITHUB", branch: "main" }, dockerfile_path: "Dockerfile.migrate" },
};
const ON_START = { on_start: { arguments: ["migrate", "up"], entrypoint: "/bin/migrate" } };

describe("jobs (instant clock)", () => {
  const c = useEmulator();
  let envId: string;
  let hub: string;
  beforeEach(async () => {
    ({ envId } = await projectAndEnv(c));
    hub = await dockerHubId(c);
  });
  const create = (body: Record<string, unknown>) => c.call("POST", `/environment/${envId}/job`, body);

  it("a cron job run from an image: defaults, its schedule recorded in Etc/UTC unless told, its registry answered", async () => {
    const r = await create(jobBody("nightly", hub));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "nightly", service_type: "JOB", job_type: "CRON", environment: { id: envId },
      cpu: 500, memory: 512, gpu: 0, max_nb_restart: 0, max_duration_seconds: 300, port: null, auto_deploy: false, auto_preview: true,
      healthchecks: {}, cpu_architecture: null, annotations_groups: [], labels_groups: [],
      source: { image: { image_name: "acme/report", tag: "1.0.0", registry_id: hub, registry: { id: hub, name: "Docker Hub", kind: "DOCKER_HUB", url: "https://docker.io" } } },
      schedule: { cronjob: { scheduled_at: "0 3 * * *", timezone: "Etc/UTC", arguments: ["--nightly"] } },
    });
    expect(r.body.schedule).not.toHaveProperty("on_start");
    expect((await c.call("GET", `/job/${r.body.id}`)).body).toEqual(r.body);
    const paris = await create(jobBody("paris", hub, { schedule: { cronjob: { scheduled_at: "@daily", timezone: "Europe/Paris" } } }));
    expect(paris.body.schedule).toEqual({ cronjob: { scheduled_at: "@daily", timezone: "Europe/Paris", arguments: [] } });
  });

  it("a lifecycle job built from git: its events, its lifecycle type, its repository", async () => {
    const r = await create({ name: "migrate", healthchecks: {}, source: DOCKER_SOURCE, schedule: ON_START, max_duration_seconds: 600, port: 8080 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      job_type: "LIFECYCLE", max_duration_seconds: 600, port: 8080,
      schedule: { on_start: { arguments: ["migrate", "up"], entrypoint: "/bin/migrate" }, lifecycle_type: "GENERIC" },
      source: {
        docker: {
          git_repository: { url: "https://github.com/acme/migrations.git", provider: "GITHUB", branch: "main", root_path: "/", owner: "acme", name: "migrations", git_token_id: null },
          dockerfile_path: "Dockerfile.migrate", dockerfile_raw: null, docker_target_build_stage: null,
        },
      },
    });
    expect(r.body.schedule).not.toHaveProperty("cronjob");
    const all = await create({ name: "hooks", healthchecks: {}, source: DOCKER_SOURCE, schedule: { on_stop: {}, on_delete: { arguments: ["cleanup"] }, lifecycle_type: "TERRAFORM" } });
    expect(all.body.schedule).toEqual({ on_stop: { arguments: [] }, on_delete: { arguments: ["cleanup"] }, lifecycle_type: "TERRAFORM" });
  });

  it("accepts the cron forms Kubernetes takes", async () => {
    const valid = ["*/15 0-6 * JAN-MAR MON-FRI", "0 0 1,15 * *", "5 4 * * sun", "0 22 * * 1-5", "@hourly", "0-59/10 * * * 7"];
    for (const [i, expr] of valid.entries()) {
      const r = await create(jobBody(`j${i}`, hub, { schedule: { cronjob: { scheduled_at: expr } } }));
      expect([expr, r.status]).toEqual([expr, 201]);
    }
  });

  it("refuses invalid requests with 400 naming the field", async () => {
    const image = { image_name: "acme/report", tag: "1.0.0", registry_id: hub };
    const cron = (scheduled_at: string, extra: Record<string, unknown> = {}) => ({ cronjob: { scheduled_at, ...extra } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...jobBody("j", hub), source: undefined }, "source"],
      [jobBody("j", hub, { source: {} }), "source"],
      [jobBody("j", hub, { source: { image: null, docker: null } }), "source"],
      [jobBody("j", hub, { source: { image, ...DOCKER_SOURCE } }), "source.docker"],
      [jobBody("j", hub, { source: { image: { image_name: "acme/report", registry_id: hub } } }), "source.image.tag"],
      [jobBody("j", hub, { source: { image: { ...image, image_name: "Acme/Report" } } }), "source.image.image_name"],
      [jobBody("j", hub, { source: { image: { ...image, registry_id: "5b1c7a4e-0000-4000-8000-000000000000" } } }), "source.image.registry_id"],
      [jobBody("j", hub, { source: { docker: { dockerfile_path: "Dockerfile" } } }), "source.docker.git_repository"],
      [{ ...jobBody("j", hub), schedule: undefined }, "schedule"],
      [jobBody("j", hub, { schedule: {} }), "schedule"],
      [jobBody("j", hub, { schedule: { ...cron("0 3 * * *"), ...ON_START } }), "schedule.on_start"],
      [jobBody("j", hub, { schedule: { ...cron("0 3 * * *"), lifecycle_type: "GENERIC" } }), "schedule.lifecycle_type"],
      [jobBody("j", hub, { schedule: cron("61 * * * *") }), "schedule.cronjob.scheduled_at"],
      [jobBody("j", hub, { schedule: cron("* * * *") }), "schedule.cronjob.scheduled_at"],
      [jobBody("j", hub, { schedule: cron("0 0 31 13 *") }), "schedule.cronjob.scheduled_at"],
      [jobBody("j", hub, { schedule: cron("@reboot") }), "schedule.cronjob.scheduled_at"],
      [jobBody("j", hub, { schedule: cron("5-1 * * * *") }), "schedule.cronjob.scheduled_at"],
      [jobBody("j", hub, { schedule: cron("*/0 * * * *") }), "schedule.cronjob.scheduled_at"],
      [jobBody("j", hub, { schedule: cron("0 3 * * *", { timezone: "Mars/Olympus" }) }), "schedule.cronjob.timezone"],
      [jobBody("j", hub, { schedule: { cronjob: { timezone: "Etc/UTC" } } }), "schedule.cronjob.scheduled_at"],
      [jobBody("j", hub, { schedule: { on_start: {}, lifecycle_type: "ANSIBLE" } }), "schedule.lifecycle_type"],
      [jobBody("j", hub, { port: 0 }), "port"],
      [jobBody("j", hub, { max_duration_seconds: -1 }), "max_duration_seconds"],
      [jobBody("j", hub, { max_nb_restart: 1.5 }), "max_nb_restart"],
      [{ ...jobBody("j", hub), healthchecks: undefined }, "healthchecks"],
      [{ ...jobBody("j", hub), name: undefined }, "name"],
    ];
    for (const [body, name] of cases) {
      const r = await create(body);
      expect([name, JSON.stringify(body), r.status, fieldOf(r.body.message)]).toEqual([name, JSON.stringify(body), 400, name]);
    }
    const reason = (await create(jobBody("j", hub, { schedule: cron("61 * * * *") }))).body.message;
    expect(reason).toMatch(/not a cron schedule: minute: '61' is out of range/);
    expect((await c.call("GET", `/environment/${envId}/job`)).body.results).toEqual([]);
  });

  it("names are unique among the environment's services, ignoring case (409)", async () => {
    expect((await c.call("POST", `/environment/${envId}/container`, containerBody("worker", hub))).status).toBe(201);
    const dup = await create(jobBody("WORKER", hub));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^name: service name 'WORKER' is already used in this environment/);
  });

  it("an edit replaces the schedule or the source it gives and keeps the rest; cron and lifecycle may swap", async () => {
    const made = (await create(jobBody("nightly", hub, { description: "d", cpu: 250 }))).body;
    const keep = await c.call("PUT", `/job/${made.id}`, { name: "nightly2", healthchecks: {} });
    expect(keep.status).toBe(200);
    expect(keep.body).toMatchObject({ name: "nightly2", description: "d", cpu: 250, job_type: "CRON", source: made.source, schedule: made.schedule });
    const swap = await c.call("PUT", `/job/${made.id}`, { name: "nightly2", healthchecks: {}, schedule: ON_START, source: DOCKER_SOURCE, description: null });
    expect(swap.body).toMatchObject({ job_type: "LIFECYCLE", schedule: { on_start: ON_START.on_start } });
    expect(swap.body).not.toHaveProperty("description");
    expect(Object.keys(swap.body.source)).toEqual(["docker"]);
    expect((await c.call("DELETE", `/organization/${c.org}/containerRegistry/${hub}`)).status).toBe(204);
    const refused = await c.call("PUT", `/job/${made.id}`, { name: "nightly2", healthchecks: {}, schedule: { cronjob: { scheduled_at: "nope" } }, cpu: 100 });
    expect(refused.status).toBe(400);
    expect((await c.call("GET", `/job/${made.id}`)).body).toEqual(swap.body);
    expect((await c.call("PUT", "/job/5b1c7a4e-0000-4000-8000-000000000000", jobBody("x", hub))).status).toBe(404);
  });

  it("a deploy runs the job; its body names a new image tag (kept) or a commit, as the source takes", async () => {
    const img = (await create(jobBody("nightly", hub))).body;
    const git = (await create({ name: "migrate", healthchecks: {}, source: DOCKER_SOURCE, schedule: ON_START })).body;
    const run = await c.call("POST", `/job/${img.id}/deploy`, { image_tag: "1.1.0" });
    expect(run.status).toBe(202);
    expect(run.body).toMatchObject({ state: "DEPLOYED", service_deployment_status: "UP_TO_DATE" });
    expect((await c.call("GET", `/job/${img.id}`)).body.source.image.tag).toBe("1.1.0");
    const wrongForImage = await c.call("POST", `/job/${img.id}/deploy`, { git_commit_id: "abc" });
    expect([wrongForImage.status, fieldOf(wrongForImage.body.message)]).toEqual([400, "git_commit_id"]);
    const wrongForGit = await c.call("POST", `/job/${git.id}/deploy`, { image_tag: "1" });
    expect([wrongForGit.status, fieldOf(wrongForGit.body.message)]).toEqual([400, "image_tag"]);
    const both = await c.call("POST", `/job/${git.id}/deploy`, { image_tag: "1", git_commit_id: "abc" });
    expect([both.status, both.body.message]).toEqual([400, "git_commit_id: cannot be set with image_tag"]);
    const sha = "0123456789abcdef0123456789abcdef01234567";
    expect((await c.call("POST", `/job/${git.id}/deploy`, { git_commit_id: sha })).body.state).toBe("DEPLOYED");
    expect((await c.call("GET", `/job/${git.id}`)).body.source.docker.git_repository.deployed_commit_id).toBe(sha);
    const gitHistory = (await c.call("GET", `/job/${git.id}/deploymentHistory`)).body.results;
    expect(gitHistory[0]).toMatchObject({ status: "DEPLOYED", commit: { git_commit_id: sha }, schedule: { event: "ON_START", schedule_at: null }, arguments: ["migrate", "up"], entrypoint: "/bin/migrate" });
    const imgHistory = (await c.call("GET", `/job/${img.id}/deploymentHistory`)).body.results;
    expect(imgHistory).toEqual([expect.objectContaining({
      status: "DEPLOYED", image_name: "acme/report", tag: "1.1.0", schedule: { event: "CRON", schedule_at: "0 3 * * *" }, arguments: ["--nightly"],
    })]);
    expect(imgHistory[0]).not.toHaveProperty("commit");
  });

  it("a failed run ends in DEPLOYMENT_ERROR, a failed build in BUILD_ERROR; jobs stop and uninstall but do not restart", async () => {
    const img = (await create(jobBody("nightly", hub))).body;
    const git = (await create({ name: "migrate", healthchecks: {}, source: DOCKER_SOURCE, schedule: ON_START })).body;
    await control(c.emu, "PUT", `/services/${img.id}/failure`, { stage: "DEPLOY" });
    await control(c.emu, "PUT", `/services/${git.id}/failure`, { stage: "BUILD" });
    expect((await c.call("POST", `/job/${img.id}/deploy`)).body).toMatchObject({ state: "DEPLOYMENT_ERROR", status_details: { status: "ERROR" } });
    expect((await c.call("POST", `/job/${git.id}/deploy`)).body.state).toBe("BUILD_ERROR");
    expect((await c.call("GET", `/job/${img.id}/deploymentHistory`)).body.results[0].status).toBe("DEPLOYMENT_ERROR");
    await control(c.emu, "PUT", `/services/${img.id}/failure`, { stage: null });
    expect((await c.call("POST", `/job/${img.id}/redeploy`)).body.state).toBe("DEPLOYED");
    expect((await c.call("POST", `/job/${img.id}/stop`)).body.state).toBe("STOPPED");
    expect((await c.call("POST", `/job/${img.id}/restart-service`)).status).toBe(404);
    expect((await c.call("POST", `/job/${img.id}/uninstall`)).body.state).toBe("DELETED");
  });

  it("advanced settings: the job's keys only (another kind's key is a 400); the defaults route", async () => {
    const made = (await create(jobBody("nightly", hub))).body;
    const got = (await c.call("GET", `/job/${made.id}/advancedSettings`)).body;
    expect(Object.keys(got).sort()).toEqual([
      "build.cpu_max_in_milli", "build.disable_buildkit_cache", "build.ram_max_in_gib", "build.skip_git_submodules", "build.timeout_max_sec",
      "cronjob.concurrency_policy", "cronjob.failed_jobs_history_limit", "cronjob.success_jobs_history_limit",
      "deployment.affinity.node.required", "deployment.termination_grace_period_seconds", "job.delete_ttl_seconds_after_finished",
      "security.automount_service_account_token", "security.read_only_root_filesystem", "security.service_account_name",
    ]);
    const other = await c.call("PUT", `/job/${made.id}/advancedSettings`, { "cronjob.concurrency_policy": "Allow", "hpa.cpu.average_utilization_percent": 10 });
    expect([other.status, fieldOf(other.body.message)]).toEqual([400, "hpa.cpu.average_utilization_percent"]);
    const put = await c.call("PUT", `/job/${made.id}/advancedSettings`, { "cronjob.concurrency_policy": "Allow", "job.delete_ttl_seconds_after_finished": 60 });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ "cronjob.concurrency_policy": "Allow", "job.delete_ttl_seconds_after_finished": 60 });
    expect(put.body).not.toHaveProperty("hpa.cpu.average_utilization_percent");
    const bad = await c.call("PUT", `/job/${made.id}/advancedSettings`, { "cronjob.concurrency_policy": "Sometimes" });
    expect([bad.status, fieldOf(bad.body.message)]).toEqual([400, "cronjob.concurrency_policy"]);
    expect((await c.call("GET", "/defaultJobAdvancedSettings")).body).toEqual(got);
  });

  it("variables and secrets are scoped to the job; secret values are never answered", async () => {
    const made = (await create(jobBody("nightly", hub))).body;
    const v = await c.call("POST", `/job/${made.id}/environmentVariable`, { key: "REPORT_DAY", value: "mon" });
    expect(v.body).toMatchObject({ scope: "JOB", service_type: "JOB", service_id: made.id, service_name: "nightly", value: "mon" });
    const s = await c.call("POST", `/job/${made.id}/secret`, { key: "DB_PASSWORD", value: "job-s3cret" });
    expect(s.status).toBe(201);
    const answers = JSON.stringify([s.body, (await c.call("GET", `/job/${made.id}/secret`)).body]);
    expect(answers).not.toContain("job-s3cret");
    expect(await (await control(c.emu, "GET", "/state")).text()).not.toContain("job-s3cret");
  });

  it("is placed in stages, listed with the organization's services, run with its environment and deleted with it", async () => {
    const made = (await create(jobBody("nightly", hub))).body;
    expect((await c.call("GET", `/service/${made.id}/deploymentStage`)).body.services).toEqual([expect.objectContaining({ service_id: made.id, service_type: "JOB" })]);
    expect((await c.call("GET", `/organization/${c.org}/services?environment_id=${envId}`)).body.results).toEqual([
      expect.objectContaining({ id: made.id, service_type: "JOB" }),
    ]);
    await c.call("POST", `/environment/${envId}/deploy`);
    const history = (await c.call("GET", `/environment/${envId}/deploymentHistory`)).body.results;
    expect(history[0].jobs).toEqual([expect.objectContaining({ name: "nightly", status: "DEPLOYED", schedule: { event: "CRON", schedule_at: "0 3 * * *" } })]);
    expect((await c.call("DELETE", `/environment/${envId}`)).status).toBe(204);
    expect((await c.call("GET", `/job/${made.id}`)).status).toBe(404);
  });

  it("counts against the git token it builds with", async () => {
    const token = (await c.call("POST", `/organization/${c.org}/gitToken`, { name: "gh", type: "GITHUB", token: "ghp_x" })).body;
    const source = { docker: { git_repository: { ...DOCKER_SOURCE.docker.git_repository, git_token_id: token.id } } };
    const made = await create({ name: "migrate", healthchecks: {}, source, schedule: ON_START });
    expect(made.body.source.docker.git_repository).toMatchObject({ git_token_id: token.id, git_token_name: "gh" });
    expect((await c.call("GET", `/organization/${c.org}/gitToken/${token.id}`)).body.associated_services_count).toBe(1);
    const unknown = await create({ name: "m2", healthchecks: {}, schedule: ON_START, source: { docker: { git_repository: { ...DOCKER_SOURCE.docker.git_repository, git_token_id: "5b1c7a4e-0000-4000-8000-000000000000" } } } });
    expect([unknown.status, fieldOf(unknown.body.message)]).toEqual([400, "git_repository.git_token_id"]);
  });
});

describe("organization auto-deploy of jobs", () => {
  const c = useEmulator();

  it("gives the new tag to every job with auto_deploy running the image and runs only those", async () => {
    const hub = await dockerHubId(c);
    const { envId } = await projectAndEnv(c);
    const mk = async (name: string, image: string, auto: boolean) => (await c.call("POST", `/environment/${envId}/job`, jobBody(name, hub, {
      auto_deploy: auto, source: { image: { image_name: image, tag: "1.0", registry_id: hub } },
    }))).body.id as string;
    const follows = await mk("a", "acme/report", true);
    const manual = await mk("b", "acme/report", false);
    const other = await mk("c", "acme/other", true);
    const git = (await c.call("POST", `/environment/${envId}/job`, { name: "d", healthchecks: {}, auto_deploy: true, source: DOCKER_SOURCE, schedule: ON_START })).body.id;
    const r = await c.call("POST", `/organization/${c.org}/job/deploy`, { image_name: "acme/report", tag: "2.0" });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ deployment_requests_count: 1, state: "DEPLOYED" });
    expect((await c.call("GET", `/job/${follows}`)).body.source.image.tag).toBe("2.0");
    expect((await c.call("GET", `/job/${follows}/status`)).body.state).toBe("DEPLOYED");
    for (const id of [manual, other, git]) expect((await c.call("GET", `/job/${id}/status`)).body.state).toBe("READY");
    expect((await c.call("GET", `/job/${manual}`)).body.source.image.tag).toBe("1.0");
  });

  it("names no deployment request, date nor deployed state when no job follows the image", async () => {
    const r = await c.call("POST", `/organization/${c.org}/job/deploy`, { image_name: "acme/none", tag: "2.0" });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ id: c.org, state: "READY", deployment_request_id: null, deployment_requests_count: 0, is_part_last_deployment: false });
    expect(r.body.last_deployment_date).toBeUndefined();
  });
});

describe("jobs (stepped clock)", () => {
  const c = useEmulator({ stepMs: WALK_STEP_MS });


  it("a run from an image walks QUEUED, DEPLOYING, DEPLOYED; one built from git walks BUILDING first; a failed run ends in DEPLOYMENT_ERROR", async () => {
    const hub = await dockerHubId(c);
    const { envId } = await projectAndEnv(c);
    const img = (await c.call("POST", `/environment/${envId}/job`, jobBody("nightly", hub))).body;
    const git = (await c.call("POST", `/environment/${envId}/job`, { name: "migrate", healthchecks: {}, source: DOCKER_SOURCE, schedule: ON_START })).body;
    expect((await c.call("POST", `/job/${img.id}/deploy`)).body.state).toBe("QUEUED");
    expect((await walkStates(c, `/job/${img.id}/status`)).filter((s) => s !== "QUEUED")).toEqual(["DEPLOYING", "DEPLOYED"]);
    await c.call("POST", `/job/${git.id}/deploy`);
    expect((await walkStates(c, `/job/${git.id}/status`)).filter((s) => s !== "QUEUED")).toEqual(["BUILDING", "DEPLOYING", "DEPLOYED"]);
    await control(c.emu, "PUT", `/services/${img.id}/failure`, { stage: "DEPLOY" });
    await c.call("POST", `/job/${img.id}/deploy`);
    const failed = await walkStates(c, `/job/${img.id}/status`);
    expect(failed[failed.length - 1]).toBe("DEPLOYMENT_ERROR");
    const log = (await c.call("GET", `/job/${img.id}/log`)).status;
    expect(log).toBe(404);
  });
});
