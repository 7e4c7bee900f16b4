import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator } from "../../../emulator";
import { accessOf, SCOPES_BY_NEED } from "../../../emulator/server/access-table";
import { allRoutes } from "../../../emulator/routes";
import type { Route } from "../../../emulator/routes/types";
import { control } from "../../../emulator/control/control-client";
import { appBody, containerBody, jobBody, useEmulator } from "../support/helpers";
import { teamFixtures, teamSampleBodies } from "../support/team-fixtures";
import { helmTerraformFixtures, helmTerraformSampleBodies } from "../support/helm-terraform";
import { deploymentRuleFixtures, deploymentRuleSampleBodies } from "../support/deployment-rules";
import { coverageFixtures, coverageSampleBodies } from "../support/coverage-fixtures";

/**
 * Ids that name properties every plain object inherits. Each is sent as every id of every route, with every method
 * and every token scope; none may reach `Object.prototype` or answer anything but an error.
 */
const INHERITED_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "prototype", "valueOf", "%5F%5Fproto%5F%5F"];
const METHODS = ["GET", "PUT", "POST", "DELETE"] as const;
type Scope = "Admin" | "Read" | "Deploy" | "Write" | "none";
const SCOPES: Scope[] = ["Admin", "Read", "Deploy", "Write", "none"];

/** A registry id of the right form for sample bodies (which one does not matter: each probe has an inherited name in its path). */
const PROBE_REGISTRY = "5b1c7a4e-0000-4000-8000-000000000000";

