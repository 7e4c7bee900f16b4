/**
 * Every started deployment ends with exactly one final webhook event, for every service kind: SUCCESSFUL, FAILURE,
 * or CANCELLED when a newer deploy or a stop replaces it or its service (environment, project) is deleted mid-deploy.
 * A deploy cancelled before its first step began sends nothing.
 */
import http from "node:http";
import { control } from "../../../emulator/control/control-client";
import { SERVICE_KINDS } from "../../../emulator/models/service-kinds";
import { projectMatches } from "../../../emulator/deployments/webhook-delivery";
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, useEmulator, waitFor, type Client } from "../support/helpers";
import { helmBody, terraformBody } from "../support/helm-terraform";

interface Delivery {
  event_type: string;
  payload: Record<string, unknown>;
}

const STEP = 100;
const FINAL = ["DEPLOYMENT_SUCCESSFUL", "DEPLOYMENT_FAILURE", "DEPLOYMENT_CANCELLED"];

/** A create body for each service kind (given the seeded registry's id); a kind added to the table must get one here. */
const CREATE: Record<string, (name: string, registryId: string) => Record<string, unknown>> = {
  application: (name) => appBody(name),
  database: (name) => ({ name, type: "REDIS", version: "7", mode: "CONTAINER" }),
  container: (name, registryId) => containerBody(name, registryId),
  job: (name, registryId) => jobBody(name, registryId),
  helm: (name) => helmBody(name, "", { source: { git_repository: { url: "https://github.com/acme/charts.git" } } }),
  terraform: (name) => terraformBody(name),
};

