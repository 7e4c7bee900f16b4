import { appBody, projectAndEnv, useEmulator } from "../support/helpers";

const c = useEmulator();

describe("organization, clusters and the rest of the published table", () => {
  it("GET /organization is a list; GET /organization/{id} the record", async () => {
    const list = await c.call("GET", "/organization");
    expect(list.body.results).toHaveLength(1);
    const one = await c.call("GET", `/organization/${c.org}`);
    expect(one.body).toMatchObject({ id: c.org, name: "emulator-org", plan: expect.any(String), created_at: expect.any(String) });
    expect((await c.call("GET", "/organization/00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });

  it("clusters: list, upgrade (201 status body), token", async () => {
    const [eu] = c.emu.ids.clusterIds;
    const list = await c.call("GET", `/organization/${c.org}/cluster`);
    expect(list.body.results[0]).toMatchObject({ id: eu, name: "eu-west", organization: { id: c.org }, version: "1.30" });
    const up = await c.call("POST", `/cluster/${eu}/upgrade`);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ cluster_id: eu, status: "DEPLOYED", is_deployed: true, reason: "UNSPECIFIED", cluster_lock: null, next_k8s_available_version: "1.32" });
    expect((await c.call("GET", `/organization/${c.org}/cluster`)).body.results[0].version).toBe("1.31");
    const tok = await c.call("GET", `/cluster/${eu}/token`);
    expect(tok.body).toMatchObject({ apiVersion: expect.any(String), kind: "ExecCredential", spec: {}, status: { token: expect.any(String), expirationTimestamp: expect.any(String) } });
    expect((await c.call("GET", "/cluster/unknown/token")).status).toBe(404);
  });

  it("services list filters by project, environment and cluster", async () => {
    const a = await projectAndEnv(c, "one");
    const b = await projectAndEnv(c, "two");
    await c.call("POST", `/environment/${a.envId}/application`, appBody("api"));
    await c.call("POST", `/environment/${b.envId}/database`, { name: "db", type: "MYSQL", version: "8", mode: "CONTAINER" });
    const all = await c.call("GET", `/organization/${c.org}/services`);
    expect(all.body.results).toHaveLength(2);
    const one = await c.call("GET", `/organization/${c.org}/services?project_id=${a.projectId}`);
    expect(one.body.results).toEqual([expect.objectContaining({ name: "api", service_type: "APPLICATION", project_name: "one", environment_id: a.envId, description: "" })]);
    expect((await c.call("GET", `/organization/${c.org}/services?environment_id=${b.envId}`)).body.results[0].name).toBe("db");
    expect((await c.call("GET", `/organization/${c.org}/services?cluster_id=${c.emu.ids.clusterIds[1]}`)).body.results).toHaveLength(0);
  });

  it("container deploy (202), current cost, git auth providers, on-premise credentials", async () => {
    const dep = await c.call("POST", `/organization/${c.org}/container/deploy`, { image_name: "nginx", tag: "1.27" });
    expect(dep.status).toBe(202);
    expect(dep.body).toMatchObject({ state: expect.any(String), status_details: { sub_action: "NONE" } });
    expect((await c.call("POST", `/organization/${c.org}/container/deploy`, { image_name: "nginx" })).body.message).toMatch(/^tag/);
    const cost = await c.call("GET", `/organization/${c.org}/currentCost`);
    expect(cost.body).toMatchObject({ plan: "TEAM_2025", cost: { currency_code: "USD", total_in_cents: expect.any(Number) } });
    const providers = await c.call("GET", `/organization/${c.org}/account/gitAuthProvider`);
    expect(providers.body.results.map((p: { name: string }) => p.name)).toEqual(["GITHUB", "GITLAB", "BITBUCKET"]);
    const unknown = "11111111-2222-3333-4444-555555555555";
    expect((await c.call("PUT", `/organization/${c.org}/onPremise/credentials/${unknown}`, { name: "rack-1" })).status).toBe(404);
    const { id } = (await c.call("POST", `/organization/${c.org}/onPremise/credentials`, { name: "rack-0" })).body;
    const cred = await c.call("PUT", `/organization/${c.org}/onPremise/credentials/${id}`, { name: "rack-1" });
    expect(cred.body).toEqual({ id, name: "rack-1", object_type: "OTHER" });
    expect((await c.call("PUT", `/organization/${c.org}/onPremise/credentials/${id}`, {})).body.message).toMatch(/^name/);
  });

  it("eks-anywhere commits, argoCd mapping, scaleway instance types", async () => {
    const commits = await c.call("GET", `/organization/${c.org}/cluster/${c.emu.ids.clusterIds[0]}/eks-anywhere/commits`);
    expect(commits.body.results[0]).toMatchObject({ git_commit_id: expect.stringMatching(/^[0-9a-f]{40}$/), tag: expect.any(String), message: expect.any(String) });
    const mapping = await c.call("GET", `/organization/${c.org}/argoCdDestinationClusterMapping`);
    expect(mapping.body.results[0]).toMatchObject({ agent_cluster_id: c.emu.ids.clusterIds[0], status: "connected" });
    const types = await c.call("GET", "/scaleway/instanceType/fr-par-1");
    expect(types.body.results.length).toBeGreaterThan(0);
    expect(types.body.results[0]).toMatchObject({ type: expect.any(String), cpu: expect.any(Number), ram_in_gb: expect.any(Number) });
    expect((await c.call("GET", "/scaleway/instanceType/moon-1")).body.message).toMatch(/^zone/);
  });

  it("unknown routes answer 404 and wrong methods 405 with the error body", async () => {
    expect((await c.call("GET", "/nothing/here")).body).toMatchObject({ status: 404, error: "Not Found" });
    expect((await c.call("PATCH", "/organization")).status).toBe(405);
  });

  it("serves /openapi.json without auth, listing its paths and methods", async () => {
    const r = await fetch(`${c.emu.url}/openapi.json`);
    expect(r.status).toBe(200);
    const doc = await r.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    expect(doc.openapi).toMatch(/^3\.0/);
    expect(Object.keys(doc.paths["/application/{applicationId}"] ?? {}).sort()).toEqual(["delete", "get", "put"]);
    expect(doc.paths["/environment/{environmentId}/application"]?.["post"]?.requestBody).toBeDefined();
    expect(doc.paths["/organization/{organizationId}/project"]?.["post"]?.responses["200"]).toBeDefined();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });
});
