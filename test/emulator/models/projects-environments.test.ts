import { appBody, projectAndEnv, useEmulator } from "../support/helpers";

const c = useEmulator();

describe("projects", () => {
  it("creates with 200, lists, edits, deletes with 204", async () => {
    const created = await c.call("POST", `/organization/${c.org}/project`, { name: "web", description: "d", unknown_field: 1 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "web", description: "d", organization: { id: c.org }, associated_environments_count: 0 });
    expect(created.body).not.toHaveProperty("unknown_field");
    const list = await c.call("GET", `/organization/${c.org}/project`);
    expect(list.body.results.map((p: { id: string }) => p.id)).toEqual([created.body.id]);
    const edited = await c.call("PUT", `/project/${created.body.id}`, { name: "web2" });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe("web2");
    expect((await c.call("DELETE", `/project/${created.body.id}`)).status).toBe(204);
    expect((await c.call("GET", `/project/${created.body.id}`)).status).toBe(404);
  });

  it("answers \"\" for the description of a project created without one, as the live service does", async () => {
    const created = await c.call("POST", `/organization/${c.org}/project`, { name: "plain" });
    expect(created.body.description).toBe("");
    expect((await c.call("GET", `/project/${created.body.id}`)).body.description).toBe("");
  });

  it("rejects a duplicate name with 409 and a missing name with 400 naming it", async () => {
    await c.call("POST", `/organization/${c.org}/project`, { name: "dup" });
    const dup = await c.call("POST", `/organization/${c.org}/project`, { name: "dup" });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ status: 409, error: "Conflict", message: expect.stringContaining("dup") });
    const missing = await c.call("POST", `/organization/${c.org}/project`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^name/);
    const wrongType = await c.call("POST", `/organization/${c.org}/project`, { name: 5 });
    expect(wrongType.body.message).toMatch(/^name: expected string/);
  });

  it("answers 404 for an unknown organization and 400 for malformed JSON", async () => {
    expect((await c.call("GET", "/organization/00000000-0000-0000-0000-000000000000/project")).status).toBe(404);
    const bad = await c.raw("POST", `/organization/${c.org}/project`, "{not json");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^body: request body is not valid JSON/);
  });

  it("paginates when page/page_size are given", async () => {
    for (const n of ["a", "b", "c"]) await c.call("POST", `/organization/${c.org}/project`, { name: n });
    const page = await c.call("GET", `/organization/${c.org}/project?page=2&page_size=2`);
    expect(page.body.results).toHaveLength(1);
    expect(page.body.pagination).toEqual({ page: 2, page_size: 2, total_count: 3, total_pages: 2 });
    expect((await c.call("GET", `/organization/${c.org}/project?page=0`)).body.message).toMatch(/^page/);
  });
});

describe("environments", () => {
  it("creates with 201 from `cluster` or `cluster_id`, with a DEFAULT stage", async () => {
    const p = await c.call("POST", `/organization/${c.org}/project`, { name: "p" });
    const e1 = await c.call("POST", `/project/${p.body.id}/environment`, { name: "a", cluster: c.emu.ids.clusterIds[1] });
    expect(e1.status).toBe(201);
    expect(e1.body).toMatchObject({ cluster_id: c.emu.ids.clusterIds[1], mode: "DEVELOPMENT", project: { id: p.body.id } });
    const e2 = await c.call("POST", `/project/${p.body.id}/environment`, { name: "b", cluster_id: c.emu.ids.clusterIds[0], mode: "PRODUCTION" });
    expect(e2.body.cluster_id).toBe(c.emu.ids.clusterIds[0]);
    const stages = await c.call("GET", `/environment/${e1.body.id}/deploymentStage`);
    expect(stages.body.results.map((s: { name: string }) => s.name)).toEqual(["DEFAULT"]);
    expect((await c.call("POST", `/project/${p.body.id}/environment`, { name: "a" })).status).toBe(409);
    const badMode = await c.call("POST", `/project/${p.body.id}/environment`, { name: "c", mode: "LIVE" });
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toMatch(/^mode/);
    const badCluster = await c.call("POST", `/project/${p.body.id}/environment`, { name: "c", cluster: "00000000-0000-0000-0000-000000000000" });
    expect(badCluster.body.message).toMatch(/^cluster:/);
  });

  it("edits name and mode but refuses a cluster change", async () => {
    const { envId } = await projectAndEnv(c);
    const ok = await c.call("PUT", `/environment/${envId}`, { name: "renamed", mode: "STAGING" });
    expect(ok.body).toMatchObject({ name: "renamed", mode: "STAGING" });
    const moved = await c.call("PUT", `/environment/${envId}`, { cluster: c.emu.ids.clusterIds[1] });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/^cluster/);
  });

  it("cascades: deleting a project removes its environments, services and their children", async () => {
    const { projectId, envId } = await projectAndEnv(c);
    const app = await c.call("POST", `/environment/${envId}/application`, appBody("api"));
    const v = await c.call("POST", `/application/${app.body.id}/environmentVariable`, { key: "A", value: "1" });
    expect(v.status).toBe(201);
    expect((await c.call("DELETE", `/project/${projectId}`)).status).toBe(204);
    expect((await c.call("GET", `/environment/${envId}`)).status).toBe(404);
    expect((await c.call("GET", `/application/${app.body.id}`)).status).toBe(404);
    expect((await c.call("GET", `/application/${app.body.id}/environmentVariable`)).status).toBe(404);
    expect((await c.call("GET", `/environment/${envId}/deploymentStage`)).status).toBe(404);
  });

  it("deploys, stops and reports the aggregated status", async () => {
    const { envId } = await projectAndEnv(c);
    await c.call("POST", `/environment/${envId}/application`, appBody("api"));
    await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "REDIS", version: "7", mode: "CONTAINER" });
    const dep = await c.call("POST", `/environment/${envId}/deploy`);
    expect(dep.status).toBe(202);
    expect(dep.body).toMatchObject({ id: envId, state: "DEPLOYED", status_details: { action: "DEPLOY" } });
    expect((await c.call("GET", `/environment/${envId}/status`)).body).toMatchObject({ state: "DEPLOYED", deployment_status: "UP_TO_DATE" });
    const stop = await c.call("POST", `/environment/${envId}/stop`);
    expect(stop.status).toBe(202);
    expect((await c.call("GET", `/environment/${envId}/status`)).body.state).toBe("STOPPED");
    expect((await c.call("POST", `/environment/${envId}/redeploy`)).status).toBe(202);
    expect((await c.call("GET", `/environment/${envId}/status`)).body.state).toBe("DEPLOYED");
  });
});
