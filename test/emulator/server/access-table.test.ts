/**
 * Access as the service grants it (issue 31): every route of the emulator, called with an Admin, Write, Deploy and
 * Read token and with a custom role's token on objects of every permission level, answers 403 exactly where
 * `emulator/server/access-table.ts` says; a 403 names the scope (or the custom role) and no token value. The expectations
 * below are restated here (the published scope rule, the reference's permission levels), not taken from the emulator.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { ACCESS_TABLE, accessOf, type Need } from "../../../emulator/server/access-table";
import { allRoutes } from "../../../emulator/routes";
import type { Route } from "../../../emulator/routes/types";
import { stateToJson } from "../../../emulator/persistence/snapshot";
import { buildWorld, ROLE, serve, type Served, type VariantSpec, type World } from "./access-fixture";

type Scope = "Admin" | "Write" | "Deploy" | "Read";
const SCOPES: Scope[] = ["Admin", "Write", "Deploy", "Read"];

/** The published rule: Admin all, Read reads, Deploy reads and deploys, Write reads and writes; people and access Admin. */
const GRANTS: Record<Need, Scope[]> = {
  read: ["Admin", "Write", "Deploy", "Read"], write: ["Admin", "Write"], deploy: ["Admin", "Deploy"],
  credentials: ["Admin", "Write"], admin: ["Admin"],
};
const RANK = { NO_ACCESS: 0, VIEWER: 1, DEPLOYER: 2, MANAGER: 3 } as const;
const CLUSTER_RANK = { VIEWER: 0, ENV_CREATOR: 1, ADMIN: 2 } as const;
const ENV_PARAMS = ["environmentId", "applicationId", "containerId", "jobId", "databaseId", "helmId", "terraformId", "serviceId", "deploymentStageId", "stageId", "variableId", "customDomainId"];

const key = (r: Pick<Route, "method" | "path">) => `${r.method} ${r.path}`;
const paramsOf = (p: string) => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** What the walker role may do on a route bound to a variant's objects (the reference's levels, strictest reading). */
function walkerMay(r: Route, v: VariantSpec): boolean {
  const need = accessOf(r.method, r.path).need;
  if (need === "admin") return false;
  const perms = ROLE[v.project];
  const on = (type: string) => (perms === "is_admin" ? "MANAGER" : perms[type as keyof typeof perms]);
  const cluster = CLUSTER_RANK[ROLE.clusters[v.cluster]];
  const params = paramsOf(r.path);
  if (key(r) === "POST /project/{projectId}/environment") return on(v.mode) === "MANAGER" && cluster >= CLUSTER_RANK.ENV_CREATOR;
  if (params.some((p) => ENV_PARAMS.includes(p)) || r.path.startsWith("/variable")) {
    const p = RANK[on(v.mode)];
    if (need === "read") return p >= RANK.VIEWER;
    if (need === "deploy") return p >= RANK.DEPLOYER && cluster >= CLUSTER_RANK.ENV_CREATOR;
    return p >= RANK.MANAGER;
  }
  if (params.includes("projectId")) {
    if (need === "read") return ["DEVELOPMENT", "STAGING", "PRODUCTION", "PREVIEW"].some((t) => RANK[on(t)] >= RANK.VIEWER);
    return perms === "is_admin";
  }
  if (params.includes("clusterId")) return need === "read" || (need === "deploy" ? cluster >= 1 : cluster >= CLUSTER_RANK.ADMIN);
  return need === "read";
}