let receiver: http.Server;
let hookUrl: string;
const received: Delivery[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let data = "";
    req.on("data", (d: Buffer) => { data += d.toString(); });
    req.on("end", () => {
      received.push(JSON.parse(data) as Delivery);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

/**
 * The events of one service, by deployment request, `DEPLOYMENT_STARTED` first (deliveries are concurrent POSTs, so
 * their arrival order is not theirs).
 */
function eventsOf(serviceId: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of received.filter((x) => x.payload["service_id"] === serviceId)) {
    const id = e.payload["deployment_request_id"] as string;
    out.set(id, [...(out.get(id) ?? []), e.event_type].sort((a, b) => Number(b === "DEPLOYMENT_STARTED") - Number(a === "DEPLOYMENT_STARTED")));
  }
  return out;
}

/** Waits until every deployment of the service that started has its final event; answers its events. */
async function settled(serviceId: string, deployments: number): Promise<Map<string, string[]>> {
  await waitFor(() => {
    const all = [...eventsOf(serviceId).values()];
    return all.length >= deployments && all.every((list) => list.some((e) => FINAL.includes(e)));
  }, 5000);
  await new Promise((r) => setTimeout(r, 3 * STEP)); // anything sent late would show now
  return eventsOf(serviceId);
}

async function setUp(c: Client): Promise<{ envId: string; projectId: string }> {
  received.length = 0;
  const r = await c.call("POST", `/organization/${c.org}/webhook`, { kind: "STANDARD", target_url: hookUrl, events: ["DEPLOYMENT_STARTED", ...FINAL] });
  expect(r.status).toBe(201);
  return projectAndEnv(c);
}

async function create(c: Client, envId: string, kind: string, name = kind): Promise<string> {
  const body = (CREATE[kind] as (n: string, r: string) => Record<string, unknown>)(name, await dockerHubId(c));
  const r = await c.call("POST", `/environment/${envId}/${kind}`, body);
  expect(r.status).toBe(201);
  return r.body.id as string;
}

async function action(c: Client, kind: string, id: string, what: string): Promise<string> {
  const r = await c.call("POST", `/${kind}/${id}/${what}`);
  expect(r.status).toBe(202);
  return r.body.deployment_request_id as string;
}

it("a webhook's project filter matches names ignoring case, `*` matching any run (as the reference describes it)", () => {
  expect(projectMatches([], undefined)).toBe(true);
  expect(projectMatches(["shop*"], "Shop-API")).toBe(true);
  expect(projectMatches(["SHOP"], "shop")).toBe(true);
  expect(projectMatches(["shop"], "shop-api")).toBe(false);
  expect(projectMatches(["a.b"], "axb")).toBe(false);
  expect(projectMatches(["shop*"], undefined)).toBe(false);
});

it("every service kind has a create body here", () => {
  expect(SERVICE_KINDS.map((k) => k.name).filter((n) => CREATE[n] === undefined)).toEqual([]);
});

describe.each(SERVICE_KINDS.map((k) => [k.name] as const))("%s", (kind) => {
  const c = useEmulator({ stepMs: STEP });

  it("a deploy sends STARTED then SUCCESSFUL, or FAILURE when it fails; the payload names the service", async () => {
    const { envId, projectId } = await setUp(c);
    const id = await create(c, envId, kind);
    const ok = await action(c, kind, id, "deploy");
    await settled(id, 1);
    await control(c.emu, "PUT", `/services/${id}/failure`, { stage: "DEPLOY" });
    const failed = await action(c, kind, id, "deploy");
    const events = await settled(id, 2);
    expect(events.get(ok)).toEqual(["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL"]);
    expect(events.get(failed)).toEqual(["DEPLOYMENT_STARTED", "DEPLOYMENT_FAILURE"]);
    const payload = received.find((e) => e.payload["deployment_request_id"] === ok)?.payload;
    expect(payload).toMatchObject({ service_id: id, [`${kind}_id`]: id, environment_id: envId, project_id: projectId, organization_id: c.org });
  });

  it("a deploy replaced by another deploy, then by a stop, ends CANCELLED; stops send nothing", async () => {
    const { envId } = await setUp(c);
    const id = await create(c, envId, kind);
    const first = await action(c, kind, id, "deploy");
    const second = await action(c, kind, id, "deploy");
    const stop = await action(c, kind, id, "stop");
    const events = await settled(id, 2);
    expect(events.get(first)).toEqual(["DEPLOYMENT_STARTED", "DEPLOYMENT_CANCELLED"]);
    expect(events.get(second)).toEqual(["DEPLOYMENT_STARTED", "DEPLOYMENT_CANCELLED"]);
    expect(events.has(stop)).toBe(false);
  });

  it("a service deleted mid-deploy gets CANCELLED, never SUCCESSFUL", async () => {
    const { envId } = await setUp(c);
    const id = await create(c, envId, kind);
    const deploy = await action(c, kind, id, "deploy");
    expect((await c.call("DELETE", `/${kind}/${id}`)).status).toBe(204);
    const events = await settled(id, 1);
    await new Promise((r) => setTimeout(r, 5 * STEP)); // past the deploy's natural end
    expect(eventsOf(id).get(deploy)).toEqual(["DEPLOYMENT_STARTED", "DEPLOYMENT_CANCELLED"]);
    expect(events.size).toBe(1);
  });
});

describe("environment and project actions", () => {
  const c = useEmulator({ stepMs: STEP });

  it("services of a deleted environment or project get CANCELLED", async () => {
    const { envId, projectId } = await setUp(c);
    const app = await create(c, envId, "application", "api");
    const db = await create(c, envId, "database", "db");
    await c.call("POST", `/environment/${envId}/deploy`);
    expect((await c.call("DELETE", `/environment/${envId}`)).status).toBe(204);
    for (const id of [app, db]) expect([...(await settled(id, 1)).values()]).toEqual([["DEPLOYMENT_STARTED", "DEPLOYMENT_CANCELLED"]]);
    const other = (await c.call("POST", `/project/${projectId}/environment`, { name: "other" })).body.id as string;
    const app2 = await create(c, other, "application", "api2");
    await action(c, "application", app2, "deploy");
    expect((await c.call("DELETE", `/project/${projectId}`)).status).toBe(204);
    expect([...(await settled(app2, 1)).values()]).toEqual([["DEPLOYMENT_STARTED", "DEPLOYMENT_CANCELLED"]]);
  });

  it("an environment stop cancels the deploys that started and silences those that had not (later stages)", async () => {
    const { envId } = await setUp(c);
    const first = await create(c, envId, "application", "first");
    const later = await create(c, envId, "database", "later");
    const stage = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "second" })).body.id as string;
    expect((await c.call("PUT", `/deploymentStage/${stage}/service/${later}`, {})).status).toBe(200);
    await c.call("POST", `/environment/${envId}/deploy`);
    await waitFor(() => received.some((e) => e.payload["service_id"] === first));
    await c.call("POST", `/environment/${envId}/stop`);
    expect([...(await settled(first, 1)).values()]).toEqual([["DEPLOYMENT_STARTED", "DEPLOYMENT_CANCELLED"]]);
    await new Promise((r) => setTimeout(r, 6 * STEP)); // past when the later stage would have begun
    expect(eventsOf(later).size).toBe(0);
  });

  it("a failure in a stage: the failed deploy sends FAILURE, the later stages' services (which never begin) send nothing", async () => {
    const { envId } = await setUp(c);
    const db = await create(c, envId, "database", "db");
    const app = await create(c, envId, "application", "api");
    const stage = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "apps" })).body.id as string;
    expect((await c.call("PUT", `/deploymentStage/${stage}/service/${app}`, {})).status).toBe(200);
    await control(c.emu, "PUT", `/services/${db}/failure`, { stage: "DEPLOY" });
    const request = (await c.call("POST", `/environment/${envId}/deploy`)).body.deployment_request_id as string;
    expect(await settled(db, 1)).toEqual(new Map([[request, ["DEPLOYMENT_STARTED", "DEPLOYMENT_FAILURE"]]]));
    await new Promise((r) => setTimeout(r, 5 * STEP)); // past when the later stage would have ended
    expect(eventsOf(app).size).toBe(0);
    expect((await c.call("GET", `/application/${app}/status`)).body.state).toBe("CANCELED");
  });
});
