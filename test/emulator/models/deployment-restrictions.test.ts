/**
 * Deployment restrictions of applications, jobs, Helm and Terraform services: stored per service as sent, edited by
 * the whole request, refused with the field named (a leading `/`, an unknown mode or type), a second identical one a
 * 409, gone with their service, and answered nowhere else.
 */
import { appBody, dockerHubId, fieldOf, jobBody, projectAndEnv, useEmulator } from "../support/helpers";
import { helmBody, helmRepositoryBody, terraformBody } from "../support/helm-terraform";

const c = useEmulator();

async function made(path: string, body: unknown): Promise<string> {
  const r = await c.call("POST", path, body);
  if (r.status !== 201) throw new Error(`fixture ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

/** One service of each kind that has restrictions, by kind. */
async function services(envId: string): Promise<Record<string, string>> {
  const repository = await made(`/organization/${c.org}/helmRepository`, helmRepositoryBody("bitnami"));
  return {
    application: await made(`/environment/${envId}/application`, appBody("api")),
    job: await made(`/environment/${envId}/job`, jobBody("nightly", await dockerHubId(c))),
    helm: await made(`/environment/${envId}/helm`, helmBody("cache", repository)),
    terraform: await made(`/environment/${envId}/terraform`, terraformBody("network")),
  };
}

describe("deployment restrictions", () => {
  it("are kept per service for each of the four kinds: create 201, list, edit 200, delete 204", async () => {
    const { envId } = await projectAndEnv(c);
    for (const [kind, id] of Object.entries(await services(envId))) {
      const base = `/${kind}/${id}/deploymentRestriction`;
      expect((await c.call("GET", base)).body).toEqual({ results: [] });
      const a = await c.call("POST", base, { mode: "MATCH", type: "PATH", value: `${kind}/src/` });
      expect([kind, a.status, a.body]).toEqual([kind, 201, expect.objectContaining({ mode: "MATCH", type: "PATH", value: `${kind}/src/` })]);
      const b = (await c.call("POST", base, { mode: "EXCLUDE", type: "PATH", value: "docs/" })).body;
      expect((await c.call("GET", base)).body.results.map((r: { value: string }) => r.value)).toEqual([`${kind}/src/`, "docs/"]);
      const edited = await c.call("PUT", `${base}/${a.body.id}`, { mode: "EXCLUDE", type: "PATH", value: "README.md" });
      expect([edited.status, edited.body.id, edited.body.mode, edited.body.value]).toEqual([200, a.body.id, "EXCLUDE", "README.md"]);
      expect((await c.call("DELETE", `${base}/${b.id}`)).status).toBe(204);
      expect((await c.call("GET", base)).body.results).toEqual([expect.objectContaining({ id: a.body.id, mode: "EXCLUDE", value: "README.md" })]);
    }
  });

  it("refuse a leading '/', an unknown mode or type, a missing value, naming the field", async () => {
    const { envId } = await projectAndEnv(c);
    const app = await made(`/environment/${envId}/application`, appBody("api"));
    const base = `/application/${app}/deploymentRestriction`;
    const refusals = [
      await c.call("POST", base, { mode: "MATCH", type: "PATH", value: "/src" }),
      await c.call("POST", base, { mode: "ONLY", type: "PATH", value: "src" }),
      await c.call("POST", base, { mode: "MATCH", type: "BRANCH", value: "src" }),
      await c.call("POST", base, { mode: "MATCH", type: "PATH" }),
    ];
    expect(refusals.map((r) => [r.status, fieldOf(r.body.message)])).toEqual([[400, "value"], [400, "mode"], [400, "type"], [400, "value"]]);
    expect(refusals[0]?.body.message).toMatch(/no leading '\/'/);
    expect((await c.call("GET", base)).body.results).toEqual([]);
  });

  it("answer 409 for a second one of the same mode, type and value in a service, on create and on edit", async () => {
    const { envId } = await projectAndEnv(c);
    const [one, two] = [await made(`/environment/${envId}/application`, appBody("one")), await made(`/environment/${envId}/application`, appBody("two"))];
    const body = { mode: "MATCH", type: "PATH", value: "src/" };
    await c.call("POST", `/application/${one}/deploymentRestriction`, body);
    expect((await c.call("POST", `/application/${one}/deploymentRestriction`, body)).status).toBe(409);
    expect((await c.call("POST", `/application/${one}/deploymentRestriction`, { ...body, mode: "EXCLUDE" })).status).toBe(201);
    expect((await c.call("POST", `/application/${two}/deploymentRestriction`, body)).status).toBe(201);
    const other = (await c.call("POST", `/application/${one}/deploymentRestriction`, { ...body, value: "lib/" })).body.id as string;
    expect((await c.call("PUT", `/application/${one}/deploymentRestriction/${other}`, body)).status).toBe(409);
  });

  it("answer 404 under another service or an unknown one, and leave with their service", async () => {
    const { envId } = await projectAndEnv(c);
    const kinds = await services(envId);
    const app = kinds["application"] as string;
    const created = await c.call("POST", `/application/${app}/deploymentRestriction`, { mode: "MATCH", type: "PATH", value: "src/" });
    expect(created.status).toBe(201);
    const r = created.body.id as string;
    const put = (path: string) => c.call("PUT", path, { mode: "MATCH", type: "PATH", value: "x/" });
    expect((await put(`/job/${kinds["job"]}/deploymentRestriction/${r}`)).status).toBe(404);
    expect((await c.call("GET", `/job/${app}/deploymentRestriction`)).status).toBe(404);
    expect((await c.call("DELETE", `/application/${app}`)).status).toBe(204);
    expect((await c.call("GET", `/application/${app}/deploymentRestriction`)).status).toBe(404);
    const state = await (await fetch(`${c.emu.url}/_emulator/state`)).json() as { deploymentRestrictions: Record<string, unknown> };
    expect(state.deploymentRestrictions).toEqual({});
  });
});
