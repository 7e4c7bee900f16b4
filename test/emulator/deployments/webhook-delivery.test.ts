/**
 * Webhook deliveries to a receiver on 127.0.0.1: the signature headers (the secret as the reference describes it,
 * and the HMAC-SHA256 of the body), the payload's fields, retries after a 500 or a connection error with a backoff
 * driven by the clock step, and the record of every attempt (`GET .../webhook/{id}/event`, the control endpoint),
 * which never holds the target's answer; names resolved at delivery (a fake `dns.lookup`), every address checked.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import dns from "node:dns";
import http from "node:http";
import { control } from "../../../emulator/control/control-client";
import { HMAC_HEADER, MAX_ATTEMPTS, SECRET_HEADER, retryDelayMs, signatureOf } from "../../../emulator/deployments/webhook-delivery";
import { appBody, projectAndEnv, seen, useEmulator, waitFor } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";
import { startReceiver, type Received, type Receiver } from "../support/webhook-receiver";

/** The emulator's clock step: also the first retry's delay. */
const STEP = 60;
const SECRET = "whsec-delivery-test-0123456789";

const c = useEmulator({ stepMs: STEP });
let receiver: Receiver;
let base: string;
let received: Received[];

beforeAll(async () => {
  receiver = await startReceiver();
  base = receiver.base;
  received = receiver.received;
});
afterAll(async () => {
  await receiver.close();
});
const defaultText = (status: number): string => (status >= 200 && status < 300 ? "ok" : "try again");
beforeEach(() => {
  received.length = 0;
  receiver.answer = () => 200;
  receiver.text = defaultText;
});

/** Answers 500 to the first request from now on and 200 after it (or 500 to all with `always`). */
function failFirst(always = false): void {
  const first = received.length;
  receiver.answer = (r) => (always || r === received[first] ? 500 : 200);
}

async function hook(body: Record<string, unknown>): Promise<string> {
  const r = await c.call("POST", `/organization/${c.org}/webhook`, { kind: "STANDARD", events: ["DEPLOYMENT_STARTED"], ...body });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

async function deployedApp(name = "api"): Promise<{ appId: string; envId: string; projectId: string; requestId: string }> {
  const { envId, projectId } = await projectAndEnv(c, `shop-${name}`);
  const app = await c.call("POST", `/environment/${envId}/application`, appBody(name));
  const deploy = await c.call("POST", `/application/${app.body.id}/deploy`);
  expect(deploy.status).toBe(202);
  return { appId: app.body.id, envId, projectId, requestId: deploy.body.deployment_request_id };
}

/** The control endpoint's attempts. */
async function deliveries(): Promise<Array<Record<string, any>>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return ((await (await control(c.emu, "GET", "/webhook-deliveries")).json()) as { results: Array<Record<string, any>> }).results; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe("signing and payload", () => {
  it("signs with the secret (reference header) and an HMAC-SHA256 of the body; the payload names service, environment, project, deployment", async () => {
    await hook({ target_url: `${base}/signed`, target_secret: SECRET });
    const { appId, envId, projectId, requestId } = await deployedApp();
    await waitFor(() => received.length >= 1);
    const [r] = received as [Received];
    expect(r.headers[SECRET_HEADER.toLowerCase()]).toBe(SECRET);
    const expected = `sha256=${createHmac("sha256", SECRET).update(r.raw).digest("hex")}`;
    const got = String(r.headers[HMAC_HEADER.toLowerCase()]);
    expect(got.length).toBe(expected.length);
    expect(timingSafeEqual(Buffer.from(got), Buffer.from(expected))).toBe(true);
    expect(signatureOf(r.raw, SECRET)).toBe(expected);
    expect(signatureOf(r.raw, "another secret")).not.toBe(expected);
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["qovery-event"]).toBe("DEPLOYMENT_STARTED");
    expect(r.headers["qovery-delivery-attempt"]).toBe("1");
    expect(r.body.event_type).toBe("DEPLOYMENT_STARTED");
    expect(r.body.payload).toEqual({
      application_id: appId, application_name: "api", service_id: appId, service_name: "api", service_type: "APPLICATION",
      environment_id: envId, environment_name: "dev", environment_type: "DEVELOPMENT", project_id: projectId, project_name: "shop-api",
      organization_id: c.org, deployment_request_id: requestId, state: "QUEUED",
    });
  });

  it("sends no signature header when the webhook has no secret", async () => {
    await hook({ target_url: `${base}/unsigned` });
    await deployedApp();
    await waitFor(() => received.length >= 1);
    expect(received[0]?.headers).not.toHaveProperty(SECRET_HEADER.toLowerCase());
    expect(received[0]?.headers).not.toHaveProperty(HMAC_HEADER.toLowerCase());
  });

  it("a SLACK webhook gets {text} naming the event and the service", async () => {
    await hook({ kind: "SLACK", target_url: `${base}/slack`, events: ["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL"] });
    await deployedApp("web");
    await waitFor(() => received.length >= 2);
    const texts = received.map((r) => r.body.text).sort();
    expect(texts).toEqual([
      "Deployment started: application web in environment dev of project shop-web",
      "Deployment successful: application web in environment dev of project shop-web",
    ]);
    expect(received.every((r) => r.body.event_type === undefined)).toBe(true);
  });
});

