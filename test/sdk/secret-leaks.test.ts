import { createServer as createNetServer } from "node:net";
import type { ServerResponse } from "node:http";
import { inspect } from "node:util";
import { DeployServiceClient, redact, secretForms, serviceMessageOf, type ClientOptions, type RetryInfo } from "../../sdk";
import { ORGANIZATIONS, json, startServer, text, type Seen, type TestServer } from "./support/http-server";

// Known secrets: long and short, with quotes, backslashes, spaces, slashes, `&`/`=`, non-ASCII and astral characters.
const TOKEN = 'tk_"quo\\te_Zx81';
const SHORT_TOKEN = "Zq";
const GIT_TOKEN = 'ghp_"ünï\\cødé✓';
const SECRET_VALUE = 's3cr"et\\välue 🔑 x';
const SHORT_SECRET = "ø";
const SHORT_QUOTED = 'Jq"';
const PASSWORD = 'p@ss "wörd"\\ 1/2&x=y';
const WEBHOOK_SECRET = 'whsec_🔑"\\end';
const SLACK_PATH = "T0ABC/B0DEF/SLACKPATHSECRET";
const SLACK_URL = `https://hooks.slack.com/services/${SLACK_PATH}`;
const SECRETS = [TOKEN, SHORT_TOKEN, GIT_TOKEN, SECRET_VALUE, SHORT_SECRET, SHORT_QUOTED, PASSWORD, WEBHOOK_SECRET, SLACK_PATH];

/** The spellings the test looks for: raw, JSON-escaped and URL-encoded. */
function spellings(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server.close(); });
beforeEach(() => { server.seen.length = 0; });

