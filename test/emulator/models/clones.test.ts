/**
 * Clones: an environment copied into a new one with every service, variable, secret and stage (new ids, secrets
 * never answered, PREVIEW only this way), independent of its source afterwards; and one service copied into another
 * environment.
 */
import { control } from "../../../emulator/control/control-client";
import { appBody, containerBody, dockerHubId, jobBody, projectAndEnv, useEmulator, type Client } from "../support/helpers";
import { helmBody, helmRepositoryBody, terraformBody } from "../support/helm-terraform";

const c = useEmulator();

/** The body of a success (of `status` when given). */
async function ok(client: Client, method: string, path: string, body?: unknown, status?: number): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await client.call(method, path, body);
  if (status === undefined ? r.status >= 300 : r.status !== status) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** An environment holding one service of every kind, variables at each level, a secret, an alias and two stages. */
async function richEnvironment(): Promise<{ projectId: string; envId: string; ids: Record<string, string> }> {
  const { projectId, envId } = await projectAndEnv(c, "clones");
  const hub = await dockerHubId(c);
  const repo = await ok(c, "POST", `/organization/${c.org}/helmRepository`, helmRepositoryBody("charts"));
  const app = await ok(c, "POST", `/environment/${envId}/application`, appBody("api", { storage: [{ size: 5, mount_point: "/data" }] }));
  const ids: Record<string, string> = {
    application: app.id,
    container: (await ok(c, "POST", `/environment/${envId}/container`, containerBody("web", hub))).id,
    database: (await ok(c, "POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" })).id,
    job: (await ok(c, "POST", `/environment/${envId}/job`, jobBody("nightly", hub))).id,
    helm: (await ok(c, "POST", `/environment/${envId}/helm`, helmBody("cache", repo.id))).id,
    terraform: (await ok(c, "POST", `/environment/${envId}/terraform`, terraformBody("network"))).id,
  };
  await ok(c, "PUT", `/application/${app.id}/advancedSettings`, { "network.ingress.proxy_body_size_mb": 250 });
  await ok(c, "POST", `/environment/${envId}/environmentVariable`, { key: "REGION", value: "eu" });
  const level = await ok(c, "POST", `/application/${app.id}/environmentVariable`, { key: "LOG_LEVEL", value: "debug" });
  await ok(c, "POST", `/application/${app.id}/environmentVariable/${level.id}/alias`, { key: "VERBOSITY" });
  await ok(c, "POST", `/application/${app.id}/secret`, { key: "API_KEY", value: "clone-secret-value-1234" });
  const second = await ok(c, "POST", `/environment/${envId}/deploymentStage`, { name: "late" });
  await ok(c, "PUT", `/deploymentStage/${second.id}/service/${ids["job"]}`, undefined, 200);
  return { projectId, envId, ids };
}

async function services(envId: string): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const out: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (const kind of ["application", "container", "database", "job", "helm", "terraform"]) {
    const list = (await ok(c, "GET", `/environment/${envId}/${kind}`, undefined, 200)).results;
    expect([kind, list.length]).toEqual([kind, 1]);
    out[kind] = list[0];
  }
  return out;
}

/** A record without what a copy may not keep (ids, dates, environment, deployment state). */
function settings(r: Record<string, unknown>): string {
  const ignored = new Set(["id", "created_at", "updated_at", "environment", "environment_id", "host", "password"]);
  return JSON.stringify(r, (k, v) => (ignored.has(k) ? undefined : v));
}