describe("retries", () => {
  it("retries after a 500 with the same delivery id, after the clock step; each attempt is recorded", async () => {
    failFirst();
    const id = await hook({ target_url: `${base}/flaky`, target_secret: SECRET });
    await deployedApp();
    await waitFor(() => received.length >= 2);
    await new Promise((r) => setTimeout(r, 4 * STEP)); // a third attempt would show now
    expect(received).toHaveLength(2);
    const [first, second] = received as [Received, Received];
    expect(second.headers["qovery-delivery"]).toBe(first.headers["qovery-delivery"]);
    expect([first.headers["qovery-delivery-attempt"], second.headers["qovery-delivery-attempt"]]).toEqual(["1", "2"]);
    expect(second.raw).toBe(first.raw);
    expect(second.headers[HMAC_HEADER.toLowerCase()]).toBe(signatureOf(second.raw, SECRET));
    expect(second.at - first.at).toBeGreaterThanOrEqual(STEP - 5);

    seen.length = 0;
    const events = await c.call("GET", `/organization/${c.org}/webhook/${id}/event`);
    expect(events.status).toBe(200);
    expect(events.body.results.map((e: { target_response_status_code: number }) => e.target_response_status_code)).toEqual([200, 500]);
    expect(events.body.results[1]).toMatchObject({
      kind: "STANDARD", matched_event: "DEPLOYMENT_STARTED", target_url_used: `${base}/flaky`, target_response_body: null,
      request: JSON.parse(first.raw),
    });
    expect(referenceProblems([...seen], "webhook events")).toEqual([]);

    const attempts = await deliveries();
    expect(attempts.map((a) => [a.webhook_id, a.attempt, a.delivered, a.target_response_bytes])).toEqual([[id, 1, false, 9], [id, 2, true, 2]]);
    expect(attempts[0]?.next_attempt_at).not.toBeNull();
    expect(attempts[1]?.next_attempt_at).toBeNull();
    expect(attempts[0]?.request_headers).toMatchObject({ [SECRET_HEADER.toLowerCase()]: "***", [HMAC_HEADER.toLowerCase()]: "***" });
    const dumps = JSON.stringify(attempts) + await (await control(c.emu, "GET", "/state")).text();
    expect(dumps).not.toContain(SECRET);
    expect(dumps).not.toContain(signatureOf(first.raw, SECRET));
  });

  it("a target that never answers well gets at most MAX_ATTEMPTS attempts, each after twice the previous wait", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", () => r()));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r)); // nothing listens there now: connection refused
    const id = await hook({ target_url: `http://127.0.0.1:${port}/gone` });
    await deployedApp();
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(STEP, i + 1)).reduce((a, b) => a + b, 0);
    await waitFor(async () => (await deliveries()).length >= MAX_ATTEMPTS, total + 3000);
    await new Promise((r) => setTimeout(r, retryDelayMs(STEP, MAX_ATTEMPTS) + STEP));
    const attempts = await deliveries();
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    expect(attempts.map((a) => a.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1));
    for (const a of attempts) expect(a).toMatchObject({ webhook_id: id, target_response_status_code: 0, delivered: false, error: expect.stringMatching(/^connection error/) });
    expect(attempts[MAX_ATTEMPTS - 1]?.next_attempt_at).toBeNull();
    const starts = attempts.map((a) => Date.parse(a.created_at as string));
    for (let n = 1; n < MAX_ATTEMPTS; n++) expect(starts[n]! - starts[n - 1]!).toBeGreaterThanOrEqual(retryDelayMs(STEP, n) - 5);
    expect(retryDelayMs(STEP, 3)).toBe(4 * STEP);
    const listed = await c.call("GET", `/organization/${c.org}/webhook/${id}/event`);
    expect(listed.body.results).toHaveLength(MAX_ATTEMPTS);
    expect(listed.body.results.every((e: Record<string, unknown>) => e["target_response_status_code"] === 0 && e["target_response_body"] === null)).toBe(true);
  });

  it("a retry is dropped when its webhook is deleted meanwhile", async () => {
    failFirst(true);
    const id = await hook({ target_url: `${base}/deleted` });
    await deployedApp();
    await waitFor(() => received.length >= 1);
    expect((await c.call("DELETE", `/organization/${c.org}/webhook/${id}`)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 6 * STEP));
    expect(received).toHaveLength(1);
  });

  it("an https target is recorded as not called, and not retried", async () => {
    const id = await hook({ target_url: "https://127.0.0.1:9/tls" });
    await deployedApp();
    await waitFor(async () => (await deliveries()).length >= 1);
    await new Promise((r) => setTimeout(r, 3 * STEP));
    const attempts = await deliveries();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ webhook_id: id, attempt: 1, target_response_status_code: 0, next_attempt_at: null, error: expect.stringMatching(/http:\/\/ targets only/) });
  });

  it("404 for the events of an unknown webhook", async () => {
    expect((await c.call("GET", `/organization/${c.org}/webhook/00000000-0000-4000-8000-000000000000/event`)).status).toBe(404);
  });
});

