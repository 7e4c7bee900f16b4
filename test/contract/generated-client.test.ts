/**
 * Contract test with an independent client: the service's official generated TypeScript client
 * (`qovery-typescript-axios`, generated from the live OpenAPI by the service's own team, pinned as a dev dependency)
 * drives the emulator through a user scenario across every family the emulator serves.
 *
 * Each step asserts:
 * - the success code of the live API (the client answers axios responses; `validateStatus` lets every code through,
 *   so a wrong one fails with the method, path and body);
 * - every field the client's TypeScript types mark as required is present at run time (`required()` takes exactly
 *   the required keys of the type: the compiler refuses a list that misses one or names an optional one);
 * - round-trips: each field the scenario sets comes back on the next read as it was set (`roundTrip()`).
 *
 * Round-trip and required-field problems of a step are collected and asserted together at its end, so that one
 * failing step names every field it got wrong. The steps share one emulator and run in order; each builds on the last.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  ApplicationActionsApi,
  ApplicationConfigurationApi,
  ApplicationEnvironmentVariableApi,
  ApplicationMainCallsApi,
  ApplicationSecretApi,
  ApplicationsApi,
  ClustersApi,
  Configuration,
  ContainerActionsApi,
  ContainerConfigurationApi,
  ContainerDeploymentHistoryApi,
  ContainerEnvironmentVariableApi,
  ContainerLogsApi,
  ContainerMainCallsApi,
  ContainerRegistriesApi,
  ContainerSecretApi,
  ContainersApi,
  DatabaseMainCallsApi,
  DatabasesApi,
  DeploymentStageMainCallsApi,
  EnvironmentActionsApi,
  EnvironmentMainCallsApi,
  EnvironmentsApi,
  JobActionsApi,
  JobConfigurationApi,
  JobDeploymentHistoryApi,
  JobMainCallsApi,
  JobsApi,
  OrganizationMainCallsApi,
  OrganizationWebhookApi,
  ProjectMainCallsApi,
  ProjectsApi,
  type Application,
  type ApplicationAdvancedSettings,
  type ApplicationEditRequest,
  type ApplicationRequest,
  type Cluster,
  type ContainerAdvancedSettings,
  type ContainerRegistryRequest,
  type ContainerRegistryResponse,
  type ContainerRequest,
  type ContainerResponse,
  type Credentials,
  type CronJobResponse,
  type Database,
  type DatabaseEditRequest,
  type DatabaseRequest,
  type DeploymentStageResponse,
  type Environment,
  type EnvironmentStatus,
  type EnvironmentStatusesWithStages,
  type EnvironmentVariable,
  type GitTokenRequest,
  type GitTokenResponse,
  type JobAdvancedSettings,
  type JobRequest,
  type JobResponse,
  type Organization,
  type OrganizationWebhookCreateRequest,
  type OrganizationWebhookResponse,
  type Project,
  type Secret,
  type ServicePort,
  type Stage,
  type Status,
} from "qovery-typescript-axios";
import { startEmulator, type RunningEmulator } from "../../emulator";

/** Keys of T that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
/** Exactly the required keys of T, as an object (the compiler checks the list is complete and has no optional key). */
type RequiredList<T> = Record<RequiredKeys<T>, true>;

/** A response of the generated client (an axios response). */
interface Answer<T> {
  status: number;
  data: T;
  config: { method?: string | undefined; url?: string | undefined };
}

/** Every key of the client's advanced settings type: the service answers all of them, defaults included. */
const ADVANCED_KEYS: Record<keyof ApplicationAdvancedSettings, true> = {
  "deployment.custom_domain_check_enabled": true,
  "deployment.termination_grace_period_seconds": true,
  "deployment.affinity.node.required": true,
  "deployment.antiaffinity.pod": true,
  "deployment.topology_spread.zone": true,
  "deployment.lifecycle.post_start_exec_command": true,
  "deployment.lifecycle.pre_stop_exec_command": true,
  "deployment.update_strategy.type": true,
  "deployment.update_strategy.rolling_update.max_unavailable_percent": true,
  "deployment.update_strategy.rolling_update.max_surge_percent": true,
  "build.timeout_max_sec": true,
  "build.cpu_max_in_milli": true,
  "build.ram_max_in_gib": true,
  "build.disable_buildkit_cache": true,
  "build.skip_git_submodules": true,
  "network.ingress.proxy_body_size_mb": true,
  "network.ingress.force_ssl_redirect": true,
  "network.ingress.enable_cors": true,
  "network.ingress.cors_allow_origin": true,
  "network.ingress.cors_allow_methods": true,
  "network.ingress.cors_allow_headers": true,
  "network.ingress.proxy_buffer_size_kb": true,
  "network.ingress.keepalive_time_seconds": true,
  "network.ingress.keepalive_timeout_seconds": true,
  "network.ingress.send_timeout_seconds": true,
  "network.ingress.proxy_connect_timeout_seconds": true,
  "network.ingress.proxy_send_timeout_seconds": true,
  "network.ingress.proxy_read_timeout_seconds": true,
  "network.ingress.proxy_buffering": true,
  "network.ingress.whitelist_source_range": true,
  "network.ingress.denylist_source_range": true,
  "network.ingress.basic_auth_env_var": true,
  "network.ingress.enable_sticky_session": true,
  "network.ingress.grpc_send_timeout_seconds": true,
  "network.ingress.grpc_read_timeout_seconds": true,
  "network.ingress.extra_headers": true,
  "network.gateway_api.http_request_timeout_seconds": true,
  "network.gateway_api.http_connection_idle_timeout_seconds": true,
  "network.gateway_api.retry.num_retries": true,
  "network.gateway_api.retry.retry_on": true,
  "network.gateway_api.retry.http_status_codes": true,
  "network.gateway_api.retry.per_try_timeout_seconds": true,
  "hpa.cpu.average_utilization_percent": true,
  "hpa.memory.average_utilization_percent": true,
  "security.service_account_name": true,
  "security.automount_service_account_token": true,
  "security.read_only_root_filesystem": true,
};

const STATUS_KEYS: RequiredList<Status> = {
  id: true, state: true, service_deployment_status: true, is_part_last_deployment: true, status_details: true,
  deployment_request_id: true, deployment_requests_count: true,
};
const APPLICATION_KEYS: RequiredList<Application> = {
  id: true, created_at: true, environment: true, name: true, healthchecks: true, icon_uri: true, service_type: true,
};
const PORT_KEYS: RequiredList<ServicePort> = { id: true, internal_port: true, publicly_accessible: true, protocol: true };
const GIT_REPOSITORY_KEYS: RequiredList<NonNullable<Application["git_repository"]>> = {
  provider: true, owner: true, url: true, name: true,
};
const DATABASE_KEYS: RequiredList<Database> = {
  id: true, created_at: true, name: true, type: true, version: true, mode: true, icon_uri: true, environment: true,
  service_type: true,
};
const STAGE_KEYS: RequiredList<DeploymentStageResponse> = { id: true, created_at: true, environment: true };
const VARIABLE_KEYS: RequiredList<EnvironmentVariable> = {
  id: true, created_at: true, key: true, scope: true, variable_type: true,
};
const SECRET_KEYS: RequiredList<Secret> = { id: true, created_at: true, key: true, scope: true };
const WEBHOOK_KEYS: RequiredList<OrganizationWebhookResponse> = { id: true, created_at: true };
const GIT_TOKEN_KEYS: RequiredList<GitTokenResponse> = {
  id: true, created_at: true, name: true, type: true, associated_services_count: true, git_api_url: true,
};
const REGISTRY_KEYS: RequiredList<ContainerRegistryResponse> = { id: true, created_at: true };
const CONTAINER_KEYS: RequiredList<ContainerResponse> = {
  id: true, created_at: true, image_name: true, tag: true, registry: true, environment: true, maximum_cpu: true, maximum_memory: true,
  maximum_gpu: true, name: true, cpu: true, memory: true, gpu: true, min_running_instances: true, max_running_instances: true,
  healthchecks: true, auto_preview: true, icon_uri: true, service_type: true,
};
const JOB_KEYS: RequiredList<CronJobResponse> = {
  id: true, created_at: true, environment: true, maximum_cpu: true, maximum_memory: true, maximum_gpu: true, name: true, cpu: true,
  memory: true, gpu: true, auto_preview: true, source: true, healthchecks: true, icon_uri: true, service_type: true, job_type: true,
  schedule: true,
};

