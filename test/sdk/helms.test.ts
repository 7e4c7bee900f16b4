/**
 * Helm charts and Helm repositories in the client (sdk/helms.ts, sdk/helm-repositories.ts, sdk/helm-rules.ts,
 * sdk/helm-values.ts): the paths and bodies, the Helm rules checked before anything is sent, credentials and inline
 * values kept out of messages, and the kind table's helm entry with its advanced-settings catalogue.
 */
import {
  HELM_ADVANCED_SETTINGS, HELM_REPOSITORY_KINDS, SERVICE_KINDS, helmChartNameProblem, helmChartVersionProblem, helmRepositoryUrlProblem,
  helmValuesYamlProblem, type HelmRequest,
} from "../../sdk";
import { readSharedReference } from "../shared-reference";
import { JSON_HEADERS, mockClient, rejectionOf, status } from "./support/helpers";

const PASSWORD = 'r3po_"Sëcret\\Pass/1&x=y';
const INLINE_SECRET = "db-password-Zq81xK";

const chartRequest: HelmRequest = {
  name: "ingress", source: { helm_repository: { repository: "r1", chart_name: "ingress-nginx", chart_version: "4.12.1" } },
  values_override: { set: [["controller.replicaCount", "2"]], file: { raw: { values: [{ name: "values.yaml", content: "a:\n  b: 1\n" }] } } },
};
const helmRecord = (id: string, extra: Record<string, unknown> = {}) => ({
  id, name: "ingress", created_at: "2025-01-01T00:00:00Z", environment: { id: "e1" }, auto_preview: false, auto_deploy: false,
  source: { repository: { chart_name: "ingress-nginx", chart_version: "4.12.1", repository: { id: "r1", name: "charts", url: "https://charts.example.com" } } },
  arguments: [], allow_cluster_wide_resources: false, values_override: { set: [["controller.replicaCount", "2"]] }, icon_uri: "x", service_type: "HELM",
  ...extra,
});
const repositoryRecord = (id: string, extra: Record<string, unknown> = {}) => ({
  id, name: "charts", kind: "HTTPS", url: "https://charts.example.com", created_at: "2025-01-01T00:00:00Z", skip_tls_verification: false, ...extra,
});

function recorder() {
  const { pool, client } = mockClient();
  const seen: string[] = [];
  const route = (method: string, path: string, statusCode: number, answer?: unknown) =>
    pool.intercept({ path, method }).reply((opts) => {
      seen.push(`${opts.method} ${opts.path} ${opts.body ? String(opts.body) : ""}`.trim());
      return { statusCode, data: answer === undefined ? "" : JSON.stringify(answer), responseOptions: { headers: JSON_HEADERS } };
    });
  const bodyOf = (i: number) => JSON.parse(seen[i]!.slice(seen[i]!.indexOf("{"))) as Record<string, unknown>;
  return { client, seen, route, bodyOf };
}

