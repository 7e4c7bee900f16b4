/**
 * The team endpoints of the sdk (issue 19) against a scripted server: the secrets an answer holds (a created API
 * token, a kubeconfig and its credential) never appear in a later message of the client; a lost token create found
 * by name is not sent again; a scope the organization has no role for fails before sending, naming the roles; the
 * kubeconfig is returned as text, its options sent as query; the organization edit sends the fields it does not change.
 */
import { DeployServiceClient, isUnconfirmedCreate, kubeconfigCredentials } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { ORGANIZATIONS, json, startServer, text, type Seen, type TestServer } from "./support/http-server";

const CREATED_TOKEN = "qov_live_9f8e7d6c5b4a39281706";
const K8S_TOKEN = "k8s-bearer-0123456789abcdef";
const KUBECONFIG = `apiVersion: v1\nkind: Config\nusers:\n- name: admin\n  user:\n    token: ${K8S_TOKEN}\n`;
const ROLES = { results: [{ id: "r-read", name: "Read" }, { id: "r-viewer", name: "Viewer" }] };

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server.close(); });
beforeEach(() => { server.seen.length = 0; });

function client(): DeployServiceClient {
  return new DeployServiceClient({ baseUrl: server.url, token: "tk_test_token", dispatcher: server.agent, pacing: false, maxRetries: 1, retryBaseDelayMs: 1, retryMaxDelayMs: 2 });
}

/** Answers `routes[METHOD path]`; anything else is a 400 echoing every secret the server has handed out. */
function serve(routes: Record<string, (req: Seen, res: Parameters<typeof json>[0]) => void>): void {
  server.handle = (req, res) => {
    const route = routes[`${req.method} ${req.url.split("?")[0]}`];
    if (req.method === "GET" && req.url === "/organization") json(res, 200, ORGANIZATIONS);
    else if (route) route(req, res);
    else json(res, 400, { status: 400, error: "Bad Request", message: `refused: token ${CREATED_TOKEN}, kubeconfig ${KUBECONFIG}` });
  };
}

describe("secrets in answers", () => {
  it("a created token's value is answered once and never repeated in a later error", async () => {
    serve({
      "GET /organization/o1/availableRole": (_q, res) => json(res, 200, ROLES),
      "POST /organization/o1/apiToken": (_q, res) => json(res, 201, { id: "t1", created_at: "2026-01-01T00:00:00Z", name: "ci", role_id: "r-read", role_name: "Read", token: CREATED_TOKEN }),
    });
    const c = client();
    const made = await c.apiTokens.create("o1", { name: "ci", scope: "Read" });
    expect(made.token).toBe(CREATED_TOKEN);
    expect(JSON.parse(server.seen.find((s) => s.method === "POST")?.body ?? "{}")).toEqual({ name: "ci", role_id: "r-read" });
    const later = await rejectionOf(c.projects.create("o1", { name: "x" }));
    expect(later.message).toContain("refused: token ***");
    expect(later.message).not.toContain(CREATED_TOKEN);
  });

  it("a kubeconfig is returned as text, and neither it nor its credential is repeated later", async () => {
    serve({ "GET /organization/o1/cluster/c1/kubeconfig": (_q, res) => text(res, 200, KUBECONFIG, "application/x-yaml") });
    const c = client();
    expect(await c.clusters.kubeconfig("o1", "c1", { readOnly: true })).toBe(KUBECONFIG);
    const asked = server.seen.find((s) => s.url.startsWith("/organization/o1/cluster/c1/kubeconfig"));
    expect(asked?.url).toBe("/organization/o1/cluster/c1/kubeconfig?read_only=true");
    expect(kubeconfigCredentials(KUBECONFIG)).toEqual([K8S_TOKEN]);
    const later = await rejectionOf(c.projects.create("o1", { name: "x" }));
    expect(later.message).not.toContain(K8S_TOKEN);
    expect(later.message).toContain("***");
  });
});

describe("API token creates", () => {
  it("a lost answer whose token exists by name fails unconfirmed, without sending the create again or quoting a value", async () => {
    let posts = 0;
    serve({
      "GET /organization/o1/availableRole": (_q, res) => json(res, 200, ROLES),
      "POST /organization/o1/apiToken": (_q, res) => { posts++; res.destroy(); },
      "GET /organization/o1/apiToken": (_q, res) => json(res, 200, { results: [{ id: "t9", created_at: "2026-01-01T00:00:00Z", name: "ci" }] }),
    });
    const e = await rejectionOf(client().apiTokens.create("o1", { name: "ci", scope: "Read" }));
    expect([isUnconfirmedCreate(e), posts]).toEqual([true, 1]);
    expect(e.message).toContain("t9");
  });

  it("a scope without a role of that name fails before the create, naming the roles there are", async () => {
    serve({ "GET /organization/o1/availableRole": (_q, res) => json(res, 200, ROLES) });
    const e = await rejectionOf(client().apiTokens.create("o1", { name: "ci", scope: "Deploy" }));
    expect(e.message).toContain('no role named "Deploy" (its roles: "Read", "Viewer")');
    expect(server.seen.filter((s) => s.method === "POST")).toEqual([]);
  });

  it("Admin without an Admin role falls back to the deprecated scope ADMIN with role_id null", async () => {
    serve({
      "GET /organization/o1/availableRole": (_q, res) => json(res, 200, ROLES),
      "POST /organization/o1/apiToken": (_q, res) => json(res, 201, { id: "t2", created_at: "2026-01-01T00:00:00Z", name: "root", token: CREATED_TOKEN }),
    });
    await client().apiTokens.create("o1", { name: "root", scope: "Admin" });
    expect(JSON.parse(server.seen.find((s) => s.method === "POST")?.body ?? "{}")).toEqual({ name: "root", scope: "ADMIN", role_id: null });
  });
});

describe("organization edit", () => {
  it("sends the current values of the fields it does not change, with name and plan", async () => {
    const current = { id: "o1", created_at: "2026-01-01T00:00:00Z", name: "acme", plan: "TEAM_2025", description: "shop", website_url: "https://acme.example", admin_emails: ["a@acme.example"], logo_url: null };
    serve({
      "GET /organization/o1": (_q, res) => json(res, 200, current),
      "PUT /organization/o1": (req, res) => json(res, 200, { ...current, ...JSON.parse(req.body) }),
    });
    await client().organizations.update("o1", { description: "renamed", logo_url: "https://acme.example/l.png" });
    const sent = JSON.parse(server.seen.find((s) => s.method === "PUT")?.body ?? "{}");
    expect(sent).toEqual({
      name: "acme", plan: "TEAM_2025", description: "renamed", website_url: "https://acme.example", admin_emails: ["a@acme.example"],
      logo_url: "https://acme.example/l.png",
    });
  });
});