let emu: RunningEmulator;
let agent: http.Agent;
let hook: http.Server;
/** Bodies the webhook receiver got. */
const deliveries: Array<{ event_type?: string; payload?: { application_id?: string } }> = [];
/** Problems of the current step (required fields missing, round-trip differences). */
let problems: string[] = [];

let api: {
  org: OrganizationMainCallsApi; projects: ProjectsApi; project: ProjectMainCallsApi; environments: EnvironmentsApi;
  environment: EnvironmentMainCallsApi; applications: ApplicationsApi; application: ApplicationMainCallsApi;
  actions: ApplicationActionsApi; config: ApplicationConfigurationApi; variables: ApplicationEnvironmentVariableApi;
  secrets: ApplicationSecretApi; databases: DatabasesApi; database: DatabaseMainCallsApi;
  stages: DeploymentStageMainCallsApi; webhooks: OrganizationWebhookApi; clusters: ClustersApi;
  registries: ContainerRegistriesApi; containers: ContainersApi; container: ContainerMainCallsApi; containerActions: ContainerActionsApi;
  containerConfig: ContainerConfigurationApi; containerVariables: ContainerEnvironmentVariableApi; containerSecrets: ContainerSecretApi;
  containerHistory: ContainerDeploymentHistoryApi; containerLogs: ContainerLogsApi; jobs: JobsApi; job: JobMainCallsApi;
  jobActions: JobActionsApi; jobConfig: JobConfigurationApi; jobHistory: JobDeploymentHistoryApi;
  environmentActions: EnvironmentActionsApi;
};

/** What the scenario has created so far. */
const ids = {
  org: "", euCluster: "", usCluster: "", project: "", env: "", gitToken: "", app: "", portId: "", storageId: "",
  variable: "", fileVariable: "", secret: "", db: "", managedDb: "", defaultStage: "", stage: "", webhook: "",
  registry: "", container: "", cronJob: "", lifecycleJob: "",
};
const names = { project: "shop", env: "staging" };

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      try {
        deliveries.push(JSON.parse(body));
      } catch {
        deliveries.push({});
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", () => resolve()));
  emu = await startEmulator({ stepMs: 20 });
  agent = new http.Agent({ keepAlive: false });
  const configuration = new Configuration({
    basePath: emu.url,
    apiKey: `Token ${emu.tokens.admin}`,
    // Every status reaches the test (it asserts them); no proxy from the environment; no kept-alive sockets.
    baseOptions: { validateStatus: () => true, proxy: false, httpAgent: agent },
  });
  api = {
    org: new OrganizationMainCallsApi(configuration), projects: new ProjectsApi(configuration),
    project: new ProjectMainCallsApi(configuration), environments: new EnvironmentsApi(configuration),
    environment: new EnvironmentMainCallsApi(configuration), applications: new ApplicationsApi(configuration),
    application: new ApplicationMainCallsApi(configuration), actions: new ApplicationActionsApi(configuration),
    config: new ApplicationConfigurationApi(configuration), variables: new ApplicationEnvironmentVariableApi(configuration),
    secrets: new ApplicationSecretApi(configuration), databases: new DatabasesApi(configuration),
    database: new DatabaseMainCallsApi(configuration), stages: new DeploymentStageMainCallsApi(configuration),
    webhooks: new OrganizationWebhookApi(configuration), clusters: new ClustersApi(configuration),
    registries: new ContainerRegistriesApi(configuration), containers: new ContainersApi(configuration),
    container: new ContainerMainCallsApi(configuration), containerActions: new ContainerActionsApi(configuration),
    containerConfig: new ContainerConfigurationApi(configuration), containerVariables: new ContainerEnvironmentVariableApi(configuration),
    containerSecrets: new ContainerSecretApi(configuration), containerHistory: new ContainerDeploymentHistoryApi(configuration),
    containerLogs: new ContainerLogsApi(configuration), jobs: new JobsApi(configuration), job: new JobMainCallsApi(configuration),
    jobActions: new JobActionsApi(configuration), jobConfig: new JobConfigurationApi(configuration),
    jobHistory: new JobDeploymentHistoryApi(configuration), environmentActions: new EnvironmentActionsApi(configuration),
  };
  ids.org = emu.ids.organizationId;
  [ids.euCluster, ids.usCluster] = emu.ids.clusterIds;
});

afterAll(async () => {
  await emu?.close();
  agent?.destroy();
  await new Promise<void>((resolve) => {
    if (!hook) return resolve();
    hook.close(() => resolve());
    hook.closeAllConnections();
  });
});

beforeEach(() => {
  problems = [];
});

/** Asserts the status code; answers the body. */
function ok<T>(answer: Answer<T>, status: number): T {
  if (answer.status !== status) {
    throw new Error(
      `${answer.config.method?.toUpperCase()} ${answer.config.url}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.data)}`,
    );
  }
  return answer.data;
}

/** Records each required key of the client's type that the answer lacks. */
function required<T>(label: string, value: T, keys: RequiredList<T>): void {
  if (value === null || typeof value !== "object") {
    problems.push(`${label}: expected an object, got ${JSON.stringify(value)}`);
    return;
  }
  for (const key of Object.keys(keys)) {
    if ((value as Record<string, unknown>)[key] === undefined) problems.push(`${label}: required field ${key} is absent`);
  }
}

