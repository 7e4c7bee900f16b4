/**
 * Helm services: validation (the source, chart names and versions, values, ports), defaults, name uniqueness among
 * the environment's services, the deploy lifecycle on the deployment clock (a chart version kept, a commit of a git
 * source shown), failure injection, uninstall, advanced settings, custom domains, variables, and environment requests.
 */
import { control } from "../../../emulator/control/control-client";
import { appBody, fieldOf, projectAndEnv, useEmulator, walkStates, WALK_STEP_MS } from "../support/helpers";
import { helmBody, helmRepositoryBody } from "../support/helm-terraform";

const GIT_SOURCE = { git_repository: { url: "https://gitlab.com/acme/charts.git", branch: "release", root_path: "/charts/api" } };

describe("helm services (instant clock)", () => {
  const c = useEmulator();
  let envId: string;
  let repo: string;
  beforeEach(async () => {
    ({ envId } = await projectAndEnv(c));
    repo = (await c.call("POST", `/organization/${c.org}/helmRepository`, helmRepositoryBody("bitnami"))).body.id;
  });
  const create = (body: Record<string, unknown>) => c.call("POST", `/environment/${envId}/helm`, body);

  it("creates with the service's defaults and answers its chart and repository", async () => {
    const r = await create(helmBody("cache", repo));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "cache", service_type: "HELM", environment: { id: envId }, timeout_sec: 600, auto_preview: true, auto_deploy: false,
      allow_cluster_wide_resources: false, arguments: [], ports: [],
      source: { repository: { chart_name: "redis", chart_version: "20.2.1", repository: { id: repo, name: "bitnami", url: "https://charts.bitnami.com/bitnami" } } },
      values_override: {
        set: [["architecture", "standalone"]], set_string: [], set_json: [],
        file: { git: null, raw: { values: [{ name: "override", content: "auth:\n  enabled: true\n" }] } },
      },
    });
    expect((await c.call("GET", `/helm/${r.body.id}`)).body).toEqual(r.body);
    expect((await c.call("GET", `/environment/${envId}/helm`)).body.results).toEqual([r.body]);
    expect((await c.call("GET", `/helm/${r.body.id}/status`)).body).toMatchObject({ state: "READY", service_deployment_status: "NEVER_DEPLOYED" });
  });

  it("keeps a git source, values files from git, ports and the flags; an edit replaces them", async () => {
    const r = await create(helmBody("api", repo, {
      source: GIT_SOURCE, arguments: ["--atomic"], allow_cluster_wide_resources: true, timeout_sec: 900, auto_deploy: true,
      values_override: { set_string: [["image.tag", "1.2"]], file: { git: { git_repository: { url: "https://github.com/acme/values.git" }, paths: ["/prod.yaml"] } } },
      ports: [{ internal_port: 8080, service_name: "api", protocol: "GRPC" }, { internal_port: 9090, service_selectors: [{ key: "app", value: "metrics" }] }],
    }));
    expect(r.status).toBe(201);
    expect(r.body.source.git.git_repository).toMatchObject({ url: GIT_SOURCE.git_repository.url, provider: "GITLAB", branch: "release", root_path: "/charts/api", owner: "acme", name: "charts" });
    expect(r.body.values_override.file.git).toMatchObject({ paths: ["/prod.yaml"], git_repository: { provider: "GITHUB", branch: "main", root_path: "/" } });
    expect(r.body).toMatchObject({ arguments: ["--atomic"], allow_cluster_wide_resources: true, timeout_sec: 900, auto_deploy: true });
    expect(r.body.ports).toEqual([
      expect.objectContaining({ internal_port: 8080, service_name: "api", protocol: "GRPC", is_default: true, port_type: "SERVICE_NAME" }),
      expect.objectContaining({ internal_port: 9090, protocol: "HTTP", is_default: false, port_type: "SERVICE_SELECTORS" }),
    ]);
    const edited = await c.call("PUT", `/helm/${r.body.id}`, helmBody("api", repo, { ports: [{ internal_port: 8080, service_name: "api" }] }));
    expect(edited.status).toBe(200);
    expect(edited.body.ports[0].id).toBe(r.body.ports[0].id);
    expect(edited.body.source.repository.chart_name).toBe("redis");
    expect(edited.body).toMatchObject({ timeout_sec: 600, allow_cluster_wide_resources: false, arguments: [] });
  });

  it("refuses bad requests with 400 naming the field", async () => {
    const both = { ...GIT_SOURCE, helm_repository: { repository: repo, chart_name: "redis", chart_version: "1.0.0" } };
    const cases: Array<[Record<string, unknown>, string]> = [
      [helmBody("a", repo, { source: both }), "source"],
      [helmBody("a", repo, { source: {} }), "source"],
      [helmBody("a", repo, { source: { helm_repository: { repository: repo, chart_name: "Redis!", chart_version: "1.0.0" } } }), "source.helm_repository.chart_name"],
      [helmBody("a", repo, { source: { helm_repository: { repository: repo, chart_name: "redis", chart_version: "latest" } } }), "source.helm_repository.chart_version"],
      [helmBody("a", "5b1c7a4e-0000-4000-8000-000000000000"), "source.helm_repository.repository"],
      [helmBody("a", repo, { values_override: { set: [["only-a-key"]] } }), "values_override.set[0]"],
      [helmBody("a", repo, { values_override: { file: { git: { git_repository: { url: "https://github.com/acme/v.git" }, paths: ["prod.yaml"] } } } }), "values_override.file.git.paths[0]"],
      [helmBody("a", repo, { ports: [{ internal_port: 80 }] }), "ports[0].service_name"],
      [helmBody("a", repo, { timeout_sec: -1 }), "timeout_sec"],
      [helmBody("a", repo, { arguments: undefined }), "arguments"],
      [helmBody("a", repo, { source: { git_repository: { url: "https://github.com/acme/c.git", git_token_id: "5b1c7a4e-0000-4000-8000-000000000000" } } }), "source.git_repository.git_token_id"],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect([field, r.status, fieldOf(r.body.message)]).toEqual([field, 400, field]);
    }
  });

  it("keeps names unique among the environment's services, whatever their kind", async () => {
    expect((await c.call("POST", `/environment/${envId}/application`, appBody("api"))).status).toBe(201);
    expect((await create(helmBody("API", repo))).status).toBe(409);
    const h = await create(helmBody("cache", repo));
    expect((await c.call("PUT", `/helm/${h.body.id}`, helmBody("api", repo))).status).toBe(409);
  });

  it("deploys a chart version (kept), refuses a commit for a repository chart, uninstalls and shows its history", async () => {
    const h = (await create(helmBody("cache", repo))).body;
    const wrong = await c.call("POST", `/helm/${h.id}/deploy`, { git_commit_id: "abc" });
    expect([wrong.status, fieldOf(wrong.body.message)]).toEqual([400, "git_commit_id"]);
    const d = await c.call("POST", `/helm/${h.id}/deploy`, { chart_version: "19.6.4" });
    expect(d.status).toBe(202);
    expect((await c.call("GET", `/helm/${h.id}/status`)).body).toMatchObject({ state: "DEPLOYED", service_deployment_status: "UP_TO_DATE" });
    expect((await c.call("GET", `/helm/${h.id}`)).body.source.repository.chart_version).toBe("19.6.4");
    expect((await c.call("POST", `/helm/${h.id}/uninstall`)).status).toBe(202);
    expect((await c.call("GET", `/helm/${h.id}/status`)).body.state).toBe("DELETED");
    const history = (await c.call("GET", `/helm/${h.id}/deploymentHistory`)).body.results;
    expect(history.map((e: { status: string }) => e.status)).toEqual(["DELETED", "DEPLOYED"]);
    expect(history[1].repository).toEqual({ chart_name: "redis", chart_version: "19.6.4" });
    expect((await c.call("POST", `/helm/${h.id}/restart-service`)).status).toBe(404);
  });

  it("deploys a git source at the commit named, shown in its source and its commits", async () => {
    const h = (await create(helmBody("api", repo, { source: GIT_SOURCE }))).body;
    const wrong = await c.call("POST", `/helm/${h.id}/deploy`, { chart_version: "1.0.0" });
    expect([wrong.status, fieldOf(wrong.body.message)]).toEqual([400, "chart_version"]);
    const commit = "0123456789abcdef0123456789abcdef01234567";
    expect((await c.call("POST", `/helm/${h.id}/deploy`, { git_commit_id: commit })).status).toBe(202);
    expect((await c.call("GET", `/helm/${h.id}`)).body.source.git.git_repository.deployed_commit_id).toBe(commit);
    expect((await c.call("GET", `/helm/${h.id}/commit`)).body.results.map((x: { git_commit_id: string }) => x.git_commit_id)).toEqual([commit]);
  });

  it("has the helm catalogue of advanced settings, custom domains and variables of scope HELM", async () => {
    const h = (await create(helmBody("cache", repo))).body;
    const defaults = (await c.call("GET", "/defaultHelmAdvancedSettings")).body;
    expect(Object.keys(defaults)).toHaveLength(29);
    expect(defaults["network.ingress.proxy_body_size_mb"]).toBe(100);
    expect((await c.call("PUT", `/helm/${h.id}/advancedSettings`, { "network.ingress.enable_cors": true })).status).toBe(201);
    expect((await c.call("GET", `/helm/${h.id}/advancedSettings`)).body["network.ingress.enable_cors"]).toBe(true);
    const refused = await c.call("PUT", `/helm/${h.id}/advancedSettings`, { "build.timeout_max_sec": 10 });
    expect(refused.status).toBe(400);
    const domain = await c.call("POST", `/helm/${h.id}/customDomain`, { domain: "cache.example.com", generate_certificate: true });
    expect(domain.status).toBe(201);
    expect((await c.call("GET", `/helm/${h.id}/customDomain/${domain.body.id}`)).body.domain).toBe("cache.example.com");
    const made = await c.call("POST", "/variable", {
      key: "REDIS_PASSWORD", value: "helm-secret-4", is_secret: true, variable_scope: "HELM", variable_parent_id: h.id,
    });
    expect(made.status).toBe(201);
    const seen = await c.call("GET", `/variable?parent_id=${h.id}&scope=HELM&is_secret=true`);
    expect(seen.body.results.map((s: { key: string; scope: string }) => [s.key, s.scope])).toEqual([["REDIS_PASSWORD", "HELM"]]);
    expect(JSON.stringify(seen.body)).not.toContain("helm-secret-4");
    expect((await c.call("GET", `/helm/${h.id}/secret`)).status).toBe(404);
  });

  it("is deployed and stopped with its environment, and deployed alone by an environment request", async () => {
    const h = (await create(helmBody("cache", repo))).body;
    expect((await c.call("POST", `/environment/${envId}/deploy`)).status).toBe(202);
    expect((await c.call("GET", `/helm/${h.id}/status`)).body.state).toBe("DEPLOYED");
    const statuses = (await c.call("GET", `/environment/${envId}/statusesWithStages`)).body;
    expect(statuses.stages[0].helms.map((s: { id: string }) => s.id)).toEqual([h.id]);
    expect((await c.call("POST", `/environment/${envId}/service/stop`, { helm_ids: [h.id] })).status).toBeLessThan(300);
    expect((await c.call("GET", `/helm/${h.id}/status`)).body.state).toBe("STOPPED");
    const pinned = await c.call("POST", `/environment/${envId}/service/deploy`, { helms: [{ id: h.id, chart_version: "18.19.4" }] });
    expect(pinned.status).toBeLessThan(300);
    expect((await c.call("GET", `/helm/${h.id}`)).body.source.repository.chart_version).toBe("18.19.4");
  });
});

describe("helm services (stepped clock)", () => {
  const c = useEmulator({ stepMs: WALK_STEP_MS });

  it("walk QUEUED, DEPLOYING, DEPLOYED; an injected failure ends DEPLOYMENT_ERROR", async () => {
    const { envId } = await projectAndEnv(c);
    const repo = (await c.call("POST", `/organization/${c.org}/helmRepository`, helmRepositoryBody("bitnami"))).body.id;
    const h = (await c.call("POST", `/environment/${envId}/helm`, helmBody("cache", repo))).body;
    await c.call("POST", `/helm/${h.id}/deploy`);
    expect(await walkStates(c, `/helm/${h.id}/status`)).toEqual(["QUEUED", "DEPLOYING", "DEPLOYED"]);
    await control(c.emu, "PUT", `/services/${h.id}/failure`, { stage: "DEPLOY" });
    await c.call("POST", `/helm/${h.id}/redeploy`);
    expect((await walkStates(c, `/helm/${h.id}/status`)).pop()).toBe("DEPLOYMENT_ERROR");
  });
});