describe("targets and answers", () => {
  it("never keeps the target's answer: a Read token, the control endpoint and the state dump see its length only", async () => {
    const answer = "ami-id\nhostname\niam/security-credentials/role-of-the-host"; // what a metadata endpoint would say
    receiver.text = () => answer;
    const id = await hook({ target_url: `${base}/answers` });
    await deployedApp();
    await waitFor(async () => (await deliveries()).length >= 1);
    const events = await c.call("GET", `/organization/${c.org}/webhook/${id}/event`, undefined, c.emu.tokens.read);
    expect(events.status).toBe(200);
    expect(events.body.results).toHaveLength(1);
    expect(events.body.results[0]).toMatchObject({ target_response_status_code: 200, target_response_body: null });
    const [attempt] = await deliveries();
    expect(attempt).toMatchObject({ delivered: true, target_response_bytes: Buffer.byteLength(answer) });
    const everything = JSON.stringify(events.body) + JSON.stringify(attempt) + await (await control(c.emu, "GET", "/state")).text();
    expect(everything).not.toContain("security-credentials");
  });

  describe("a name is resolved at delivery", () => {
    const NAMES: Record<string, Array<{ address: string; family: number }>> = {
      "receiver.test": [{ address: "127.0.0.1", family: 4 }],
      "mixed.test": [{ address: "127.0.0.1", family: 4 }, { address: "10.0.0.9", family: 4 }],
    };
    let lookups: string[];
    beforeEach(() => {
      lookups = [];
      jest.spyOn(dns, "lookup").mockImplementation(((name: string, o: unknown, cb?: (e: Error | null, a?: unknown, f?: number) => void) => {
        const done = (cb ?? o) as (e: Error | null, a?: unknown, f?: number) => void;
        const all = typeof o === "object" && o !== null && (o as { all?: boolean }).all === true;
        lookups.push(name);
        const found = NAMES[name];
        if (!found) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" }));
        return all ? done(null, found) : done(null, found[0]?.address, found[0]?.family);
      }) as unknown as typeof dns.lookup);
    });
    afterEach(() => jest.restoreAllMocks());

    it("every address must pass; the request goes to the checked address, with the name in Host; a refused one is never retried", async () => {
      const port = new URL(base).port;
      const named = await hook({ target_url: `http://receiver.test:${port}/named` });
      const mixed = await hook({ target_url: `http://mixed.test:${port}/mixed` });
      await deployedApp();
      await waitFor(async () => (await deliveries()).length >= 2);
      await new Promise((r) => setTimeout(r, 4 * STEP)); // a retry of the refused one would show now
      expect(received.map((r) => [r.headers.host, r.body.event_type])).toEqual([[`receiver.test:${port}`, "DEPLOYMENT_STARTED"]]);
      const attempts = await deliveries();
      expect(attempts.find((a) => a.webhook_id === named)).toMatchObject({ delivered: true, target_response_status_code: 200 });
      expect(attempts.filter((a) => a.webhook_id === mixed)).toEqual([expect.objectContaining({
        attempt: 1, delivered: false, target_response_status_code: 0, next_attempt_at: null,
        error: expect.stringMatching(/^refused: the target's name resolves to 10\.0\.0\.9, a private address/),
      })]);
      expect(lookups.filter((n) => n === "receiver.test")).toHaveLength(1); // checked once, connected to what was checked
    });
  });
});
