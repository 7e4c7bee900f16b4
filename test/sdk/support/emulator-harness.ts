import { Agent, request } from "undici";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { DeployServiceClient, type ClientOptions, type RetryInfo } from "../../../sdk";

/** One emulator per test file, a dedicated undici Agent, and helpers for its control endpoints. */
export interface Harness {
  emu: RunningEmulator;
  agent: Agent;
  retries: RetryInfo[];
  client(options?: Partial<ClientOptions>): DeployServiceClient;
  control(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<any>;
  fault(fault: Record<string, unknown>): Promise<void>;
  requests(): Promise<Array<{ method: string; path: string; status: number; token_name: string | null }>>;
}

export function useEmulator(stepMs = 0): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    const emu = await startEmulator({ stepMs, quiet: true });
    const agent = new Agent({ keepAliveTimeout: 1000 });
    const retries: RetryInfo[] = [];
    const control = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) => {
      const res = await request(`${emu.url}/_emulator${path}`, {
        // the emulator refuses control requests without this content type, bodiless ones included
        method, dispatcher: agent, headers: { "content-type": "application/json" },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.body.text();
      if (res.statusCode >= 300) throw new Error(`control ${method} ${path}: ${res.statusCode} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };
    harness = {
      emu, agent, retries, control,
      client: (options = {}) => new DeployServiceClient({
        baseUrl: emu.url, token: emu.tokens.admin, dispatcher: agent, retryBaseDelayMs: 5, retryMaxDelayMs: 20,
        onRetry: (info) => retries.push(info), ...options,
      }),
      fault: async (fault) => { await control("POST", "/faults", fault); },
      requests: async () => (await control("GET", "/requests")).results,
    };
  });
  beforeEach(async () => {
    if (!harness) return;
    await harness.control("POST", "/reset");
    harness.retries.length = 0;
  });
  afterAll(async () => {
    await harness?.emu.close();
    await harness?.agent.close();
  });
  return () => {
    if (!harness) throw new Error("emulator not started");
    return harness;
  };
}

/** Creates project -> environment in the seeded organization. */
export async function scaffold(h: Harness, client = h.client()) {
  const orgId = h.emu.ids.organizationId;
  const project = await client.projects.create(orgId, { name: "shop" });
  const environment = await client.environments.create(project.id, { name: "staging", cluster: h.emu.ids.clusterIds[0], mode: "STAGING" });
  return { orgId, project, environment, client };
}
