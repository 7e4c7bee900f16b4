import http from "node:http";
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { control } from "../../../emulator/control/control-client";
import { findTemplate, validate, type OpenApiDoc } from "../support/openapi-validator";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator({ resetEach: false });
let hook: http.Server;
beforeAll(async () => {
  hook = http.createServer((_req, res) => res.writeHead(200).end());
  await new Promise<void>((r) => hook.listen(0, "127.0.0.1", () => r()));
});
afterAll(async () => {
  await new Promise((r) => hook.close(r));
});

/** Drives every family through its operations so that each answer can be checked. */
async function scenario(): Promise<void> {
  const org = c.org;
  const [eu, us] = c.emu.ids.clusterIds;
  const get = (p: string) => c.call("GET", p);
  await get("/organization");
  await get(`/organization/${org}`);
  const { projectId, envId } = await projectAndEnv(c, "contract");
  await get(`/organization/${org}/project`);
  await get(`/project/${projectId}`);
  await c.call("PUT", `/project/${projectId}`, { name: "contract2", description: "x" });
  await get(`/project/${projectId}/environment`);
  await c.call("POST", `/project/${projectId}/environment`, { name: "stage", cluster_id: us, mode: "STAGING" });
  await get(`/environment/${envId}`);
  await c.call("PUT", `/environment/${envId}`, { name: "dev2" });
  const token = (await c.call("POST", `/organization/${org}/gitToken`, { name: "gh", type: "GITHUB", token: "ghp_x" })).body;
  await get(`/organization/${org}/gitToken`);
  await get(`/organization/${org}/gitToken/${token.id}`);
  await c.call("PUT", `/organization/${org}/gitToken/${token.id}`, { name: "gh", type: "GITHUB", token: "ghp_y" });
  const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api", {
    git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", git_token_id: token.id },
    storage: [{ size: 5, mount_point: "/data" }], entrypoint: "/start", arguments: ["--port", "8080"],
    healthchecks: { liveness_probe: { type: { tcp: { port: 8080, host: null } }, initial_delay_seconds: 10 } },
  }))).body;
  await get(`/environment/${envId}/application`);
  await get(`/application/${app.id}`);
  await c.call("PUT", `/application/${app.id}`, { healthchecks: {}, ports: [{ id: app.ports[0].id, internal_port: 80, publicly_accessible: true, protocol: "HTTP" }] });
  await get(`/application/${app.id}/advancedSettings`);
  await c.call("PUT", `/application/${app.id}/advancedSettings`, { "network.gateway_api.retry.num_retries": 3 });
  const v = (await c.call("POST", `/application/${app.id}/environmentVariable`, { key: "A", value: "1" })).body;
  await get(`/application/${app.id}/environmentVariable`);
  await c.call("PUT", `/application/${app.id}/environmentVariable/${v.id}`, { key: "A", value: "2" });
  const s = (await c.call("POST", `/application/${app.id}/secret`, { key: "S", value: "x" })).body;
  await get(`/application/${app.id}/secret`);
  await c.call("PUT", `/application/${app.id}/secret/${s.id}`, { key: "S", value: "y" });
  await get(`/application/${app.id}/status`);
  for (const a of ["deploy", "stop", "redeploy", "restart-service"]) await c.call("POST", `/application/${app.id}/${a}`);
  await get(`/application/${app.id}/log`);
  const db = (await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "MANAGED" })).body;
  await get(`/environment/${envId}/database`);
  await get(`/database/${db.id}`);
  await c.call("PUT", `/database/${db.id}`, { storage: 20 });
  await get(`/database/${db.id}/status`);
  for (const a of ["deploy", "stop", "redeploy", "restart-service"]) await c.call("POST", `/database/${db.id}/${a}`);
  await get(`/database/${db.id}/masterCredentials`);
  await c.call("PUT", `/database/${db.id}/masterCredentials`, { login: "u", password: "p" });
  await get(`/database/${db.id}/application`);
  const hub = await dockerHubId(c);
  const reg = (await c.call("POST", `/organization/${org}/containerRegistry`, { name: "ghcr", kind: "GITHUB_CR", description: "d", config: { username: "bot", password: "pw" } })).body;
  await get(`/organization/${org}/containerRegistry`);
  await get(`/organization/${org}/containerRegistry/${reg.id}`);
  await c.call("PUT", `/organization/${org}/containerRegistry/${reg.id}`, { name: "ghcr", kind: "GITHUB_CR", config: { username: "bot", password: "pw2" } });
  await get("/availableContainerRegistry");
  const ctr = (await c.call("POST", `/environment/${envId}/container`, containerBody("web", reg.id, {
    ports: [{ internal_port: 80, publicly_accessible: true }], storage: [{ size: 5, mount_point: "/cache" }], entrypoint: "/run", arguments: ["a"],
  }))).body;
  await get(`/organization/${org}/containerRegistry/${reg.id}/associatedServices`);
  await get(`/environment/${envId}/container`);
  await get(`/container/${ctr.id}`);
  await c.call("PUT", `/container/${ctr.id}`, containerBody("web", hub, { ports: [{ id: ctr.ports[0].id, internal_port: 8080, publicly_accessible: true }] }));
  await get(`/container/${ctr.id}/status`);
  await c.call("POST", `/container/${ctr.id}/deploy`, { image_tag: "1.28" });
  for (const a of ["stop", "redeploy", "restart-service"]) await c.call("POST", `/container/${ctr.id}/${a}`);
  await get(`/container/${ctr.id}/log`);
  await get(`/container/${ctr.id}/deploymentHistory`);
  await get(`/container/${ctr.id}/advancedSettings`);
  await c.call("PUT", `/container/${ctr.id}/advancedSettings`, { "network.ingress.proxy_request_buffering": "off" });
  await get("/defaultContainerAdvancedSettings");
  const cv = (await c.call("POST", `/container/${ctr.id}/environmentVariable`, { key: "A", value: "1" })).body;
  await get(`/container/${ctr.id}/environmentVariable`);
  await c.call("PUT", `/container/${ctr.id}/environmentVariable/${cv.id}`, { key: "A", value: "2" });
  const cs = (await c.call("POST", `/container/${ctr.id}/secret`, { key: "S", value: "x" })).body;
  await get(`/container/${ctr.id}/secret`);
  await c.call("PUT", `/container/${ctr.id}/secret/${cs.id}`, { key: "S", value: "y" });
  await c.call("POST", `/organization/${org}/container/deploy`, { image_name: "library/nginx", tag: "1.29" });
  const cron = (await c.call("POST", `/environment/${envId}/job`, jobBody("nightly", hub, { auto_deploy: true }))).body;
  const lifecycle = (await c.call("POST", `/environment/${envId}/job`, {
    name: "migrate", healthchecks: {}, port: 8080,
    source: { docker: { git_repository: { url: "https://github.com/acme/migrations.git", provider: "GITHUB", git_token_id: token.id }, dockerfile_path: "Dockerfile" } },
    schedule: { on_start: { arguments: ["up"], entrypoint: "/migrate" }, on_delete: {} },
  })).body;
  await get(`/environment/${envId}/job`);
  for (const j of [cron, lifecycle]) {
    await get(`/job/${j.id}`);
    await get(`/job/${j.id}/status`);
    for (const a of ["deploy", "stop", "redeploy"]) await c.call("POST", `/job/${j.id}/${a}`);
    await get(`/job/${j.id}/deploymentHistory`);
    await get(`/job/${j.id}/advancedSettings`);
  }
  await c.call("PUT", `/job/${cron.id}`, jobBody("nightly", hub, { schedule: { cronjob: { scheduled_at: "@weekly", timezone: "Europe/Paris" } } }));
  await c.call("PUT", `/job/${lifecycle.id}`, { name: "migrate", healthchecks: {}, schedule: { on_stop: { arguments: ["down"] } } });
  await c.call("POST", `/job/${cron.id}/deploy`, { image_tag: "1.1.0" });
  await c.call("POST", `/job/${lifecycle.id}/deploy`, { git_commit_id: "0123456789abcdef0123456789abcdef01234567" });
  await c.call("PUT", `/job/${cron.id}/advancedSettings`, { "cronjob.concurrency_policy": "Replace" });
  await get("/defaultJobAdvancedSettings");
  const jv = (await c.call("POST", `/job/${cron.id}/environmentVariable`, { key: "A", value: "1" })).body;
  await get(`/job/${cron.id}/environmentVariable`);
  await c.call("PUT", `/job/${cron.id}/environmentVariable/${jv.id}`, { key: "A", value: "2" });
  const js = (await c.call("POST", `/job/${cron.id}/secret`, { key: "S", value: "x" })).body;
  await get(`/job/${cron.id}/secret`);
  await c.call("PUT", `/job/${cron.id}/secret/${js.id}`, { key: "S", value: "y" });
  await c.call("POST", `/organization/${org}/job/deploy`, { image_name: "acme/report", tag: "1.2.0" });
  await get(`/environment/${envId}/deploymentHistory`);
  await c.call("POST", `/container/${ctr.id}/uninstall`, {});
  await c.call("POST", `/job/${lifecycle.id}/uninstall`, {});
  const st = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "late", description: "d" })).body;
  const stages = (await get(`/environment/${envId}/deploymentStage`)).body.results;
  await get(`/deploymentStage/${st.id}`);
  await c.call("PUT", `/deploymentStage/${st.id}`, { name: "later" });
  await c.call("PUT", `/deploymentStage/${st.id}/service/${db.id}`, { is_skipped: false });
  await c.call("PUT", `/deploymentStage/${st.id}/moveBefore/${stages[0].id}`);
  await c.call("PUT", `/deploymentStage/${st.id}/moveAfter/${stages[0].id}`);
  await get(`/service/${db.id}/deploymentStage`);
  await get(`/environment/${envId}/status`);
  for (const a of ["deploy", "stop", "redeploy"]) await c.call("POST", `/environment/${envId}/${a}`);
  await get(`/environment/${envId}/statusesWithStages`);
  await c.call("POST", `/environment/${envId}/service/deploy`, {
    applications: [{ application_id: app.id, git_commit_id: "0123456789abcdef0123456789abcdef01234567" }], databases: [db.id],
    containers: [{ id: ctr.id, image_tag: "1.30" }], jobs: [{ id: cron.id, image_tag: "1.3.0" }],
  });
  await c.call("POST", `/environment/${envId}/service/restart-service`, { application_ids: [app.id], database_ids: [db.id], container_ids: [ctr.id] });
  await c.call("POST", `/environment/${envId}/service/stop`, { application_ids: [app.id], database_ids: [db.id], container_ids: [ctr.id], job_ids: [cron.id] });
  // a deploy still running (a long clock step) to read mid-way and to cancel
  await control(c.emu, "PUT", "/config", { stepMs: 60000 });
  await c.call("POST", `/environment/${envId}/deploy`);
  await get(`/environment/${envId}/statusesWithStages`);
  await c.call("POST", `/environment/${envId}/cancelDeployment`, { force_cancel: false });
  await control(c.emu, "PUT", "/config", { stepMs: 0 });
  await get(`/environment/${envId}/statusesWithStages`);
  const addr = hook.address() as { port: number };
  const wh = (await c.call("POST", `/organization/${org}/webhook`, { kind: "STANDARD", target_url: `http://127.0.0.1:${addr.port}/`, events: ["DEPLOYMENT_STARTED"] })).body;
  await get(`/organization/${org}/webhook`);
  await get(`/organization/${org}/webhook/${wh.id}`);
  await c.call("PUT", `/organization/${org}/webhook/${wh.id}`, { kind: "STANDARD", target_url: "http://127.0.0.1:1/", events: ["DEPLOYMENT_FAILURE"] });
  await get(`/organization/${org}/cluster`);
  await c.call("POST", `/cluster/${eu}/upgrade`);
  await get(`/cluster/${eu}/token`);
  await get(`/organization/${org}/cluster/${eu}/eks-anywhere/commits`);
  await get(`/organization/${org}/argoCdDestinationClusterMapping`);
  await get(`/organization/${org}/services?project_id=${projectId}`);
  await get(`/organization/${org}/currentCost`);
  await get(`/organization/${org}/account/gitAuthProvider`);
  const rack = (await c.call("POST", `/organization/${org}/onPremise/credentials`, { name: "rack" })).body;
  await c.call("PUT", `/organization/${org}/onPremise/credentials/${rack.id}`, { name: "rack" });
  await get("/scaleway/instanceType/fr-par-1");
  await c.call("DELETE", `/application/${app.id}/secret/${s.id}`);
  await c.call("DELETE", `/application/${app.id}/environmentVariable/${v.id}`);
  await c.call("DELETE", `/organization/${org}/webhook/${wh.id}`);
  await c.call("DELETE", `/container/${ctr.id}/secret/${cs.id}`);
  await c.call("DELETE", `/container/${ctr.id}/environmentVariable/${cv.id}`);
  await c.call("DELETE", `/job/${cron.id}/secret/${js.id}`);
  await c.call("DELETE", `/job/${cron.id}/environmentVariable/${jv.id}`);
  await c.call("DELETE", `/container/${ctr.id}`);
  await c.call("DELETE", `/job/${cron.id}`);
  await c.call("DELETE", `/job/${lifecycle.id}`);
  await c.call("DELETE", `/organization/${org}/containerRegistry/${reg.id}`);
  await c.call("DELETE", `/application/${app.id}`);
  await c.call("DELETE", `/database/${db.id}`);
  await c.call("DELETE", `/deploymentStage/${st.id}`);
  await c.call("DELETE", `/organization/${org}/gitToken/${token.id}`);
  await c.call("DELETE", `/environment/${envId}`);
  await c.call("DELETE", `/project/${projectId}`);
}

