import { appBody, projectAndEnv, useEmulator } from "../support/helpers";
import { control } from "../../../emulator/control/control-client";

const c = useEmulator();
let appId: string;
beforeEach(async () => {
  const { envId } = await projectAndEnv(c);
  appId = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body.id;
});

describe("environment variables", () => {
  it("creates (201), lists, edits, deletes (204)", async () => {
    const v = await c.call("POST", `/application/${appId}/environmentVariable`, { key: "PORT", value: "8080" });
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ key: "PORT", value: "8080", scope: "APPLICATION", variable_type: "VALUE", service_id: appId });
    const list = await c.call("GET", `/application/${appId}/environmentVariable`);
    expect(list.body.results.filter((x: { scope: string }) => x.scope === "APPLICATION")).toHaveLength(1);
    const e = await c.call("PUT", `/application/${appId}/environmentVariable/${v.body.id}`, { key: "PORT", value: "9090" });
    expect(e.body.value).toBe("9090");
    expect((await c.call("DELETE", `/application/${appId}/environmentVariable/${v.body.id}`)).status).toBe(204);
    expect((await c.call("DELETE", `/application/${appId}/environmentVariable/${v.body.id}`)).status).toBe(404);
  });

  it("keys are unique per application across variables and secrets (409)", async () => {
    await c.call("POST", `/application/${appId}/environmentVariable`, { key: "K", value: "1" });
    expect((await c.call("POST", `/application/${appId}/environmentVariable`, { key: "K", value: "2" })).status).toBe(409);
    expect((await c.call("POST", `/application/${appId}/secret`, { key: "K", value: "2" })).status).toBe(409);
  });

  it("requires key (400 naming it)", async () => {
    const r = await c.call("POST", `/application/${appId}/environmentVariable`, { value: "x" });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^key/);
  });

  it("file variables carry variable_type FILE", async () => {
    const r = await c.call("POST", `/application/${appId}/environmentVariable`, { key: "CONF", value: "a=b", mount_path: "/etc/conf" });
    expect(r.body).toMatchObject({ variable_type: "FILE", mount_path: "/etc/conf" });
  });
});

describe("secrets", () => {
  it("keeps the value but never answers it, not even in the state dump", async () => {
    const s = await c.call("POST", `/application/${appId}/secret`, { key: "DB_PASSWORD", value: "hunter2-very-secret" });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({ key: "DB_PASSWORD", scope: "APPLICATION", variable_type: "VALUE" });
    expect(s.body).not.toHaveProperty("value");
    const list = await c.call("GET", `/application/${appId}/secret`);
    expect(JSON.stringify(list.body)).not.toContain("hunter2");
    const edit = await c.call("PUT", `/application/${appId}/secret/${s.body.id}`, { key: "DB_PASSWORD", value: "other-secret" });
    expect(edit.status).toBe(200);
    expect(edit.body).not.toHaveProperty("value");
    const dump = await (await control(c.emu, "GET", "/state")).text();
    expect(dump).not.toContain("other-secret");
    expect(dump).toContain("DB_PASSWORD");
    expect((await c.call("DELETE", `/application/${appId}/secret/${s.body.id}`)).status).toBe(204);
  });

  it("a secret id is not a variable id (404)", async () => {
    const s = await c.call("POST", `/application/${appId}/secret`, { key: "S", value: "v" });
    expect((await c.call("PUT", `/application/${appId}/environmentVariable/${s.body.id}`, { key: "S" })).status).toBe(404);
  });
});
