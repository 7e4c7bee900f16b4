/** `client.webhooks.events`: a webhook's delivery attempts, newest first, a retry after a 500 included. */
import { NotFoundError } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { startReceiver, type Receiver } from "../emulator/support/webhook-receiver";
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator(20);
let receiver: Receiver;
let url: string;

beforeAll(async () => {
  receiver = await startReceiver();
  receiver.answer = (_r, index) => (index === 0 ? 500 : 204);
  url = `${receiver.base}/events`;
});
afterAll(async () => {
  await receiver.close();
});

test("lists the attempts of a delivery: the failed one and its retry", async () => {
  const { orgId, environment, client } = await scaffold(harness());
  const hook = await client.webhooks.create(orgId, { target_url: url, events: ["DEPLOYMENT_STARTED"], target_secret: "shh" });
  expect(await client.webhooks.events(orgId, hook.id)).toEqual([]);
  const app = await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/acme/web" } });
  await client.applications.deploy(app.id);
  let events = await client.webhooks.events(orgId, hook.id);
  for (let i = 0; i < 100 && events.length < 2; i++) {
    await new Promise((r) => setTimeout(r, 20));
    events = await client.webhooks.events(orgId, hook.id);
  }
  expect(events.map((e) => e.target_response_status_code)).toEqual([204, 500]);
  expect(events[0]).toMatchObject({ kind: "STANDARD", matched_event: "DEPLOYMENT_STARTED", target_url_used: url });
  expect(events[0]?.request).toMatchObject({ event_type: "DEPLOYMENT_STARTED", payload: { application_id: app.id } });
  expect(JSON.stringify(events)).not.toContain("shh");
  expect(await rejectionOf(client.webhooks.events(orgId, "00000000-0000-4000-8000-000000000000"))).toBeInstanceOf(NotFoundError);
});
