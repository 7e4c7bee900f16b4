/**
 * The world `access-table.test.ts` walks: an emulator served in this process (so its state can be saved once and put
 * back before every write), three projects, environments of several types on both clusters with one object of every
 * kind in each, the organization's own objects, and a custom role (`walker`) with a token.
 */
import { EmulatorServer } from "../../../emulator/server/server";
import { newSeedInfo, seedState, type SeedInfo } from "../../../emulator/persistence/seed";
import { stateFromJson, stateToJson } from "../../../emulator/persistence/snapshot";
import { appBody, containerBody, jobBody } from "../support/helpers";
import { helmBody, helmRepositoryBody, terraformBody } from "../support/helm-terraform";
import { projectRuleBody, restrictionBody } from "../support/deployment-rules";

/** One answer. */
export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The emulator, its seed and a caller. */
export interface Served {
  server: EmulatorServer;
  seed: SeedInfo;
  url: string;
  call(method: string, path: string, body?: unknown, token?: string): Promise<Reply>;
  /** Saves the state; `restore` puts the saved one back (pending side effects dropped). */
  save(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Starts an emulator on 127.0.0.1 with an instant clock and no rate limit to speak of. */
export async function serve(): Promise<Served> {
  const seed = newSeedInfo(Date.now());
  const server = new EmulatorServer(seed, seedState(seed), { stepMs: 0, rateLimitPerHour: 1_000_000_000 });
  await new Promise<void>((resolve) => server.http.listen(0, "127.0.0.1", () => resolve()));
  const address = server.http.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  let saved = "";
  const dropTimers = () => {
    for (const t of server.world.timers) clearTimeout(t);
    server.world.timers.clear();
  };
  return {
    server, seed, url,
    call: async (method, path, body, token = seed.tokens.admin) => {
      const headers: Record<string, string> = { authorization: `Token ${token}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      const r = await fetch(url + path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
      const text = await r.text();
      let parsed: unknown = text;
      try {
        parsed = text === "" ? undefined : JSON.parse(text);
      } catch { /* YAML or text */ }
      return { status: r.status, body: parsed };
    },
    save: () => {
      saved = JSON.stringify(stateToJson(server.world.store.state));
    },
    restore: () => {
      dropTimers();
      server.world.store.state = stateFromJson(JSON.parse(saved));
    },
    close: async () => {
      dropTimers();
      await new Promise<void>((resolve) => {
        server.http.close(() => resolve());
        server.http.closeAllConnections();
      });
    },
  };
}

/** The environment types and the walker role's permission on each, per project. */
export const ROLE = {
  granted: { DEVELOPMENT: "MANAGER", STAGING: "DEPLOYER", PRODUCTION: "VIEWER", PREVIEW: "NO_ACCESS" },
  closed: { DEVELOPMENT: "NO_ACCESS", STAGING: "NO_ACCESS", PRODUCTION: "NO_ACCESS", PREVIEW: "NO_ACCESS" },
  owned: "is_admin",
  /** Per cluster: `eu-west` ADMIN, `us-east` VIEWER. */
  clusters: ["ADMIN", "VIEWER"],
} as const;

/** Where a variant's objects are: a project of {@link ROLE}, an environment type and a cluster (0 eu-west, 1 us-east). */
export interface VariantSpec {
  project: "granted" | "closed" | "owned";
  mode: "DEVELOPMENT" | "STAGING" | "PRODUCTION";
  cluster: 0 | 1;
}

export const VARIANTS: VariantSpec[] = [
  { project: "granted", mode: "DEVELOPMENT", cluster: 0 },
  { project: "granted", mode: "STAGING", cluster: 0 },
  { project: "granted", mode: "PRODUCTION", cluster: 0 },
  { project: "granted", mode: "STAGING", cluster: 1 },
  { project: "closed", mode: "DEVELOPMENT", cluster: 0 },
  { project: "owned", mode: "PRODUCTION", cluster: 0 },
];

/** The walk's fixture: ids per variant (path parameters), and the custom role's token. */
export interface World {
  variants: Array<{ spec: VariantSpec; ids: Record<string, string>; varsByOwner: Record<string, { variable: string; secret: string }> }>;
  org: Record<string, string>;
  walkerToken: string;
  /** The value of an Admin token made through the API (it must appear in no message either). */
  madeToken: string;
}

/** Builds the fixture (Admin token). */
export async function buildWorld(s: Served): Promise<World> {
  const post = async (path: string, body: unknown): Promise<string> => {
    const r = await s.call("POST", path, body);
    if (r.status >= 300) throw new Error(`fixture ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { id: string }).id;
  };
  const o = `/organization/${s.seed.organizationId}`;
  const registry = await post(`${o}/containerRegistry`, { name: "ghcr", kind: "GITHUB_CR", config: {} });
  const helmRepository = await post(`${o}/helmRepository`, helmRepositoryBody("bitnami"));
  const projects = {
    granted: await post(`${o}/project`, { name: "granted" }), closed: await post(`${o}/project`, { name: "closed" }),
    owned: await post(`${o}/project`, { name: "owned" }),
  };
  const projectVars: Record<string, { variable: string; secret: string }> = {};
  for (const [name, id] of Object.entries(projects)) {
    projectVars[name] = { variable: await post(`/project/${id}/environmentVariable`, { key: "P", value: "1" }), secret: await post(`/project/${id}/secret`, { key: "PS", value: "2" }) };
  }
  const variants: World["variants"] = [];
  for (const [i, spec] of VARIANTS.entries()) {
    const cluster = s.seed.clusterIds[spec.cluster];
    const env = await post(`/project/${projects[spec.project]}/environment`, { name: `env-${i}`, mode: spec.mode, cluster });
    const app = await post(`/environment/${env}/application`, appBody("api"));
    const container = await post(`/environment/${env}/container`, containerBody("web", registry));
    const job = await post(`/environment/${env}/job`, jobBody("nightly", registry));
    const db = await post(`/environment/${env}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
    const helm = await post(`/environment/${env}/helm`, helmBody("cache", helmRepository));
    const terraform = await post(`/environment/${env}/terraform`, terraformBody("network"));
    const stages = (await s.call("GET", `/environment/${env}/deploymentStage`)).body.results as Array<{ id: string }>;
    const second = await post(`/environment/${env}/deploymentStage`, { name: "second" });
    const varsOf = async (owner: string) => ({
      variable: await post(`${owner}/environmentVariable`, { key: "A", value: "1" }), secret: await post(`${owner}/secret`, { key: "S", value: "2" }),
    });
    const varsByOwner = {
      application: await varsOf(`/application/${app}`), container: await varsOf(`/container/${container}`), job: await varsOf(`/job/${job}`),
      environment: await varsOf(`/environment/${env}`), project: projectVars[spec.project] as { variable: string; secret: string },
    };
    const domain = await post(`/application/${app}/customDomain`, { domain: `api${i}.example.com`, generate_certificate: true });
    const restriction = await post(`/application/${app}/deploymentRestriction`, restrictionBody(`fixture${i}/`));
    const rule = await post(`/project/${projects[spec.project]}/deploymentRule`, projectRuleBody(`rule-${i}`, cluster as string));
    variants.push({
      spec, varsByOwner,
      ids: {
        projectId: projects[spec.project], environmentId: env, applicationId: app, containerId: container, jobId: job, databaseId: db,
        serviceId: app, deploymentStageId: (stages[0] as { id: string }).id, stageId: second, variableId: varsByOwner.environment.variable,
        customDomainId: domain, clusterId: cluster, helmId: helm, terraformId: terraform,
        deploymentRestrictionId: restriction, deploymentRuleId: rule,
      },
    });
  }
  const role = await post(`${o}/customRole`, { name: "walker" });
  const envPerms = (p: Record<string, string>) => Object.entries(p).map(([environment_type, permission]) => ({ environment_type, permission }));
  const put = await s.call("PUT", `${o}/customRole/${role}`, {
    name: "walker",
    cluster_permissions: s.seed.clusterIds.map((cluster_id, i) => ({ cluster_id, permission: ROLE.clusters[i] })),
    project_permissions: [
      { project_id: projects.granted, is_admin: false, permissions: envPerms(ROLE.granted) },
      { project_id: projects.closed, is_admin: false, permissions: envPerms(ROLE.closed) },
      { project_id: projects.owned, is_admin: true },
    ],
  });
  if (put.status !== 200) throw new Error(`walker role: ${put.status} ${JSON.stringify(put.body)}`);
  const walker = await s.call("POST", `${o}/apiToken`, { name: "walker-bot", role_id: role });
  const made = await s.call("POST", `${o}/apiToken`, { name: "root-bot", scope: "ADMIN", role_id: null });
  const org = {
    organizationId: s.seed.organizationId, containerRegistryId: registry, helmRepositoryId: helmRepository, zone: "fr-par-1",
    gitTokenId: await post(`${o}/gitToken`, { name: "gh", type: "GITHUB", token: "fixture-git-token" }),
    webhookId: await post(`${o}/webhook`, { target_url: "http://127.0.0.1:9/hook", events: ["DEPLOYMENT_STARTED"], enabled: false }),
    credentialsId: await post(`${o}/onPremise/credentials`, { name: "rack" }),
    annotationsGroupId: await post(`${o}/annotationsGroups`, { name: "ann", annotations: [], scopes: [] }),
    labelsGroupId: await post(`${o}/labelsGroups`, { name: "lab", labels: [] }),
    inviteId: await post(`${o}/inviteMember`, { email: "fixture@example.com", role: "DEVELOPER" }),
    apiTokenId: made.body.id as string, customRoleId: role,
  };
  return { variants, org, walkerToken: walker.body.token as string, madeToken: made.body.token as string };
}