/** A body each route with a request schema accepts, so the request gets past validation to the id lookups. */
const SAMPLE_BODIES: Record<string, unknown> = {
  "POST /organization/{organizationId}/project": { name: "probe" },
  "PUT /project/{projectId}": { name: "probe" },
  "POST /project/{projectId}/environment": { name: "probe", mode: "DEVELOPMENT" },
  "POST /environment/{environmentId}/clone": { name: "probe-clone", mode: "PREVIEW" },
  ...Object.fromEntries(["application", "container", "database", "job", "helm", "terraform"]
    .map((k) => [`POST /${k}/{${k}Id}/clone`, { name: `probe-${k}-clone`, environment_id: PROBE_REGISTRY }])),
  "PUT /environment/{environmentId}": { name: "probe" },
  "POST /environment/{environmentId}/application": appBody("probe"),
  "PUT /application/{applicationId}": { healthchecks: {} },
  "POST /application/{applicationId}/deploy": {},
  "PUT /application/{applicationId}/advancedSettings": { "build.timeout_max_sec": 100 },
  "POST /application/{applicationId}/environmentVariable": { key: "PROBE", value: "v" },
  "PUT /application/{applicationId}/environmentVariable/{environmentVariableId}": { key: "PROBE", value: "v" },
  "POST /application/{applicationId}/secret": { key: "PROBE", value: "v" },
  "PUT /application/{applicationId}/secret/{secretId}": { key: "PROBE", value: "v" },
  "POST /environment/{environmentId}/database": { name: "probe-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" },
  "PUT /database/{databaseId}": { name: "probe-db" },
  "POST /database/{databaseId}/deploy": {},
  "PUT /database/{databaseId}/masterCredentials": { login: "u", password: "p" },
  "POST /organization/{organizationId}/gitToken": { name: "probe", type: "GITHUB", token: "t" },
  "PUT /organization/{organizationId}/gitToken/{gitTokenId}": { name: "probe", type: "GITHUB", token: "t" },
  "POST /organization/{organizationId}/webhook": { target_url: "http://127.0.0.1:9/hook", events: ["DEPLOYMENT_STARTED"] },
  "PUT /organization/{organizationId}/webhook/{webhookId}": { target_url: "http://127.0.0.1:9/hook", events: ["DEPLOYMENT_STARTED"] },
  "POST /environment/{environmentId}/deploymentStage": { name: "probe" },
  "PUT /deploymentStage/{deploymentStageId}": { name: "probe" },
  "PUT /deploymentStage/{deploymentStageId}/service/{serviceId}": { is_skipped: false },
  "POST /organization/{organizationId}/onPremise/credentials": { name: "probe" },
  "PUT /organization/{organizationId}/onPremise/credentials/{credentialsId}": { name: "probe" },
  "POST /organization/{organizationId}/annotationsGroups": { name: "probe", annotations: [], scopes: [] },
  "PUT /organization/{organizationId}/annotationsGroups/{annotationsGroupId}": { name: "probe", annotations: [], scopes: [] },
  "POST /organization/{organizationId}/labelsGroups": { name: "probe", labels: [] },
  "PUT /organization/{organizationId}/labelsGroups/{labelsGroupId}": { name: "probe", labels: [] },
  "POST /organization/{organizationId}/container/deploy": { image_name: "probe", tag: "1" },
  "POST /organization/{organizationId}/job/deploy": { image_name: "probe", tag: "1" },
  "POST /organization/{organizationId}/containerRegistry": { name: "probe", kind: "DOCKER_HUB", config: {} },
  "PUT /organization/{organizationId}/containerRegistry/{containerRegistryId}": { name: "probe", kind: "DOCKER_HUB", config: {} },
  "POST /environment/{environmentId}/container": containerBody("probe", PROBE_REGISTRY),
  "PUT /container/{containerId}": containerBody("probe", PROBE_REGISTRY),
  "POST /container/{containerId}/deploy": { image_tag: "probe" },
  "PUT /container/{containerId}/advancedSettings": { "hpa.cpu.average_utilization_percent": 50 },
  "POST /container/{containerId}/environmentVariable": { key: "PROBE", value: "v" },
  "PUT /container/{containerId}/environmentVariable/{environmentVariableId}": { key: "PROBE", value: "v" },
  "POST /container/{containerId}/secret": { key: "PROBE", value: "v" },
  "PUT /container/{containerId}/secret/{secretId}": { key: "PROBE", value: "v" },
  "POST /environment/{environmentId}/job": jobBody("probe", PROBE_REGISTRY),
  "PUT /job/{jobId}": jobBody("probe", PROBE_REGISTRY),
  "POST /job/{jobId}/deploy": { image_tag: "probe" },
  "POST /environment/{environmentId}/service/deploy": {
    applications: [{ application_id: PROBE_REGISTRY, git_commit_id: "probe" }], databases: [PROBE_REGISTRY],
    containers: [{ id: PROBE_REGISTRY, image_tag: "probe" }], jobs: [{ id: PROBE_REGISTRY, image_tag: "probe" }],
  },
  "POST /environment/{environmentId}/service/stop": { application_ids: [PROBE_REGISTRY], job_ids: [PROBE_REGISTRY] },
  "POST /environment/{environmentId}/service/restart-service": { database_ids: [PROBE_REGISTRY] },
  "POST /environment/{environmentId}/cancelDeployment": { force_cancel: true },
  "PUT /job/{jobId}/advancedSettings": { "cronjob.concurrency_policy": "Allow" },
  "POST /job/{jobId}/environmentVariable": { key: "PROBE", value: "v" },
  "PUT /job/{jobId}/environmentVariable/{environmentVariableId}": { key: "PROBE", value: "v" },
  "POST /job/{jobId}/secret": { key: "PROBE", value: "v" },
  "PUT /job/{jobId}/secret/{secretId}": { key: "PROBE", value: "v" },
  ...Object.fromEntries(["project", "environment", "application", "container", "job"].flatMap((owner) => [
    ["environmentVariable", "environmentVariableId"], ["secret", "secretId"],
  ].flatMap(([segment, id]) => [
    [`POST /${owner}/{${owner}Id}/${segment}`, { key: "PROBE", value: "v" }],
    [`PUT /${owner}/{${owner}Id}/${segment}/{${id}}`, { key: "PROBE", value: "v" }],
    [`POST /${owner}/{${owner}Id}/${segment}/{${id}}/alias`, { key: "PROBE_ALIAS" }],
    [`POST /${owner}/{${owner}Id}/${segment}/{${id}}/override`, { value: "v" }],
  ]))),
  ...Object.fromEntries(["application", "container", "job"].map((owner) => [
    `POST /${owner}/{${owner}Id}/environmentVariable/import`, { overwrite: false, vars: [{ name: "PROBE", value: "v", scope: "ENVIRONMENT", is_secret: false }] },
  ])),
  "POST /variable": { key: "PROBE", value: "v", is_secret: false, variable_scope: "PROJECT", variable_parent_id: PROBE_REGISTRY },
  "PUT /variable/{variableId}": { key: "PROBE", value: "v" },
  "POST /variable/{variableId}/alias": { key: "PROBE", alias_scope: "PROJECT", alias_parent_id: PROBE_REGISTRY },
  "POST /variable/{variableId}/override": { value: "v", override_scope: "PROJECT", override_parent_id: PROBE_REGISTRY },
  "POST /variable/import": { overwrite: false, vars: [] },
  ...Object.fromEntries(["application", "container"].flatMap((owner) => [
    [`POST /${owner}/{${owner}Id}/customDomain`, { domain: "probe.example.com", generate_certificate: true }],
    [`PUT /${owner}/{${owner}Id}/customDomain/{customDomainId}`, { domain: "probe.example.com", generate_certificate: true }],
  ])),
  ...teamSampleBodies(PROBE_REGISTRY),
  ...helmTerraformSampleBodies(PROBE_REGISTRY),
  ...deploymentRuleSampleBodies(PROBE_REGISTRY),
  ...coverageSampleBodies(PROBE_REGISTRY),
  ...Object.fromEntries(["POST /organization/{organizationId}/cluster", "PUT /organization/{organizationId}/cluster/{clusterId}"].map((k) => [
    k, { name: "probe", region: "eu-west-3", cloud_provider: "AWS", cloud_provider_credentials: { credentials: { id: PROBE_REGISTRY } } },
  ])),
  "PUT /organization/{organizationId}/cluster/{clusterId}/advancedSettings": { "loki.log_retention_in_week": 4 },
  "POST /organization/{organizationId}/cluster/{clusterId}/cloudProviderInfo": { credentials: { id: PROBE_REGISTRY } },
  "PUT /organization/{organizationId}/cluster/{clusterId}/routingTable": { routes: [] },
  "PUT /cluster/{clusterId}/dnsProvider": { dns_provider: { provider: "QOVERY", domain: "probe.example.com" } },
  ...Object.fromEntries(["aws", "gcp", "scaleway", "azure"].flatMap((cloud) => {
    const body = {
      aws: { type: "AWS_STATIC", name: "probe", access_key_id: "AKIA", secret_access_key: "s" },
      gcp: { name: "probe", gcp_credentials: "{}" },
      scaleway: { name: "probe", scaleway_access_key: "a", scaleway_secret_key: "s", scaleway_project_id: "p", scaleway_organization_id: "o" },
      azure: { name: "probe", azure_subscription_id: "s", azure_tenant_id: "t" },
    }[cloud];
    return [[`POST /organization/{organizationId}/${cloud}/credentials`, body], [`PUT /organization/{organizationId}/${cloud}/credentials/{credentialsId}`, body]];
  })),
};

