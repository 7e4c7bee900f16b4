import http from "node:http";
import { startEmulator } from "../../../emulator";
import { appBody, projectAndEnv, startClient, useEmulator, waitFor } from "../support/helpers";
import { control } from "../../../emulator/control/control-client";

const c = useEmulator();
let receiver: http.Server;
let hookUrl: string;
const received: Array<{ event_type: string; payload: Record<string, unknown> }> = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let data = "";
    req.on("data", (d: Buffer) => { data += d.toString(); });
    req.on("end", () => {
      received.push(JSON.parse(data));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  const addr = receiver.address() as { port: number };
  hookUrl = `http://127.0.0.1:${addr.port}/hook`;
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});
beforeEach(() => {
  received.length = 0;
});

describe("webhooks", () => {
  it("creates (201) with kind defaulting to STANDARD, maps published event names, hides target_secret", async () => {
    const r = await c.call("POST", `/organization/${c.org}/webhook`, {
      target_url: hookUrl, events: ["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCEEDED", "DEPLOYMENT_FAILED"], enabled: true, target_secret: "whsec-123",
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      kind: "STANDARD", target_url: hookUrl, enabled: true, target_secret_set: true,
      events: ["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL", "DEPLOYMENT_FAILURE"],
    });
    expect(JSON.stringify(r.body)).not.toContain("whsec-123");
    expect(await (await control(c.emu, "GET", "/state")).text()).not.toContain("whsec-123");
    const got = await c.call("GET", `/organization/${c.org}/webhook/${r.body.id}`);
    expect(got.body).not.toHaveProperty("target_secret");
    const put = await c.call("PUT", `/organization/${c.org}/webhook/${r.body.id}`, { kind: "SLACK", target_url: hookUrl, events: ["DEPLOYMENT_CANCELLED"], enabled: false });
    expect(put.body).toMatchObject({ kind: "SLACK", enabled: false, events: ["DEPLOYMENT_CANCELLED"] });
    expect((await c.call("GET", `/organization/${c.org}/webhook`)).body.results).toHaveLength(1);
    expect((await c.call("DELETE", `/organization/${c.org}/webhook/${r.body.id}`)).status).toBe(204);
    expect((await c.call("GET", `/organization/${c.org}/webhook/${r.body.id}`)).status).toBe(404);
  });

  it("validates target_url, events and kind", async () => {
    expect((await c.call("POST", `/organization/${c.org}/webhook`, { events: ["DEPLOYMENT_STARTED"] })).body.message).toMatch(/^target_url/);
    expect((await c.call("POST", `/organization/${c.org}/webhook`, { target_url: hookUrl, events: ["NOPE"] })).body.message).toMatch(/^events\[0\]/);
    expect((await c.call("POST", `/organization/${c.org}/webhook`, { target_url: hookUrl, events: ["DEPLOYMENT_STARTED"], kind: "EMAIL" })).body.message).toMatch(/^kind/);
  });

  it("delivers start and success of a deploy, and failure after an injected failure", async () => {
    await c.call("POST", `/organization/${c.org}/webhook`, { kind: "STANDARD", target_url: hookUrl, events: ["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL", "DEPLOYMENT_FAILURE"] });
    await c.call("POST", `/organization/${c.org}/webhook`, { target_url: hookUrl, events: ["DEPLOYMENT_STARTED"], enabled: false });
    const { envId } = await projectAndEnv(c);
    const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    await c.call("POST", `/application/${app.id}/deploy`);
    await waitFor(() => received.length >= 2);
    expect(received.map((e) => e.event_type).sort()).toEqual(["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL"]);
    expect(received[0]?.payload.application_id).toBe(app.id);
    received.length = 0;
    await control(c.emu, "PUT", `/services/${app.id}/failure`, { stage: "BUILD" });
    await c.call("POST", `/application/${app.id}/deploy`);
    await waitFor(() => received.some((e) => e.event_type === "DEPLOYMENT_FAILURE"));
    expect(received.find((e) => e.event_type === "DEPLOYMENT_FAILURE")?.payload).toMatchObject({ application_id: app.id, state: "BUILD_ERROR" });
  });
});

describe("webhook targets and secrets the emulator refuses", () => {
  const PASSWORD = "hunter2-basic-auth-pw";
  const REFUSED = [
    "http://169.254.169.254/latest/meta-data/", "http://2852039166/", "http://[::ffff:169.254.169.254]/", "http://metadata.google.internal/",
    "http://10.0.0.1:8080/", "http://[fd00::1]/", "http://[fe80::1]/", "http://0.0.0.0:8080/", "http://8.8.8.8/",
    `http://ops:${PASSWORD}@127.0.0.1:9/`,
  ];

  it("refuses a target that is not loopback, a metadata host or a URL with userinfo, at create and replace: 400 naming target_url, quoting none of it", async () => {
    const path = `/organization/${c.org}/webhook`;
    for (const target_url of REFUSED) {
      const r = await c.call("POST", path, { target_url, events: ["DEPLOYMENT_STARTED"] });
      expect([target_url, r.status]).toEqual([target_url, 400]);
      expect(r.body.message).toMatch(/^target_url: /);
      for (const part of [PASSWORD, "ops", "169.254", "10.0.0.1", "fd00", "8.8.8.8", "metadata.google"]) expect(r.body.message).not.toContain(part);
    }
    const kept = await c.call("POST", path, { target_url: "http://2130706433:9/hook", events: ["DEPLOYMENT_STARTED"] }); // 127.0.0.1
    expect(kept.status).toBe(201);
    expect(kept.body.target_url).toBe("http://2130706433:9/hook");
    const put = await c.call("PUT", `${path}/${kept.body.id}`, { target_url: "http://169.254.169.254/", events: ["DEPLOYMENT_STARTED"] });
    expect(put.status).toBe(400);
    expect((await c.call("GET", `${path}/${kept.body.id}`)).body.target_url).toBe("http://2130706433:9/hook");
    expect((await c.call("GET", path)).body.results).toHaveLength(1);
  });

  it("refuses a target_secret that cannot be sent as a header (CR, LF), without quoting it", async () => {
    for (const target_secret of ["whsec-line-one\r\nX-Injected: yes", "whsec-tail\n", "whsec-nul\u0000"]) {
      const r = await c.call("POST", `/organization/${c.org}/webhook`, { target_url: hookUrl, events: ["DEPLOYMENT_STARTED"], target_secret });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^target_secret: expected no control characters/);
      expect(r.body.message).not.toContain("whsec");
    }
    expect((await c.call("GET", `/organization/${c.org}/webhook`)).body.results).toEqual([]);
  });

  it("webhookAllowHosts opens the hosts it names, never a metadata one", async () => {
    const other = await startClient({ webhookAllowHosts: ["10.0.0.5", "hooks.internal"] });
    try {
      const create = (target_url: string) => other.call("POST", `/organization/${other.org}/webhook`, { target_url, events: ["DEPLOYMENT_STARTED"] });
      expect((await create("http://10.0.0.5:8080/hook")).status).toBe(201);
      expect((await create("http://10.0.0.6:8080/hook")).status).toBe(400);
      expect((await create("http://169.254.169.254/")).status).toBe(400);
    } finally {
      await other.close();
    }
    await expect(startEmulator({ webhookAllowHosts: ["169.254.169.254"] })).rejects.toThrow(/^webhookAllowHosts: .*never allowed/);
  });
});
