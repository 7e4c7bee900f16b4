/**
 * Container registries (sdk/container-registries.ts): the CRUD paths and bodies, what each kind requires before
 * anything is sent, and credentials that never come back in a record nor appear in an error.
 */
import { CONTAINER_REGISTRY_KINDS, containerRegistryProblems, type ContainerRegistryRequest } from "../../sdk";
import { JSON_HEADERS, mockClient, rejectionOf, socketClosed } from "./support/helpers";

const PASSWORD = 'dckr_pat_"Sëcret\\Pass/1&x=y';
const SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYSECRETKEY";
const JSON_CREDENTIALS = JSON.stringify({ type: "service_account", private_key: "-----BEGIN PRIVATE KEY-----\nMIIEvQ==\n-----END" });
const SECRETS = [PASSWORD, SECRET_KEY, JSON_CREDENTIALS];

const dockerHub: ContainerRegistryRequest = { name: "hub", kind: "DOCKER_HUB", config: { username: "acme", password: PASSWORD } };
const registry = (id: string, name = "hub", extra: Record<string, unknown> = {}) => ({
  id, name, kind: "DOCKER_HUB", url: "https://docker.io", created_at: "2025-01-01T00:00:00Z", config: { username: "acme" }, ...extra,
});

/** Every spelling of a secret an error could carry: raw, JSON-escaped, URL-encoded. */
function spellings(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

function expectNoSecret(error: unknown): void {
  const e = error as Error & Record<string, unknown>;
  const text = [e.message, String(e.stack), JSON.stringify({ ...e }), String(e.cause ?? "")].join("\n");
  for (const secret of SECRETS) {
    for (const form of spellings(secret)) expect(text).not.toContain(form);
  }
}

describe("container registries: paths and bodies", () => {
  test("list, create, get, update and delete call the organization's registry paths", async () => {
    const { pool, client } = mockClient();
    const seen: string[] = [];
    const route = (method: string, path: string, status: number, answer?: unknown) =>
      pool.intercept({ path, method }).reply((opts) => {
        seen.push(`${opts.method} ${opts.path} ${opts.body ? String(opts.body) : ""}`.trim());
        return { statusCode: status, data: answer === undefined ? "" : JSON.stringify(answer), responseOptions: { headers: JSON_HEADERS } };
      });
    route("GET", "/organization/o1/containerRegistry", 200, { results: [registry("r1")] });
    route("POST", "/organization/o1/containerRegistry", 201, registry("r1"));
    route("GET", "/organization/o1/containerRegistry/r1", 200, registry("r1"));
    route("PUT", "/organization/o1/containerRegistry/r1", 200, registry("r1", "hub2"));
    route("DELETE", "/organization/o1/containerRegistry/r1", 204);

    await expect(client.containerRegistries.list("o1")).resolves.toEqual([expect.objectContaining({ id: "r1", kind: "DOCKER_HUB" })]);
    await expect(client.containerRegistries.create("o1", { name: "hub", kind: "DOCKER_HUB" })).resolves.toMatchObject({ id: "r1" });
    await expect(client.containerRegistries.get("o1", "r1")).resolves.toMatchObject({ name: "hub", config: { username: "acme" } });
    await expect(client.containerRegistries.update("o1", "r1", { ...dockerHub, name: "hub2" })).resolves.toMatchObject({ name: "hub2" });
    await expect(client.containerRegistries.delete("o1", "r1")).resolves.toBeUndefined();
    expect(seen.map((s) => s.split(" ").slice(0, 2).join(" "))).toEqual([
      "GET /organization/o1/containerRegistry", "POST /organization/o1/containerRegistry",
      "GET /organization/o1/containerRegistry/r1", "PUT /organization/o1/containerRegistry/r1",
      "DELETE /organization/o1/containerRegistry/r1",
    ]);
    // `config` defaults to {} (the service requires it); the PUT is the full body, credentials included.
    expect(JSON.parse(seen[1]!.slice(seen[1]!.indexOf("{")))).toEqual({ name: "hub", kind: "DOCKER_HUB", config: {} });
    expect(JSON.parse(seen[3]!.slice(seen[3]!.indexOf("{")))).toEqual({ ...dockerHub, name: "hub2" });
  });

  test("a record never carries credentials, even when an answer holds them", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/organization/o1/containerRegistry/r1", method: "GET" }).reply(200, registry("r1", "ecr", {
      kind: "ECR", config: { region: "eu-west-3", access_key_id: "AKIA", secret_access_key: SECRET_KEY, password: PASSWORD, json_credentials: "{}" },
    }), { headers: JSON_HEADERS });
    const record = await client.containerRegistries.get("o1", "r1");
    expect(record.config).toEqual({ region: "eu-west-3", access_key_id: "AKIA" });
  });

  test("an unknown kind from the service is kept as a string", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/organization/o1/containerRegistry/r1", method: "GET" })
      .reply(200, registry("r1", "q", { kind: "QUAY_CR", config: null }), { headers: JSON_HEADERS });
    await expect(client.containerRegistries.get("o1", "r1")).resolves.toMatchObject({ kind: "QUAY_CR", config: null });
  });

  test("a lost create is recovered by name and not sent twice", async () => {
    const { pool, client } = mockClient();
    let posts = 0;
    pool.intercept({ path: "/organization/o1/containerRegistry", method: "POST" }).reply(() => {
      posts++;
      throw socketClosed();
    });
    pool.intercept({ path: "/organization/o1/containerRegistry", method: "GET" })
      .reply(200, { results: [registry("r0", "other"), registry("r1", "hub")] }, { headers: JSON_HEADERS });
    await expect(client.containerRegistries.create("o1", dockerHub)).resolves.toMatchObject({ id: "r1" });
    expect(posts).toBe(1);
  });
});