/** An error body that echoes everything the client sent: the body as JSON text and as a form, and the Authorization header. */
function echoText(req: Seen): string {
  let form = "";
  try {
    const parsed = JSON.parse(req.body) as Record<string, unknown>;
    form = new URLSearchParams(Object.entries(parsed).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString();
  } catch {
    form = encodeURIComponent(req.body);
  }
  return `rejected ${req.method} ${req.url} body=${req.body} form=${form} query=${encodeURIComponent(req.body)} auth=${req.authorization ?? ""}; header "Authorization: ${req.authorization ?? ""}"`;
}
function echoJson(res: ServerResponse, status: number, req: Seen): void {
  json(res, status, { status, error: "E", message: echoText(req) });
}
/** Answers the service check; echoes `status` for everything else. */
function echoAll(status: number, extra: (res: ServerResponse) => void = () => undefined) {
  server.handle = (req, res) => {
    if (req.method === "GET" && req.url === "/organization") json(res, 200, ORGANIZATIONS);
    else {
      extra(res);
      echoJson(res, status, req);
    }
  };
}

interface Outcome { error: unknown; retries: RetryInfo[] }

function clientFor(options: Partial<ClientOptions> = {}) {
  const retries: RetryInfo[] = [];
  const client = new DeployServiceClient({
    baseUrl: server.url, token: TOKEN, dispatcher: server.agent, pacing: false, retryBaseDelayMs: 1, retryMaxDelayMs: 2,
    random: () => 1, maxRetries: 1, onRetry: (info) => retries.push(info), ...options,
  });
  return { client, retries };
}

/** Runs `fn` with a fresh client and returns what it threw (sync or async) and the retries reported. */
async function outcome(fn: (c: DeployServiceClient) => unknown, options: Partial<ClientOptions> = {}): Promise<Outcome> {
  let retries: RetryInfo[] = [];
  try {
    const made = clientFor(options);
    retries = made.retries;
    await fn(made.client);
  } catch (error) {
    return { error, retries };
  }
  throw new Error("expected a failure");
}
async function configError(options: ClientOptions): Promise<Outcome> {
  try {
    new DeployServiceClient(options);
  } catch (error) {
    return { error, retries: [] };
  }
  throw new Error("expected a configuration error");
}

async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const gitToken = { name: "gh", type: "GITHUB" as const, token: GIT_TOKEN };
const slackHook = { kind: "SLACK" as const, target_url: SLACK_URL, events: ["DEPLOYMENT_FAILURE" as const], target_secret: WEBHOOK_SECRET };

const paths: Array<[string, () => Promise<Outcome>]> = [
  ["config: URL and token swapped", () => configError({ baseUrl: TOKEN, token: "https://api.example.com" })],
  ["config: token in the URL's query", () => configError({ baseUrl: `https://api.example.com/?token=${encodeURIComponent(TOKEN)}`, token: "t" })],
  ["config: password in the URL", () => configError({ baseUrl: `https://u:${encodeURIComponent(PASSWORD)}@api.example.com`, token: "t" })],
  ["config: token given as tokenScheme", () => configError({ baseUrl: "https://api.example.com", token: "t", tokenScheme: TOKEN as never })],
  ["config: token given as a number option", () => configError({ baseUrl: "https://api.example.com", token: "t", timeoutMs: TOKEN as never })],
  ["config: token with a line break", () => configError({ baseUrl: "https://api.example.com", token: `${TOKEN}\n${SECRET_VALUE}` })],
  ["network: connection refused", async () => {
    const port = await closedPort();
    return outcome((c) => c.gitTokens.create("o1", gitToken), { baseUrl: `http://127.0.0.1:${port}`, maxRetries: 2 });
  }],
  ["network: connection cut after sending (PUT)", () => {
    server.handle = (_req, res) => res.destroy();
    return outcome((c) => c.secrets.update("a1", "s1", { key: "K", value: SECRET_VALUE }));
  }],
  ["timeout: create never answered, lookup never answered", () => {
    server.handle = () => undefined;
    return outcome((c) => c.gitTokens.create("o1", gitToken), { timeoutMs: 60, callDeadlineMs: 250 });
  }],
  ["400 echo on a git token create", () => { echoAll(400); return outcome((c) => c.gitTokens.create("o1", gitToken)); }],
  ["401 echo", () => { echoAll(401); return outcome((c) => c.projects.get("p1")); }],
  ["401 echo with a short token", () => { echoAll(401); return outcome((c) => c.projects.get("p1"), { token: SHORT_TOKEN }); }],
  ["403 echo on a secret create", () => { echoAll(403); return outcome((c) => c.secrets.create("a1", { key: "K", value: SECRET_VALUE })); }],
  ["403 echo on a short secret create", () => { echoAll(403); return outcome((c) => c.secrets.create("a1", { key: "K", value: SHORT_SECRET })); }],
  ["404 echo on a secret edit", () => { echoAll(404); return outcome((c) => c.secrets.update("a1", "s1", { key: "K", value: SHORT_QUOTED })); }],
  ["409 echo on a webhook create", () => { echoAll(409); return outcome((c) => c.webhooks.create("o1", slackHook)); }],
  ["422 echo on master credentials", () => { echoAll(422); return outcome((c) => c.databases.setMasterCredentials("d1", { login: "admin", password: PASSWORD })); }],
  ["429 echo until retries run out", () => {
    echoAll(429, (res) => res.setHeader("retry-after", "0"));
    return outcome((c) => c.gitTokens.update("o1", "g1", gitToken));
  }],
  ["500 plain-text echo, retried", () => {
    server.handle = (req, res) => text(res, 500, echoText(req));
    return outcome((c) => c.databases.setMasterCredentials("d1", { login: "admin", password: PASSWORD }), { maxRetries: 2 });
  }],
  ["502 HTML echo with the secret across the excerpt's cut", () => {
    server.handle = (req, res) => {
      // The body's token starts 5 characters before the 200th, where the excerpt is cut.
      const pad = "x".repeat(200 - 5 - "<html>".length - req.body.indexOf(GIT_TOKEN.slice(0, 4)));
      text(res, 502, `<html>${pad}${req.body} ${echoText(req)}</html>`, "text/html");
    };
    return outcome((c) => c.gitTokens.update("o1", "g1", gitToken));
  }],
  ["2xx of the wrong shape carrying the password", () => {
    server.handle = (_req, res) => json(res, 200, { host: 5, port: "x", login: "admin", password: PASSWORD });
    return outcome((c) => c.databases.setMasterCredentials("d1", { login: "admin", password: PASSWORD }));
  }],
  ["2xx of the wrong shape echoing the git token", () => {
    server.handle = (req, res) => json(res, 201, { id: 7, name: req.body, token: GIT_TOKEN, type: GIT_TOKEN });
    return outcome((c) => c.gitTokens.create("o1", gitToken));
  }],
  ["2xx that is not JSON, echoing the request", () => {
    server.handle = (req, res) => text(res, 200, echoText(req));
    return outcome((c) => c.secrets.create("a1", { key: "K", value: SECRET_VALUE }));
  }],
  ["request schema: token put in the type field", () => outcome((c) => c.gitTokens.create("o1", { name: "gh", type: GIT_TOKEN as never, token: "GITHUB" }))],
  ["request schema: secret in a bad webhook URL", () => outcome((c) => c.webhooks.create("o1", { ...slackHook, target_url: `not a url ${WEBHOOK_SECRET}` }))],
  ["request schema: password put in an enum field", () => outcome((c) => c.databases.create("e1", { name: "db", type: "POSTGRESQL", version: "16", mode: PASSWORD as never }))],
  ["request schema: empty token next to a short secret", () => outcome((c) => c.gitTokens.create("o1", { name: SHORT_SECRET, type: "GITHUB", token: "" }))],
  ["deployment failure with log lines holding secrets", () => {
    server.handle = (req, res) => {
      if (req.url === "/application/a1/secret") json(res, 201, { id: "s1", key: "K", scope: "APPLICATION", variable_type: "VALUE" });
      else if (req.url.startsWith("/application/a1/status")) {
        json(res, 200, {
          id: "a1", state: "BUILD_ERROR", service_deployment_status: "OUT_OF_DATE", is_part_last_deployment: true,
          status_details: { action: "DEPLOY", status: "ERROR", sub_action: "NONE" }, deployment_request_id: null, deployment_requests_count: 1,
        });
      } else if (req.url.startsWith("/application/a1/log")) {
        const lines = [`env K=${SECRET_VALUE}`, `short ${SHORT_SECRET} and "${SHORT_SECRET}"`, `auth Token ${TOKEN}`, JSON.stringify({ token: TOKEN, v: SECRET_VALUE })];
        json(res, 200, { results: lines.map((message, i) => ({ id: `l${i}`, created_at: "t", message })) });
      } else json(res, 404, {});
    };
    return outcome(async (c) => {
      await c.secrets.create("a1", { key: "K", value: SECRET_VALUE });
      await c.secrets.create("a1", { key: "S", value: SHORT_SECRET });
      await c.waitForApplication("a1", { pollIntervalMs: 1 });
    });
  }],
  ["deployment failure with log lines holding secrets written through /variable", () => {
    server.handle = (req, res) => {
      const record = { id: "v1", key: "K", scope: "APPLICATION", variable_type: "VALUE", is_secret: true, value: null, created_at: "t", variable_kind: "Public" };
      if (req.url.startsWith("/variable")) json(res, req.method === "POST" ? 201 : 200, record);
      else if (req.url.startsWith("/application/a1/status")) {
        json(res, 200, {
          id: "a1", state: "BUILD_ERROR", service_deployment_status: "OUT_OF_DATE", is_part_last_deployment: true,
          status_details: { action: "DEPLOY", status: "ERROR", sub_action: "NONE" }, deployment_request_id: null, deployment_requests_count: 1,
        });
      } else if (req.url.startsWith("/application/a1/log")) {
        const lines = [`env K=${SECRET_VALUE}`, `then K=${SHORT_QUOTED}`, `override ${PASSWORD}`];
        json(res, 200, { results: lines.map((message, i) => ({ id: `l${i}`, created_at: "t", message })) });
      } else json(res, 404, {});
    };
    return outcome(async (c) => {
      await c.variables.create({ key: "K", value: SECRET_VALUE, is_secret: true, variable_scope: "APPLICATION", variable_parent_id: "a1" });
      await c.variables.update("v1", { key: "K", value: SHORT_QUOTED }, { secret: true });
      await c.variables.override("v0", { value: PASSWORD, override_scope: "APPLICATION", override_parent_id: "a1" }, { secret: true });
      await c.waitForApplication("a1", { pollIntervalMs: 1 });
    });
  }],
  ["lost create whose lookup fails with an echo", () => {
    server.handle = (req, res) => (req.method === "POST" ? res.destroy() : echoJson(res, 403, req));
    return outcome((c) => c.gitTokens.create("o1", gitToken));
  }],
  ["lost webhook create (Slack URL)", () => {
    server.handle = (req, res) => (req.method === "POST" ? json(res, 503, { message: echoText(req) }) : json(res, 200, { results: [] }));
    return outcome((c) => c.webhooks.create("o1", slackHook));
  }],
  ["404 from a base URL that is not the service, echoing", () => {
    server.handle = (req, res) => echoJson(res, 404, req);
    return outcome((c) => c.projects.delete("p1"), { baseUrl: `${server.url}/gw` });
  }],
];

describe("no secret in any failure", () => {
  test("the test covers at least 20 failure paths", () => {
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  test.each(paths)("%s", async (_name, run) => {
    const { error, retries } = await run();
    expect(error).toBeInstanceOf(Error);
    const e = error as Error;
    const produced = [e.message, String(e), inspect(e, { depth: 10 }), JSON.stringify(e), JSON.stringify(retries), inspect(retries, { depth: 10 })];
    for (const secret of SECRETS) {
      for (const spelling of spellings(secret)) {
        for (const textOut of produced) expect(textOut).not.toContain(spelling);
      }
    }
  });

  test("the client still sent the secrets (the echoes had something to leak)", async () => {
    echoAll(400);
    await outcome((c) => c.gitTokens.create("o1", gitToken));
    expect(server.seen[0]!.authorization).toBe(`Token ${TOKEN}`);
    expect(JSON.parse(server.seen[0]!.body).token).toBe(GIT_TOKEN);
  });

  test("a misspelt choice is still quoted back; a foreign value is not", async () => {
    const typo = await outcome((c) => c.environments.create("p1", { name: "e", mode: "STAGNG" as never }));
    expect((typo.error as Error).message).toContain('got "STAGNG"');
    const foreign = await outcome((c) => c.environments.create("p1", { name: "e", mode: "tok_abcdef123" as never }));
    expect((foreign.error as Error).message).toMatch(/expected one of .*, got string$/);
  });

  test("deployment log lines keep their other text", async () => {
    const { error } = await paths.find(([name]) => name.startsWith("deployment failure"))![1]();
    expect((error as { logLines: string[] }).logLines).toEqual([
      "env K=***", 'short *** and "***"', "auth Token ***", '{"token":"***","v":"***"}',
    ]);
  });
});

describe("redact", () => {
  test.each([
    ["JSON-escaped", `{"message":"bad ${JSON.stringify(SECRET_VALUE).slice(1, -1)}"}`],
    ["JSON-escaped twice", JSON.stringify(JSON.stringify({ v: SECRET_VALUE }))],
    ["\\u-escaped non-ASCII (Python)", `"v": "${JSON.stringify(SECRET_VALUE).slice(1, -1).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}"`],
    ["URL-encoded", `?v=${encodeURIComponent(SECRET_VALUE)}&x=1`],
    ["form-encoded", new URLSearchParams({ v: SECRET_VALUE }).toString()],
  ])("covers the %s form", (_name, echoed) => {
    const out = redact(echoed, [SECRET_VALUE]);
    expect(out).toContain("***");
    for (const spelling of secretForms(SECRET_VALUE)) expect(out).not.toContain(spelling);
  });

  test("short secrets are replaced where they stand alone, not inside words", () => {
    expect(redact('token "ab" and ab, then tab and abc', ["ab"])).toBe('token "***" and ***, then tab and abc');
    expect(redact("a=1&b=2", ["1"])).toBe("a=***&b=2");
    expect(redact("page 10 of 1", ["1"])).toBe("page 10 of ***");
  });

  test("an excerpt of a non-JSON body is cut after redaction, so no start of a secret is left", () => {
    const body = `${"x".repeat(195)}${SECRET_VALUE} and more`;
    const excerpt = serviceMessageOf(body, [SECRET_VALUE])!;
    expect(excerpt).toBe(`${"x".repeat(195)}*** a...`);
    expect(serviceMessageOf(`${"x".repeat(195)}${GIT_TOKEN}${"y".repeat(300)}`, [GIT_TOKEN])).toBe(`${"x".repeat(195)}***${"y".repeat(2)}...`);
  });

  test("a secret inside a longer one leaves nothing of the longer one", () => {
    expect(redact("x secret-long y", ["secret", "secret-long"])).toBe("x *** y");
  });
});