describe("client.helms", () => {
  test("records, actions, commits and history call the reference's paths, with the request in the service's spelling", async () => {
    const { client, seen, route, bodyOf } = recorder();
    route("POST", "/environment/e1/helm", 201, helmRecord("h1"));
    route("GET", "/helm/h1", 200, helmRecord("h1"));
    route("PUT", "/helm/h1", 200, helmRecord("h1"));
    route("POST", "/helm/h1/deploy", 202, status("QUEUED", { id: "h1" }));
    route("POST", "/helm/h1/uninstall", 202, status("QUEUED", { id: "h1" }));
    route("GET", "/helm/h1/status", 200, status("DEPLOYED", { id: "h1" }));
    route("GET", "/helm/h1/commit", 200, { results: [{ git_commit_id: "abc", created_at: "2025-01-01T00:00:00Z", message: "m", author_name: "a", tag: "" }] });
    route("GET", "/helm/h1/deploymentHistory", 200, { page: 1, page_size: 10, results: [{ id: "d1", created_at: "2025-01-01T00:00:00Z", status: "DEPLOYED", repository: { chart_name: "ingress-nginx", chart_version: "4.12.1" } }] });
    route("DELETE", "/helm/h1", 204);

    await expect(client.helms.create("e1", chartRequest)).resolves.toMatchObject({ id: "h1", source: { repository: { repository: { id: "r1" } } } });
    await client.helms.get("h1");
    await client.helms.update("h1", { ...chartRequest, source: { git_repository: { url: "https://github.com/acme/charts.git", root_path: "/charts/ingress" } } });
    await client.helms.deploy("h1", { chart_version: "4.12.2" });
    await client.helms.uninstall("h1");
    await expect(client.helms.status("h1")).resolves.toMatchObject({ state: "DEPLOYED" });
    await expect(client.helms.commits("h1")).resolves.toEqual([expect.objectContaining({ git_commit_id: "abc" })]);
    await expect(client.helms.deploymentHistory("h1")).resolves.toEqual([expect.objectContaining({ status: "DEPLOYED" })]);
    await client.helms.delete("h1");
    expect(seen.map((s) => s.split(" ").slice(0, 2).join(" "))).toEqual([
      "POST /environment/e1/helm", "GET /helm/h1", "PUT /helm/h1", "POST /helm/h1/deploy", "POST /helm/h1/uninstall", "GET /helm/h1/status",
      "GET /helm/h1/commit", "GET /helm/h1/deploymentHistory", "DELETE /helm/h1",
    ]);
    // The service requires auto_deploy, arguments and values_override: the client fills them in.
    expect(bodyOf(0)).toEqual({ ...chartRequest, auto_deploy: false, arguments: [] });
    expect(bodyOf(2)["source"]).toEqual({ git_repository: { url: "https://github.com/acme/charts.git", root_path: "/charts/ingress", provider: "GITHUB" } });
    expect(bodyOf(3)).toEqual({ chart_version: "4.12.2" });
  });

  test.each<[string, Partial<HelmRequest>, RegExp]>([
    ["a chart name in capitals", { source: { helm_repository: { repository: "r1", chart_name: "Nginx", chart_version: "1.0.0" } } }, /"source(\.helm_repository)?\.chart_name"|expected a Helm chart name/],
    ["a version that is no SemVer", { source: { helm_repository: { repository: "r1", chart_name: "nginx", chart_version: "latest" } } }, /SemVer/],
    ["both sources", { source: { helm_repository: { repository: "r1", chart_name: "nginx", chart_version: "1.0.0" }, git_repository: { url: "https://github.com/a/b" } } as never }, /"source"/],
    ["inline values with a tab", { values_override: { file: { raw: { values: [{ name: "v.yaml", content: `password: ${INLINE_SECRET}\n\tx: 1\n` }] } } } }, /line 2: a tab in the indentation/],
    ["a values file on a relative path", { values_override: { file: { git: { git_repository: { url: "https://github.com/a/b" }, paths: ["v.yaml"] } } } }, /starting with \//],
  ])("%s is refused before anything is sent, never quoting a value", async (_case, change, message) => {
    const { client } = mockClient();
    const e = await rejectionOf(client.helms.create("e1", { ...chartRequest, ...change }));
    expect(e.code).toBe("bad_request");
    expect(e.message).toMatch(message);
    expect(JSON.stringify({ m: e.message, s: String(e.stack) })).not.toContain(INLINE_SECRET);
  });

  test("a deploy names a version or a commit, not both", async () => {
    const { client } = mockClient();
    const e = await rejectionOf(client.helms.deploy("h1", { chart_version: "1.0.0", git_commit_id: "abc" }));
    expect(e.message).toMatch(/chart_version or git_commit_id, not both/);
  });

  test("the kind table's helm entry: its group, what the reference gives it, and its advanced-settings catalogue", () => {
    expect(SERVICE_KINDS.helm).toMatchObject({ group: "helms", has: ["gitSource", "advancedSettings", "customDomains", "deploymentRestrictions", "links", "deploys"] });
    const reference = readSharedReference<{ components: { schemas: Record<string, { properties: Record<string, unknown> }> } }>("the helm catalogue and kinds against the reference");
    if (reference === undefined) return;
    expect(Object.keys(HELM_ADVANCED_SETTINGS).sort()).toEqual(Object.keys(reference.components.schemas["HelmAdvancedSettings"]!.properties).sort());
    expect([...HELM_REPOSITORY_KINDS]).toEqual((reference.components.schemas["HelmRepositoryKindEnum"] as unknown as { enum: string[] }).enum);
  });
});

describe("client.helmRepositories", () => {
  test("records, charts, associated services and available kinds; credentials sent, never read back", async () => {
    const { client, route, bodyOf } = recorder();
    route("POST", "/organization/o1/helmRepository", 201, repositoryRecord("r1"));
    route("GET", "/organization/o1/helmRepository/r1", 200, repositoryRecord("r1", { config: { username: "bot", password: PASSWORD } }));
    route("GET", "/organization/o1/helmRepository/r1/charts?chartName=redis", 200, { results: [{ chart_name: "redis", versions: ["20.1.0"] }] });
    route("GET", "/organization/o1/helmRepository/r1/associatedServices", 200, { results: [{ service_id: "h1", service_name: "ingress", service_type: "HELM" }] });
    route("GET", "/availableHelmRepository", 200, { results: [{ kind: "HTTPS", required_config: {}, is_mandatory: false }] });
    await client.helmRepositories.create("o1", { name: "charts", kind: "HTTPS", url: "https://charts.example.com", config: { username: "bot", password: PASSWORD } });
    expect((await client.helmRepositories.get("o1", "r1")).config).toEqual({ username: "bot" });
    await expect(client.helmRepositories.charts("o1", "r1", "redis")).resolves.toEqual([{ chart_name: "redis", versions: ["20.1.0"] }]);
    await expect(client.helmRepositories.associatedServices("o1", "r1")).resolves.toEqual([expect.objectContaining({ service_id: "h1" })]);
    await expect(client.helmRepositories.available()).resolves.toEqual([expect.objectContaining({ kind: "HTTPS" })]);
    expect(bodyOf(0)).toEqual({ name: "charts", kind: "HTTPS", url: "https://charts.example.com", skip_tls_verification: false, config: { username: "bot", password: PASSWORD } });
  });

  test.each([
    ["an OCI kind over https", "OCI_DOCKER_HUB", "https://registry-1.docker.io/bitnamicharts", /expected an oci:\/\/ URL for a OCI_DOCKER_HUB repository/],
    ["HTTPS at an oci:// address", "HTTPS", "oci://ghcr.io/acme", /expected an https:\/\/ URL for a HTTPS repository/],
    ["a password in the URL", "HTTPS", `https://bot:${encodeURIComponent(PASSWORD)}@charts.example.com`, /without credentials/],
  ])("%s is refused before anything is sent, the password never quoted", async (_case, kind, url, message) => {
    const { client } = mockClient();
    const e = await rejectionOf(client.helmRepositories.create("o1", { name: "c", kind: kind as "HTTPS", url, config: { password: PASSWORD } }));
    expect(e.code).toBe("bad_request");
    expect(e.message).toMatch(message);
    const text = [e.message, String(e.stack), JSON.stringify({ ...e })].join("\n");
    for (const form of [PASSWORD, encodeURIComponent(PASSWORD), JSON.stringify(PASSWORD).slice(1, -1)]) expect(text).not.toContain(form);
  });
});

describe("the Helm rules", () => {
  test.each(["ingress-nginx", "redis", "kube-prometheus-stack", "cert-manager", "a", "my_chart.v2"])("%s is a chart name", (name) => {
    expect(helmChartNameProblem(name)).toBeUndefined();
  });
  test.each(["Nginx", "charts/redis", "-lead", "trail-", "", "sp ace", "x".repeat(251)])("%j is no chart name", (name) => {
    expect(helmChartNameProblem(name)).toMatch(/expected a Helm chart name/);
  });
  test.each(["4.12.1", "v1.0.0-rc.1+build.5", "^4.12", "~1.2.3", ">=4.0.0 <5.0.0", "1.2.x", "*", "1.0 - 1.4.5", "^1.2 || ^2.0", ">= 1.2, < 2"])("%s is a version or constraint", (v) => {
    expect(helmChartVersionProblem(v)).toBeUndefined();
  });
  test.each(["latest", "1.2.3.4", "=>1.2", "", "v", "1.2.3-", "^^1", ">=1.0 ||"])("%j is neither", (v) => {
    expect(helmChartVersionProblem(v)).toMatch(/SemVer/);
  });
  test("a URL's scheme follows the kind, and no credentials are written in it", () => {
    expect(helmRepositoryUrlProblem("HTTPS", "https://charts.example.com/stable")).toBeUndefined();
    expect(helmRepositoryUrlProblem("OCI_GITHUB_CR", "oci://ghcr.io/acme/charts")).toBeUndefined();
    expect(helmRepositoryUrlProblem("OCI_ECR", "https://1.dkr.ecr.eu-west-3.amazonaws.com")).toMatch(/oci:\/\//);
    expect(helmRepositoryUrlProblem("HTTPS", "https://token@charts.example.com")).toMatch(/without credentials/);
    expect(helmRepositoryUrlProblem("HTTPS", "https://")).toMatch(/https:\/\//);
  });
  test.each([
    ["a nested mapping with lists, a block scalar and flow collections", "a:\n  b: [1,\n    2]\n  c:\n  - x: 1\n    y: 2\n  - z\ns: |\n  k: v\n  k: v\n", undefined],
    ["comments and a document start", "# values\n---\na: 1 # one\nb: 'it''s'\n", undefined],
    ["nothing", "", undefined],
    ["a scalar", "hello", /^line 1: expected a mapping/],
    ["a list", "- a\n", /^line 1: expected a mapping of values \(key: value\), not a list/],
    ["a tab", "a:\n\tb: 1\n", /^line 2: a tab/],
    ["a key twice", "a: 1\nb: 2\na: 3\n", /^line 3: a key given twice/],
    ["a dedent to no level", "a:\n    b: 1\n  c: 2\n", /^line 3: the indentation matches no enclosing level/],
    ["an unclosed flow list", "a: [1, 2\nb: 3\n", /^line 1: a flow collection/],
    ["an unclosed quote", 'a: "abc\nb: 2\n', /^line 1: a quoted value opened here is never closed/],
    ["text where a key belongs", "a: 1\nnot a key\n", /^line 2: expected `key: value`/],
  ])("inline values: %s", (_case, text, expected) => {
    const problem = helmValuesYamlProblem(text);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(expected);
  });
});
