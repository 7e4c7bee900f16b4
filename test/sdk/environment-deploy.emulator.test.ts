/**
 * Environment deployments through the client against the emulator: an environment deployed stage by stage and
 * followed with progress, a failure injected in the first stage named with its stage, service and log lines, a
 * service deploy with a pin followed by its listed services, and the stale-status fault (the first status reads after
 * a deploy still show the previous deployment) not fooling waits that follow the request.
 */
import { DeploymentFailedError, describeProgress, type EnvironmentDeploymentProgress } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { scaffold, useEmulator, type Harness } from "./support/emulator-harness";

const harness = useEmulator(20);
const WAIT = { pollIntervalMs: 10, maxPollIntervalMs: 40, timeoutMs: 15_000 };

/** An environment with stages DEFAULT (empty), `backend` (database pg, application api) and `frontend` (container web). */
async function pipeline(h: Harness) {
  const { orgId, environment, client } = await scaffold(h);
  const registry = await client.containerRegistries.create(orgId, { name: "hub", kind: "DOCKER_HUB", config: { username: "acme", password: "pw-123456" } });
  const pg = await client.databases.create(environment.id, { name: "pg", type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
  const api = await client.applications.create(environment.id, { name: "api", git_repository: { url: "https://github.com/acme/api" } });
  const web = await client.containers.create(environment.id, { name: "web", registry_id: registry.id, image_name: "nginx", tag: "1.27" });
  const backend = await client.deploymentStages.create(environment.id, { name: "backend" });
  const frontend = await client.deploymentStages.create(environment.id, { name: "frontend" });
  await client.deploymentStages.attachService(backend.id, pg.id);
  await client.deploymentStages.attachService(backend.id, api.id);
  await client.deploymentStages.attachService(frontend.id, web.id);
  return { orgId, environmentId: environment.id, client, pg, api, web };
}

describe("environment deployments against the emulator", () => {
  test("deploy is followed stage by stage with progress, one statusesWithStages per poll", async () => {
    const h = harness();
    const { environmentId, client, pg, api, web } = await pipeline(h);
    const started = await client.environments.deploy(environmentId);
    const progress: EnvironmentDeploymentProgress[] = [];
    const final = await client.waitForEnvironmentDeployment(environmentId, { ...WAIT, after: started, onProgress: (p) => progress.push(p) });

    expect(final.environment).toMatchObject({ state: "DEPLOYED", deployment_request_id: started.deployment_request_id });
    const indices = progress.map((p) => p.stageIndex);
    expect(indices).toEqual([...indices].sort((a, b) => a - b)); // never goes back
    expect(new Set(progress.map((p) => p.stageName))).toEqual(new Set(["backend", "frontend"]));
    expect(progress.every((p) => p.stageCount === 3)).toBe(true);
    const lines = progress.map(describeProgress);
    expect(lines.some((l) => /^stage 2\/3 "backend": pg \w+, api \w+$/.test(l) || /^stage 2\/3 "backend": api \w+, pg \w+$/.test(l))).toBe(true);
    expect(lines.some((l) => /^stage 3\/3 "frontend": web (QUEUED|DEPLOYING|DEPLOYED|DEPLOYMENT_QUEUED)$/.test(l))).toBe(true);
    // While the backend moves, the frontend waits.
    for (const p of progress.filter((x) => x.stageName === "backend")) {
      expect(p.stages[2]!.services.map((s) => s.state)).toEqual(["QUEUED"]);
    }
    for (const s of [pg, api, web]) {
      expect(progress[progress.length - 1]!.stages.flatMap((x) => x.services).find((x) => x.id === s.id)).toMatchObject({ state: "DEPLOYED", outcome: "success" });
    }

    const requested = await h.requests();
    expect(requested.filter((r) => r.path === `/environment/${environmentId}/statusesWithStages`)).toHaveLength(progress.length);
    expect(requested.filter((r) => r.method === "GET" && r.path === `/environment/${environmentId}`)).toHaveLength(1);
    expect(requested.filter((r) => r.path.endsWith("/services"))).toHaveLength(1);
  });

  test("a failure in the first stage names the stage, the service, its final state and its log lines; later stages do not deploy", async () => {
    const h = harness();
    const { environmentId, client, api, web } = await pipeline(h);
    await h.control("PUT", `/services/${api.id}/failure`, { stage: "BUILD" });
    const started = await client.environments.deploy(environmentId);
    const progress: EnvironmentDeploymentProgress[] = [];
    const e = await rejectionOf(client.waitForEnvironmentDeployment(environmentId, { ...WAIT, after: started, onProgress: (p) => progress.push(p) }));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.code).toBe("deployment_failed");
    expect(e.stage).toMatchObject({ index: 2, count: 3, name: "backend" });
    expect(e.service).toEqual({ kind: "application", id: api.id, name: "api" });
    expect(e.finalState).toBe("BUILD_ERROR");
    expect(e.message).toContain(`stage 2/3 "backend": application "api" (${api.id}) ended in BUILD_ERROR`);
    expect(e.logLines.length).toBeGreaterThan(0);
    expect(e.logLines.length).toBeLessThanOrEqual(20);
    // The frontend never started.
    const webStates = progress.flatMap((p) => p.stages[2]!.services.filter((s) => s.id === web.id).map((s) => s.state));
    expect(webStates.every((s) => s === "QUEUED" || s === "CANCELED")).toBe(true);
    await expect(client.containers.status(web.id)).resolves.toMatchObject({ state: expect.stringMatching(/^(QUEUED|CANCELED)$/) });
  });

  test("a service deploy with a pin is followed through the listed services only", async () => {
    const h = harness();
    const { environmentId, client, web } = await pipeline(h);
    await client.waitForEnvironmentDeployment(environmentId, { ...WAIT, after: await client.environments.deploy(environmentId) });
    const started = await client.environments.deployServices(environmentId, { containers: [{ id: web.id, image_tag: "1.28" }] });
    const progress: string[] = [];
    const final = await client.waitForEnvironmentDeployment(environmentId, {
      ...WAIT, after: started, services: [web.id], onProgress: (p) => progress.push(describeProgress(p)),
    });
    const webStatus = final.stages?.flatMap((s) => s.containers ?? []).find((s) => s.id === web.id);
    expect(webStatus).toMatchObject({ state: "DEPLOYED", deployment_request_id: started.deployment_request_id });
    expect(progress.every((l) => l.startsWith('stage 3/3 "frontend": web '))).toBe(true);
    expect((await client.containers.get(web.id)).tag).toBe("1.28");
  });

  test("the stale-status fault fools a wait that does not follow the request, not one that does", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "api", git_repository: { url: "https://github.com/acme/api" } });
    const first = await client.applications.deploy(app.id);
    await client.waitForApplication(app.id, { ...WAIT, after: first });

    await h.fault({ kind: "stale_status", reads: 3 });
    const second = await client.applications.redeploy(app.id);
    expect(second.deployment_request_id).not.toBe(first.deployment_request_id);
    // Without `after`, the first read (the previous deployment's DEPLOYED) is taken as the outcome.
    const fooled = await client.waitForApplication(app.id, WAIT);
    expect(fooled).toMatchObject({ state: "DEPLOYED", deployment_request_id: first.deployment_request_id });

    await h.fault({ kind: "stale_status", reads: 3 });
    const third = await client.applications.redeploy(app.id);
    const seen: Array<string | null | undefined> = [];
    const followed = await client.waitForApplication(app.id, { ...WAIT, after: third, onProgress: (s) => seen.push(s.deployment_request_id) });
    expect(followed).toMatchObject({ state: "DEPLOYED", deployment_request_id: third.deployment_request_id });
    expect(seen.filter((id) => id !== third.deployment_request_id).length).toBeGreaterThanOrEqual(3);
  });

  test("the stale-status fault does not fool waitForEnvironmentDeployment({after}) either", async () => {
    const h = harness();
    const { environmentId, client, pg, api, web } = await pipeline(h);
    await client.waitForEnvironmentDeployment(environmentId, { ...WAIT, after: await client.environments.deploy(environmentId) });
    await h.fault({ kind: "stale_status", reads: 3 });
    const started = await client.environments.redeploy(environmentId);
    const outcomes: string[][] = [];
    const final = await client.waitForEnvironmentDeployment(environmentId, {
      ...WAIT, after: started, onProgress: (p) => outcomes.push(p.stages.flatMap((s) => s.services.map((x) => x.outcome))),
    });
    expect(outcomes.slice(0, 3).every((o) => o.every((x) => x === "previous"))).toBe(true);
    for (const s of [pg, api, web]) {
      expect(final.stages?.flatMap((x) => [...(x.applications ?? []), ...(x.databases ?? []), ...(x.containers ?? [])]).find((x) => x.id === s.id))
        .toMatchObject({ state: "DEPLOYED", deployment_request_id: started.deployment_request_id });
    }
  });
});