/** Records each field of `expected` (deeply: objects as subsets, arrays item by item) that `actual` does not hold. */
function roundTrip(label: string, actual: unknown, expected: unknown, path = ""): void {
  const at = path === "" ? "(root)" : path;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      problems.push(`${label}: ${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
      return;
    }
    if (actual.length !== expected.length) {
      problems.push(`${label}: ${at}: expected ${expected.length} items ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
      return;
    }
    expected.forEach((item, i) => roundTrip(label, actual[i], item, `${path}[${i}]`));
    return;
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object") {
      problems.push(`${label}: ${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
      return;
    }
    for (const [key, value] of Object.entries(expected)) {
      roundTrip(label, (actual as Record<string, unknown>)[key], value, path === "" ? key : `${path}.${key}`);
    }
    return;
  }
  if (!Object.is(actual, expected)) {
    problems.push(`${label}: ${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/** Records a problem unless the condition holds. */
function check(condition: boolean, problem: string): void {
  if (!condition) problems.push(problem);
}

/** Ends a step: every problem it recorded fails it, all named at once. */
function settle(): void {
  expect(problems).toEqual([]);
}

/** Calls `read` every 15 ms until `done` holds (at most `ms`); answers the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 4000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${ms} ms (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

function resultsOf<T>(label: string, list: { results?: T[] }): T[] {
  if (!Array.isArray(list.results)) throw new Error(`${label}: expected results to be an array, got ${JSON.stringify(list)}`);
  return list.results;
}

/** Status answers and their nested required fields. */
function checkStatus(label: string, s: Status): void {
  required(label, s, STATUS_KEYS);
  if (s.status_details) required(`${label} status_details`, s.status_details, { action: true, status: true, sub_action: true });
}

function checkApplication(label: string, a: Application): void {
  required(label, a, APPLICATION_KEYS);
  if (a.git_repository === undefined) problems.push(`${label}: git_repository is absent`);
  else required(`${label} git_repository`, a.git_repository, GIT_REPOSITORY_KEYS);
  for (const [i, p] of (a.ports ?? []).entries()) required(`${label} ports[${i}]`, p, PORT_KEYS);
  for (const [i, s] of (a.storage ?? []).entries()) required(`${label} storage[${i}]`, s, { id: true, type: true, size: true, mount_point: true });
  required(`${label} environment`, a.environment, { id: true });
}

const TERMINAL_FAILURE = /_ERROR$|^CANCELED$/;

describe("the official generated client against the emulator", () => {
  test("organization: list and get; clusters: list", async () => {
    const orgs = resultsOf("organization list", ok(await api.org.listOrganization(), 200));
    const mine = orgs.find((o) => o.id === ids.org);
    check(mine !== undefined, `organization list: ${ids.org} is not listed`);
    for (const o of orgs) required<Organization>("organization list item", o, { id: true, created_at: true, name: true, plan: true });
    const org = ok(await api.org.getOrganization(ids.org), 200);
    required<Organization>("organization get", org, { id: true, created_at: true, name: true, plan: true });
    roundTrip("organization get", org, { id: ids.org, name: mine?.name });

    const clusters = resultsOf("cluster list", ok(await api.clusters.listOrganizationCluster(ids.org), 200));
    roundTrip("cluster list ids", clusters.map((c) => c.id).sort(), [ids.euCluster, ids.usCluster].sort());
    for (const c of clusters) {
      required<Cluster>(`cluster ${c.name}`, c, {
        id: true, created_at: true, organization: true, name: true, region: true, cloud_provider: true,
      });
      roundTrip(`cluster ${c.name}`, c, { organization: { id: ids.org } });
    }
    settle();
  });

  test("project: create, list, get, edit", async () => {
    const create = { name: "shop-draft", description: "the shop, first draft" };
    const p = ok(await api.projects.createProject(ids.org, create), 200);
    const projectKeys: RequiredList<Project> = { id: true, created_at: true, name: true, associated_environments_count: true, organization: true };
    required("project create", p, projectKeys);
    ids.project = p.id;
    const listed = resultsOf("project list", ok(await api.projects.listProject(ids.org), 200));
    check(listed.some((x) => x.id === p.id), "project list: the new project is not listed");
    for (const x of listed) required("project list item", x, projectKeys);
    const got = ok(await api.project.getProject(p.id), 200);
    required("project get", got, projectKeys);
    roundTrip("project get after create", got, { ...create, organization: { id: ids.org }, associated_environments_count: 0 });

    const edit = { name: names.project, description: "the shop" };
    required("project edit", ok(await api.project.editProject(p.id, edit), 200), projectKeys);
    roundTrip("project get after edit", ok(await api.project.getProject(p.id), 200), edit);
    settle();
  });

  test("environment: create, list, get, edit", async () => {
    const envKeys: RequiredList<Environment> = {
      id: true, created_at: true, name: true, organization: true, project: true, cloud_provider: true, mode: true, cluster_id: true,
    };
    const e = ok(await api.environments.createEnvironment(ids.project, { name: "dev", cluster: ids.euCluster, mode: "DEVELOPMENT" }), 201);
    required("environment create", e, envKeys);
    ids.env = e.id;
    const listed = resultsOf("environment list", ok(await api.environments.listEnvironment(ids.project), 200));
    check(listed.some((x) => x.id === e.id), "environment list: the new environment is not listed");
    for (const x of listed) required("environment list item", x, envKeys);
    const got = ok(await api.environment.getEnvironment(e.id), 200);
    required("environment get", got, envKeys);
    // The request names the cluster `cluster`; answers carry it as `cluster_id`.
    roundTrip("environment get after create", got, {
      name: "dev", mode: "DEVELOPMENT", cluster_id: ids.euCluster, project: { id: ids.project }, organization: { id: ids.org },
    });

    const edit = { name: names.env, mode: "STAGING" as const };
    required("environment edit", ok(await api.environment.editEnvironment(e.id, edit), 200), envKeys);
    roundTrip("environment get after edit", ok(await api.environment.getEnvironment(e.id), 200), { ...edit, cluster_id: ids.euCluster });
    roundTrip("project get after environment create", ok(await api.project.getProject(ids.project), 200), { associated_environments_count: 1 });
    settle();
  });

  test("git token: create, list, get, edit", async () => {
    const create: GitTokenRequest = { name: "github-ci", description: "CI token", type: "GITHUB", token: "ghp_first" };
    const t = ok(await api.org.createGitToken(ids.org, create), 201);
    required("git token create", t, GIT_TOKEN_KEYS);
    check(!("token" in t), "git token create: the answer carries the token");
    ids.gitToken = t.id;
    const listed = resultsOf("git token list", ok(await api.org.listOrganizationGitTokens(ids.org), 200));
    check(listed.some((x) => x.id === t.id), "git token list: the new token is not listed");
    for (const x of listed) {
      required("git token list item", x, GIT_TOKEN_KEYS);
      check(!("token" in x), "git token list: an item carries the token");
    }
    const got = ok(await api.org.getOrganizationGitToken(ids.org, t.id), 200);
    required("git token get", got, GIT_TOKEN_KEYS);
    roundTrip("git token get after create", got, { name: create.name, description: create.description, type: create.type, associated_services_count: 0 });

    // The edit is the whole request again, token included.
    const edit: GitTokenRequest = {
      name: "github-enterprise", description: "CI token (GHE)", type: "GITHUB", token: "ghp_second",
      git_api_url: "https://github.acme.example/api/v3",
    };
    const edited = ok(await api.org.editGitToken(ids.org, t.id, edit), 200);
    required("git token edit", edited, GIT_TOKEN_KEYS);
    check(!("token" in edited), "git token edit: the answer carries the token");
    const after = ok(await api.org.getOrganizationGitToken(ids.org, t.id), 200);
    check(!("token" in after), "git token get: the answer carries the token");
    roundTrip("git token get after edit", after, { name: edit.name, description: edit.description, type: edit.type, git_api_url: edit.git_api_url });
    settle();
  });

  test("application: create with ports, healthchecks, storage, git repository; list; get", async () => {
    const create: ApplicationRequest = {
      name: "api",
      description: "the shop API",
      git_repository: { url: "https://github.com/acme/shop-api.git", provider: "GITHUB", branch: "main", root_path: "/", git_token_id: ids.gitToken },
      build_mode: "DOCKER",
      dockerfile_path: "Dockerfile",
      docker_target_build_stage: "runtime",
      cpu: 750,
      memory: 768,
      gpu: 0,
      ephemeral_storage_in_gib: 2,
      cpu_architecture: "ARM64",
      min_running_instances: 1,
      max_running_instances: 3,
      healthchecks: {
        readiness_probe: {
          type: { http: { path: "/ready", scheme: "HTTP", port: 8080 } },
          initial_delay_seconds: 5, period_seconds: 10, timeout_seconds: 2, success_threshold: 1, failure_threshold: 3,
        },
        liveness_probe: {
          type: { tcp: { port: 8080 } },
          initial_delay_seconds: 15, period_seconds: 20, timeout_seconds: 5, success_threshold: 1, failure_threshold: 5,
        },
      },
      auto_preview: false,
      auto_deploy: true,
      ports: [{
        name: "http", internal_port: 8080, external_port: 443, publicly_accessible: true, is_default: true, protocol: "HTTP",
        public_path: "/", public_path_rewrite: "/",
      }],
      storage: [{ type: "FAST_SSD", size: 5, mount_point: "/data" }],
      arguments: ["--port", "8080"],
      entrypoint: "/app/start",
      icon_uri: "app://qovery-console/nodejs",
      autoscaling: {
        mode: "KEDA", polling_interval_seconds: 30, cooldown_period_seconds: 300,
        scalers: [{ scaler_type: "cpu", enabled: true, role: "PRIMARY", config_json: { type: "Utilization", value: "60" } }],
      },
    };
    const a = ok(await api.applications.createApplication(ids.env, create), 201);
    checkApplication("application create", a);
    ids.app = a.id;
    ids.portId = a.ports?.[0]?.id ?? "";
    ids.storageId = a.storage?.[0]?.id ?? "";
    check(ids.portId !== "", "application create: the port has no id");
    check(ids.storageId !== "", "application create: the storage has no id");

    const listed = resultsOf("application list", ok(await api.applications.listApplication(ids.env), 200));
    check(listed.some((x) => x.id === a.id), "application list: the new application is not listed");
    for (const x of listed) checkApplication("application list item", x);

    const got = ok(await api.application.getApplication(a.id), 200);
    checkApplication("application get", got);
    roundTrip("application get after create", got, {
      ...create,
      environment: { id: ids.env },
      service_type: "APPLICATION",
      git_repository: { ...create.git_repository, owner: "acme", git_token_name: "github-enterprise" },
    });
    if (got.autoscaling) {
      required("application get autoscaling", got.autoscaling, {
        mode: true, id: true, created_at: true, service_id: true, polling_interval_seconds: true, cooldown_period_seconds: true, scalers: true,
      });
    }
    roundTrip("git token get after application create", ok(await api.org.getOrganizationGitToken(ids.org, ids.gitToken), 200), {
      associated_services_count: 1,
    });
    settle();
  });

  test("application: edit", async () => {
    const edit: ApplicationEditRequest = {
      name: "shop-api",
      description: "the shop API, v2",
      git_repository: { url: "https://github.com/acme/shop-api.git", provider: "GITHUB", branch: "release", root_path: "/srv", git_token_id: ids.gitToken },
      build_mode: "DOCKER",
      dockerfile_path: "docker/Dockerfile",
      docker_target_build_stage: "production",
      cpu: 1000,
      memory: 1024,
      gpu: 0,
      ephemeral_storage_in_gib: 4,
      cpu_architecture: "AMD64",
      min_running_instances: 2,
      max_running_instances: 4,
      healthchecks: {
        readiness_probe: {
          type: { http: { path: "/healthz", scheme: "HTTP", port: 3000 } },
          initial_delay_seconds: 3, period_seconds: 5, timeout_seconds: 1, success_threshold: 2, failure_threshold: 4,
        },
        liveness_probe: {
          type: { tcp: { port: 3000 } },
          initial_delay_seconds: 30, period_seconds: 15, timeout_seconds: 3, success_threshold: 1, failure_threshold: 6,
        },
      },
      auto_preview: true,
      auto_deploy: false,
      // Edits name each existing port by id and give its protocol.
      ports: [{
        id: ids.portId, name: "web", internal_port: 3000, external_port: 443, publicly_accessible: true, is_default: true,
        protocol: "HTTP", public_path: "/api", public_path_rewrite: "/",
      }],
      storage: [{ id: ids.storageId, type: "FAST_SSD", size: 10, mount_point: "/data" }],
      arguments: ["--port", "3000", "--verbose"],
      entrypoint: "/app/serve",
      icon_uri: "app://qovery-console/go",
      autoscaling: {
        mode: "KEDA", polling_interval_seconds: 15, cooldown_period_seconds: 120,
        scalers: [{ scaler_type: "memory", enabled: true, role: "PRIMARY", config_json: { type: "Utilization", value: "75" } }],
      },
    };
    const a = ok(await api.application.editApplication(ids.app, edit), 200);
    checkApplication("application edit", a);
    const got = ok(await api.application.getApplication(ids.app), 200);
    checkApplication("application get", got);
    roundTrip("application get after edit", got, { ...edit, git_repository: { ...edit.git_repository, owner: "acme" } });
    settle();
  });

  test("advanced settings: get, edit", async () => {
    const before = ok(await api.config.getAdvancedSettings(ids.app), 200);
    for (const key of Object.keys(ADVANCED_KEYS)) {
      check(key in before, `advanced settings get: key ${key} is absent (the service answers every key, defaults included)`);
    }
    const edit: ApplicationAdvancedSettings = {
      "deployment.termination_grace_period_seconds": 90,
      "deployment.affinity.node.required": { "topology.kubernetes.io/zone": "eu-west-3a" },
      "deployment.lifecycle.pre_stop_exec_command": ["/bin/sh", "-c", "sleep 5"],
      "build.timeout_max_sec": 2400,
      "network.ingress.enable_cors": true,
      "network.ingress.cors_allow_origin": "https://shop.example",
      "network.gateway_api.retry.num_retries": 3,
      "hpa.memory.average_utilization_percent": 70,
      "security.service_account_name": "shop-api",
    };
    const answer = ok(await api.config.editAdvancedSettings(ids.app, edit), 201);
    roundTrip("advanced settings edit answer", answer, edit);
    const after = ok(await api.config.getAdvancedSettings(ids.app), 200);
    for (const key of Object.keys(ADVANCED_KEYS)) check(key in after, `advanced settings get after edit: key ${key} is absent`);
    roundTrip("advanced settings get after edit", after, edit);
    // Keys the edit left out keep their values.
    const untouched = Object.fromEntries(Object.entries(before).filter(([k]) => !(k in edit)));
    roundTrip("advanced settings get after edit (keys not edited)", after, untouched);
    settle();
  });

  test("environment variables and secrets: create, list, edit, delete", async () => {
    const plain = { key: "LOG_LEVEL", value: "info", description: "log verbosity" };
    const file = { key: "APP_CONFIG", value: "port: 3000\n", mount_path: "/etc/app/config.yaml", description: "config file", enable_interpolation_in_file: true };
    const v = ok(await api.variables.createApplicationEnvironmentVariable(ids.app, plain), 201);
    required("variable create", v, VARIABLE_KEYS);
    const f = ok(await api.variables.createApplicationEnvironmentVariable(ids.app, file), 201);
    required("file variable create", f, VARIABLE_KEYS);
    ids.variable = v.id;
    ids.fileVariable = f.id;
    const byId = async () => {
      const list = resultsOf("variable list", ok(await api.variables.listApplicationEnvironmentVariable(ids.app), 200));
      for (const x of list) required("variable list item", x, VARIABLE_KEYS);
      return new Map(list.map((x) => [x.id, x]));
    };
    let vars = await byId();
    roundTrip("variable list after create", vars.get(v.id), { ...plain, scope: "APPLICATION", variable_type: "VALUE", service_id: ids.app });
    roundTrip("file variable list after create", vars.get(f.id), { ...file, scope: "APPLICATION", variable_type: "FILE", service_id: ids.app });

    const plainEdit = { key: "LOG_LEVEL", value: "debug", description: "log verbosity (debugging)" };
    const fileEdit = { key: "APP_CONFIG", value: "port: 3000\nverbose: true\n", mount_path: "/etc/app/config.yaml", description: "config file v2", enable_interpolation_in_file: false };
    required("variable edit", ok(await api.variables.editApplicationEnvironmentVariable(ids.app, v.id, plainEdit), 200), VARIABLE_KEYS);
    required("file variable edit", ok(await api.variables.editApplicationEnvironmentVariable(ids.app, f.id, fileEdit), 200), VARIABLE_KEYS);
    vars = await byId();
    roundTrip("variable list after edit", vars.get(v.id), plainEdit);
    roundTrip("file variable list after edit", vars.get(f.id), fileEdit);

    const secret = { key: "DB_PASSWORD", value: "hunter2", description: "database password" };
    const s = ok(await api.secrets.createApplicationSecret(ids.app, secret), 201);
    required("secret create", s, SECRET_KEYS);
    check(!("value" in s), "secret create: the answer carries the value");
    ids.secret = s.id;
    const secrets = async () => {
      const list = resultsOf("secret list", ok(await api.secrets.listApplicationSecrets(ids.app), 200));
      for (const x of list) {
        required("secret list item", x, SECRET_KEYS);
        check(!("value" in x), "secret list: an item carries the value");
      }
      return new Map(list.map((x) => [x.id, x]));
    };
    roundTrip("secret list after create", (await secrets()).get(s.id), { key: secret.key, description: secret.description, scope: "APPLICATION" });
    const secretEdit = { key: "DB_PASSWORD", value: "correct horse", description: "database password (rotated)" };
    const se = ok(await api.secrets.editApplicationSecret(ids.app, s.id, secretEdit), 200);
    required("secret edit", se, SECRET_KEYS);
    check(!("value" in se), "secret edit: the answer carries the value");
    roundTrip("secret list after edit", (await secrets()).get(s.id), { key: secretEdit.key, description: secretEdit.description });

    ok(await api.variables.deleteApplicationEnvironmentVariable(ids.app, v.id), 204);
    ok(await api.variables.deleteApplicationEnvironmentVariable(ids.app, f.id), 204);
    ok(await api.secrets.deleteApplicationSecret(ids.app, s.id), 204);
    vars = await byId();
    check(!vars.has(v.id) && !vars.has(f.id), "variable list after delete: a deleted variable is still listed");
    check(!(await secrets()).has(s.id), "secret list after delete: the deleted secret is still listed");
    settle();
  });

  test("database: create, list, get, edit; master credentials", async () => {
    const create: DatabaseRequest = {
      name: "orders", description: "orders store", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE",
      cpu: 500, memory: 512, storage: 10, icon_uri: "app://qovery-console/postgresql",
    };
    const d = ok(await api.databases.createDatabase(ids.env, create), 201);
    required("database create", d, DATABASE_KEYS);
    ids.db = d.id;
    const managed: DatabaseRequest = {
      name: "ledger", description: "ledger store (managed)", type: "POSTGRESQL", version: "16", mode: "MANAGED",
      accessibility: "PRIVATE", instance_type: "db.t3.medium", storage: 20,
    };
    const m = ok(await api.databases.createDatabase(ids.env, managed), 201);
    required("managed database create", m, DATABASE_KEYS);
    ids.managedDb = m.id;

    const listed = resultsOf("database list", ok(await api.databases.listDatabase(ids.env), 200));
    roundTrip("database list ids", listed.map((x) => x.id).sort(), [d.id, m.id].sort());
    for (const x of listed) required("database list item", x, DATABASE_KEYS);

    const got = ok(await api.database.getDatabase(d.id), 200);
    required("database get", got, DATABASE_KEYS);
    roundTrip("database get after create", got, { ...create, environment: { id: ids.env }, service_type: "DATABASE" });
    const gotManaged = ok(await api.database.getDatabase(m.id), 200);
    required("managed database get", gotManaged, DATABASE_KEYS);
    roundTrip("managed database get after create", gotManaged, { ...managed, environment: { id: ids.env } });
    checkStatus("database status", ok(await api.database.getDatabaseStatus(d.id), 200));

    const edit: DatabaseEditRequest = {
      name: "orders-db", description: "orders store v2", version: "17", accessibility: "PUBLIC", cpu: 1000, memory: 1024, storage: 20,
      icon_uri: "app://qovery-console/postgres",
    };
    required("database edit", ok(await api.database.editDatabase(d.id, edit), 200), DATABASE_KEYS);
    roundTrip("database get after edit", ok(await api.database.getDatabase(d.id), 200), edit);
    const managedEdit: DatabaseEditRequest = { description: "ledger store (gp3)", instance_type: "db.t3.large", storage: 30, disk_type: "gp3" };
    required("managed database edit", ok(await api.database.editDatabase(m.id, managedEdit), 200), DATABASE_KEYS);
    roundTrip("managed database get after edit", ok(await api.database.getDatabase(m.id), 200), managedEdit);

    const credentialKeys: RequiredList<Credentials> = { host: true, port: true, login: true, password: true };
    const generated = ok(await api.database.getDatabaseMasterCredentials(d.id), 200);
    required("master credentials get", generated, credentialKeys);
    // The live service answers the password to a token allowed to read it, the generated one included.
    check(typeof generated.password === "string" && generated.password !== "" && !/^\*+$/.test(generated.password),
      `master credentials get (generated): password: expected the generated password, got ${JSON.stringify(generated.password)}`);
    const set = { login: "orders_admin", password: "S3cure-orders-pass" };
    const answered = ok(await api.database.editDatabaseCredentials(d.id, set), 200);
    required("master credentials edit", answered, credentialKeys);
    roundTrip("master credentials edit answer", answered, set);
    const read = ok(await api.database.getDatabaseMasterCredentials(d.id), 200);
    required("master credentials get after edit", read, credentialKeys);
    roundTrip("master credentials get after edit", read, { ...set, host: generated.host, port: generated.port });
    settle();
  });

  test("deployment stages: create, list, get, edit, move, attach a service", async () => {
    const initial = resultsOf("stage list", ok(await api.stages.listEnvironmentDeploymentStage(ids.env), 200));
    check(initial.length >= 1, "stage list: a new environment has no default stage");
    ids.defaultStage = initial[0]?.id ?? "";
    // New services join the environment's first stage.
    roundTrip("service stage of a new application", ok(await api.stages.getServiceDeploymentStage(ids.app), 200), { id: ids.defaultStage });

    const create = { name: "late", description: "after the default stage" };
    const st = ok(await api.stages.createEnvironmentDeploymentStage(ids.env, create), 200);
    required("stage create", st, STAGE_KEYS);
    ids.stage = st.id;
    const order = async (label: string) => {
      const list = resultsOf(label, ok(await api.stages.listEnvironmentDeploymentStage(ids.env), 200));
      for (const x of list) required(`${label} item`, x, STAGE_KEYS);
      const orders = list.map((x) => x.deployment_order ?? NaN);
      check(orders.every((o, i) => i === 0 || o > (orders[i - 1] as number)), `${label}: deployment_order not increasing: ${JSON.stringify(orders)}`);
      return list.map((x) => x.id);
    };
    roundTrip("stage list after create", await order("stage list after create"), [ids.defaultStage, st.id]);
    const got = ok(await api.stages.getDeploymentStage(st.id), 200);
    required("stage get", got, STAGE_KEYS);
    roundTrip("stage get after create", got, { ...create, environment: { id: ids.env } });

    const edit = { name: "migrations", description: "runs after the services" };
    required("stage edit", ok(await api.stages.editDeploymentStage(st.id, edit), 200), STAGE_KEYS);
    roundTrip("stage get after edit", ok(await api.stages.getDeploymentStage(st.id), 200), edit);

    const before = ok(await api.stages.moveBeforeDeploymentStage(st.id, ids.defaultStage), 200);
    roundTrip("stage moveBefore answer", resultsOf("stage moveBefore", before).map((x) => x.id), [st.id, ids.defaultStage]);
    roundTrip("stage list after moveBefore", await order("stage list after moveBefore"), [st.id, ids.defaultStage]);
    const after = ok(await api.stages.moveAfterDeploymentStage(st.id, ids.defaultStage), 200);
    roundTrip("stage moveAfter answer", resultsOf("stage moveAfter", after).map((x) => x.id), [ids.defaultStage, st.id]);
    roundTrip("stage list after moveAfter", await order("stage list after moveAfter"), [ids.defaultStage, st.id]);

    const attached = resultsOf("stage attach", ok(await api.stages.attachServiceToDeploymentStage(st.id, ids.app, { is_skipped: true }), 200));
    for (const x of attached) required("stage attach item", x, STAGE_KEYS);
    const stage = ok(await api.stages.getDeploymentStage(st.id), 200);
    const entry = stage.services?.find((x) => x.service_id === ids.app);
    check(entry !== undefined, `stage get after attach: the application is not among the stage's services ${JSON.stringify(stage.services)}`);
    if (entry) {
      required("stage get after attach service", entry, { id: true, created_at: true });
      roundTrip("stage get after attach service", entry, { service_id: ids.app, is_skipped: true });
    }
    roundTrip("service stage after attach", ok(await api.stages.getServiceDeploymentStage(ids.app), 200), { id: st.id, name: edit.name });
    const defaultStage = ok(await api.stages.getDeploymentStage(ids.defaultStage), 200);
    check(!(defaultStage.services ?? []).some((x) => x.service_id === ids.app), "default stage after attach: the application is still in it");
    settle();
  });

  test("webhooks: create, list, get, edit", async () => {
    const port = (hook.address() as AddressInfo).port;
    const create: OrganizationWebhookCreateRequest = {
      kind: "STANDARD", target_url: `http://127.0.0.1:${port}/hooks/first`, target_secret: "whsec_first", description: "deploy events",
      enabled: true, events: ["DEPLOYMENT_STARTED"], project_names_filter: [names.project], environment_types_filter: ["STAGING"],
    };
    const w = ok(await api.webhooks.createOrganizationWebhook(ids.org, create), 201);
    required("webhook create", w, WEBHOOK_KEYS);
    check(!("target_secret" in w), "webhook create: the answer carries the secret");
    ids.webhook = w.id;
    const listed = resultsOf("webhook list", ok(await api.webhooks.listOrganizationWebHooks(ids.org), 200));
    check(listed.some((x) => x.id === w.id), "webhook list: the new webhook is not listed");
    for (const x of listed) required("webhook list item", x, WEBHOOK_KEYS);
    const { target_secret: _secret, ...shown } = create;
    const got = ok(await api.webhooks.getOrganizationWebhook(ids.org, w.id), 200);
    required("webhook get", got, WEBHOOK_KEYS);
    check(!("target_secret" in got), "webhook get: the answer carries the secret");
    roundTrip("webhook get after create", got, { ...shown, target_secret_set: true });

    // The edit is the whole request again.
    const edit: OrganizationWebhookCreateRequest = {
      kind: "STANDARD", target_url: `http://127.0.0.1:${port}/hooks/deploys`, target_secret: "whsec_second",
      description: "deploy outcomes", enabled: true,
      events: ["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL", "DEPLOYMENT_FAILURE", "DEPLOYMENT_CANCELLED"],
      project_names_filter: [names.project], environment_types_filter: ["STAGING", "PRODUCTION"],
    };
    required("webhook edit", ok(await api.webhooks.editOrganizationWebhook(ids.org, w.id, edit), 200), WEBHOOK_KEYS);
    const { target_secret: _secret2, ...shownEdit } = edit;
    roundTrip("webhook get after edit", ok(await api.webhooks.getOrganizationWebhook(ids.org, w.id), 200), { ...shownEdit, target_secret_set: true });
    settle();
  });

  test("application: deploy and stop, with status reads", async () => {
    const commit = "3f2c1a9e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a";
    const queued = ok(await api.actions.deployApplication(ids.app, { git_commit_id: commit }), 202);
    checkStatus("deploy answer", queued);
    roundTrip("deploy answer", queued, { id: ids.app });
    const deployed = await until(
      async () => ok(await api.application.getApplicationStatus(ids.app), 200),
      (s) => s.state === "DEPLOYED" || TERMINAL_FAILURE.test(s.state),
      "application deploy",
    );
    checkStatus("status after deploy", deployed);
    roundTrip("status after deploy", deployed, { id: ids.app, state: "DEPLOYED", service_deployment_status: "UP_TO_DATE" });
    check(typeof deployed.last_deployment_date === "string", "status after deploy: last_deployment_date is absent");

    // The deployed commit shows on the application.
    const app = ok(await api.application.getApplication(ids.app), 200);
    checkApplication("application get after deploy", app);
    roundTrip("application get after deploy", app, { git_repository: { deployed_commit_id: commit } });
    for (const field of ["deployed_commit_date", "deployed_commit_contributor", "deployed_commit_tag"] as const) {
      check(typeof app.git_repository?.[field] === "string", `application get after deploy: git_repository.${field} is absent`);
    }
    const envStatus = ok(await api.environment.getEnvironmentStatus(ids.env), 200);
    required<EnvironmentStatus>("environment status", envStatus, { id: true, state: true, last_deployment_state: true });

    // The webhook (project and environment filters matching) hears the deployment start and its success.
    const events = await until(
      async () => deliveries.filter((d) => d.payload?.application_id === ids.app).map((d) => d.event_type),
      (e) => e.includes("DEPLOYMENT_SUCCESSFUL"),
      "webhook deliveries",
      3000,
    ).catch(() => deliveries.filter((d) => d.payload?.application_id === ids.app).map((d) => d.event_type));
    // Deliveries travel on separate connections: their order is not asserted.
    roundTrip("webhook deliveries for the deploy", [...events].sort(), ["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL"]);

    const stopping = ok(await api.actions.stopApplication(ids.app), 202);
    checkStatus("stop answer", stopping);
    const stopped = await until(
      async () => ok(await api.application.getApplicationStatus(ids.app), 200),
      (s) => s.state === "STOPPED" || TERMINAL_FAILURE.test(s.state),
      "application stop",
    );
    checkStatus("status after stop", stopped);
    roundTrip("status after stop", stopped, { id: ids.app, state: "STOPPED" });
    settle();
  });

  test("container registries: the seeded one, create, list, get, edit; the kinds on offer", async () => {
    const seeded = resultsOf("registry list", ok(await api.registries.listContainerRegistry(ids.org), 200));
    roundTrip("registry list (seeded)", seeded.map((r) => [r.name, r.kind, r.url]), [["Docker Hub", "DOCKER_HUB", "https://docker.io"]]);
    const create: ContainerRegistryRequest = {
      name: "ghcr-acme", kind: "GITHUB_CR", description: "the team's images", config: { username: "acme-bot", password: "ghp_registry_secret" },
    };
    const r = ok(await api.registries.createContainerRegistry(ids.org, create), 201);
    required("registry create", r, REGISTRY_KEYS);
    ids.registry = r.id;
    check(!JSON.stringify(r).includes("ghp_registry_secret"), "registry create: the answer carries the password");
    const got = ok(await api.registries.getContainerRegistry(ids.org, r.id), 200);
    required("registry get", got, REGISTRY_KEYS);
    roundTrip("registry get after create", got, {
      name: create.name, kind: create.kind, description: create.description, url: "https://ghcr.io", config: { username: "acme-bot" }, associated_services_count: 0,
    });
    const listed = resultsOf("registry list", ok(await api.registries.listContainerRegistry(ids.org), 200));
    check(listed.some((x) => x.id === r.id), "registry list: the new registry is not listed");
    for (const x of listed) required("registry list item", x, REGISTRY_KEYS);

    const edit: ContainerRegistryRequest = {
      name: "acme-registry", kind: "GENERIC_CR", url: "https://registry.acme.example", config: { username: "acme-ci", password: "second_secret" },
    };
    const edited = ok(await api.registries.editContainerRegistry(ids.org, r.id, edit), 200);
    check(!JSON.stringify(edited).includes("second_secret"), "registry edit: the answer carries the password");
    roundTrip("registry get after edit", ok(await api.registries.getContainerRegistry(ids.org, r.id), 200), {
      name: edit.name, kind: edit.kind, url: edit.url, config: { username: "acme-ci" },
    });
    const kinds = resultsOf("available registries", ok(await api.registries.listAvailableContainerRegistry(), 200));
    for (const k of kinds) required("available registry", k, { kind: true, required_config: true, is_mandatory: true });
    check(kinds.some((k) => k.kind === "ECR") && !kinds.some((k) => k.kind === "DOCR"), "available registries: ECR absent or DOCR listed");
    settle();
  });

  test("container: create, list, get, edit, advanced settings, variables and secrets", async () => {
    const create: ContainerRequest = {
      name: "storefront", description: "the shop front", registry_id: ids.registry, image_name: "acme/storefront", tag: "1.4.0",
      arguments: ["--port", "80"], entrypoint: "/entrypoint.sh", cpu: 250, memory: 256, gpu: 0, min_running_instances: 1,
      max_running_instances: 2, auto_preview: false, auto_deploy: true, icon_uri: "app://qovery-console/container",
      healthchecks: { readiness_probe: { type: { http: { path: "/", scheme: "HTTP", port: 80 } }, period_seconds: 10 } },
      ports: [{ name: "web", internal_port: 80, external_port: 443, publicly_accessible: true, is_default: true, protocol: "HTTP" }],
      storage: [{ type: "FAST_SSD", size: 4, mount_point: "/cache" }],
    };
    const c = ok(await api.containers.createContainer(ids.env, create), 201);
    required("container create", c, CONTAINER_KEYS);
    ids.container = c.id;
    const got = ok(await api.container.getContainer(c.id), 200);
    required("container get", got, CONTAINER_KEYS);
    required("container get registry", got.registry, { id: true, name: true, url: true, kind: true });
    for (const [i, p] of (got.ports ?? []).entries()) required(`container get ports[${i}]`, p, PORT_KEYS);
    roundTrip("container get after create", got, {
      ...create, service_type: "CONTAINER", environment: { id: ids.env }, registry: { id: ids.registry, name: "acme-registry", kind: "GENERIC_CR" },
    });
    const listed = resultsOf("container list", ok(await api.containers.listContainer(ids.env), 200));
    check(listed.some((x) => x.id === c.id), "container list: the new container is not listed");
    roundTrip("registry after container create", ok(await api.registries.getContainerRegistry(ids.org, ids.registry), 200), { associated_services_count: 1 });

    const portId = got.ports?.[0]?.id ?? "";
    const edit: ContainerRequest = {
      ...create, name: "shop-front", tag: "1.5.0", cpu: 500,
      ports: [{ id: portId, name: "web", internal_port: 8080, external_port: 443, publicly_accessible: true, is_default: true, protocol: "HTTP" }],
    };
    required("container edit", ok(await api.container.editContainer(c.id, edit), 200), CONTAINER_KEYS);
    roundTrip("container get after edit", ok(await api.container.getContainer(c.id), 200), edit);

    const settings = ok(await api.containerConfig.getContainerAdvancedSettings(c.id), 200);
    check(!("build.timeout_max_sec" in settings), "container advanced settings: an application-only key is answered");
    const change: ContainerAdvancedSettings = { "network.ingress.proxy_request_buffering": "off", "hpa.cpu.average_utilization_percent": 70 };
    roundTrip("container advanced settings edit", ok(await api.containerConfig.editContainerAdvancedSettings(c.id, change), 201), change);
    roundTrip("container advanced settings get", ok(await api.containerConfig.getContainerAdvancedSettings(c.id), 200), change);
    roundTrip("default container advanced settings", ok(await api.containers.getDefaultContainerAdvancedSettings(), 200), {
      "network.ingress.proxy_request_buffering": "on",
    });

    const v = ok(await api.containerVariables.createContainerEnvironmentVariable(c.id, { key: "SHOP_MODE", value: "live" }), 201);
    required("container variable", v, VARIABLE_KEYS);
    roundTrip("container variable", v, { key: "SHOP_MODE", value: "live", scope: "CONTAINER", service_id: c.id });
    const sec = ok(await api.containerSecrets.createContainerSecret(c.id, { key: "STRIPE_KEY", value: "sk_container_secret" }), 201);
    required("container secret", sec, SECRET_KEYS);
    const secrets = resultsOf("container secrets", ok(await api.containerSecrets.listContainerSecrets(c.id), 200));
    check(!JSON.stringify([sec, secrets]).includes("sk_container_secret"), "container secrets: a secret value is answered");
    ok(await api.containerVariables.editContainerEnvironmentVariable(c.id, v.id, { key: "SHOP_MODE", value: "maintenance" }), 200);
    // the container's own (the list also holds the inherited and built-in values, as the live service's does)
    const listedVars = resultsOf("container variables", ok(await api.containerVariables.listContainerEnvironmentVariable(c.id), 200));
    roundTrip("container variables", listedVars.filter((x) => x.scope === "CONTAINER"), [
      { key: "SHOP_MODE", value: "maintenance" },
    ]);
    ok(await api.containerSecrets.deleteContainerSecret(c.id, sec.id), 204);
    settle();
  });

  test("container: deploy a new tag, history and logs; the organization's auto-deploy", async () => {
    checkStatus("container deploy", ok(await api.containerActions.deployContainer(ids.container, { image_tag: "1.6.0" }), 202));
    const deployed = await until(
      async () => ok(await api.container.getContainerStatus(ids.container), 200),
      (s) => s.state === "DEPLOYED" || TERMINAL_FAILURE.test(s.state), "container deploy",
    );
    roundTrip("container status after deploy", deployed, { state: "DEPLOYED", service_deployment_status: "UP_TO_DATE" });
    roundTrip("container after deploy", ok(await api.container.getContainer(ids.container), 200), { tag: "1.6.0" });
    const history = resultsOf("container history", ok(await api.containerHistory.listContainerDeploymentHistory(ids.container), 200));
    roundTrip("container history", history[0], { status: "DEPLOYED", image_name: "acme/storefront", tag: "1.6.0" });
    const logs = resultsOf("container logs", ok(await api.containerLogs.listContainerLog(ids.container), 200));
    check(logs.length > 0, "container logs: none");

    checkStatus("container auto-deploy", ok(await api.containers.autoDeployContainerEnvironments(ids.org, { image_name: "acme/storefront", tag: "1.7.0" }), 202));
    roundTrip("container after auto-deploy", ok(await api.container.getContainer(ids.container), 200), { tag: "1.7.0" });
    await until(
      async () => ok(await api.container.getContainerStatus(ids.container), 200),
      (s) => s.state === "DEPLOYED" || TERMINAL_FAILURE.test(s.state), "container auto-deploy",
    );
    checkStatus("container stop", ok(await api.containerActions.stopContainer(ids.container), 202));
    settle();
  });

  test("jobs: a cron job from an image and a lifecycle job built from git; runs, history, advanced settings", async () => {
    const cron: JobRequest = {
      name: "nightly-report", description: "the nightly report", cpu: 250, memory: 256, max_nb_restart: 1, max_duration_seconds: 900,
      auto_deploy: true, healthchecks: {},
      source: { image: { image_name: "acme/report", tag: "2.0.0", registry_id: ids.registry } },
      schedule: { cronjob: { scheduled_at: "30 2 * * MON-FRI", timezone: "Europe/Paris", arguments: ["--since", "1d"], entrypoint: "/report" } },
    };
    const cj = ok(await api.jobs.createJob(ids.env, cron), 201);
    required("cron job create", cj as CronJobResponse, JOB_KEYS);
    ids.cronJob = cj.id;
    roundTrip("cron job create", cj, { ...cron, job_type: "CRON", service_type: "JOB", environment: { id: ids.env } });

    const lifecycle: JobRequest = {
      name: "db-migrate", healthchecks: {}, port: 9000,
      source: { docker: { git_repository: { url: "https://github.com/acme/shop-api.git", provider: "GITHUB", branch: "main", root_path: "/", git_token_id: ids.gitToken }, dockerfile_path: "migrations/Dockerfile" } },
      schedule: { on_start: { arguments: ["migrate"], entrypoint: "/migrate" }, on_delete: { arguments: ["drop"] }, lifecycle_type: "GENERIC" },
    };
    const lj = ok(await api.jobs.createJob(ids.env, lifecycle), 201);
    required("lifecycle job create", lj as CronJobResponse, JOB_KEYS);
    ids.lifecycleJob = lj.id;
    const got: JobResponse = ok(await api.job.getJob(lj.id), 200);
    roundTrip("lifecycle job get", got, { job_type: "LIFECYCLE", port: 9000, schedule: lifecycle.schedule, source: { docker: { dockerfile_path: "migrations/Dockerfile", git_repository: { owner: "acme", branch: "main" } } } });
    const listed = resultsOf("job list", ok(await api.jobs.listJobs(ids.env), 200));
    roundTrip("job list", listed.map((j) => j.id).sort(), [cj.id, lj.id].sort());

    const edit: JobRequest = { ...cron, schedule: { cronjob: { scheduled_at: "@daily", timezone: "Etc/UTC", arguments: [] } } };
    ok(await api.job.editJob(cj.id, edit), 200);
    roundTrip("cron job after edit", ok(await api.job.getJob(cj.id), 200), { schedule: edit.schedule });

    checkStatus("cron job deploy", ok(await api.jobActions.deployJob(cj.id, undefined, { image_tag: "2.1.0" }), 202));
    checkStatus("lifecycle job deploy", ok(await api.jobActions.deployJob(lj.id, undefined, { git_commit_id: "3f2c1a9e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a" }), 202));
    for (const id of [cj.id, lj.id]) {
      const done = await until(async () => ok(await api.job.getJobStatus(id), 200), (s) => s.state === "DEPLOYED" || TERMINAL_FAILURE.test(s.state), "job run");
      roundTrip("job status after its run", done, { state: "DEPLOYED" });
    }
    const cronHistory = resultsOf("cron job history", ok(await api.jobHistory.listJobDeploymentHistory(cj.id), 200));
    roundTrip("cron job history", cronHistory[0], { status: "DEPLOYED", tag: "2.1.0", schedule: { event: "CRON", schedule_at: "@daily" } });
    const gitHistory = resultsOf("lifecycle job history", ok(await api.jobHistory.listJobDeploymentHistory(lj.id), 200));
    roundTrip("lifecycle job history", gitHistory[0], { status: "DEPLOYED", commit: { git_commit_id: "3f2c1a9e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a" }, schedule: { event: "ON_START" } });

    const change: JobAdvancedSettings = { "cronjob.concurrency_policy": "Forbid", "job.delete_ttl_seconds_after_finished": 3600 };
    roundTrip("job advanced settings edit", ok(await api.jobConfig.editJobAdvancedSettings(cj.id, change), 201), change);
    roundTrip("job advanced settings get", ok(await api.jobConfig.getJobAdvancedSettings(cj.id), 200), change);
    check("cronjob.success_jobs_history_limit" in ok(await api.jobs.getDefaultJobAdvancedSettings(), 200), "default job advanced settings: a job key is absent");

    checkStatus("job auto-deploy", ok(await api.jobs.autoDeployJobEnvironments(ids.org, { image_name: "acme/report", tag: "2.2.0" }), 202));
    roundTrip("cron job after auto-deploy", ok(await api.job.getJob(cj.id), 200), { source: { image: { tag: "2.2.0" } } });
    checkStatus("job stop", ok(await api.jobActions.stopJob(lj.id), 202));
    settle();
  });

  test("environment: deploy listed services with pins, statuses by stage, restart and stop of listed services, cancel", async () => {
    const commit = "4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d";
    const listed = [ids.app, ids.db, ids.container, ids.cronJob];
    const deployed = ok(await api.environmentActions.deployAllServices(ids.env, {
      applications: [{ application_id: ids.app, git_commit_id: commit }], databases: [ids.db],
      containers: [{ id: ids.container, image_tag: "1.8.0" }], jobs: [{ id: ids.cronJob, image_tag: "2.3.0" }],
    }), 202);
    required<EnvironmentStatus>("service deploy answer", deployed, { id: true, state: true, last_deployment_state: true });
    const requestId = deployed.deployment_request_id;
    check(typeof requestId === "string", `service deploy answer: no deployment_request_id ${JSON.stringify(deployed)}`);

    const statusesOf = (s: EnvironmentStatusesWithStages) => (s.stages ?? []).flatMap((st) => [
      ...(st.applications ?? []), ...(st.databases ?? []), ...(st.containers ?? []), ...(st.jobs ?? []),
    ]);
    const done = await until(
      async () => ok(await api.environment.getEnvironmentStatusesWithStages(ids.env), 200),
      (s) => listed.every((id) => statusesOf(s).some((x) => x.id === id && (x.state === "DEPLOYED" || TERMINAL_FAILURE.test(x.state)))),
      "service deploy",
    );
    if (done.environment) required<EnvironmentStatus>("statuses with stages: environment", done.environment, { id: true, state: true, last_deployment_state: true });
    else problems.push("statuses with stages: environment is absent");
    for (const st of done.stages ?? []) {
      if (st.stage) required<Stage>("statuses with stages: stage", st.stage, { id: true, name: true, description: true });
      else problems.push("statuses with stages: a stage item has no stage");
    }
    for (const x of statusesOf(done)) checkStatus(`statuses with stages: ${x.id}`, x);
    roundTrip("statuses with stages: stage order", (done.stages ?? []).map((st) => st.stage?.id), [ids.defaultStage, ids.stage]);
    for (const id of listed) {
      roundTrip(`statuses with stages: ${id}`, statusesOf(done).find((x) => x.id === id), { state: "DEPLOYED", deployment_request_id: requestId });
    }
    roundTrip("application after the service deploy", ok(await api.application.getApplication(ids.app), 200), { git_repository: { deployed_commit_id: commit } });
    roundTrip("container after the service deploy", ok(await api.container.getContainer(ids.container), 200), { tag: "1.8.0" });
    roundTrip("cron job after the service deploy", ok(await api.job.getJob(ids.cronJob), 200), { source: { image: { tag: "2.3.0" } } });

    checkStatus("restart of listed services", ok(await api.environmentActions.rebootServices(ids.env, { application_ids: [ids.app], database_ids: [ids.db] }), 202));
    await until(async () => ok(await api.application.getApplicationStatus(ids.app), 200), (s) => s.state === "DEPLOYED" && s.status_details?.action === "RESTART", "restart");
    ok(await api.environmentActions.stopSelectedServices(ids.env, { application_ids: [ids.app], container_ids: [ids.container], database_ids: [ids.db], job_ids: [ids.cronJob] }), 200);
    const stopped = await until(
      async () => ok(await api.environment.getEnvironmentStatusesWithStages(ids.env), 200),
      (s) => listed.every((id) => statusesOf(s).some((x) => x.id === id && (x.state === "STOPPED" || TERMINAL_FAILURE.test(x.state)))),
      "stop of listed services",
    );
    for (const id of listed) roundTrip(`after the stop: ${id}`, statusesOf(stopped).find((x) => x.id === id), { state: "STOPPED" });

    // The environment's deploy may already be over when the cancel arrives (20 ms steps): 409 then.
    ok(await api.environmentActions.deployEnvironment(ids.env), 202);
    const cancel = await api.environmentActions.cancelEnvironmentDeployment(ids.env, { force_cancel: false });
    check([202, 409].includes(cancel.status), `cancel: expected 202 or 409, got ${cancel.status} ${JSON.stringify(cancel.data)}`);
    if (cancel.status === 202) required<EnvironmentStatus>("cancel answer", cancel.data, { id: true, state: true, last_deployment_state: true });
    settle();
  });

  test("deletes, down to an empty project", async () => {
    const gone = (status: number) => status === 404;
    ok(await api.container.deleteContainer(ids.container), 204);
    ok(await api.job.deleteJob(ids.cronJob), 204);
    ok(await api.job.deleteJob(ids.lifecycleJob), 204);
    await until(async () => (await api.container.getContainer(ids.container)).status, gone, "container delete");
    await until(async () => (await api.job.getJob(ids.cronJob)).status, gone, "cron job delete");
    await until(async () => (await api.job.getJob(ids.lifecycleJob)).status, gone, "lifecycle job delete");
    ok(await api.registries.deleteContainerRegistry(ids.org, ids.registry), 204);
    check(gone((await api.registries.getContainerRegistry(ids.org, ids.registry)).status), "registry get after delete: not 404");

    ok(await api.webhooks.deleteOrganizationWebhook(ids.org, ids.webhook), 204);
    check(gone((await api.webhooks.getOrganizationWebhook(ids.org, ids.webhook)).status), "webhook get after delete: not 404");

    ok(await api.application.deleteApplication(ids.app), 204);
    ok(await api.database.deleteDatabase(ids.db), 204);
    ok(await api.database.deleteDatabase(ids.managedDb), 204);
    await until(async () => (await api.application.getApplication(ids.app)).status, gone, "application delete");
    await until(async () => (await api.database.getDatabase(ids.db)).status, gone, "database delete");
    await until(async () => (await api.database.getDatabase(ids.managedDb)).status, gone, "managed database delete");
    roundTrip("application list after delete", resultsOf("application list", ok(await api.applications.listApplication(ids.env), 200)), []);
    roundTrip("database list after delete", resultsOf("database list", ok(await api.databases.listDatabase(ids.env), 200)), []);

    // With its service gone, the stage can go.
    ok(await api.stages.deleteDeploymentStage(ids.stage), 204);
    roundTrip("stage list after delete", resultsOf("stage list", ok(await api.stages.listEnvironmentDeploymentStage(ids.env), 200)).map((x) => x.id), [ids.defaultStage]);

    ok(await api.org.deleteGitToken(ids.org, ids.gitToken), 204);
    check(gone((await api.org.getOrganizationGitToken(ids.org, ids.gitToken)).status), "git token get after delete: not 404");
    const tokens = resultsOf("git token list", ok(await api.org.listOrganizationGitTokens(ids.org), 200));
    check(!tokens.some((t) => t.id === ids.gitToken), "git token list after delete: the token is still listed");

    ok(await api.environment.deleteEnvironment(ids.env), 204);
    await until(async () => (await api.environment.getEnvironment(ids.env)).status, gone, "environment delete");
    roundTrip("environment list after delete (an empty project)", resultsOf("environment list", ok(await api.environments.listEnvironment(ids.project), 200)), []);
    roundTrip("project get with no environment", ok(await api.project.getProject(ids.project), 200), { associated_environments_count: 0 });

    ok(await api.project.deleteProject(ids.project), 204);
    check(gone((await api.project.getProject(ids.project)).status), "project get after delete: not 404");
    const projects = resultsOf("project list", ok(await api.projects.listProject(ids.org), 200));
    check(!projects.some((p) => p.id === ids.project), "project list after delete: the project is still listed");
    settle();
  });
});
