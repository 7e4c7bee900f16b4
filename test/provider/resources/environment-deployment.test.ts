/**
 * EnvironmentDeployment against the emulator: stage by stage deploys, failures naming the service, pins, triggers,
 * stop on delete (or keep), drift on refresh, and a wait that is not fooled by the previous deployment's status.
 */
import { EnvironmentsApi } from "../../../sdk";
import { control } from "../../../emulator/control/control-client";
import { captureProgress } from "../../../provider/framework/progress";
import { environmentDeployment, environmentDeploymentProvider as p } from "../../../provider/resources/environment-deployment";
import { providerFor } from "../../../provider/runtime";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, failDeploys, injectStaleStatus, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture({ clearFaultsAfterEach: true });
const SECRET = "env-deploy-s3cret-value";
let counter = 0;
let hubId: string;
const lines: string[] = [];

beforeAll(async () => {
  const list = await fx.client.containerRegistries.list(fx.orgId);
  hubId = (list.find((r) => r.kind === "DOCKER_HUB") ?? list[0]!).id;
  captureProgress((line) => lines.push(line));
});
afterAll(() => captureProgress(undefined));
afterEach(async () => {
  jest.restoreAllMocks();
  await setStepMs(0);
});

async function setStepMs(stepMs: number): Promise<void> {
  const res = await control(fx.emulator, "PUT", "/config", { stepMs });
  expect(res.status).toBe(200);
}