describe("environment clone", () => {
  it("copies every service with new ids and the same settings, variables and secrets (never answered), and the stages", async () => {
    const { projectId, envId, ids } = await richEnvironment();
    const clone = await ok(c, "POST", `/environment/${envId}/clone`, { name: "pr-1", mode: "PREVIEW", cluster_id: c.emu.ids.clusterIds[1] }, 202);
    expect(clone).toMatchObject({ name: "pr-1", mode: "PREVIEW", cluster_id: c.emu.ids.clusterIds[1], project: { id: projectId } });
    expect(clone.id).not.toBe(envId);
    const [before, after] = [await services(envId), await services(clone.id)];
    for (const kind of Object.keys(ids)) {
      expect([kind, after[kind].id]).not.toEqual([kind, before[kind].id]);
      expect(after[kind].environment?.id ?? after[kind].environment_id).toBe(clone.id);
      expect([kind, settings(after[kind])]).toEqual([kind, settings(before[kind])]);
    }
    expect(after["application"].ports[0].id).not.toBe(before["application"].ports[0].id);
    expect(after["application"].storage[0].id).not.toBe(before["application"].storage[0].id);
    const settingsOfCopy = await ok(c, "GET", `/application/${after["application"].id}/advancedSettings`, undefined, 200);
    expect(settingsOfCopy["network.ingress.proxy_body_size_mb"]).toBe(250);

    const vars = (await ok(c, "GET", `/application/${after["application"].id}/environmentVariable`, undefined, 200)).results;
    const own = vars.filter((v: { scope: string }) => v.scope === "APPLICATION");
    expect(own.map((v: { key: string; value: string }) => [v.key, v.value]).sort()).toEqual([["LOG_LEVEL", "debug"], ["VERBOSITY", "debug"]]);
    const envVars = (await ok(c, "GET", `/environment/${clone.id}/environmentVariable`, undefined, 200)).results;
    expect(envVars.filter((v: { scope: string }) => v.scope === "ENVIRONMENT").map((v: { key: string }) => v.key)).toEqual(["REGION"]);
    const level = own.find((v: { key: string }) => v.key === "LOG_LEVEL");
    expect(own.find((v: { key: string }) => v.key === "VERBOSITY").aliased_variable.id).toBe(level.id);
    const sourceVars = (await ok(c, "GET", `/application/${ids["application"]}/environmentVariable`, undefined, 200)).results;
    expect(sourceVars.map((v: { id: string }) => v.id)).not.toContain(level.id);
    const secrets = (await ok(c, "GET", `/application/${after["application"].id}/secret`, undefined, 200)).results;
    expect(secrets.map((s: { key: string }) => s.key)).toContain("API_KEY");
    expect(JSON.stringify(secrets)).not.toContain("clone-secret-value-1234");
    const dump = await (await control(c.emu, "GET", "/state")).text();
    expect(dump).not.toContain("clone-secret-value-1234");

    const stages = (await ok(c, "GET", `/environment/${clone.id}/deploymentStage`, undefined, 200)).results;
    expect(stages.map((s: { name: string }) => s.name)).toEqual(["DEFAULT", "late"]);
    const jobStage = await ok(c, "GET", `/service/${after["job"].id}/deploymentStage`, undefined, 200);
    expect(jobStage.name).toBe("late");
  });

  it("is independent of its source: edits and deletes of one leave the other as it was", async () => {
    const { envId, ids } = await richEnvironment();
    const clone = await ok(c, "POST", `/environment/${envId}/clone`, { name: "copy" }, 202);
    expect(clone.mode).toBe("DEVELOPMENT");
    const copyApp = (await services(clone.id))["application"];
    await ok(c, "PUT", `/application/${copyApp.id}`, { healthchecks: {}, name: "api-renamed", cpu: 1000 }, 200);
    expect((await ok(c, "GET", `/application/${ids["application"]}`, undefined, 200))).toMatchObject({ name: "api", cpu: 500 });
    expect((await c.call("DELETE", `/environment/${envId}`)).status).toBe(204);
    expect((await ok(c, "GET", `/application/${copyApp.id}`, undefined, 200)).name).toBe("api-renamed");
    const vars = (await ok(c, "GET", `/application/${copyApp.id}/environmentVariable`, undefined, 200)).results;
    expect(vars.map((v: { key: string }) => v.key)).toEqual(expect.arrayContaining(["LOG_LEVEL", "VERBOSITY"]));
    const envVars = (await ok(c, "GET", `/environment/${clone.id}/environmentVariable`, undefined, 200)).results;
    expect(envVars.map((v: { key: string }) => v.key)).toContain("REGION");
  });

  it("PREVIEW only by a clone; a taken name is 409, an unknown cluster or project 400 naming the field", async () => {
    const { projectId, envId } = await projectAndEnv(c, "preview");
    const create = await c.call("POST", `/project/${projectId}/environment`, { name: "pr", mode: "PREVIEW" });
    expect(create.status).toBe(400);
    expect(create.body.message).toMatch(/^mode/);
    expect((await c.call("POST", `/environment/${envId}/clone`, { name: "DEV" })).status).toBe(409);
    const cluster = await c.call("POST", `/environment/${envId}/clone`, { name: "x", cluster_id: "00000000-0000-4000-8000-000000000000" });
    expect([cluster.status, cluster.body.message]).toEqual([400, expect.stringMatching(/^cluster_id/)]);
    const project = await c.call("POST", `/environment/${envId}/clone`, { name: "x", project_id: "00000000-0000-4000-8000-000000000000" });
    expect([project.status, project.body.message]).toEqual([400, expect.stringMatching(/^project_id/)]);
    const mode = await c.call("POST", `/environment/${envId}/clone`, { name: "x", mode: "TESTING" });
    expect([mode.status, mode.body.message]).toEqual([400, expect.stringMatching(/^mode/)]);
    expect((await c.call("POST", `/environment/${envId}/clone`, {})).status).toBe(400);
    const envs = (await ok(c, "GET", `/project/${projectId}/environment`, undefined, 200)).results;
    expect(envs.map((e: { name: string }) => e.name)).toEqual(["dev"]);
    const preview = await ok(c, "POST", `/environment/${envId}/clone`, { name: "pr-2", mode: "PREVIEW" }, 202);
    expect((await ok(c, "GET", `/environment/${preview.id}`, undefined, 200)).mode).toBe("PREVIEW");
  });

  it("into another project of the organization", async () => {
    const { envId } = await projectAndEnv(c, "from");
    await ok(c, "POST", `/environment/${envId}/application`, appBody("api"));
    const other = await ok(c, "POST", `/organization/${c.org}/project`, { name: "to" }, 200);
    const clone = await ok(c, "POST", `/environment/${envId}/clone`, { name: "dev", project_id: other.id }, 202);
    expect(clone.project.id).toBe(other.id);
    expect((await ok(c, "GET", `/environment/${clone.id}/application`, undefined, 200)).results.map((a: { name: string }) => a.name)).toEqual(["api"]);
  });
});