describe("what each kind requires, checked before sending", () => {
  test("the kinds are the reference's, DOCR included", () => {
    expect(CONTAINER_REGISTRY_KINDS).toEqual([
      "ECR", "SCALEWAY_CR", "DOCKER_HUB", "GITHUB_CR", "GITHUB_ENTERPRISE_CR", "GITLAB_CR", "PUBLIC_ECR", "DOCR", "GENERIC_CR",
      "GCP_ARTIFACT_REGISTRY", "AZURE_CR",
    ]);
  });

  test.each<[string, ContainerRegistryRequest, RegExp]>([
    ["DOCR", { name: "do", kind: "DOCR", url: "https://registry.digitalocean.com" }, /request field "kind": expected a supported kind: the service no longer supports DOCR/],
    ["an unknown kind", { name: "q", kind: "QUAY" as never }, /request field "kind": expected one of "ECR"/],
    ["ECR without region", { name: "e", kind: "ECR", url: "https://1.dkr.ecr.eu-west-3.amazonaws.com", config: { access_key_id: "A", secret_access_key: SECRET_KEY } }, /"config\.region": expected "region" \(required for ECR\)/],
    ["ECR without credentials", { name: "e", kind: "ECR", url: "https://1.dkr.ecr.eu-west-3.amazonaws.com", config: { region: "eu-west-3" } }, /"config\.access_key_id": expected one of "access_key_id", "role_arn"/],
    ["ECR key id without its secret", { name: "e", kind: "ECR", url: "https://x.example.com", config: { region: "r", access_key_id: "A" } }, /"config\.secret_access_key": expected "secret_access_key" with "access_key_id"/],
    ["Scaleway without its secret key", { name: "s", kind: "SCALEWAY_CR", url: "https://rg.fr-par.scw.cloud", config: { region: "fr-par", scaleway_access_key: "k" } }, /"config\.scaleway_secret_key": expected "scaleway_secret_key" \(required for SCALEWAY_CR\)/],
    ["GCP without credentials", { name: "g", kind: "GCP_ARTIFACT_REGISTRY", url: "https://europe-docker.pkg.dev", config: { region: "europe" } }, /"config\.json_credentials": expected one of "json_credentials", "gcp_credentials_type"/],
    ["a generic registry without url", { name: "g", kind: "GENERIC_CR" }, /request field "url": expected the registry's https:\/\/ URL \(required for GENERIC_CR\)/],
    ["an http:// url", { name: "g", kind: "GENERIC_CR", url: "http://registry.example.com" }, /request field "url": expected an https:\/\/ URL/],
    ["Docker Hub at another url", { name: "h", kind: "DOCKER_HUB", url: "https://hub.example.com" }, /request field "url": expected https:\/\/docker\.io for DOCKER_HUB/],
    ["a password that is not a string", { name: "h", kind: "DOCKER_HUB", config: { password: 12 as never } }, /request field "config\.password": expected string, got number/],
  ])("%s is refused locally", async (_case, request, message) => {
    const { client } = mockClient();
    const e = await rejectionOf(client.containerRegistries.create("o1", request));
    expect(e.code).toBe("bad_request");
    expect(e.message).toMatch(message);
    expectNoSecret(e);
  });

  test("the public registries' URLs may be given or left out", () => {
    expect(containerRegistryProblems("DOCKER_HUB", undefined, {})).toEqual([]);
    expect(containerRegistryProblems("GITHUB_CR", "https://ghcr.io/", {})).toEqual([]);
    expect(containerRegistryProblems("GITLAB_CR", "https://registry.gitlab.com", { username: "u", password: "p" })).toEqual([]);
    expect(containerRegistryProblems("PUBLIC_ECR", "https://public.ecr.aws", {})).toEqual([]);
    expect(containerRegistryProblems("ECR", "https://1.dkr.ecr.eu-west-3.amazonaws.com", { region: "r", role_arn: "arn:aws:iam::1:role/x" })).toEqual([]);
    expect(containerRegistryProblems("GCP_ARTIFACT_REGISTRY", "https://europe-docker.pkg.dev", { region: "europe", json_credentials: "{}" })).toEqual([]);
  });
});

describe("registry credentials never appear in an error", () => {
  const ecr: ContainerRegistryRequest = {
    name: "ecr", kind: "ECR", url: "https://1.dkr.ecr.eu-west-3.amazonaws.com",
    config: { region: "eu-west-3", access_key_id: "AKIAEXAMPLE", secret_access_key: SECRET_KEY, password: PASSWORD },
  };
  const gcp: ContainerRegistryRequest = {
    name: "gcp", kind: "GCP_ARTIFACT_REGISTRY", url: "https://europe-docker.pkg.dev", config: { region: "europe", json_credentials: JSON_CREDENTIALS },
  };
  const echo = (opts: { method: string; path: string; body?: unknown }) =>
    ({ message: `refused ${opts.method} ${opts.path}: ${String(opts.body)} / ${encodeURIComponent(String(opts.body))}` });

  test("a local refusal of a request holding the password", async () => {
    const { client } = mockClient();
    expectNoSecret(await rejectionOf(client.containerRegistries.create("o1", { ...dockerHub, name: "" })));
    expectNoSecret(await rejectionOf(client.containerRegistries.create("o1", { ...ecr, kind: "ECR", config: { ...ecr.config, region: PASSWORD as never, token_lifetime_seconds: PASSWORD as never } })));
  });

  test.each([["Docker Hub", dockerHub], ["ECR", ecr], ["GCP", gcp]])("a 400 that echoes the %s create body", async (_kind, request) => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/organization/o1/containerRegistry", method: "POST" })
      .reply((opts) => ({ statusCode: 400, data: JSON.stringify(echo(opts)), responseOptions: { headers: JSON_HEADERS } }));
    const e = await rejectionOf(client.containerRegistries.create("o1", request));
    expect(e.code).toBe("bad_request");
    expect(e.message).toContain("***");
    expectNoSecret(e);
  });

  test("a 500 that echoes the update body, after retries", async () => {
    const { pool, client } = mockClient({ maxRetries: 1 });
    pool.intercept({ path: "/organization/o1/containerRegistry/r1", method: "PUT" })
      .reply((opts) => ({ statusCode: 500, data: JSON.stringify(echo(opts)), responseOptions: { headers: JSON_HEADERS } })).times(2);
    const e = await rejectionOf(client.containerRegistries.update("o1", "r1", ecr));
    expect(e.code).toBe("server_error");
    expectNoSecret(e);
  });

  test("a lost create whose lookup fails", async () => {
    const { pool, client } = mockClient({ maxRetries: 0 });
    pool.intercept({ path: "/organization/o1/containerRegistry", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/organization/o1/containerRegistry", method: "GET" })
      .reply(500, { message: `lookup failed; last body had password ${PASSWORD}` }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.containerRegistries.create("o1", dockerHub));
    expect(e.code).toBe("unconfirmed_create");
    expect(e.message).toContain('container registry "hub"');
    expectNoSecret(e);
  });

  test("a later failed deploy whose log lines print the registry password", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/organization/o1/containerRegistry", method: "POST" }).reply(201, registry("r1"), { headers: JSON_HEADERS });
    await client.containerRegistries.create("o1", dockerHub);
    pool.intercept({ path: "/container/c1/status", method: "GET" })
      .reply(200, { id: "c1", state: "DEPLOYMENT_ERROR", status_details: { status: "ERROR" } }, { headers: JSON_HEADERS });
    pool.intercept({ path: (p) => p.startsWith("/container/c1/log"), method: "GET" })
      .reply(200, { results: [{ message: `pull failed: login acme:${PASSWORD} refused` }] }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.waitForContainer("c1", { timeoutMs: 1000 }));
    expect(e.code).toBe("deployment_failed");
    expect(e.logLines).toEqual(["pull failed: login acme:*** refused"]);
    expectNoSecret(e);
  });
});
