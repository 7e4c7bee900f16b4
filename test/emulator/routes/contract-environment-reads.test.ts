/**
 * Contract of the reads across an environment's services and the service extras with the reference (strict): the
 * official CLI's `statuses` and `services`, each kind's statuses, a project's environments' statuses, counts and
 * overviews, the organization's environments and project counts, the deployment queue and the cancel of a request,
 * uninstall and delete of chosen services, the newer histories, commits, network, database versions and unlink,
 * a Helm release's Kubernetes services, a registry's images, git webhooks, the outbound IPs and ingress states.
 */
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, seen, useEmulator, waitFor } from "../support/helpers";
import { control } from "../../../emulator/control/control-client";
import { helmBody, helmRepositoryBody } from "../support/helm-terraform";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator({ stepMs: 20 });

async function ok(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([method, path, r.status, r.status < 300]).toEqual([method, path, r.status, true]);
  return r.body;
}

async function fourKinds(envId: string): Promise<Record<string, string>> {
  const hub = await dockerHubId(c);
  const app = await ok("POST", `/environment/${envId}/application`, appBody("api"));
  const ctr = await ok("POST", `/environment/${envId}/container`, containerBody("web", hub));
  const job = await ok("POST", `/environment/${envId}/job`, jobBody("report", hub));
  const db = await ok("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE" });
  return { app: app.id, ctr: ctr.id, job: job.id, db: db.id };
}

it("the CLI's statuses and services list every service of the environment, by kind", async () => {
  const { envId } = await projectAndEnv(c, "cli");
  const ids = await fourKinds(envId);
  const statuses = await ok("GET", `/environment/${envId}/statuses`);
  expect(statuses.environment.id).toBe(envId);
  expect(statuses.applications.map((s: { id: string }) => s.id)).toEqual([ids["app"]]);
  expect(statuses.containers.map((s: { id: string }) => s.id)).toEqual([ids["ctr"]]);
  expect(statuses.databases.map((s: { id: string }) => s.id)).toEqual([ids["db"]]);
  expect(statuses.helms).toEqual([]);
  const services = await ok("GET", `/environment/${envId}/services`);
  expect(services.results.map((s: { id: string; service_type: string }) => [s.service_type, s.id]).sort()).toEqual([
    ["APPLICATION", ids["app"]], ["CONTAINER", ids["ctr"]], ["DATABASE", ids["db"]], ["JOB", ids["job"]],
  ].sort());
  for (const kind of ["application", "container", "database", "job", "helm"]) await ok("GET", `/environment/${envId}/${kind}/status`);
  expect((await c.call("GET", "/environment/00000000-0000-4000-8000-000000000000/statuses")).status).toBe(404);
});

it("the queue lists an unfinished request and cancelling it by id ends it", async () => {
  const { envId } = await projectAndEnv(c, "queue");
  const { app } = await fourKinds(envId);
  await control(c.emu, "PUT", "/config", { stepMs: 2000 });
  await ok("POST", `/environment/${envId}/deploy`);
  const queue = await ok("GET", `/environment/${envId}/deploymentQueue`);
  expect(queue.results).toHaveLength(1);
  const requestId = queue.results[0].identifier.deployment_request_id;
  const mine = await ok("GET", `/service/${app}/deploymentQueue`);
  expect(mine.results[0].identifier).toMatchObject({ deployment_request_id: requestId, service_id: app, service_type: "APPLICATION" });
  expect((await c.call("POST", `/deploymentQueue/${requestId}/cancelDeployment`, {})).status).toBe(202);
  expect((await ok("GET", `/environment/${envId}/deploymentQueue`)).results).toEqual([]);
  expect((await c.call("POST", `/deploymentQueue/${requestId}/cancelDeployment`, {})).status).toBe(404);
  await control(c.emu, "PUT", "/config", { stepMs: 20 });
});