describe("service clone", () => {
  it("copies each kind into another environment: new ids, same settings, its variables and secrets, placed in its first stage", async () => {
    const { envId, ids } = await richEnvironment();
    const { envId: target } = await projectAndEnv(c, "target");
    const before = await services(envId);
    for (const kind of Object.keys(ids)) {
      const copy = await ok(c, "POST", `/${kind}/${ids[kind]}/clone`, { name: `${kind}-copy`, environment_id: target }, 202);
      expect([kind, copy.name]).toEqual([kind, `${kind}-copy`]);
      expect(copy.id).not.toBe(ids[kind]);
      expect((await ok(c, "GET", `/${kind}/${copy.id}`, undefined, 200)).id).toBe(copy.id);
      expect([kind, settings({ ...copy, name: kind })]).toEqual([kind, settings({ ...before[kind], name: kind })]);
      expect((await ok(c, "GET", `/service/${copy.id}/deploymentStage`, undefined, 200)).name).toBe("DEFAULT");
    }
    const app = (await ok(c, "GET", `/environment/${target}/application`, undefined, 200)).results[0];
    const vars = (await ok(c, "GET", `/application/${app.id}/environmentVariable`, undefined, 200)).results;
    const level = vars.find((v: { key: string }) => v.key === "LOG_LEVEL");
    expect(vars.find((v: { key: string }) => v.key === "VERBOSITY")).toMatchObject({ value: "debug", aliased_variable: { id: level.id } });
    const secrets = (await ok(c, "GET", `/application/${app.id}/secret`, undefined, 200)).results;
    expect(secrets.filter((s: { scope: string }) => s.scope === "APPLICATION").map((s: { key: string }) => s.key)).toEqual(["API_KEY"]);
    expect(JSON.stringify(secrets)).not.toContain("clone-secret-value-1234");
    await ok(c, "DELETE", `/application/${ids["application"]}`, undefined, 204);
    expect((await ok(c, "GET", `/application/${app.id}/secret`, undefined, 200)).results.filter((s: { scope: string }) => s.scope === "APPLICATION")).toHaveLength(1);
  });

  it("into the same environment under a free name; a taken name is 409, an unknown environment 400 naming environment_id", async () => {
    const { envId } = await projectAndEnv(c, "same");
    const app = await ok(c, "POST", `/environment/${envId}/application`, appBody("api"));
    expect((await c.call("POST", `/application/${app.id}/clone`, { name: "API", environment_id: envId })).status).toBe(409);
    const unknown = await c.call("POST", `/application/${app.id}/clone`, { name: "x", environment_id: "00000000-0000-4000-8000-000000000000" });
    expect([unknown.status, unknown.body.message]).toEqual([400, expect.stringMatching(/^environment_id/)]);
    const missing = await c.call("POST", `/application/${app.id}/clone`, { name: "x" });
    expect([missing.status, missing.body.message]).toEqual([400, expect.stringMatching(/^environment_id/)]);
    await ok(c, "POST", `/application/${app.id}/clone`, { name: "api-2", environment_id: envId }, 202);
    const names = (await ok(c, "GET", `/environment/${envId}/application`, undefined, 200)).results.map((a: { name: string }) => a.name);
    expect(names.sort()).toEqual(["api", "api-2"]);
  });
});