const key = (r: Pick<Route, "method" | "path">) => `${r.method} ${r.path}`;
const paramsOf = (p: string) => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
const templates = [...new Set(allRoutes.map((r) => r.path))].filter((p) => paramsOf(p).length > 0);

const c = useEmulator({ rateLimitPerHour: 10_000_000, resetEach: false });
/** A real value for every path parameter, so each request has exactly one inherited name in it. */
const real: Record<string, string> = {};
let stateBefore: string;
const protoNamesBefore = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  function: Object.getOwnPropertyNames(Function.prototype).sort(),
};
const { toString: originalToString, hasOwnProperty: originalHasOwn, valueOf: originalValueOf } = Object.prototype;

async function post(p: string, body: unknown): Promise<{ id: string }> {
  const r = await c.call("POST", p, body);
  if (r.status >= 300) throw new Error(`fixture ${p}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: string };
}

async function dump(): Promise<string> {
  return (await control(c.emu, "GET", "/state")).text();
}

function tokenOf(scope: Scope): string | null {
  const t = c.emu.tokens;
  return scope === "none" ? null : { Admin: t.admin, Read: t.read, Deploy: t.deploy, Write: t.write }[scope];
}

/** What the emulator's access table gives the scope (`access-table.test.ts` checks the table itself). */
function scopeAllows(scope: Scope, r: Route): boolean {
  return scope !== "none" && SCOPES_BY_NEED[accessOf(r.method, r.path).need].includes(scope);
}

function expectUntouchedPrototypes(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoNamesBefore.object);
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(protoNamesBefore.array);
  expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(protoNamesBefore.function);
  const plain = {} as Record<string, unknown>;
  for (const k of ["name", "id", "updated_at", "polluted", "environment_id", "services", "kind", "runtime"]) expect(plain[k]).toBeUndefined();
  expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
  expect(Object.prototype.toString).toBe(originalToString);
  expect(Object.prototype.hasOwnProperty).toBe(originalHasOwn);
  expect(Object.prototype.valueOf).toBe(originalValueOf);
}

beforeAll(async () => {
  const project = await post(`/organization/${c.org}/project`, { name: "proj" });
  const env = await post(`/project/${project.id}/environment`, { name: "dev", cluster: c.emu.ids.clusterIds[0] });
  const app = await post(`/environment/${env.id}/application`, appBody("api"));
  const db = await post(`/environment/${env.id}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
  const variable = await post(`/application/${app.id}/environmentVariable`, { key: "A", value: "1" });
  const secret = await post(`/application/${app.id}/secret`, { key: "S", value: "2" });
  const gitToken = await post(`/organization/${c.org}/gitToken`, { name: "gh", type: "GITHUB", token: "t" });
  const webhook = await post(`/organization/${c.org}/webhook`, { target_url: "http://127.0.0.1:9/hook", events: ["DEPLOYMENT_STARTED"] });
  const stages = (await c.call("GET", `/environment/${env.id}/deploymentStage`)).body.results as Array<{ id: string }>;
  const second = await post(`/environment/${env.id}/deploymentStage`, { name: "second" });
  const credentials = await post(`/organization/${c.org}/onPremise/credentials`, { name: "rack" });
  const annotations = await post(`/organization/${c.org}/annotationsGroups`, { name: "ann", annotations: [], scopes: [] });
  const labels = await post(`/organization/${c.org}/labelsGroups`, { name: "lab", labels: [] });
  const registry = await post(`/organization/${c.org}/containerRegistry`, { name: "ghcr", kind: "GITHUB_CR", config: {} });
  const container = await post(`/environment/${env.id}/container`, containerBody("web", registry.id));
  const job = await post(`/environment/${env.id}/job`, jobBody("nightly", registry.id));
  const customDomain = await post(`/application/${app.id}/customDomain`, { domain: "api.example.com", generate_certificate: true });
  Object.assign(real, {
    organizationId: c.org, projectId: project.id, environmentId: env.id, applicationId: app.id, databaseId: db.id,
    environmentVariableId: variable.id, secretId: secret.id, gitTokenId: gitToken.id, webhookId: webhook.id,
    deploymentStageId: (stages[0] as { id: string }).id, stageId: second.id, serviceId: app.id,
    clusterId: c.emu.ids.clusterIds[0], credentialsId: credentials.id, zone: "fr-par-1", region: "eu-west-3",
    annotationsGroupId: annotations.id, labelsGroupId: labels.id, containerRegistryId: registry.id, containerId: container.id, jobId: job.id,
    variableId: variable.id, customDomainId: customDomain.id,
  });
  Object.assign(real, await teamFixtures(c), await helmTerraformFixtures((m, p, b) => c.call(m, p, b), c.org, env.id));
  Object.assign(real, await deploymentRuleFixtures((m, p, b) => c.call(m, p, b), { applicationId: app.id, projectId: project.id, clusterId: c.emu.ids.clusterIds[0] }));
  Object.assign(real, await coverageFixtures((m, p, b) => c.call(m, p, b), { organizationId: c.org, clusterId: c.emu.ids.clusterIds[0] as string, applicationId: app.id }));
  stateBefore = await dump();
});

