import { appBody, projectAndEnv, useEmulator } from "../support/helpers";
import { control } from "../../../emulator/control/control-client";

const c = useEmulator();
let envId: string;
beforeEach(async () => { ({ envId } = await projectAndEnv(c)); });

const pg = { name: "main-db", type: "POSTGRESQL", version: "16", mode: "MANAGED", storage: 20 };

describe("databases", () => {
  it("creates with 201 with host, port and defaults", async () => {
    const r = await c.call("POST", `/environment/${envId}/database`, pg);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "main-db", type: "POSTGRESQL", mode: "MANAGED", accessibility: "PRIVATE", storage: 20, port: 5432,
      service_type: "DATABASE", environment: { id: envId },
    });
    expect(r.body.host).toBe(`z${(r.body.id as string).slice(0, 8)}-postgresql`);
    for (const [type, port] of [["MYSQL", 3306], ["MONGODB", 27017], ["REDIS", 6379]] as const) {
      const d = await c.call("POST", `/environment/${envId}/database`, { name: type, type, version: "1", mode: "CONTAINER" });
      expect(d.body.port).toBe(port);
    }
    expect((await c.call("GET", `/environment/${envId}/database`)).body.results).toHaveLength(4);
  });

  it("answers the instance type the service reports: the storage class for a CONTAINER database on AWS, the machine for a MANAGED one", async () => {
    const container = (await c.call("POST", `/environment/${envId}/database`, { name: "cache", type: "REDIS", version: "7", mode: "CONTAINER" })).body;
    expect(container.instance_type).toBe("aws-ebs-gp2-0");
    expect((await c.call("GET", `/database/${container.id}`)).body.instance_type).toBe("aws-ebs-gp2-0");
    expect((await c.call("POST", `/environment/${envId}/database`, pg)).body.instance_type).toBe("db.t3.micro");
  });

  it.each([["name"], ["type"], ["version"], ["mode"]])("requires %s", async (field) => {
    const body: Record<string, unknown> = { ...pg };
    delete body[field];
    const r = await c.call("POST", `/environment/${envId}/database`, body);
    expect(r.status).toBe(400);
    expect(r.body.message.startsWith(`${field}:`)).toBe(true);
  });

  it("rejects unknown enums and duplicate names", async () => {
    expect((await c.call("POST", `/environment/${envId}/database`, { ...pg, type: "ORACLE" })).body.message).toMatch(/^type:/);
    expect((await c.call("POST", `/environment/${envId}/database`, { ...pg, accessibility: "OPEN" })).body.message).toMatch(/^accessibility:/);
    await c.call("POST", `/environment/${envId}/database`, pg);
    expect((await c.call("POST", `/environment/${envId}/database`, pg)).status).toBe(409);
  });

  it("edits, deploys, stops and deletes", async () => {
    const d = (await c.call("POST", `/environment/${envId}/database`, pg)).body;
    const e = await c.call("PUT", `/database/${d.id}`, { storage: 50, accessibility: "PUBLIC" });
    expect(e.body).toMatchObject({ storage: 50, accessibility: "PUBLIC", type: "POSTGRESQL" });
    const dep = await c.call("POST", `/database/${d.id}/deploy`);
    expect(dep.status).toBe(202);
    expect(dep.body.state).toBe("DEPLOYED");
    expect((await c.call("POST", `/database/${d.id}/stop`)).body.state).toBe("STOPPED");
    expect((await c.call("POST", `/database/${d.id}/redeploy`)).status).toBe(202);
    expect((await c.call("POST", `/database/${d.id}/restart-service`)).status).toBe(202);
    expect((await c.call("GET", `/database/${d.id}/status`)).body.state).toBe("DEPLOYED");
    expect((await c.call("DELETE", `/database/${d.id}`)).status).toBe(204);
    expect((await c.call("GET", `/database/${d.id}`)).status).toBe(404);
  });

  it("master credentials: PUT and GET answer the password (as the live service does), the dump does not", async () => {
    const d = (await c.call("POST", `/environment/${envId}/database`, pg)).body;
    const before = await c.call("GET", `/database/${d.id}/masterCredentials`);
    expect(before.body).toMatchObject({ host: d.host, port: 5432, login: "postgres", password: expect.any(String) });
    expect(before.body.password).not.toMatch(/^\*+$/);
    const put = await c.call("PUT", `/database/${d.id}/masterCredentials`, { login: "admin", password: "s3cret-pass" });
    expect(put.body).toEqual({ host: d.host, port: 5432, login: "admin", password: "s3cret-pass" });
    expect((await c.call("GET", `/database/${d.id}/masterCredentials`)).body.password).toBe("s3cret-pass");
    expect(await (await control(c.emu, "GET", "/state")).text()).not.toContain("s3cret-pass");
    const missing = await c.call("PUT", `/database/${d.id}/masterCredentials`, { login: "x" });
    expect(missing.body.message).toMatch(/^password/);
  });

  it("lists applications linked through a variable holding the host", async () => {
    const d = (await c.call("POST", `/environment/${envId}/database`, pg)).body;
    const a = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    await c.call("POST", `/environment/${envId}/application`, appBody("other"));
    await c.call("POST", `/application/${a.id}/environmentVariable`, { key: "DB_HOST", value: d.host });
    const linked = await c.call("GET", `/database/${d.id}/application`);
    expect(linked.body.results.map((x: { id: string }) => x.id)).toEqual([a.id]);
  });
});
