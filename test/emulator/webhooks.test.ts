import http from "node:http";
import { appBody, projectAndEnv, useEmulator, waitFor } from "./helpers";
import { control } from "../../emulator/control-client";

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