describe("the route table is fully covered", () => {
  it("every path parameter has a real value and every request schema a sample body it accepts", () => {
    const names = new Set(allRoutes.flatMap((r) => paramsOf(r.path)));
    expect([...names].filter((n) => real[n] === undefined)).toEqual([]);
    for (const r of allRoutes.filter((x) => x.request)) {
      const sample = SAMPLE_BODIES[key(r)];
      expect([key(r), sample === undefined ? "no sample body" : "ok"]).toEqual([key(r), "ok"]);
      expect([key(r), r.request?.safeParse(sample).success]).toEqual([key(r), true]);
    }
    expect(templates.length).toBeGreaterThan(40);
  });
});

describe.each(templates)("inherited names as ids of %s", (template) => {
  it("answer 400/404 (401/403/405 where auth, scope or method says so), never 2xx or 500", async () => {
    const routes = allRoutes.filter((r) => r.path === template);
    const calls: Array<() => Promise<string | undefined>> = [];
    for (const bad of paramsOf(template)) {
      for (const name of INHERITED_NAMES) {
        const url = template.replace(/\{(\w+)\}/g, (_m, p: string) => (p === bad ? name : real[p] as string));
        for (const method of METHODS) {
          for (const scope of SCOPES) {
            calls.push(async () => {
              const r = routes.find((x) => x.method === method);
              const headers: Record<string, string> = {};
              const token = tokenOf(scope);
              if (token !== null) headers["authorization"] = `Token ${token}`;
              let body: string | null = null;
              if (method === "POST" || method === "PUT") {
                headers["content-type"] = "application/json";
                body = JSON.stringify(SAMPLE_BODIES[`${method} ${template}`] ?? {});
              }
              const res = await fetch(c.emu.url + url, { method, headers, body });
              const text = await res.text();
              let allowed: number[];
              if (scope === "none") allowed = [401];
              // a path is its most literal template's, whatever the method: `PUT .../environmentVariable/import` is 405,
              // never an edit of a variable named `import` (`server/router.ts`)
              else if (!r) allowed = [405];
              else if (!scopeAllows(scope, r)) allowed = [403];
              else allowed = [400, 404];
              return allowed.includes(res.status) ? undefined : `${method} ${url} as ${scope}: ${res.status} ${text}`;
            });
          }
        }
      }
    }
    const failures: string[] = [];
    for (let i = 0; i < calls.length; i += 16) {
      for (const f of await Promise.all(calls.slice(i, i + 16).map((call) => call()))) if (f) failures.push(f);
    }
    expect(failures).toEqual([]);
    expect(calls.length).toBeGreaterThanOrEqual(INHERITED_NAMES.length * METHODS.length * SCOPES.length);
  });
});

