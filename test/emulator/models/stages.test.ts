import { appBody, projectAndEnv, useEmulator } from "../support/helpers";

const c = useEmulator();
let envId: string;
beforeEach(async () => { ({ envId } = await projectAndEnv(c)); });

const names = (r: { body: { results: Array<{ name: string; deployment_order: number }> } }) => r.body.results.map((s) => `${s.deployment_order}:${s.name}`);

describe("deployment stages", () => {
  it("creates with 200, appended in order; names unique case-insensitively", async () => {
    const s = await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "databases", description: "first" });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ name: "databases", description: "first", deployment_order: 1, services: [], environment: { id: envId } });
    expect((await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "DATABASES" })).status).toBe(409);
    expect((await c.call("POST", `/environment/${envId}/deploymentStage`, {})).body.message).toMatch(/^name/);
    expect(names(await c.call("GET", `/environment/${envId}/deploymentStage`))).toEqual(["0:DEFAULT", "1:databases"]);
  });

  it("moveAfter/moveBefore reorder and answer the ordered list", async () => {
    const a = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "a" })).body;
    const b = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "b" })).body;
    const def = (await c.call("GET", `/environment/${envId}/deploymentStage`)).body.results[0];
    const after = await c.call("PUT", `/deploymentStage/${def.id}/moveAfter/${b.id}`);
    expect(after.status).toBe(200);
    expect(names(after)).toEqual(["0:a", "1:b", "2:DEFAULT"]);
    const before = await c.call("PUT", `/deploymentStage/${b.id}/moveBefore/${a.id}`);
    expect(names(before)).toEqual(["0:b", "1:a", "2:DEFAULT"]);
    expect(names(await c.call("GET", `/environment/${envId}/deploymentStage`))).toEqual(["0:b", "1:a", "2:DEFAULT"]);
  });

  it("new services join the first stage; attach moves them; delete refused while attached", async () => {
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const first = await c.call("GET", `/service/${app.id}/deploymentStage`);
    expect(first.body.name).toBe("DEFAULT");
    expect(first.body.services[0]).toMatchObject({ service_id: app.id, service_type: "APPLICATION", is_skipped: false });
    const other = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "late" })).body;
    const refused = await c.call("DELETE", `/deploymentStage/${first.body.id}`);
    expect(refused.status).toBe(400);
    const moved = await c.call("PUT", `/deploymentStage/${other.id}/service/${app.id}`, { is_skipped: true });
    expect(moved.status).toBe(200);
    expect(moved.body.results[1].services[0]).toMatchObject({ service_id: app.id, is_skipped: true });
    expect((await c.call("GET", `/service/${app.id}/deploymentStage`)).body.id).toBe(other.id);
    expect((await c.call("DELETE", `/deploymentStage/${first.body.id}`)).status).toBe(204);
    expect(names(await c.call("GET", `/environment/${envId}/deploymentStage`))).toEqual(["0:late"]);
  });

  it("answers every stage with a description, \"\" when none was given: the DEFAULT stage too", async () => {
    const made = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "plain" })).body;
    expect(made.description).toBe("");
    const stages = (await c.call("GET", `/environment/${envId}/deploymentStage`)).body.results as Array<{ name: string; description: unknown }>;
    expect(stages.map((st) => [st.name, st.description])).toEqual([["DEFAULT", ""], ["plain", ""]]);
  });

  it("edits with 200 and 404s unknown ids", async () => {
    const s = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "x" })).body;
    const e = await c.call("PUT", `/deploymentStage/${s.id}`, { name: "y", description: null });
    expect(e.body.name).toBe("y");
    expect(e.body.description).toBe("");
    expect((await c.call("GET", `/deploymentStage/${s.id}`)).body.name).toBe("y");
    expect((await c.call("GET", "/deploymentStage/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await c.call("GET", "/service/00000000-0000-0000-0000-000000000000/deploymentStage")).status).toBe(404);
  });
});