it("uninstall and delete of chosen services, and a project's and organization's overviews", async () => {
  const { projectId, envId } = await projectAndEnv(c, "overview");
  const { app, ctr, job, db } = await fourKinds(envId);
  const stats = await ok("GET", `/project/${projectId}/environment/stats`);
  expect(stats.results).toEqual([{ id: envId, number: 4, service_total_number: 4 }]);
  await ok("GET", `/project/${projectId}/environment/status`);
  expect((await ok("GET", `/project/${projectId}/environment/overview`)).results[0].services_overview.service_count).toBe(4);
  expect((await ok("GET", `/organization/${c.org}/environments`)).results.map((e: { id: string }) => e.id)).toContain(envId);
  expect((await ok("GET", `/organization/${c.org}/project/stats`)).results).toContainEqual({ id: projectId, number: 4, service_total_number: 4, environment_total_number: 1 });
  const bad = await c.call("POST", `/environment/${envId}/service/delete`, { application_ids: [ctr] });
  expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/^application_ids\[0\]:/)]);
  await ok("POST", `/environment/${envId}/service/uninstall`, { application_ids: [app] });
  await waitFor(async () => (await ok("GET", `/application/${app}/status`)).state === "DELETED");
  expect((await ok("GET", `/container/${ctr}/status`)).state).toBe("READY");
  expect(await ok("POST", `/environment/${envId}/cleanFailedJobs`, { job_ids: [job] })).toEqual({ clean_job_ids: [job], clean_kubernetes_jobs: [] });
  await ok("POST", `/job/${job}/cleanFailedJob`);
  await ok("POST", `/environment/${envId}/service/delete`, { container_ids: [ctr], database_ids: [db] });
  await waitFor(async () => (await c.call("GET", `/container/${ctr}`)).status === 404);
  await ok("POST", `/environment/${envId}/uninstall`);
  await waitFor(async () => (await ok("GET", `/job/${job}/status`)).state === "DELETED");
});

