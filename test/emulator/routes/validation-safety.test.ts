import { appBody, projectAndEnv, useEmulator } from "../support/helpers";

const c = useEmulator();

async function app(envId: string, name = "api", extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const r = await c.call("POST", `/environment/${envId}/application`, appBody(name, extra));
  if (r.status !== 201) throw new Error(`application create: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

describe("running instances", () => {
  it("create: min above max is 400 naming both; -1 means no limit; max defaults to 1", async () => {
    const { envId } = await projectAndEnv(c);
    const both = await c.call("POST", `/environment/${envId}/application`, appBody("a", { min_running_instances: 3, max_running_instances: 2 }));
    expect(both.status).toBe(400);
    expect(both.body.message).toBe("min_running_instances: 3 is greater than max_running_instances 2");
    const onlyMin = await c.call("POST", `/environment/${envId}/application`, appBody("a", { min_running_instances: 2 }));
    expect(onlyMin.status).toBe(400);
    expect(onlyMin.body.message).toMatch(/^min_running_instances: .*max_running_instances 1$/);
    const unlimited = await c.call("POST", `/environment/${envId}/application`, appBody("a", { min_running_instances: 4, max_running_instances: -1 }));
    expect(unlimited.status).toBe(201);
    expect(unlimited.body).toMatchObject({ min_running_instances: 4, max_running_instances: -1 });
    const equal = await c.call("POST", `/environment/${envId}/application`, appBody("b", { min_running_instances: 2, max_running_instances: 2 }));
    expect(equal.status).toBe(201);
    expect((await c.call("GET", `/environment/${envId}/application`)).body.results).toHaveLength(2);
  });

  it("edit: checked against the stored other bound when only one is sent; a refused edit changes nothing", async () => {
    const { envId } = await projectAndEnv(c);
    const a = await app(envId, "api", { min_running_instances: 2, max_running_instances: 3 });
    const min = await c.call("PUT", `/application/${a.id}`, { healthchecks: {}, name: "renamed", min_running_instances: 4 });
    expect(min.status).toBe(400);
    expect(min.body.message).toBe("min_running_instances: 4 is greater than max_running_instances 3");
    const max = await c.call("PUT", `/application/${a.id}`, { healthchecks: {}, max_running_instances: 1 });
    expect(max.status).toBe(400);
    expect(max.body.message).toMatch(/^max_running_instances: 1 is less than min_running_instances 2/);
    const stored = (await c.call("GET", `/application/${a.id}`)).body;
    expect(stored).toMatchObject({ name: "api", min_running_instances: 2, max_running_instances: 3, updated_at: a.updated_at });
    const both = await c.call("PUT", `/application/${a.id}`, { healthchecks: {}, min_running_instances: 5, max_running_instances: 6 });
    expect(both.status).toBe(200);
    expect((await c.call("PUT", `/application/${a.id}`, { healthchecks: {}, max_running_instances: -1 })).status).toBe(200);
    expect((await c.call("PUT", `/application/${a.id}`, { healthchecks: {}, min_running_instances: 9 })).body.min_running_instances).toBe(9);
  });
});

describe("ports and storage", () => {
  it("internal ports are unique within an application (create and edit), named by index", async () => {
    const { envId } = await projectAndEnv(c);
    const ports = [{ internal_port: 8080, publicly_accessible: true }, { internal_port: 9090, publicly_accessible: false },
      { internal_port: 8080, publicly_accessible: false, protocol: "TCP" }];
    const create = await c.call("POST", `/environment/${envId}/application`, appBody("api", { ports }));
    expect(create.status).toBe(400);
    expect(create.body.message).toMatch(/^ports\[2\]\.internal_port: 8080 is already used by ports\[0\]/);
    expect((await c.call("GET", `/environment/${envId}/application`)).body.results).toEqual([]);
    const a = await app(envId, "api", { ports: ports.slice(0, 2) });
    const [p0, p1] = a.ports as Array<{ id: string }>;
    const edit = await c.call("PUT", `/application/${a.id}`, {
      healthchecks: {}, name: "renamed",
      ports: [{ id: p0?.id, internal_port: 9090, publicly_accessible: true }, { id: p1?.id, internal_port: 9090, publicly_accessible: false }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toMatch(/^ports\[1\]\.internal_port: 9090 is already used by ports\[0\]/);
    const twice = await c.call("PUT", `/application/${a.id}`, {
      healthchecks: {}, ports: [{ id: p0?.id, internal_port: 1, publicly_accessible: true }, { id: p0?.id, internal_port: 2, publicly_accessible: true }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/^ports\[1\]\.id: /);
    const stored = (await c.call("GET", `/application/${a.id}`)).body;
    expect(stored.name).toBe("api");
    expect(stored.ports.map((p: { internal_port: number }) => p.internal_port)).toEqual([8080, 9090]);
    const swap = await c.call("PUT", `/application/${a.id}`, {
      healthchecks: {},
      ports: [{ id: p0?.id, internal_port: 9090, publicly_accessible: true }, { id: p1?.id, internal_port: 8080, publicly_accessible: false }],
    });
    expect(swap.status).toBe(200);
  });

  it("mount points must be absolute, on create and edit", async () => {
    const { envId } = await projectAndEnv(c);
    const rel = await c.call("POST", `/environment/${envId}/application`, appBody("api", { storage: [{ size: 10, mount_point: "data" }] }));
    expect(rel.status).toBe(400);
    expect(rel.body.message).toMatch(/^storage\[0\]\.mount_point: must be an absolute path/);
    const a = await app(envId, "api", { storage: [{ size: 10, mount_point: "/data" }] });
    const edit = await c.call("PUT", `/application/${a.id}`, { healthchecks: {}, storage: [{ size: 10, mount_point: "/data" }, { size: 5, mount_point: "./cache" }] });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toMatch(/^storage\[1\]\.mount_point: /);
    expect((await c.call("GET", `/application/${a.id}`)).body.storage).toHaveLength(1);
  });
});

describe("name uniqueness", () => {
  it("projects: case-insensitive within the organization (409 naming the field); renaming to another case of itself is fine", async () => {
    const p = await c.call("POST", `/organization/${c.org}/project`, { name: "Shop" });
    const dup = await c.call("POST", `/organization/${c.org}/project`, { name: "sHOP" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^name: project name 'sHOP' is already used in this organization \(as 'Shop'/);
    const other = await c.call("POST", `/organization/${c.org}/project`, { name: "other" });
    expect((await c.call("PUT", `/project/${other.body.id}`, { name: "SHOP" })).status).toBe(409);
    expect((await c.call("PUT", `/project/${p.body.id}`, { name: "SHOP" })).status).toBe(200);
  });

  it("environments: case-insensitive within the project, free across projects", async () => {
    const { projectId } = await projectAndEnv(c, "one");
    const dup = await c.call("POST", `/project/${projectId}/environment`, { name: "DEV" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^name: environment name 'DEV'/);
    const prod = await c.call("POST", `/project/${projectId}/environment`, { name: "prod" });
    expect((await c.call("PUT", `/environment/${prod.body.id}`, { name: "Dev" })).status).toBe(409);
    const two = await c.call("POST", `/organization/${c.org}/project`, { name: "two" });
    expect((await c.call("POST", `/project/${two.body.id}/environment`, { name: "DEV" })).status).toBe(201);
  });

  it("services: applications and databases share one case-insensitive namespace per environment", async () => {
    const { projectId, envId } = await projectAndEnv(c);
    await app(envId, "API");
    expect((await c.call("POST", `/environment/${envId}/application`, appBody("api"))).status).toBe(409);
    const db = await c.call("POST", `/environment/${envId}/database`, { name: "Api", type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
    expect(db.status).toBe(409);
    expect(db.body.message).toMatch(/^name: service name 'Api' is already used in this environment/);
    const pg = await c.call("POST", `/environment/${envId}/database`, { name: "pg", type: "POSTGRESQL", version: "16", mode: "CONTAINER" });
    expect(pg.status).toBe(201);
    expect((await c.call("PUT", `/database/${pg.body.id}`, { name: "aPI" })).status).toBe(409);
    const worker = await app(envId, "worker");
    expect((await c.call("PUT", `/application/${worker.id}`, { healthchecks: {}, name: "PG" })).status).toBe(409);
    expect((await c.call("PUT", `/application/${worker.id}`, { healthchecks: {}, name: "WORKER" })).status).toBe(200);
    const other = await c.call("POST", `/project/${projectId}/environment`, { name: "other" });
    expect((await c.call("POST", `/environment/${other.body.id}/application`, appBody("api"))).status).toBe(201);
  });

  it("deployment stages: case-insensitive within the environment", async () => {
    const { envId } = await projectAndEnv(c);
    const dup = await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "default" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^name: deployment stage name 'default'/);
  });

  it("git tokens: exact names within the organization (case matters)", async () => {
    const body = (name: string) => ({ name, type: "GITHUB", token: "t" });
    expect((await c.call("POST", `/organization/${c.org}/gitToken`, body("gh"))).status).toBe(201);
    expect((await c.call("POST", `/organization/${c.org}/gitToken`, body("GH"))).status).toBe(201);
    const dup = await c.call("POST", `/organization/${c.org}/gitToken`, body("gh"));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^name: git token name 'gh'/);
  });
});
