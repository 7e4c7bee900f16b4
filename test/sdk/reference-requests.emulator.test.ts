/**
 * Every request the client sends for container registries, containers, jobs and environment deployments, checked
 * against the live OpenAPI (`../shared/api/reference-openapi.json`): the path must be one of the reference's
 * operations and the body must validate against that operation's request schema. The requests are recorded on the
 * way out by an undici interceptor while the client drives the emulator. Without the reference it fails in CI
 * and warns elsewhere (`test/shared-reference.ts`).
 */
import { Agent, type Dispatcher } from "undici";
import { findTemplate, validate } from "../emulator/support/openapi-validator";
import { loadReference, requestSchemaOf } from "../emulator/support/reference-schema";
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator(0);
const WAIT = { pollIntervalMs: 5, maxPollIntervalMs: 20, timeoutMs: 15_000 };

interface Sent { method: string; path: string; body: unknown }

/**
 * The reference lists `owner` and `name` as required in `ApplicationGitRepositoryRequest` without declaring them
 * among its properties; the service derives them from `url`, and no client sends them (applications neither).
 */
const REFERENCE_QUIRKS = [/git_repository: missing required (owner|name)$/];

/** An agent that records each request's method, path (without its query) and JSON body before sending it. */
function recordingAgent(sent: Sent[]): Dispatcher {
  return new Agent().compose((dispatch) => (opts, handler) => {
    const body = typeof opts.body === "string" && opts.body !== "" ? JSON.parse(opts.body) : undefined;
    sent.push({ method: String(opts.method), path: String(opts.path).split("?")[0]!, body });
    return dispatch(opts, handler);
  });
}

test("the client's requests for containers, registries, jobs and environment deployments follow the reference", async () => {
  const doc = loadReference("the sdk's requests against the reference");
  const h = harness();
  const sent: Sent[] = [];
  const client = h.client({ dispatcher: recordingAgent(sent) });
  const { orgId, environment } = await scaffold(h, client);
  sent.length = 0;

  const registry = await client.containerRegistries.create(orgId, { name: "hub", kind: "DOCKER_HUB", config: { username: "acme", password: "pw-123456" } });
  await client.containerRegistries.update(orgId, registry.id, { name: "hub", kind: "DOCKER_HUB", description: "public", config: {} });
  await client.containerRegistries.get(orgId, registry.id);

  const web = await client.containers.create(environment.id, {
    name: "web", registry_id: registry.id, image_name: "nginx", tag: "1.27", cpu: 250, memory: 256,
    ports: [{ internal_port: 80, publicly_accessible: true }], arguments: ["-g", "daemon off;"], auto_deploy: true,
  });
  await client.containers.update(web.id, { name: "web", registry_id: registry.id, image_name: "nginx", tag: "1.28", healthchecks: {} });
  await client.containers.deploy(web.id, { image_tag: "1.28" });
  await client.waitForContainer(web.id, WAIT);
  await client.containers.updateAdvancedSettings(web.id, { "network.ingress.proxy_request_buffering": "off" });
  const variable = await client.containers.variables.create(web.id, { key: "PORT", value: "80" });
  await client.containers.variables.update(web.id, variable.id, { key: "PORT", value: "8080" });
  await client.containers.secrets.create(web.id, { key: "API_KEY", value: "s3cr3t-value" });
  await client.containers.autoDeploy(orgId, { image_name: "nginx", tag: "1.29" });
  await client.waitForContainer(web.id, WAIT);
  await client.containers.restart(web.id);

  const nightly = await client.jobs.create(environment.id, {
    name: "nightly", source: { image: { image_name: "acme/backup", tag: "2.1", registry_id: registry.id } },
    schedule: { cronjob: { scheduled_at: "0 3 * * *", timezone: "Europe/Paris", arguments: ["--all"] } }, max_duration_seconds: 600,
  });
  const migrate = await client.jobs.create(environment.id, {
    name: "migrate", source: { docker: { git_repository: { url: "https://github.com/acme/api.git", branch: "main" }, dockerfile_path: "Dockerfile" } },
    schedule: { on_start: { arguments: ["up"] } }, max_nb_restart: 1,
  });
  await client.jobs.update(nightly.id, {
    name: "nightly", healthchecks: {}, source: { image: { image_name: "acme/backup", tag: "2.2", registry_id: registry.id } },
    schedule: { cronjob: { scheduled_at: "0 4 * * *", timezone: "Europe/Paris" } },
  });
  await client.jobs.deploy(nightly.id, { image_tag: "2.2" });
  await client.waitForJob(nightly.id, WAIT);
  await client.jobs.updateAdvancedSettings(nightly.id, { "job.delete_ttl_seconds_after_finished": 60 });
  await client.jobs.variables.create(migrate.id, { key: "MODE", value: "up" });
  await client.jobs.secrets.create(migrate.id, { key: "DATABASE_URL", value: "postgres://u:p@h/db" });
  await client.jobs.autoDeploy(orgId, { image_name: "acme/backup", tag: "2.3" });

  const deployed = await client.environments.deployServices(environment.id, {
    containers: [{ id: web.id, image_tag: "1.30" }], jobs: [{ id: nightly.id, image_tag: "2.4" }],
  });
  await client.waitForEnvironmentDeployment(environment.id, { ...WAIT, after: deployed, services: [web.id, nightly.id] });
  await client.environments.restartServices(environment.id, { container_ids: [web.id] });
  await client.waitForContainer(web.id, WAIT);
  await client.environments.stopServices(environment.id, { container_ids: [web.id] });
  await client.waitForContainer(web.id, { ...WAIT, target: "STOPPED" });
  await client.environments.statusesWithStages(environment.id);

  await client.jobs.delete(migrate.id);
  await client.jobs.delete(nightly.id);
  await client.containers.delete(web.id);

  const withBody = sent.filter((s) => s.body !== undefined);
  expect(withBody.length).toBeGreaterThanOrEqual(20);
  if (!doc) return;
  const problems: string[] = [];
  for (const s of sent) {
    const template = findTemplate(doc, s.method, s.path);
    if (template === undefined) {
      problems.push(`${s.method} ${s.path}: no such operation in the reference`);
      continue;
    }
    if (s.body === undefined) continue;
    const schema = requestSchemaOf(doc, s.method, template);
    if (schema === undefined) {
      problems.push(`${s.method} ${template}: the client sends a body the reference does not take`);
      continue;
    }
    for (const p of validate(doc, schema, s.body)) {
      if (!REFERENCE_QUIRKS.some((q) => q.test(p))) problems.push(`${s.method} ${template}: ${p}`);
    }
  }
  expect(problems).toEqual([]);
});