/** The request of a route bound to a variant: its URL and body. */
function requestOf(r: Route, w: World, vi: number): { url: string; body: unknown } {
  const v = w.variants[vi] as World["variants"][number];
  const owner = r.path.split("/")[1] ?? "";
  const vars = v.varsByOwner[owner] ?? (v.varsByOwner["environment"] as { variable: string; secret: string });
  const ids: Record<string, string> = { ...w.org, ...v.ids, environmentVariableId: vars.variable, secretId: vars.secret };
  let url = r.path.replace(/\{(\w+)\}/g, (_m, p: string) => ids[p] ?? `missing-${p}`);
  const env = v.ids["environmentId"];
  const imported = { vars: [{ name: "IMPORTED", value: "v", scope: "ENVIRONMENT", is_secret: false }] };
  const bodies: Record<string, unknown> = {
    "POST /project/{projectId}/environment": { name: "fresh", mode: v.spec.mode, cluster: v.ids["clusterId"] },
    "POST /variable": { variable_parent_id: env, variable_scope: "ENVIRONMENT", key: "NEW", value: "v", is_secret: false },
    "POST /variable/{variableId}/alias": { key: "AL", alias_scope: "ENVIRONMENT", alias_parent_id: env },
    "POST /variable/{variableId}/override": { value: "o", override_scope: "ENVIRONMENT", override_parent_id: env },
  };
  if (key(r) === "GET /variable") url += `?parent_id=${env}&scope=ENVIRONMENT`;
  if (key(r) === "POST /variable/import") url += `?service_id=${v.ids["applicationId"]}&service_type=APPLICATION`;
  const body = bodies[key(r)] ?? (r.path.endsWith("/import") ? imported : r.method === "POST" || r.method === "PUT" ? {} : undefined);
  return { url, body };
}

