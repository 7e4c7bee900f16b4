import type { ServerResponse } from "node:http";
import {
  AuthenticationError, DeployServiceClient, NotFoundError, PermissionDeniedError, ServerError, ServiceMismatchError,
  isAuthError, isNotFound, isRetryable, isServiceMismatch, type ClientOptions,
} from "../../sdk";
import { useEmulator } from "./support/emulator-harness";
import { rejectionOf } from "./support/helpers";
import { ORGANIZATIONS, json, startServer, text, type TestServer } from "./support/http-server";

const TOKEN = "tok_service_check_0123456789";

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server.close(); });
beforeEach(() => { server.seen.length = 0; });

function client(prefix = "", options: Partial<ClientOptions> = {}) {
  return new DeployServiceClient({
    baseUrl: `${server.url}${prefix}`, token: TOKEN, dispatcher: server.agent, pacing: false,
    retryBaseDelayMs: 1, retryMaxDelayMs: 2, random: () => 1, ...options,
  });
}
const checks = () => server.seen.filter((r) => r.url.endsWith("/organization")).length;

/** A server behind a proxy prefix: `/organization` answers `organizations` under `prefix`, everything else 404. */
function serve(prefix: string, organizations: (res: ServerResponse) => void) {
  server.handle = (req, res) => {
    if (req.method === "GET" && req.url === `${prefix}/organization`) organizations(res);
    else json(res, 404, { status: 404, error: "Not Found", message: "no such object" });
  };
}

describe("a base URL whose path is not the service's", () => {
  test("get and delete throw ServiceMismatchError, never not-found, naming the URL and the settings", async () => {
    serve("", (res) => json(res, 200, ORGANIZATIONS)); // the service is at the root, the client points at /gateway
    const c = client("/gateway");
    for (const e of [await rejectionOf(c.projects.get("p1")), await rejectionOf(c.projects.delete("p1"))]) {
      expect(e).toBeInstanceOf(ServiceMismatchError);
      expect(e.code).toBe("not_the_service");
      expect(isNotFound(e)).toBe(false);
      expect(isServiceMismatch(e)).toBe(true);
      expect(e.status).not.toBe(404);
      expect(e.baseUrl).toBe(`${server.url}/gateway`);
      expect(e.message).toContain(`${server.url}/gateway`);
      expect(e.message).toMatch(/DEPLOY_SERVICE_API_URL/);
      expect(e.message).toMatch(/option baseUrl/);
      expect(e.message).not.toContain(TOKEN);
    }
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /gateway/project/p1", "GET /gateway/organization", "DELETE /gateway/project/p1", "GET /gateway/organization",
    ]);
  });

  test("the mismatch names where the caller took the base URL from (the Pulumi provider: its stack config key)", async () => {
    serve("", (res) => json(res, 200, ORGANIZATIONS));
    const credentialSources = { url: 'stack config "deploy-service:apiUrl"', token: "t", who: "deploy-service" };
    const e = await rejectionOf(client("/gateway", { credentialSources }).projects.get("p1"));
    expect(e.message).toContain('Check the base URL (stack config "deploy-service:apiUrl" or DEPLOY_SERVICE_API_URL)');
  });

  test.each([
    ["an HTML page", (res: ServerResponse) => text(res, 200, "<!doctype html><html><body>app</body></html>", "text/html"), /not JSON/],
    ["JSON of another shape", (res: ServerResponse) => json(res, 200, { items: [{ id: 1 }] }), /not a list of organizations/],
    ["a list of something else", (res: ServerResponse) => json(res, 200, { results: [{ name: "x" }] }), /not a list of organizations/],
    ["an empty list", (res: ServerResponse) => json(res, 200, { results: [] }), /no organization/],
    ["organizations without created_at", (res: ServerResponse) => json(res, 200, { results: [{ id: "o1", name: "acme" }] }), /results\[0\].*"created_at"/],
    ["organizations without a name", (res: ServerResponse) => json(res, 200, { results: [{ id: "o1", created_at: "2025-01-01T00:00:00Z" }] }), /"name"/],
    ["a created_at that is no date", (res: ServerResponse) => json(res, 200, { results: [{ id: "o1", name: "a", created_at: "soon" }] }), /"created_at"/],
    ["one organization of the shape among others", (res: ServerResponse) => json(res, 200, { results: [ORGANIZATIONS.results[0], { id: "x" }] }), /results\[1\]/],
    ["a single record without created_at", (res: ServerResponse) => json(res, 200, { id: "org-1", name: "acme" }), /"created_at"/],
    ["a 400", (res: ServerResponse) => json(res, 400, { message: "bad" }), /answered 400/],
  ])("GET /organization answering %s is a mismatch", async (_name, answer, reason) => {
    serve("", answer);
    const e = await rejectionOf(client().applications.get("a1"));
    expect(e).toBeInstanceOf(ServiceMismatchError);
    expect(e.reason).toMatch(reason);
    expect(isNotFound(e)).toBe(false);
  });

  test("a server answering an empty organization list: its 404s are never read as gone", async () => {
    serve("", (res) => json(res, 200, { results: [] }));
    const c = client();
    for (const e of [await rejectionOf(c.projects.get("p1")), await rejectionOf(c.databases.delete("d1"))]) {
      expect(e).toBeInstanceOf(ServiceMismatchError);
      expect(isNotFound(e)).toBe(false);
      expect(e.status).toBe(0);
      expect(e.message).toContain(server.url);
      expect(e.message).toMatch(/GET \/organization answered no organization/);
      expect(e.message).not.toContain(TOKEN);
    }
  });

  test("a failed check is repeated on a later 404, once per call", async () => {
    let healthy = false;
    serve("", (res) => (healthy ? json(res, 200, ORGANIZATIONS) : json(res, 404, { message: "no" })));
    const c = client();
    expect(isServiceMismatch(await rejectionOf(c.projects.get("p1")))).toBe(true);
    expect(isServiceMismatch(await rejectionOf(c.projects.get("p2")))).toBe(true);
    expect(checks()).toBe(2);
    healthy = true;
    expect(isNotFound(await rejectionOf(c.projects.get("p3")))).toBe(true);
    expect(isNotFound(await rejectionOf(c.projects.get("p4")))).toBe(true);
    expect(checks()).toBe(3);
  });
});

