/**
 * Contract of the webhook routes with the reference (strict: an answer carries only the fields its schema declares):
 * create, list, get, replace, the delivery attempts (`/event`, after a delivered and a failed attempt), delete.
 */
import { appBody, projectAndEnv, seen, useEmulator, waitFor } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const c = useEmulator({ stepMs: 20 });
let receiver: Receiver;
let url: string;

beforeAll(async () => {
  receiver = await startReceiver();
  receiver.answer = (_r, index) => (index === 0 ? 500 : 200); // the attempts list then holds both outcomes
  url = `${receiver.base}/hook`;
});
afterAll(async () => {
  await receiver.close();
});

it("every answer of the webhook routes matches the reference strictly", async () => {
  seen.length = 0;
  const org = c.org;
  const created = await c.call("POST", `/organization/${org}/webhook`, {
    kind: "STANDARD", target_url: url, events: ["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL"], target_secret: "s3cr3t",
    description: "deploys", enabled: true, project_names_filter: ["con*"], environment_types_filter: ["DEVELOPMENT"],
  });
  const id = created.body.id as string;
  await c.call("GET", `/organization/${org}/webhook`);
  await c.call("GET", `/organization/${org}/webhook/${id}`);
  const { envId } = await projectAndEnv(c, "contract-hooks");
  const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
  await c.call("POST", `/application/${app.id}/deploy`);
  await waitFor(() => receiver.received.length >= 3); // started (500, then 200 on retry) and successful
  const events = await c.call("GET", `/organization/${org}/webhook/${id}/event`);
  await c.call("PUT", `/organization/${org}/webhook/${id}`, { kind: "SLACK", target_url: url, events: ["DEPLOYMENT_FAILURE"], enabled: false });
  await c.call("DELETE", `/organization/${org}/webhook/${id}`);

  const hookAnswers = seen.filter((a) => a.path.includes("/webhook"));
  expect(hookAnswers.map((a) => `${a.method} ${a.status}`)).toEqual(["POST 201", "GET 200", "GET 200", "GET 200", "PUT 200", "DELETE 204"]);
  expect(events.body.results.map((e: { target_response_status_code: number }) => e.target_response_status_code).sort()).toEqual([200, 200, 500]);
  expect(referenceProblems(hookAnswers, "webhook contract")).toEqual([]);
});
