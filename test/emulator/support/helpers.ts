import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../emulator";
import { control } from "../../../emulator/control/control-client";

/** One answer of the emulator. */
export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

/** A test client over global fetch (not the sdk: the emulator is tested as an independent reading of the API). */
export interface Client {
  emu: RunningEmulator;
  call(method: string, path: string, body?: unknown, token?: string | null): Promise<Answer>;
  /** Raw request with a body string as is. */
  raw(method: string, path: string, body: string, token?: string): Promise<Answer>;
  org: string;
  close(): Promise<void>;
}

/** Every answer seen by clients of this process (for the contract test). */
export const seen: Array<{ method: string; path: string; status: number; body: unknown }> = [];

async function toAnswer(r: Response, method: string, path: string): Promise<Answer> {
  const text = await r.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  if (!path.startsWith("/_emulator")) seen.push({ method, path: path.split("?")[0] as string, status: r.status, body });
  return { status: r.status, body, headers: r.headers };
}

/** Starts an emulator (instant clock unless told) and a client holding the Admin token. */
export async function startClient(options: EmulatorOptions = {}): Promise<Client> {
  const emu = await startEmulator({ stepMs: 0, ...options });
  const call = async (method: string, path: string, body?: unknown, token: string | null = emu.tokens.admin): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token !== null) headers["authorization"] = `Token ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const r = await fetch(emu.url + path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
    return toAnswer(r, method, path);
  };
  const raw = async (method: string, path: string, body: string, token = emu.tokens.admin): Promise<Answer> => {
    const r = await fetch(emu.url + path, { method, headers: { authorization: `Token ${token}`, "content-type": "application/json" }, body });
    return toAnswer(r, method, path);
  };
  return { emu, call, raw, org: emu.ids.organizationId, close: () => emu.close() };
}

/** What {@link useEmulator} takes: the emulator's options, and whether each test starts from a reset store (default: it does). */
export interface UseEmulatorOptions extends EmulatorOptions {
  resetEach?: boolean;
}

/**
 * One emulator for the tests of the calling file (or describe block): registers the hooks that start it with a client
 * (see {@link startClient}) before the tests, close it after them and, unless `resetEach` is false, reset its store
 * before each test. Answers the client, filled in before the file's own `beforeAll` hooks run (they are registered after).
 */
export function useEmulator({ resetEach = true, ...options }: UseEmulatorOptions = {}): Client {
  const c = {} as Client;
  beforeAll(async () => {
    Object.assign(c, await startClient(options));
  });
  afterAll(async () => {
    await c.emu?.close();
  });
  if (resetEach) {
    beforeEach(async () => {
      await control(c.emu, "POST", "/reset");
    });
  }
  return c;
}

/** A valid application create body. */
export function appBody(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    git_repository: { url: "https://github.com/acme/api.git", provider: "GITHUB", branch: "main" },
    healthchecks: {},
    ports: [{ internal_port: 8080, publicly_accessible: true }],
    ...extra,
  };
}

/** Creates a project and an environment; returns their ids. */
export async function projectAndEnv(c: Client, name = "proj"): Promise<{ projectId: string; envId: string }> {
  const p = await c.call("POST", `/organization/${c.org}/project`, { name });
  if (p.status !== 200) throw new Error(`project create: ${p.status} ${JSON.stringify(p.body)}`);
  const e = await c.call("POST", `/project/${p.body.id}/environment`, { name: "dev", cluster: c.emu.ids.clusterIds[0], mode: "DEVELOPMENT" });
  if (e.status !== 201) throw new Error(`environment create: ${e.status} ${JSON.stringify(e.body)}`);
  return { projectId: p.body.id, envId: e.body.id };
}

/** Bounded wait for a condition (polls every 20 ms, at most `ms`). */
export async function waitFor(check: () => Promise<boolean> | boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

/** The id of the registry every organization starts with (Docker Hub). */
export async function dockerHubId(c: Client): Promise<string> {
  const r = await c.call("GET", `/organization/${c.org}/containerRegistry`);
  const hub = (r.body.results as Array<{ id: string; kind: string }>).find((x) => x.kind === "DOCKER_HUB");
  if (!hub) throw new Error(`no seeded Docker Hub registry: ${JSON.stringify(r.body)}`);
  return hub.id;
}

/** A valid container create body. */
export function containerBody(name: string, registryId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, registry_id: registryId, image_name: "library/nginx", tag: "1.27", healthchecks: {}, ...extra };
}

/** A valid job create body: a cron job run from an image unless `extra` says otherwise. */
export function jobBody(name: string, registryId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name, healthchecks: {},
    source: { image: { image_name: "acme/report", tag: "1.0.0", registry_id: registryId } },
    schedule: { cronjob: { scheduled_at: "0 3 * * *", arguments: ["--nightly"] } },
    ...extra,
  };
}

/** The field a 400 names (the service's messages start `field: problem`). */
export function fieldOf(message: string): string {
  return message.split(":")[0] as string;
}

/** Polls a status path and collects each distinct state until a terminal one (bounded). */
/**
 * The deployment clock's step for tests that read every state of a walk: long enough that a poll every 20 ms sees each
 * state on a loaded CI machine (at 20 ms a poll missed QUEUED or BUILDING there).
 */
export const WALK_STEP_MS = 200;

export async function walkStates(c: Client, path: string, ms = 5000): Promise<string[]> {
  const states: string[] = [];
  await waitFor(async () => {
    const s = (await c.call("GET", path)).body.state as string;
    if (states[states.length - 1] !== s) states.push(s);
    return !/ING$|QUEUED$/.test(s);
  }, ms);
  return states;
}
