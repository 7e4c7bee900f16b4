/**
 * `client.waitForCluster` against a loopback server playing a cluster's states: progress with every read, success at
 * the target, a failure naming the state with the last log lines (secrets replaced), gone after a delete, and the
 * previous run's `DEPLOYED` not taken as the outcome.
 */
import { DeployServiceClient, DeploymentFailedError, WaitTimeoutError } from "../../sdk";
import { clusterStatus } from "./support/cluster-calls";
import { rejectionOf } from "./support/helpers";
import { json, startServer, type TestServer } from "./support/http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const FAST = { pollIntervalMs: 1, maxPollIntervalMs: 2, timeoutMs: 5000 };
const TOKEN = "tok-cluster-wait-123456";
const STATUS = "/organization/o1/cluster/c1/status";

/** Answers the status reads with `states` in turn (the last one repeated; `GONE` answers 404), and the logs. */
function play(states: string[], logs: unknown[] = []): void {
  let i = 0;
  server.handle = (req, res) => {
    if (req.url === STATUS) {
      const state = states[Math.min(i++, states.length - 1)]!;
      if (state === "GONE") return json(res, 404, { status: 404, error: "Not Found", message: "cluster not found" });
      return json(res, 200, { ...clusterStatus, status: state, last_execution_id: `run-${state === "DEPLOYED" && i === 1 ? "old" : "new"}` });
    }
    if (req.url === "/organization/o1/cluster/c1/logs") return json(res, 200, { results: logs });
    if (req.url === "/organization") return json(res, 200, { results: [{ id: "o1", name: "acme", created_at: "2025-01-01T00:00:00Z" }] });
    return json(res, 404, { message: "not found" });
  };
}

function client(): DeployServiceClient {
  return new DeployServiceClient({ baseUrl: server.url, token: TOKEN, dispatcher: server.agent, pacing: false, retryBaseDelayMs: 1, retryMaxDelayMs: 2 });
}

describe("waitForCluster", () => {
  test("reports every status read and ends at DEPLOYED", async () => {
    play(["DEPLOYMENT_QUEUED", "DEPLOYING", "DEPLOYING", "DEPLOYED"]);
    const seen: string[] = [];
    const last = await client().waitForCluster("o1", "c1", { ...FAST, onProgress: (s) => seen.push(s.state) });
    expect(seen).toEqual(["DEPLOYMENT_QUEUED", "DEPLOYING", "DEPLOYING", "DEPLOYED"]);
    expect(last).toMatchObject({ state: "DEPLOYED", status: "DEPLOYED", cluster_id: "c1", next_k8s_available_version: "1.31" });
  });

  test("a failure names the state and carries the last log lines, the client's secrets replaced", async () => {
    const logs = Array.from({ length: 25 }, (_, n) => ({ type: "info", step: "Create", message: { safe_message: `line ${n}` } }));
    logs.push({ type: "error", step: "CreateError", message: { safe_message: `token ${TOKEN} refused` } });
    play(["DEPLOYING", "DEPLOYMENT_ERROR"], logs);
    const e = await rejectionOf(client().waitForCluster("o1", "c1", FAST));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.message).toMatch(/^cluster c1: ended in DEPLOYMENT_ERROR while waiting for DEPLOYED; last 20 log lines/);
    expect(e.logLines).toHaveLength(20);
    expect(e.logLines[0]).toBe("Create: line 6");
    expect(e.logLines[19]).toBe("CreateError: token *** refused");
    expect(JSON.stringify(e.logLines)).not.toContain(TOKEN);
  });

  test("INVALID_CREDENTIALS ends the wait in failure at once", async () => {
    play(["DEPLOYING", "INVALID_CREDENTIALS", "DEPLOYING"]);
    const e = await rejectionOf(client().waitForCluster("o1", "c1", FAST));
    expect(e).toBeInstanceOf(DeploymentFailedError);
    expect(e.message).toContain("ended in INVALID_CREDENTIALS");
  });

  test("STOPPED is reached after a stop", async () => {
    play(["STOP_QUEUED", "STOPPING", "STOPPED"]);
    await expect(client().waitForCluster("o1", "c1", { ...FAST, target: "STOPPED" })).resolves.toMatchObject({ state: "STOPPED" });
  });

  test("after a delete, the wait ends when the cluster is gone, DELETING reported on the way", async () => {
    play(["DELETE_QUEUED", "DELETING", "GONE"]);
    const seen: string[] = [];
    await expect(client().waitForCluster("o1", "c1", { ...FAST, target: "DELETED", onProgress: (s) => seen.push(s.state) })).resolves.toMatchObject({ state: "DELETED" });
    expect(seen).toEqual(["DELETE_QUEUED", "DELETING", "DELETED"]);
  });

  test("a cluster gone while a deployment was awaited is a failure, not a success", async () => {
    play(["DEPLOYING", "GONE"]);
    await expect(client().waitForCluster("o1", "c1", FAST)).rejects.toMatchObject({ code: "not_found" });
  });

  test("with the status read before the action, the previous run's DEPLOYED is not the outcome", async () => {
    play(["DEPLOYED", "DEPLOYED", "DEPLOYING", "DEPLOYED"]);
    const previous = { ...clusterStatus, status: "DEPLOYED", state: "DEPLOYED", last_execution_id: "run-old", execution_id: "run-old" };
    const seen: string[] = [];
    await client().waitForCluster("o1", "c1", { ...FAST, previous, onProgress: (s) => seen.push(`${s.state}/${s.execution_id}`) });
    expect(seen[0]).toBe("DEPLOYED/run-old");
    expect(seen.length).toBeGreaterThan(1);
  });

  test("a timeout is never a success", async () => {
    play(["DEPLOYING"]);
    const e = await rejectionOf(client().waitForCluster("o1", "c1", { ...FAST, timeoutMs: 30 }));
    expect(e).toBeInstanceOf(WaitTimeoutError);
    expect(e.message).toContain("still DEPLOYING");
  });
});
