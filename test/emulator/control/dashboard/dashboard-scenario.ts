/**
 * What the dashboard tests put in the emulator: a project with two environments and a few services of several kinds,
 * variables and a secret whose value the dashboard must never show, and the raw HTTP they use to choose headers.
 */
import http from "node:http";
import { appBody, containerBody, dockerHubId, type Client } from "../../support/helpers";

/** A secret value that must never reach the page or its feed. */
export const SECRET_VALUE = "dashboard-secret-4f1c9a7e-never-shown";

/** The ids the scenario created. */
export interface Scenario {
  projectId: string;
  productionId: string;
  stagingId: string;
  /** Applications `api` and `web`, container `worker` (production) and application `api` (staging). */
  services: { api: string; web: string; worker: string; stagingApi: string };
}

async function ok<T = any>(c: Client, method: string, path: string, body: unknown, status: number): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  if (r.status !== status) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

/** Creates the project `shop` with environments `production` and `staging`, their services, variables and secret. */
export async function createScenario(c: Client): Promise<Scenario> {
  const project = await ok<{ id: string }>(c, "POST", `/organization/${c.org}/project`, { name: "shop" }, 200);
  const env = (name: string, mode: string, cluster: string) =>
    ok<{ id: string }>(c, "POST", `/project/${project.id}/environment`, { name, cluster, mode }, 201);
  const production = await env("production", "PRODUCTION", c.emu.ids.clusterIds[0]);
  const staging = await env("staging", "STAGING", c.emu.ids.clusterIds[1]);
  const app = (envId: string, name: string) => ok<{ id: string }>(c, "POST", `/environment/${envId}/application`, appBody(name), 201);
  const api = await app(production.id, "api");
  const web = await app(production.id, "web");
  const worker = await ok<{ id: string }>(c, "POST", `/environment/${production.id}/container`, containerBody("worker", await dockerHubId(c)), 201);
  const stagingApi = await app(staging.id, "api");
  await ok(c, "POST", `/application/${api.id}/environmentVariable`, { key: "LOG_LEVEL", value: "info" }, 201);
  await ok(c, "POST", `/application/${api.id}/secret`, { key: "DATABASE_PASSWORD", value: SECRET_VALUE }, 201);
  return {
    projectId: project.id, productionId: production.id, stagingId: staging.id,
    services: { api: api.id, web: web.id, worker: worker.id, stagingApi: stagingApi.id },
  };
}

/** One raw answer. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A GET to the emulator with exactly the given headers (`host` included: fetch would not let a test choose it). */
export function rawGet(url: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: "GET", path, headers, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => { text += d; });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end();
  });
}