it("histories, commits, network, versions, links, Kubernetes services, images, webhooks, IPs and ingress states", async () => {
  const { envId } = await projectAndEnv(c, "extras");
  const { app, ctr, job, db } = await fourKinds(envId);
  await ok("POST", `/application/${app}/deploy`);
  await waitFor(async () => (await ok("GET", `/application/${app}/status`)).state === "DEPLOYED");
  for (const [kind, id] of [["application", app], ["container", ctr], ["database", db], ["job", job]]) await ok("GET", `/${kind}/${id}/deploymentHistoryV2`);
  expect((await ok("GET", `/application/${app}/deploymentHistoryV2`)).results).toHaveLength(1);
  await ok("POST", `/environment/${envId}/deploy`);
  await waitFor(async () => (await ok("GET", `/environment/${envId}/deploymentHistoryV2`)).results[0]?.action_status === "SUCCESS");
  const history = await ok("GET", `/environment/${envId}/deploymentHistoryV2?pageSize=5`);
  expect(history.results.map((h: { stages: Array<{ services: unknown[] }> }) => h.stages.flatMap((st) => st.services).length)).toEqual([4, 1]);
  expect(history.results[0].stages.every((st: { status: string }) => st.status === "DONE")).toBe(true);
  const logs = await ok("GET", `/environment/${envId}/logs`);
  expect(logs.length).toBeGreaterThan(0);
  expect(new Set(logs.map((l: { details: { transmitter: { id: string } } }) => l.details.transmitter.id))).toContain(app);
  expect((await ok("GET", `/environment/${envId}/logs?version=no-such-version`))).toEqual([]);
  expect((await ok("GET", `/application/${app}/commit`)).results).toHaveLength(1);
  await ok("GET", `/job/${job}/commit`);
  await ok("GET", `/application/${app}/contributor`);
  expect(await ok("GET", `/container/${ctr}/network`)).toEqual({ sticky_session: false });
  expect((await c.call("PUT", `/container/${ctr}/network`, { sticky_session: true })).status).toBe(201);
  expect(await ok("GET", `/container/${ctr}/network`)).toEqual({ sticky_session: true });
  expect((await c.call("PUT", `/application/${app}/network`, { sticky_session: "yes" })).status).toBe(400);
  expect((await ok("GET", `/database/${db}/version`)).results).toContainEqual({ name: "16" });
  const host = (await ok("GET", `/database/${db}`)).host;
  await ok("POST", `/application/${app}/environmentVariable`, { key: "DB_HOST", value: host });
  expect((await ok("GET", `/database/${db}/application`)).results).toHaveLength(1);
  expect((await c.call("DELETE", `/database/${db}/application/${app}`)).status).toBe(204);
  expect((await ok("GET", `/database/${db}/application`)).results).toEqual([]);
  expect((await c.call("DELETE", `/database/${db}/application/${app}`)).status).toBe(404);
  const repo = await ok("POST", `/organization/${c.org}/helmRepository`, helmRepositoryBody("charts"));
  const helm = await ok("POST", `/environment/${envId}/helm`, helmBody("cache", repo.id, { ports: [{ internal_port: 6379, service_name: "cache-redis" }] }));
  expect((await ok("GET", `/helm/${helm.id}/listServices`)).results).toEqual([
    { metadata: { name: "cache-redis" }, service_spec: { type: "ClusterIP", ports: [{ port: 6379 }], selectors: [] } },
  ]);
  const hub = await dockerHubId(c);
  expect((await ok("GET", `/organization/${c.org}/containerRegistry/${hub}/images`)).results).toEqual([
    { image_name: "acme/report", versions: ["1.0.0"] }, { image_name: "library/nginx", versions: ["1.27"] },
  ]);
  expect(await ok("GET", `/service/${app}/gitWebhookStatus`)).toEqual({ status: "ACTIVE", provider: "GITHUB" });
  await ok("POST", `/service/${app}/gitWebhook/sync`);
  expect((await c.call("GET", `/service/${ctr}/gitWebhookStatus`)).status).toBe(404);
  expect((await ok("GET", "/ips")).ips.length).toBeGreaterThan(0);
  expect((await ok("GET", `/APPLICATION/${app}/ingressDeploymentStatus`)).status).toBe("DEPLOYED");
  expect((await c.call("GET", `/CONTAINER/${app}/ingressDeploymentStatus`)).status).toBe(404);
  expect((await c.call("GET", `/JOB/${job}/ingressDeploymentStatus`)).status).toBe(400);
});

it("an environment request's state by its id: the environment's for its last request, the action's end for an older one", async () => {
  const { envId } = await projectAndEnv(c, "by-request");
  await fourKinds(envId);
  await ok("POST", `/environment/${envId}/deploy`);
  const deployId = (await ok("GET", `/environment/${envId}/status`)).last_deployment_id as string;
  const byId = async (id: string) => await ok("GET", `/environment/deploymentStatus?deploymentRequestId=${id}`);
  expect(await byId(deployId)).toMatchObject({ deployment_request_id: deployId, environment_id: envId });
  await waitFor(async () => (await byId(deployId)).status === "DEPLOYED");
  await ok("POST", `/environment/${envId}/stop`);
  const stopId = (await ok("GET", `/environment/${envId}/status`)).last_deployment_id as string;
  expect(stopId).not.toBe(deployId);
  await waitFor(async () => (await byId(stopId)).status === "STOPPED");
  expect(await byId(deployId)).toEqual({ deployment_request_id: deployId, environment_id: envId, status: "DEPLOYED" });
  expect((await c.call("GET", "/environment/deploymentStatus")).status).toBe(400);
  expect((await c.call("GET", "/environment/deploymentStatus?deploymentRequestId=00000000-0000-4000-8000-000000000000")).status).toBe(404);
});

afterAll(() => {
  const answers = seen.filter((a) => a.status < 300 && !/\/status$|\/(application|container|job|database|helm)$|helmRepository$|containerRegistry$|environmentVariable$|\/(deploy|project|environment)$/.test(a.path)
    || /\/statuses$|\/environment\/status$/.test(a.path));
  expect(answers.length).toBeGreaterThan(30);
  expect(referenceProblems(answers, "environment reads contract")).toEqual([]);
});