describe("a base URL that answers as the service", () => {
  test("behind a proxy prefix, a 404 is not found, and the check runs once for many 404s", async () => {
    serve("/deploy-proxy", (res) => json(res, 200, ORGANIZATIONS));
    const c = client("/deploy-proxy/");
    for (let i = 0; i < 5; i++) {
      const e = await rejectionOf(c.projects.get(`p${i}`));
      expect(e).toBeInstanceOf(NotFoundError);
      expect(e.status).toBe(404);
    }
    await expect(c.projects.delete("p9")).rejects.toMatchObject({ code: "not_found" });
    expect(checks()).toBe(1);
    expect(server.seen).toHaveLength(7);
  });

  test("a single organization (the published description's shape) is accepted", async () => {
    serve("", (res) => json(res, 200, { id: "org-1", name: "acme", created_at: "2025-01-01T00:00:00Z", plan: "TEAM" }));
    expect(isNotFound(await rejectionOf(client().databases.get("d1")))).toBe(true);
  });

  test("concurrent 404s share one check", async () => {
    const n = 8;
    let notFound = 0;
    const held: Array<() => void> = [];
    server.handle = (req, res) => {
      if (req.url === "/organization") {
        if (notFound >= n) json(res, 200, ORGANIZATIONS);
        else held.push(() => json(res, 200, ORGANIZATIONS));
      } else {
        json(res, 404, { message: "no" });
        notFound++;
      }
      // The check is answered only once every call has had its 404, so all of them wait on it together.
      if (notFound === n) held.splice(0).forEach((answer) => answer());
    };
    const c = client();
    const errors = await Promise.all(Array.from({ length: n }, (_, i) => rejectionOf(c.environments.get(`e${i}`))));
    expect(errors.every((e) => isNotFound(e))).toBe(true);
    expect(checks()).toBe(1);
  });
});