describe("after every route was probed", () => {
  it("control endpoints refuse inherited names as service ids and token names", async () => {
    for (const name of INHERITED_NAMES) {
      expect((await control(c.emu, "PUT", `/services/${name}/failure`, { stage: "BUILD" })).status).toBe(404);
      expect((await control(c.emu, "POST", `/tokens/${name}/revoke`)).status).toBe(404);
      expect((await control(c.emu, "GET", `/${name}`)).status).toBe(404);
    }
  });

  it("bodies holding a __proto__ key, at the top or nested, are 400 naming it", async () => {
    const org = c.org;
    const cases: Array<[string, string, string, RegExp]> = [
      ["POST", `/organization/${org}/project`, '{"name":"p1","__proto__":{"polluted":"yes","name":"x"}}', /^__proto__: /],
      ["PUT", `/project/${real["projectId"]}`, '{"name":"p2","__proto__":{"polluted":"yes"}}', /^__proto__: /],
      ["POST", `/environment/${real["environmentId"]}/application`,
        '{"name":"a2","healthchecks":{},"git_repository":{"url":"https://github.com/a/b","provider":"GITHUB","__proto__":{"polluted":"yes"}}}',
        /^git_repository\.__proto__: /],
      ["PUT", `/application/${real["applicationId"]}/advancedSettings`,
        '{"deployment.affinity.node.required":{"__proto__":{"polluted":"yes"}}}', /^deployment\.affinity\.node\.required\.__proto__: /],
      ["PUT", `/application/${real["applicationId"]}`, '{"healthchecks":{},"ports":[{"internal_port":80,"publicly_accessible":true,"__proto__":{"polluted":"yes"}}]}',
        /^ports\[0\]\.__proto__: /],
      ["POST", `/environment/${real["environmentId"]}/service/deploy`,
        `{"applications":[{"application_id":"${real["applicationId"]}","__proto__":{"git_commit_id":"polluted"}}]}`, /^applications\[0\]\.__proto__: /],
      ["POST", `/environment/${real["environmentId"]}/service/stop`, '{"__proto__":{"application_ids":[]}}', /^__proto__: /],
      ["POST", `/environment/${real["environmentId"]}/cancelDeployment`, '{"__proto__":{"force_cancel":true}}', /^__proto__: /],
    ];
    for (const [method, p, body, message] of cases) {
      const r = await c.raw(method, p, body);
      expect([p, r.status]).toEqual([p, 400]);
      expect(r.body.message).toMatch(message);
    }
    for (const body of ['{"__proto__":{"polluted":"yes"}}', '{"stage":"BUILD","__proto__":{"polluted":"yes"}}']) {
      const r = await fetch(`${c.emu.url}/_emulator/services/${real["applicationId"]}/failure`, {
        method: "PUT", headers: { "content-type": "application/json" }, body,
      });
      expect(r.status).toBe(400);
    }
    const fault = await fetch(`${c.emu.url}/_emulator/faults`, {
      method: "POST", headers: { "content-type": "application/json" }, body: '{"method":"GET","path":"/organization","__proto__":{"status":500}}',
    });
    expect(fault.status).toBe(400);
  });

  it("left the state as it was and Object.prototype clean; the server still serves", async () => {
    expect(await dump()).toBe(stateBefore);
    expectUntouchedPrototypes();
    expect((await c.call("GET", `/project/${real["projectId"]}`)).body.name).toBe("proj");
    expect((await c.call("GET", `/organization/${c.org}/project`)).body.results).toHaveLength(1);
    const made = await c.call("POST", `/organization/${c.org}/project`, { name: "after" });
    expect(made.status).toBe(200);
    expect((await c.call("GET", `/project/${made.body.id}`)).body.name).toBe("after");
  });

  it("`constructor` and `prototype` keys in bodies are ignored like other unknown keys, polluting nothing", async () => {
    const r = await c.raw("POST", `/organization/${c.org}/project`, '{"name":"k","constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}');
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty("polluted");
    expectUntouchedPrototypes();
  });

  it("reset restores the seed afterwards", async () => {
    expect((await control(c.emu, "POST", "/reset")).status).toBe(200);
    expect((await c.call("GET", `/organization/${c.org}/project`)).body.results).toEqual([]);
    expectUntouchedPrototypes();
  });
});