describe("contract with the reference OpenAPI", () => {
  it("every answer of the scenario matches the reference's status codes and schemas", async () => {
    seen.length = 0;
    await scenario();
    const answers = [...seen];
    expect(answers.length).toBeGreaterThan(80);
    for (const a of answers) expect(a.status).toBeLessThan(300);
    const problems = referenceProblems(answers, "contract test");
    expect(problems).toEqual([]);
  });
});

describe("the OpenAPI subset validator", () => {
  const doc: OpenApiDoc = {
    paths: { "/x/{id}": { get: {} } },
    components: {
      schemas: {
        Base: { type: "object", required: ["id"], properties: { id: { type: "string", format: "uuid" } } },
        Thing: { allOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { n: { type: "integer" }, k: { type: "string", enum: ["A"] }, o: { type: "string", nullable: true } } }] },
      },
    },
  };
  const thing = { $ref: "#/components/schemas/Thing" };
  it("accepts a valid body and reports each kind of problem", () => {
    expect(validate(doc, thing, { id: "123e4567-e89b-12d3-a456-426614174000", n: 1, k: "A", o: null })).toEqual([]);
    expect(validate(doc, thing, { n: 1.5, k: "B", id: "nope" }).sort()).toEqual([
      "$.id: not a uuid", '$.k: "B" not in enum ["A"]', "$.n: expected an integer",
    ]);
    expect(validate(doc, thing, {})).toEqual(["$: missing required id"]);
    expect(validate(doc, { oneOf: [{ type: "string" }, { type: "integer" }] }, true)).toEqual(["$: matches none of 2 alternatives"]);
    expect(findTemplate(doc, "GET", "/x/42")).toBe("/x/{id}");
    expect(findTemplate(doc, "POST", "/x/42")).toBeUndefined();
  });
});