describe("the check refuses the token", () => {
  test.each([
    [401, AuthenticationError, "unauthorized"],
    [403, PermissionDeniedError, "forbidden"],
  ])("%i on GET /organization is that auth error, not not-found", async (status, cls, code) => {
    serve("", (res) => json(res, status, { message: "token refused" }));
    const e = await rejectionOf(client().projects.get("p1"));
    expect(e).toBeInstanceOf(cls);
    expect(e.code).toBe(code);
    expect(isAuthError(e)).toBe(true);
    expect(isNotFound(e)).toBe(false);
  });

  test("a 5xx on the check leaves the 404 unconfirmed: the retryable error is thrown", async () => {
    serve("", (res) => json(res, 503, { message: "down" }));
    const e = await rejectionOf(client("", { maxRetries: 1 }).projects.get("p1"));
    expect(e).toBeInstanceOf(ServerError);
    expect(isRetryable(e)).toBe(true);
    expect(isNotFound(e)).toBe(false);
    expect(checks()).toBe(2);
  });
});

describe("base URLs refused at construction", () => {
  const make = (baseUrl: string, token = TOKEN) => () => new DeployServiceClient({ baseUrl, token });
  test.each([
    ["https://api.example.com/api", /ends with \/api, a version prefix/],
    ["https://api.example.com/v1", /ends with \/v1, a version prefix/],
    ["https://api.example.com/api/v1/", /ends with \/v1, a version prefix/],
    ["https://api.example.com/gateway/V2", /ends with \/v2, a version prefix/],
    ["https://api.example.com/organization", /\/organization in its path, a path of the API itself/],
    ["https://api.example.com/gw/project/", /\/project in its path/],
    ["https://api.example.com/deploymentstage", /\/deploymentStage in its path/],
  ])("%s", (url, reason) => {
    expect(make(url)).toThrow(reason);
    expect(make(url)).toThrow(/DEPLOY_SERVICE_API_URL/);
    expect(make(url)).toThrow(/\(https:\/\/api\.example\.com\)/);
  });

  test.each([
    ["a query string", "https://api.example.com/?key=QSECRET42", /query string or a fragment/, "QSECRET42"],
    ["an empty query", "https://api.example.com/?", /query string or a fragment/, "?"],
    ["a fragment", "https://api.example.com/#FRAGSECRET", /query string or a fragment/, "FRAGSECRET"],
    ["credentials", "https://me:PWSECRET@api.example.com", /user:password@ credentials/, "PWSECRET"],
    ["a token instead of a URL", "tok_SWAPPED_9876", /is not a URL/, "tok_SWAPPED_9876"],
    ["another scheme", "ftp://files.example.com/x", /must start with http:\/\/ or https:\/\//, "files.example.com"],
    ["a token with a colon", "sk:COLONSECRET", /must start with http/, "COLONSECRET"],
  ])("%s: refused without quoting the value", (_name, url, reason, secretPart) => {
    let message = "";
    try {
      make(url)();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(reason);
    expect(message).toMatch(/DEPLOY_SERVICE_API_URL/);
    expect(message).not.toContain(secretPart);
  });

  test("swapped URL and token: the hint says so, neither value is quoted", () => {
    expect(make("tok_SWAPPED_9876", "https://api.example.com")).toThrow(/were the base URL and the token swapped/);
  });

  test.each(["https://api.example.com", "http://127.0.0.1:8080/", "https://example.com/deploy-service/", "https://example.com/apis"])(
    "%s is accepted", (url) => {
      expect(make(url)().baseUrl).toBe(url.replace(/\/+$/, ""));
    },
  );
});

describe("against the emulator", () => {
  const h = useEmulator();

  test("the right URL: not found, after exactly one check", async () => {
    const c = h().client({ maxRetries: 0 });
    for (const id of ["a", "b", "c"]) expect(isNotFound(await rejectionOf(c.projects.get(id)))).toBe(true);
    const paths = (await h().requests()).map((r) => `${r.method} ${r.path}`);
    expect(paths.filter((p) => p === "GET /organization")).toHaveLength(1);
  });

  test("a version prefix is refused; a path that 404s everywhere fails the check", async () => {
    expect(() => h().client({ baseUrl: `${h().emu.url}/api/v1` })).toThrow(/version prefix/);
    const c = h().client({ baseUrl: `${h().emu.url}/gateway`, maxRetries: 0 });
    const e = await rejectionOf(c.projects.delete("p1"));
    expect(e).toBeInstanceOf(ServiceMismatchError);
    expect(isNotFound(e)).toBe(false);
  });
});
