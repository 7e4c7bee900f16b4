/**
 * The emulator refuses what the service refuses (issue 31, item 7): cpu, memory and gpu above the maximum the
 * cluster advertises, a volume under the reference's 4 GB, label and annotation keys (and label values) Kubernetes
 * refuses, a name already taken wherever the service keeps names unique (409, never 400), an advanced-settings key
 * the kind does not have (400 naming the key) and a git address that is not http(s). A refused request changes
 * nothing.
 */
import { appBody, containerBody, dockerHubId, fieldOf, jobBody, projectAndEnv, useEmulator, type Answer, type Client } from "../support/helpers";

const c = useEmulator();

/** Awaits an answer and expects a 400 naming `field`; answers its message. */
async function expect400(r: Promise<Answer>, field: string): Promise<string> {
  const answer = await r;
  expect([answer.status, fieldOf(String(answer.body?.message))]).toEqual([400, field]);
  return answer.body.message as string;
}

describe("resources above what the cluster advertises", () => {
  it("an application's cpu, memory or gpu above maximum_cpu, maximum_memory or maximum_gpu is a 400 naming the field and the maximum", async () => {
    const { envId } = await projectAndEnv(c);
    const at = (await c.call("POST", `/environment/${envId}/application`, appBody("api", { cpu: 16000, memory: 32768, gpu: 4 }))).body;
    expect([at.cpu, at.memory, at.gpu, at.maximum_cpu, at.maximum_memory, at.maximun_gpu]).toEqual([16000, 32768, 4, 16000, 32768, 4]);
    const cpu = await expect400(c.call("POST", `/environment/${envId}/application`, appBody("big", { cpu: 1e12 })), "cpu");
    expect(cpu).toBe("cpu: expected at most 16000 millicores (the cluster's maximum_cpu), got 1000000000000");
    expect(await expect400(c.call("POST", `/environment/${envId}/application`, appBody("big", { memory: 32769 })), "memory")).toMatch(/at most 32768 MB \(the cluster's maximum_memory\)/);
    expect(await expect400(c.call("POST", `/environment/${envId}/application`, appBody("big", { gpu: 5 })), "gpu")).toMatch(/at most 4 GPUs/);
    await expect400(c.call("PUT", `/application/${at.id}`, { healthchecks: {}, cpu: 16001 }), "cpu");
    expect((await c.call("GET", `/application/${at.id}`)).body.cpu).toBe(16000);
    expect((await c.call("GET", `/environment/${envId}/application`)).body.results).toHaveLength(1);
  });

  it("a container's and a job's cpu and memory above the maxima are 400s; a database's above its own (64 GiB of memory)", async () => {
    const { envId } = await projectAndEnv(c);
    const hub = await dockerHubId(c);
    await expect400(c.call("POST", `/environment/${envId}/container`, containerBody("web", hub, { cpu: 16001 })), "cpu");
    await expect400(c.call("POST", `/environment/${envId}/job`, jobBody("run", hub, { memory: 1e9 })), "memory");
    const db = { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" };
    await expect400(c.call("POST", `/environment/${envId}/database`, { ...db, memory: 65537 }), "memory");
    await expect400(c.call("POST", `/environment/${envId}/database`, { ...db, cpu: 16001 }), "cpu");
    const made = (await c.call("POST", `/environment/${envId}/database`, { ...db, memory: 65536 })).body;
    expect([made.memory, made.maximum_memory]).toEqual([65536, 65536]);
    await expect400(c.call("PUT", `/database/${made.id}`, { memory: 65537 }), "memory");
    expect((await c.call("GET", `/environment/${envId}/container`)).body.results).toEqual([]);
    expect((await c.call("GET", `/environment/${envId}/job`)).body.results).toEqual([]);
  });

  it("a volume under 4 GB (the reference's minimum) is a 400 naming it", async () => {
    const { envId } = await projectAndEnv(c);
    const message = await expect400(c.call("POST", `/environment/${envId}/application`, appBody("api", { storage: [{ size: 3, mount_point: "/data" }] })), "storage[0].size");
    expect(message).toMatch(/at least 4/);
    expect((await c.call("POST", `/environment/${envId}/application`, appBody("api", { storage: [{ size: 4, mount_point: "/data" }] }))).status).toBe(201);
  });
});

describe("Kubernetes keys and values of labels and annotations groups", () => {
  const BAD_KEYS = ["-starts-with-dash", "has space", "a".repeat(64), "Upper.Example.com/name", "/name", "example.com/", "a/b/c", "ends_", "é"];
  const GOOD_KEYS = ["team", "app.kubernetes.io/name", "example.com/A_b-c.d", "a".repeat(63), `${"b".repeat(63)}.${"c".repeat(63)}/x`];

  it.each(BAD_KEYS)("a label or annotation key %j is a 400 naming the item", async (key) => {
    await expect400(c.call("POST", `/organization/${c.org}/labelsGroups`, { name: "l", labels: [{ key, value: "v", propagate_to_cloud_provider: false }] }), "labels[0].key");
    await expect400(c.call("POST", `/organization/${c.org}/annotationsGroups`, { name: "a", annotations: [{ key, value: "v" }], scopes: ["PODS"] }), "annotations[0].key");
    expect((await c.call("GET", `/organization/${c.org}/labelsGroups`)).body.results).toEqual([]);
    expect((await c.call("GET", `/organization/${c.org}/annotationsGroups`)).body.results).toEqual([]);
  });

  it("valid keys are taken; a label value Kubernetes refuses is a 400, an annotation value is free text", async () => {
    const labels = GOOD_KEYS.map((key) => ({ key, value: "", propagate_to_cloud_provider: false }));
    expect((await c.call("POST", `/organization/${c.org}/labelsGroups`, { name: "ok", labels })).status).toBe(201);
    const annotations = GOOD_KEYS.map((key) => ({ key, value: "any text: / with spaces, 64+ chars ".repeat(3) }));
    expect((await c.call("POST", `/organization/${c.org}/annotationsGroups`, { name: "ok", annotations, scopes: ["PODS"] })).status).toBe(201);
    for (const value of ["x".repeat(64), "-v", "has space"]) {
      await expect400(c.call("POST", `/organization/${c.org}/labelsGroups`, { name: "v", labels: [{ key: "k", value, propagate_to_cloud_provider: false }] }), "labels[0].value");
    }
  });

  it("a key given twice in one group is a 400 naming the second", async () => {
    const label = { key: "team", value: "a", propagate_to_cloud_provider: false };
    const twice = await expect400(c.call("POST", `/organization/${c.org}/labelsGroups`, { name: "l", labels: [label, { ...label, value: "b" }] }), "labels[1].key");
    expect(twice).toMatch(/labels\[0\]\.key/);
    const made = (await c.call("POST", `/organization/${c.org}/annotationsGroups`, { name: "a", annotations: [{ key: "k", value: "1" }], scopes: [] })).body;
    await expect400(c.call("PUT", `/organization/${c.org}/annotationsGroups/${made.id}`, { name: "a", annotations: [{ key: "k", value: "1" }, { key: "k", value: "2" }], scopes: [] }), "annotations[1].key");
    expect((await c.call("GET", `/organization/${c.org}/annotationsGroups/${made.id}`)).body.annotations).toEqual([{ key: "k", value: "1" }]);
  });
});

/** Creates a record of a family named `name`; answers the request's status and the new id. */
type Maker = (c: Client, name: string, ctx: { envId: string; projectId: string; hub: string }) => Promise<{ status: number; id?: string }>;

const post = (path: (ctx: { envId: string; projectId: string; org: string }) => string, body: (name: string, hub: string) => Record<string, unknown>): Maker =>
  async (client, name, ctx) => {
    const r = await client.call("POST", path({ ...ctx, org: client.org }), body(name, ctx.hub));
    return { status: r.status, id: r.body?.id };
  };

/** Every family whose names the service keeps unique, each with a create (the second one of a name must be a 409). */
const UNIQUE_NAMES: Array<[string, Maker]> = [
  ["project", post(({ org }) => `/organization/${org}/project`, (name) => ({ name }))],
  ["environment", post(({ projectId }) => `/project/${projectId}/environment`, (name) => ({ name, mode: "DEVELOPMENT" }))],
  ["application", post(({ envId }) => `/environment/${envId}/application`, (name) => appBody(name))],
  ["container", post(({ envId }) => `/environment/${envId}/container`, (name, hub) => containerBody(name, hub))],
  ["job", post(({ envId }) => `/environment/${envId}/job`, (name, hub) => jobBody(name, hub))],
  ["database", post(({ envId }) => `/environment/${envId}/database`, (name) => ({ name, type: "REDIS", version: "7", mode: "CONTAINER" }))],
  ["deployment stage", post(({ envId }) => `/environment/${envId}/deploymentStage`, (name) => ({ name }))],
  ["git token", post(({ org }) => `/organization/${org}/gitToken`, (name) => ({ name, type: "GITHUB", token: "ghp_test" }))],
  ["container registry", post(({ org }) => `/organization/${org}/containerRegistry`, (name) => ({ name, kind: "GENERIC_CR", url: "https://registry.example.com", config: {} }))],
  ["labels group", post(({ org }) => `/organization/${org}/labelsGroups`, (name) => ({ name, labels: [] }))],
  ["annotations group", post(({ org }) => `/organization/${org}/annotationsGroups`, (name) => ({ name, annotations: [], scopes: [] }))],
  ["custom role", post(({ org }) => `/organization/${org}/customRole`, (name) => ({ name }))],
  ["API token", post(({ org }) => `/organization/${org}/apiToken`, (name) => ({ name, role_id: null, scope: "ADMIN" }))],
];

describe("names the service keeps unique", () => {
  it("a second create with a taken name is a 409 naming the field, in every family that keeps names unique", async () => {
    const { envId, projectId } = await projectAndEnv(c);
    const ctx = { envId, projectId, hub: await dockerHubId(c) };
    const answers: string[] = [];
    for (const [family, make] of UNIQUE_NAMES) {
      const name = `taken-${family.replace(/ /g, "-")}`; // one name per family: the service kinds share one namespace
      const first = await make(c, name, ctx);
      expect([family, first.status >= 200 && first.status < 300]).toEqual([family, true]);
      answers.push(`${family}: ${(await make(c, name, ctx)).status}`);
    }
    expect(answers).toEqual(UNIQUE_NAMES.map(([family]) => `${family}: 409`));
  });

  it("labels and annotations groups: a duplicate name on create or on rename is a 409, and nothing changes", async () => {
    for (const [segment, body] of [["labelsGroups", { labels: [] }], ["annotationsGroups", { annotations: [], scopes: [] }]] as const) {
      const base = `/organization/${c.org}/${segment}`;
      const first = await c.call("POST", base, { name: "shared", ...body });
      const other = (await c.call("POST", base, { name: "other", ...body })).body;
      const dup = await c.call("POST", base, { name: "shared", ...body });
      expect([segment, first.status, dup.status]).toEqual([segment, 201, 409]);
      expect(dup.body.message).toMatch(/^name: .*'shared' is already used in this organization/);
      expect((await c.call("PUT", `${base}/${other.id}`, { name: "shared", ...body })).status).toBe(409);
      expect((await c.call("GET", `${base}/${other.id}`)).body.name).toBe("other");
      expect((await c.call("GET", base)).body.results).toHaveLength(2);
    }
  });

  it("custom roles: a name taken by another custom role or a built-in role is a 409, never a 400", async () => {
    const base = `/organization/${c.org}/customRole`;
    const first = (await c.call("POST", base, { name: "Auditors" })).body;
    const again = await c.call("POST", base, { name: "auditors" });
    expect([again.status, again.body.message]).toEqual([409, "name: the organization already has a role named 'Auditors'"]);
    expect((await c.call("POST", base, { name: "Admin" })).status).toBe(409);
    const second = (await c.call("POST", base, { name: "Deployers" })).body;
    const rename = await c.call("PUT", `${base}/${second.id}`, { name: "AUDITORS", cluster_permissions: [], project_permissions: [] });
    expect(rename.status).toBe(409);
    expect((await c.call("GET", `${base}/${second.id}`)).body.name).toBe("Deployers");
    expect((await c.call("GET", `${base}/${first.id}`)).body.name).toBe("Auditors");
  });
});

describe("advanced settings", () => {
  it.each([
    ["application", "network.ingress.no_such_key", "an application", 47],
    ["container", "build.timeout_max_sec", "a container", 41],
    ["job", "hpa.cpu.average_utilization_percent", "a job", 14],
  ])("a key the %s does not have (%s) is a 400 naming the key, and nothing is stored", async (kind, key, withArticle, count) => {
    const { envId } = await projectAndEnv(c);
    const hub = await dockerHubId(c);
    const bodies: Record<string, Record<string, unknown>> = { application: appBody("s"), container: containerBody("s", hub), job: jobBody("s", hub) };
    const made = (await c.call("POST", `/environment/${envId}/${kind}`, bodies[kind])).body;
    const before = (await c.call("GET", `/${kind}/${made.id}/advancedSettings`)).body;
    const message = await expect400(c.call("PUT", `/${kind}/${made.id}/advancedSettings`, { "security.service_account_name": "sa", [key]: 10 }), key);
    const label = kind.charAt(0).toUpperCase() + kind.slice(1);
    expect(message).toBe(`${key}: not an advanced setting of ${withArticle} (GET /default${label}AdvancedSettings lists its ${count} keys)`);
    expect((await c.call("GET", `/${kind}/${made.id}/advancedSettings`)).body).toEqual(before);
    expect((await c.call("PUT", `/${kind}/${made.id}/advancedSettings`, { "security.service_account_name": "sa" })).status).toBe(201);
  });
});

describe("git addresses", () => {
  const REFUSED = [
    ["javascript:alert(1)", "a javascript: address"],
    ["file:///srv/repo.git", "a file: address"],
    ["ssh://git@github.com/acme/api.git", "a ssh: address"],
    ["git@github.com:acme/api.git", "text that is not a URL"],
    ["ftp://github.com/acme/api.git", "a ftp: address"],
    ["https://github.com", "an address with no repository path"],
    ["https://github.com/acme/api .git", "text holding whitespace"],
  ];

  it.each(REFUSED)("an application's git_repository.url %j is a 400 saying what is expected, never quoting the URL", async (url, got) => {
    const { envId } = await projectAndEnv(c);
    const repo = { url, provider: "GITHUB", branch: "main" };
    const message = await expect400(c.call("POST", `/environment/${envId}/application`, appBody("api", { git_repository: repo })), "git_repository.url");
    expect(message).toContain("expected an https:// (or http://) URL of a repository");
    expect(message).toContain(got);
    expect(message).not.toContain(url);
    expect((await c.call("GET", `/environment/${envId}/application`)).body.results).toEqual([]);
  });

  it("the git address of an application's edit and of a job built from git is checked too; http and https are taken", async () => {
    const { envId } = await projectAndEnv(c);
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api", { git_repository: { url: "http://git.example.com/acme/api", provider: "GITLAB" } }))).body;
    expect(app.git_repository.url).toBe("http://git.example.com/acme/api");
    await expect400(c.call("PUT", `/application/${app.id}`, { healthchecks: {}, git_repository: { url: "javascript:alert(1)", provider: "GITHUB" } }), "git_repository.url");
    expect((await c.call("GET", `/application/${app.id}`)).body.git_repository.url).toBe("http://git.example.com/acme/api");
    const docker = { git_repository: { url: "file:///etc/passwd", provider: "GITHUB", branch: "main" }, dockerfile_path: "Dockerfile" };
    await expect400(c.call("POST", `/environment/${envId}/job`, { ...jobBody("j", ""), source: { docker } }), "source.docker.git_repository.url");
  });

  it("a git token's git_api_url that is not http(s) is a 400 naming it", async () => {
    const token = { name: "gl", type: "GITLAB", token: "glpat-test" };
    await expect400(c.call("POST", `/organization/${c.org}/gitToken`, { ...token, git_api_url: "javascript:alert(1)" }), "git_api_url");
    await expect400(c.call("POST", `/organization/${c.org}/gitToken`, { ...token, git_api_url: "file:///etc/passwd" }), "git_api_url");
    expect((await c.call("POST", `/organization/${c.org}/gitToken`, { ...token, git_api_url: "https://gitlab.example.com/api/v4" })).status).toBe(201);
  });
});