/** An environment with three stages (`db`, `apps`, `web`) holding a database, an application and a container. */
async function stagedEnvironment(): Promise<{ envId: string; dbId: string; appId: string; containerId: string; stageIds: string[] }> {
  counter += 1;
  const env = await fx.client.environments.create(fx.projectId, { name: `env-deploy-${counter}`, cluster: fx.clusterIds[0] });
  const stageIds: string[] = [];
  for (const name of ["db", "apps", "web"]) stageIds.push((await fx.client.deploymentStages.create(env.id, { name })).id);
  const db = await fx.client.databases.create(env.id, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" } as never);
  const app = await fx.client.applications.create(env.id, {
    name: "api", git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" }, healthchecks: {},
  });
  await fx.client.secrets.create(app.id, { key: "TOKEN", value: SECRET });
  const container = await fx.client.containers.create(env.id, { name: "web", registry_id: hubId, image_name: "nginx", tag: "1.27", healthchecks: {} });
  await fx.client.deploymentStages.attachService(stageIds[0]!, db.id);
  await fx.client.deploymentStages.attachService(stageIds[1]!, app.id);
  await fx.client.deploymentStages.attachService(stageIds[2]!, container.id);
  return { envId: env.id, dbId: db.id, appId: app.id, containerId: container.id, stageIds };
}

/** The states of services of an environment, as `statusesWithStages` reports them. */
async function states(envId: string, ids: string[]): Promise<string[]> {
  const all = await fx.client.environments.statusesWithStages(envId);
  const byId = new Map<string, string>();
  for (const stage of all.stages ?? []) {
    for (const k of ["applications", "containers", "jobs", "databases"] as const) for (const s of stage[k] ?? []) byId.set(s.id, s.state);
  }
  return ids.map((id) => byId.get(id) ?? "?");
}

/** The write requests of the log as `METHOD path`. */
async function writes(): Promise<string[]> {
  return (await requests(fx.emulator)).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

async function failureOf(run: () => Promise<unknown>): Promise<{ id?: string; properties?: Props; message: string }> {
  try {
    await run();
  } catch (e) {
    return e as { id?: string; properties?: Props; message: string };
  }
  throw new Error("expected a failure");
}

describe("EnvironmentDeployment", () => {
  it("deploys the environment stage by stage and waits until every service is deployed", async () => {
    const env = await stagedEnvironment();
    await setStepMs(150);
    lines.length = 0;
    await clearRequests(fx.emulator);
    const { id, outs } = await p.create!(await checkedInputs(p, { environmentId: env.envId }));
    expect(id).toBe(env.envId);
    expect(await writes()).toEqual([`POST /environment/${env.envId}/deploy`]);
    expect(await states(env.envId, [env.dbId, env.appId, env.containerId])).toEqual(["DEPLOYED", "DEPLOYED", "DEPLOYED"]);
    expect(outs).toMatchObject({ desiredState: "RUNNING", state: "DEPLOYED" });
    // The progress lines walk the stages in their order: db first, web last, never back (a poll may skip a stage).
    const stages = lines.map((l) => /stage \d+\/\d+ "(\w+)"/.exec(l)?.[1]).filter((s): s is string => s !== undefined);
    const order = stages.filter((s, i) => s !== stages[i - 1]);
    expect(order[0]).toBe("db");
    expect(order.at(-1)).toBe("web");
    expect(order.map((s) => ["db", "apps", "web"].indexOf(s))).toEqual([...order.map((s) => ["db", "apps", "web"].indexOf(s))].sort());
    expect(lines.at(-1)).toMatch(/"web": web DEPLOYED \(\d+s\)$/);
    expect(lines[0]).toMatch(new RegExp(`^env-deploy-\\d+: stage \\d+/\\d+ "db": db [A-Z_]+ \\(\\d+s\\)$`));
    // The same inputs are no change, with zero API calls.
    await clearRequests(fx.emulator);
    expect((await p.diff!(id, outs as Props, await checkedInputs(p, { environmentId: env.envId }))).changes).toBe(false);
    expect(await requests(fx.emulator)).toEqual([]);
  });

  it("a failure names the stage, the service, its final state and its log lines without secrets; later stages do not deploy", async () => {
    const env = await stagedEnvironment();
    await failDeploys(fx.emulator, env.appId, "BUILD");
    const error = await failureOf(() => p.create!({ environmentId: env.envId, desiredState: "RUNNING", triggers: {}, restartOnChange: false, timeoutSeconds: 60, onDelete: "stop", secretValues: [] }));
    expect(error.id).toBe(env.envId);
    expect(error.message).toMatch(/stage \d+\/\d+ "apps": application "api" \(/);
    expect(error.message).toContain(env.appId);
    expect(error.message).toContain("BUILD_ERROR");
    expect(error.message).not.toContain(SECRET);
    // Recorded as not deployed: the next up tries again.
    expect(error.properties!["desiredState"]).toBe("BUILD_ERROR");
    const [db, app, web] = await states(env.envId, [env.dbId, env.appId, env.containerId]);
    expect([db, app]).toEqual(["DEPLOYED", "BUILD_ERROR"]);
    expect(web).not.toBe("DEPLOYED");
    await failDeploys(fx.emulator, env.appId, null);
    const inputs = await checkedInputs(p, { environmentId: env.envId });
    expect((await p.diff!(env.envId, error.properties!, inputs)).changes).toBe(true);
  });

  it("pins deploy only the pinned services, with their commit and tag", async () => {
    const env = await stagedEnvironment();
    const inputs = await checkedInputs(p, { environmentId: env.envId });
    const { outs } = await p.create!(inputs);
    const deployServices = jest.spyOn(EnvironmentsApi.prototype, "deployServices");
    const pinned = await checkedInputs(p, { ...inputs, services: { containers: { [env.containerId]: "1.28" }, applications: { [env.appId]: "abc1234" } } });
    expect((await p.diff!(env.envId, outs as Props, pinned)).changes).toBe(true);
    await clearRequests(fx.emulator);
    const { outs: after } = await p.update!(env.envId, outs as Props, pinned);
    expect(await writes()).toEqual([`POST /environment/${env.envId}/service/deploy`]);
    expect(deployServices).toHaveBeenCalledWith(env.envId, {
      applications: [{ application_id: env.appId, git_commit_id: "abc1234" }],
      containers: [{ id: env.containerId, image_tag: "1.28" }],
    });
    expect((await fx.client.containers.get(env.containerId)).tag).toBe("1.28");
    // Only one pin changes: only that service is deployed.
    deployServices.mockClear();
    const repinned = await checkedInputs(p, { ...pinned, services: { containers: { [env.containerId]: "1.29" }, applications: { [env.appId]: "abc1234" } } });
    await p.update!(env.envId, after as Props, repinned);
    expect(deployServices).toHaveBeenCalledWith(env.envId, { containers: [{ id: env.containerId, image_tag: "1.29" }] });
    expect(await states(env.envId, [env.dbId, env.appId, env.containerId])).toEqual(["DEPLOYED", "DEPLOYED", "DEPLOYED"]);
  });

  it("a change of triggers redeploys the environment; with restartOnChange it restarts the services", async () => {
    const env = await stagedEnvironment();
    const inputs = await checkedInputs(p, { environmentId: env.envId, triggers: { release: "1" } });
    const { outs } = await p.create!(inputs);
    await clearRequests(fx.emulator);
    const { outs: redeployed } = await p.update!(env.envId, outs as Props, await checkedInputs(p, { ...inputs, triggers: { release: "2" } }));
    expect(await writes()).toEqual([`POST /environment/${env.envId}/deploy`]);
    await clearRequests(fx.emulator);
    await p.update!(env.envId, redeployed as Props, await checkedInputs(p, { ...inputs, triggers: { release: "3" }, restartOnChange: true }));
    expect(await writes()).toEqual([`POST /environment/${env.envId}/service/restart-service`]);
    // Only the wait limit changing deploys nothing.
    await clearRequests(fx.emulator);
    await p.update!(env.envId, redeployed as Props, await checkedInputs(p, { ...inputs, triggers: { release: "2" }, timeoutSeconds: 60 }));
    expect(await writes()).toEqual([]);
  });

  it("desiredState STOPPED stops the services; a refresh reads a stopped or failed environment as drift", async () => {
    const env = await stagedEnvironment();
    const inputs = await checkedInputs(p, { environmentId: env.envId });
    const { outs } = await p.create!(inputs);
    // Stopped outside: refresh shows it, and up deploys again.
    await fx.client.environments.stop(env.envId);
    const r = await p.read!(env.envId, outs as Props);
    expect([(r.inputs as Props)["desiredState"], (r.props as Props)["state"]]).toEqual(["STOPPED", "STOPPED"]);
    expect((await p.diff!(env.envId, r.props as Props, inputs)).changes).toBe(true);
    await clearRequests(fx.emulator);
    const { outs: running } = await p.update!(env.envId, r.props as Props, inputs);
    expect(await writes()).toEqual([`POST /environment/${env.envId}/deploy`]);
    // Asked to stop.
    await clearRequests(fx.emulator);
    const stopped = await checkedInputs(p, { ...inputs, desiredState: "STOPPED" });
    const { outs: afterStop } = await p.update!(env.envId, running as Props, stopped);
    expect(await writes()).toEqual([`POST /environment/${env.envId}/stop`]);
    expect(await states(env.envId, [env.dbId, env.appId, env.containerId])).toEqual(["STOPPED", "STOPPED", "STOPPED"]);
    expect((await p.diff!(env.envId, (await p.read!(env.envId, afterStop as Props)).props as Props, stopped)).changes).toBe(false);
    // A failed deployment made outside shows as its state.
    await failDeploys(fx.emulator, env.containerId, "DEPLOY");
    await fx.client.environments.deploy(env.envId);
    await failDeploys(fx.emulator, env.containerId, null);
    const failed = await p.read!(env.envId, running as Props);
    expect((failed.inputs as Props)["desiredState"]).toMatch(/_ERROR$/);
    expect((await p.diff!(env.envId, failed.props as Props, inputs)).changes).toBe(true);
  });

  it("delete stops the services and keeps the environment; onDelete keep leaves them running", async () => {
    const env = await stagedEnvironment();
    const { outs } = await p.create!(await checkedInputs(p, { environmentId: env.envId }));
    await clearRequests(fx.emulator);
    await p.delete!(env.envId, outs as Props);
    expect(await writes()).toEqual([`POST /environment/${env.envId}/stop`]);
    expect(await states(env.envId, [env.dbId, env.appId, env.containerId])).toEqual(["STOPPED", "STOPPED", "STOPPED"]);
    expect((await fx.client.environments.get(env.envId)).id).toBe(env.envId);

    const kept = await p.create!(await checkedInputs(p, { environmentId: env.envId, onDelete: "keep" }));
    await clearRequests(fx.emulator);
    await p.delete!(env.envId, kept.outs as Props);
    expect(await writes()).toEqual([]);
    expect(await states(env.envId, [env.dbId, env.appId, env.containerId])).toEqual(["DEPLOYED", "DEPLOYED", "DEPLOYED"]);
  });

  it("follows the request its deploy started: the previous deployment's DEPLOYED is not taken as the outcome", async () => {
    const env = await stagedEnvironment();
    const inputs = await checkedInputs(p, { environmentId: env.envId, triggers: { release: "1" } });
    const { outs } = await p.create!(inputs);
    const before = await fx.client.environments.status(env.envId);
    await injectStaleStatus(fx.emulator, { reads: 3, times: 1 });
    await clearRequests(fx.emulator);
    const { outs: after } = await p.update!(env.envId, outs as Props, await checkedInputs(p, { ...inputs, triggers: { release: "2" } }));
    const log = (await requests(fx.emulator)).map((r) => `${r.method} ${r.path}`);
    const reads = log.slice(log.indexOf(`POST /environment/${env.envId}/deploy`)).filter((l) => l === `GET /environment/${env.envId}/statusesWithStages`);
    expect(reads.length).toBeGreaterThanOrEqual(4);
    expect((after as Props)["deploymentRequestId"]).not.toBe(before.deployment_request_id);
  });

  it("a timeout is a failure, never a success", async () => {
    const env = await stagedEnvironment();
    await setStepMs(60_000);
    const error = await failureOf(async () => p.create!(await checkedInputs(p, { environmentId: env.envId, timeoutSeconds: 1 })));
    expect(error.message).toMatch(/not finished within 1 s/);
    expect(error.message).toMatch(/stage \d+\/\d+ "db"/);
    expect(error.properties!["desiredState"]).toBe("UNFINISHED");
  });

  it("an environment deleted outside reads as gone, and its delete is no error", async () => {
    const env = await stagedEnvironment();
    const { outs } = await p.create!(await checkedInputs(p, { environmentId: env.envId }));
    await fx.client.environments.delete(env.envId);
    await fx.client.waitUntilGone(() => fx.client.environments.get(env.envId));
    expect((await p.read!(env.envId, outs as Props)).id).toBe("");
    await expect(p.delete!(env.envId, outs as Props)).resolves.toBeUndefined();
  });

  it("is served by the runtime under its type token, secretValues stored as a secret", () => {
    expect(typeof providerFor("EnvironmentDeployment").create).toBe("function");
    expect(environmentDeployment.secretOutputs).toContain("secretValues");
  });
});
