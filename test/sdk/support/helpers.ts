import { MockAgent } from "undici";
import { DeployServiceClient, type ClientOptions, type RetryInfo } from "../../../sdk";

/** A token value that must never show up in any message. */
export const TOKEN = "tok_SECRET_value_123456";
export const ORIGIN = "http://api.test";

/** A client wired to a MockAgent (no real network), fast deterministic backoff, pacing off. */
export function mockClient(options: Partial<ClientOptions> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  const retries: RetryInfo[] = [];
  const client = new DeployServiceClient({
    baseUrl: ORIGIN,
    token: TOKEN,
    dispatcher: agent,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 4,
    random: () => 1,
    pacing: false,
    onRetry: (info) => retries.push(info),
    ...options,
  });
  return { agent, pool, client, retries };
}

export const JSON_HEADERS = { "content-type": "application/json" };

/**
 * Answers the client's one-time check that the base URL is the service (`GET /organization`), which a 404
 * triggers before it is reported as not found.
 */
export function answersAsService(pool: ReturnType<MockAgent["get"]>): void {
  pool.intercept({ path: "/organization", method: "GET" }).reply(200, { results: [{ id: "org-1", name: "acme", created_at: "2025-01-01T00:00:00Z" }] }, { headers: JSON_HEADERS });
}

/** An error as undici raises it when the socket closes after the request was written. */
export function socketClosed(): Error {
  return Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
}
/** An error as Node raises it when nothing listens on the port (request never sent). */
export function connectionRefused(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
}

export function project(id: string, name: string) {
  return { id, name, description: "", created_at: "2025-01-01T00:00:00Z", organization: { id: "org-1" }, associated_environments_count: 0 };
}

export function status(state: string, extra: Record<string, unknown> = {}) {
  return {
    id: "app-1", state, service_deployment_status: "UP_TO_DATE", is_part_last_deployment: true,
    status_details: { action: "DEPLOY", status: "SUCCESS", sub_action: "NONE" }, deployment_request_id: null,
    deployment_requests_count: 0, ...extra,
  };
}

/** Catches the rejection of a promise (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error("expected the promise to reject, it resolved");
}