describe("data files", () => {
  let dir: string;
  beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-proto-")); });
  afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

  async function seededFile(name: string): Promise<{ file: string; data: Record<string, any> }> {
    const file = path.join(dir, name);
    const emu = await startEmulator({ dataFile: file });
    await emu.close();
    return { file, data: JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, any> };
  }

  it("refuses a file with a __proto__ key anywhere, without polluting", async () => {
    const { file, data } = await seededFile("proto.json");
    const rec = { id: "x", created_at: "", updated_at: "", organization_id: data.seed.organizationId, name: "evil", polluted: "yes" };
    const projects = `{"__proto__":${JSON.stringify(rec)}}`;
    const text = JSON.stringify({ ...data, state: { ...data.state, projects: "@@" } }).replace('"@@"', projects);
    fs.writeFileSync(file, text);
    await expect(startEmulator({ dataFile: file })).rejects.toThrow(/__proto__/);
    fs.writeFileSync(file, JSON.stringify(data).replace(/^\{/, '{"__proto__":{"polluted":"yes"},'));
    await expect(startEmulator({ dataFile: file })).rejects.toThrow(/__proto__/);
    expectUntouchedPrototypes();
  });

  it("loads records keyed by inherited names as ordinary own records", async () => {
    const { file, data } = await seededFile("names.json");
    const rec = (id: string) => ({
      id, created_at: data.seed.createdAt, updated_at: data.seed.createdAt, organization_id: data.seed.organizationId, name: `p-${id}`,
    });
    data.state.projects = { constructor: rec("constructor"), toString: rec("toString") };
    fs.writeFileSync(file, JSON.stringify(data));
    const emu = await startEmulator({ dataFile: file });
    try {
      const get = (p: string) => fetch(emu.url + p, { headers: { authorization: `Token ${emu.tokens.admin}` } });
      expect((await (await get("/project/constructor")).json() as { name: string }).name).toBe("p-constructor");
      expect((await get("/project/hasOwnProperty")).status).toBe(404);
      expect((await get("/project/__proto__")).status).toBe(404);
      const list = await (await get(`/organization/${emu.ids.organizationId}/project`)).json() as { results: Array<{ name: string }> };
      expect(list.results.map((p) => p.name).sort()).toEqual(["p-constructor", "p-toString"]);
    } finally {
      await emu.close();
    }
    expectUntouchedPrototypes();
  });
});