let s: Served;
let w: World;
beforeAll(async () => {
  s = await serve();
  w = await buildWorld(s);
  s.save();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

/** Calls a route (the saved state put back first when it may write) and checks 403-or-not and the 403's message. */
async function check(r: Route, vi: number, token: string, who: RegExp, expected: boolean, label: string): Promise<string | undefined> {
  if (r.method !== "GET") s.restore();
  const { url, body } = requestOf(r, w, vi);
  const a = await s.call(r.method, url, body, token);
  const where = `${label} ${r.method} ${url}`;
  if (a.status === 500) return `${where}: 500 ${JSON.stringify(a.body)}`;
  if ((a.status === 403) === expected) return `${where}: expected ${expected ? "no 403" : "403"}, got ${a.status} ${JSON.stringify(a.body)}`;
  if (a.status !== 403) return undefined;
  const message = String(a.body?.message ?? "");
  const values = [...Object.values(s.seed.tokens), w.walkerToken, w.madeToken];
  if (!who.test(message) || values.some((t) => message.includes(t))) return `${where}: 403 message ${JSON.stringify(message)}`;
  return undefined;
}

describe("the access table", () => {
  it("has one entry per route of the emulator, none for a route it lacks", () => {
    const routes = allRoutes.map(key);
    expect(routes.filter((k) => !(k in ACCESS_TABLE))).toEqual([]);
    expect(Object.keys(ACCESS_TABLE).filter((k) => !routes.includes(k))).toEqual([]);
    expect(routes.length).toBeGreaterThan(200);
  });

  it("gives deploy to exactly the deploy actions, Admin to people and access, credentials to what answers a secret", () => {
    for (const r of allRoutes) expect([key(r), accessOf(r.method, r.path).need === "deploy"]).toEqual([key(r), r.deployAction === true]);
    const people = allRoutes.filter((r) => /\/organization\/\{organizationId\}\/(member|inviteMember|apiToken|customRole|availableRole)/.test(r.path));
    expect(people.length).toBe(17);
    for (const r of [...people, { method: "PUT" as const, path: "/organization/{organizationId}" }]) expect([key(r), accessOf(r.method, r.path).need]).toEqual([key(r), "admin"]);
    const credentials = allRoutes.filter((r) => accessOf(r.method, r.path).need === "credentials").map(key).sort();
    expect(credentials).toEqual([
      "GET /cluster/{clusterId}/token", "GET /database/{databaseId}/masterCredentials", "GET /organization/{organizationId}/cluster/{clusterId}/eks-anywhere/jwt",
      "GET /organization/{organizationId}/cluster/{clusterId}/kubeconfig",
    ]);
  });
});

describe("every route with every scope", () => {
  it.each(SCOPES)("a %s token gets 403 exactly where the table refuses its scope, the message naming the scope", async (scope) => {
    const token = { Admin: s.seed.tokens.admin, Write: s.seed.tokens.write, Deploy: s.seed.tokens.deploy, Read: s.seed.tokens.read }[scope];
    const failures: string[] = [];
    for (const r of allRoutes) {
      const f = await check(r, 0, token, new RegExp(`\\(scope ${scope}\\).*needs the .*scope`), GRANTS[accessOf(r.method, r.path).need].includes(scope), scope);
      if (f) failures.push(f);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("every route with a custom role's token", () => {
  it.each([0, 1, 2, 3, 4, 5])("objects of variant %i: 403 exactly where the role's permission there falls short", async (vi) => {
    const spec = w.variants[vi]?.spec as VariantSpec;
    const failures: string[] = [];
    const granted = allRoutes.filter((r) => walkerMay(r, spec)).length;
    expect([granted >= 30, allRoutes.length - granted > 17]).toEqual([true, true]);
    for (const r of allRoutes) {
      const f = await check(r, vi, w.walkerToken, /\(custom role 'walker'\) may not .*: \S/, walkerMay(r, spec), `walker on ${spec.project}/${spec.mode}/cluster ${spec.cluster}`);
      if (f) failures.push(f);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("what the issue found, case by case", () => {
  beforeEach(() => s.restore());
  const org = () => `/organization/${s.seed.organizationId}`;
  const v0 = () => (w.variants[0] as World["variants"][number]).ids;

  it("a Write token makes no one Admin: no Admin token, and an Admin's token survives its delete", async () => {
    const roles = (await s.call("GET", `${org()}/availableRole`)).body.results as Array<{ id: string; name: string }>;
    const admin = roles.find((r) => r.name === "Admin")?.id;
    const made = await s.call("POST", `${org()}/apiToken`, { name: "escalate", role_id: admin }, s.seed.tokens.write);
    expect([made.status, made.body.message]).toEqual([403, expect.stringMatching(/scope Write.*needs the Admin scope/)]);
    expect((await s.call("DELETE", `${org()}/apiToken/${w.org["apiTokenId"]}`, undefined, s.seed.tokens.write)).status).toBe(403);
    expect((await s.call("GET", "/organization", undefined, w.madeToken)).status).toBe(200);
  });

  it("a custom role of VIEWER and NO_ACCESS only reads: it creates, edits and deploys nothing", async () => {
    const role = (await s.call("POST", `${org()}/customRole`, { name: "onlooker" })).body.id as string;
    const permissions = ["DEVELOPMENT", "STAGING", "PRODUCTION", "PREVIEW"].map((t) => ({ environment_type: t, permission: t === "PREVIEW" ? "NO_ACCESS" : "VIEWER" }));
    await s.call("PUT", `${org()}/customRole/${role}`, { name: "onlooker", cluster_permissions: [], project_permissions: [{ project_id: v0()["projectId"], is_admin: false, permissions }] });
    const token = (await s.call("POST", `${org()}/apiToken`, { name: "onlooker-bot", role_id: role })).body.token as string;
    const app = v0()["applicationId"] as string;
    expect((await s.call("GET", `/application/${app}`, undefined, token)).status).toBe(200);
    const refused = [
      await s.call("POST", `${org()}/project`, { name: "by-onlooker" }, token),
      await s.call("POST", `/environment/${v0()["environmentId"]}/application`, { name: "x" }, token),
      await s.call("PUT", `/application/${app}`, { name: "renamed" }, token),
      await s.call("POST", `/application/${app}/deploy`, {}, token),
      await s.call("GET", `/database/${v0()["databaseId"]}/masterCredentials`, undefined, token),
      await s.call("POST", `${org()}/apiToken`, { name: "more", role_id: role }, token),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refused[2]?.body.message).toMatch(/custom role 'onlooker'.*needs MANAGER on DEVELOPMENT environments of project 'granted'/);
  });

  it("a MANAGER of DEVELOPMENT moves no environment to PRODUCTION, creates none on a cluster it is not ENV_CREATOR of, writes no project variable", async () => {
    const env = v0()["environmentId"] as string;
    const project = v0()["projectId"] as string;
    const [eu, us] = s.seed.clusterIds;
    const t = w.walkerToken;
    expect((await s.call("PUT", `/environment/${env}`, { name: "renamed" }, t)).status).toBe(200);
    const moved = await s.call("PUT", `/environment/${env}`, { mode: "PRODUCTION" }, t);
    expect([moved.status, moved.body.message]).toEqual([403, expect.stringContaining("needs MANAGER on PRODUCTION environments")]);
    expect((await s.call("POST", `/project/${project}/environment`, { name: "on-eu", mode: "DEVELOPMENT", cluster: eu }, t)).status).toBe(201);
    const onUs = await s.call("POST", `/project/${project}/environment`, { name: "on-us", mode: "DEVELOPMENT", cluster: us }, t);
    expect([onUs.status, onUs.body.message]).toEqual([403, expect.stringContaining("needs ENV_CREATOR on cluster 'us-east'")]);
    const app = v0()["applicationId"] as string;
    const vars = (scope: string) => ({ vars: [{ name: `AT_${scope}`, value: "v", scope, is_secret: false }] });
    expect((await s.call("POST", `/application/${app}/environmentVariable/import`, vars("ENVIRONMENT"), t)).status).toBe(201);
    const atProject = await s.call("POST", `/application/${app}/environmentVariable/import`, vars("PROJECT"), t);
    expect([atProject.status, atProject.body.message]).toEqual([403, expect.stringContaining("needs is_admin on project 'granted'")]);
    expect((await s.call("POST", `/project/${project}/environmentVariable`, { key: "NEW", value: "1" }, t)).status).toBe(403);
  });
});

describe("lists as a custom role sees them", () => {
  it("leave out the projects, environments and services the role may not read", async () => {
    s.restore();
    const org = `/organization/${s.seed.organizationId}`;
    const names = async (path: string, token: string) => ((await s.call("GET", path, undefined, token)).body.results as Array<{ name: string }>).map((x) => x.name).sort();
    expect(await names(`${org}/project`, s.seed.tokens.read)).toEqual(["closed", "granted", "owned"]);
    expect(await names(`${org}/project`, w.walkerToken)).toEqual(["granted", "owned"]);
    const closedProject = w.variants[4]?.ids["projectId"] as string;
    const services = (await s.call("GET", `${org}/services`, undefined, w.walkerToken)).body.results as Array<{ project_id: string }>;
    expect([services.length > 0, services.some((x) => x.project_id === closedProject)]).toEqual([true, false]);
    const all = (await s.call("GET", `${org}/services`)).body.results as Array<{ project_id: string }>;
    expect(all.some((x) => x.project_id === closedProject)).toBe(true);
  });
});

describe("credentials", () => {
  it("a read of a kubeconfig, a cluster token or master credentials changes nothing in the state", async () => {
    s.restore();
    const before = JSON.stringify(stateToJson(s.server.world.store.state));
    const cluster = s.seed.clusterIds[1];
    for (const path of [
      `/organization/${s.seed.organizationId}/cluster/${cluster}/kubeconfig`, `/organization/${s.seed.organizationId}/cluster/${cluster}/kubeconfig?read_only=true`,
      `/cluster/${cluster}/token`, `/database/${(w.variants[0] as World["variants"][number]).ids["databaseId"]}/masterCredentials`,
    ]) expect((await s.call("GET", path)).status).toBe(200);
    expect(JSON.stringify(stateToJson(s.server.world.store.state))).toBe(before);
  });

  it("a kubeconfig's credential is the same after a restart on the same data file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "access-kubeconfig-"));
    const dataFile = path.join(dir, "data.json");
    const read = async (emu: RunningEmulator) => {
      const r = await fetch(`${emu.url}/organization/${emu.ids.organizationId}/cluster/${emu.ids.clusterIds[0]}/kubeconfig`, { headers: { authorization: `Token ${emu.tokens.admin}` } });
      return /token: (\S+)/.exec(await r.text())?.[1];
    };
    try {
      const first = await startEmulator({ dataFile, stepMs: 0 });
      const before = await read(first);
      await first.close();
      const second = await startEmulator({ dataFile, stepMs: 0 });
      const after = await read(second);
      await second.close();
      expect(before).toMatch(/^emu-k8s-[0-9a-f]{40}$/);
      expect(after).toBe(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
