/**
 * Containers (sdk/containers.ts): the requests each call sends (method, path, body), what is refused before sending,
 * a lost create recovered by name, and waitForContainer.
 */
import {
  CONTAINER_ADVANCED_SETTINGS, CONTAINER_DEFAULTS, advancedSettingKeysOf, type ContainerCreateRequest, type DeployServiceClient,
} from "../../sdk";
import { JSON_HEADERS, mockClient, rejectionOf, socketClosed, status } from "./support/helpers";

interface Sent { method: string; path: string; body: unknown }

/** A mock service answering `method path` (a `?query` included) with `answer`, recording what was sent. */
function service() {
  const mock = mockClient();
  const sent: Sent[] = [];
  const answer = (method: string, path: string, code: number, body?: unknown) =>
    mock.pool.intercept({ path, method }).reply((opts) => {
      sent.push({ method: opts.method, path: opts.path, body: opts.body === undefined || opts.body === null ? undefined : JSON.parse(String(opts.body)) });
      return { statusCode: code, data: body === undefined ? "" : JSON.stringify(body), responseOptions: { headers: JSON_HEADERS } };
    });
  return { ...mock, sent, answer };
}

const web: ContainerCreateRequest = { name: "web", registry_id: "r1", image_name: "nginx", tag: "1.27" };
const container = (id: string, name = "web", extra: Record<string, unknown> = {}) => ({
  id, name, environment: { id: "e1" }, registry: { id: "r1", name: "hub", url: "https://docker.io", kind: "DOCKER_HUB" },
  image_name: "nginx", tag: "1.27", cpu: 500, memory: 512, gpu: 0, maximum_cpu: 4000, maximum_memory: 8192, maximum_gpu: 0,
  min_running_instances: 1, max_running_instances: 1, healthchecks: {}, auto_preview: false, icon_uri: "app://x",
  service_type: "CONTAINER", ports: [{ id: "p1", internal_port: 80, publicly_accessible: true, protocol: "HTTP" }], ...extra,
});

describe("container requests", () => {
  test("list, create, get, update and delete", async () => {
    const { client, sent, answer } = service();
    answer("GET", "/environment/e1/container", 200, { results: [container("c1")] });
    answer("POST", "/environment/e1/container", 201, container("c1"));
    answer("GET", "/container/c1", 200, container("c1"));
    answer("PUT", "/container/c1", 200, container("c1", "web", { tag: "1.28" }));
    answer("DELETE", "/container/c1", 204);

    await expect(client.containers.list("e1")).resolves.toEqual([expect.objectContaining({ id: "c1", image_name: "nginx" })]);
    await expect(client.containers.create("e1", { ...web, ports: [{ internal_port: 80, publicly_accessible: true }] }))
      .resolves.toMatchObject({ id: "c1", registry: { kind: "DOCKER_HUB" } });
    await expect(client.containers.get("c1")).resolves.toMatchObject({ tag: "1.27" });
    await expect(client.containers.update("c1", { ...web, tag: "1.28", healthchecks: {}, ports: [{ id: "p1", internal_port: 80, publicly_accessible: true, protocol: "HTTP" }] }))
      .resolves.toMatchObject({ tag: "1.28" });
    await expect(client.containers.delete("c1")).resolves.toBeUndefined();

    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "GET /environment/e1/container", "POST /environment/e1/container", "GET /container/c1", "PUT /container/c1", "DELETE /container/c1",
    ]);
    // healthchecks defaults to {} on a create (the service requires it).
    expect(sent[1]!.body).toEqual({ ...web, healthchecks: {}, ports: [{ internal_port: 80, publicly_accessible: true }] });
    expect(sent[3]!.body).toMatchObject({ tag: "1.28", healthchecks: {}, ports: [{ id: "p1", protocol: "HTTP" }] });
  });

  test("status, deploy (current tag, or an image_tag), stop, redeploy and restart", async () => {
    const { client, sent, answer } = service();
    answer("GET", "/container/c1/status", 200, status("DEPLOYED"));
    for (const action of ["deploy", "deploy", "stop", "redeploy", "restart-service"]) answer("POST", `/container/c1/${action}`, 202, status("QUEUED"));

    await expect(client.containers.status("c1")).resolves.toMatchObject({ state: "DEPLOYED" });
    await expect(client.containers.deploy("c1")).resolves.toMatchObject({ state: "QUEUED" });
    await expect(client.containers.deploy("c1", { image_tag: "1.28" })).resolves.toMatchObject({ state: "QUEUED" });
    await client.containers.stop("c1");
    await client.containers.redeploy("c1");
    await client.containers.restart("c1");
    expect(sent).toEqual([
      { method: "GET", path: "/container/c1/status", body: undefined },
      { method: "POST", path: "/container/c1/deploy", body: undefined },
      { method: "POST", path: "/container/c1/deploy", body: { image_tag: "1.28" } },
      { method: "POST", path: "/container/c1/stop", body: undefined },
      { method: "POST", path: "/container/c1/redeploy", body: undefined },
      { method: "POST", path: "/container/c1/restart-service", body: undefined },
    ]);
  });

  test("logs: tail is sent and kept", async () => {
    const { client, sent, answer } = service();
    answer("GET", "/container/c1/log?tail=2", 200, { results: [{ message: "a" }, { message: "b" }, { message: "c" }] });
    const lines = await client.containers.logs("c1", { tail: 2 });
    expect(lines.map((l) => l.message)).toEqual(["b", "c"]);
    expect(sent.map((s) => s.path)).toEqual(["/container/c1/log?tail=2"]);
    await expect(client.containers.logs("c1", { tail: -1 })).rejects.toThrow(/option "tail": expected a non-negative integer/);
  });

  test("advanced settings: the container catalogue's keys are checked, aliases sent in the service's spelling", async () => {
    const { client, sent, answer } = service();
    const all = Object.fromEntries(Object.entries(CONTAINER_ADVANCED_SETTINGS).map(([k, s]) => [k, s.default]));
    answer("GET", "/container/c1/advancedSettings", 200, all);
    answer("PUT", "/container/c1/advancedSettings", 201, all);
    await expect(client.containers.getAdvancedSettings("c1")).resolves.toMatchObject({ "network.ingress.proxy_request_buffering": "on" });
    await client.containers.updateAdvancedSettings("c1", { "deployment.antiaffinity.pod": "Required", "network.ingress.proxy_request_buffering": "off" });
    expect(sent[1]).toEqual({
      method: "PUT", path: "/container/c1/advancedSettings",
      body: { "deployment.antiaffinity.pod": "Requirred", "network.ingress.proxy_request_buffering": "off" },
    });
    const e = await rejectionOf(client.containers.updateAdvancedSettings("c1", { "network.ingress.proxy_request_buffering": "maybe" as never }));
    expect(e.message).toMatch(/request field "network\.ingress\.proxy_request_buffering": expected one of "on", "off"/);
    expect(sent).toHaveLength(2);
  });

  test("the container catalogue: common and long-running keys, no build or lifecycle-command key", () => {
    const keys = advancedSettingKeysOf("container");
    expect(keys).toContain("network.ingress.proxy_request_buffering");
    expect(keys).toContain("hpa.cpu.average_utilization_percent");
    expect(keys).toContain("security.read_only_root_filesystem");
    expect(keys.filter((k) => k.startsWith("build.") || k.startsWith("deployment.lifecycle."))).toEqual([]);
    expect(keys).toHaveLength(41); // as many as the reference's ContainerAdvancedSettings lists
  });

  test("variables and secrets of a container", async () => {
    const { client, sent, answer } = service();
    answer("POST", "/container/c1/environmentVariable", 201, { id: "v1", key: "PORT", value: "80", scope: "CONTAINER" });
    answer("PUT", "/container/c1/environmentVariable/v1", 200, { id: "v1", key: "PORT", value: "81", scope: "CONTAINER" });
    answer("POST", "/container/c1/secret", 201, { id: "s1", key: "API_KEY", scope: "CONTAINER" });
    answer("DELETE", "/container/c1/secret/s1", 204);
    await client.containers.variables.create("c1", { key: "PORT", value: "80" });
    await client.containers.variables.update("c1", "v1", { key: "PORT", value: "81" });
    await expect(client.containers.secrets.create("c1", { key: "API_KEY", value: "k" })).resolves.not.toHaveProperty("value");
    await client.containers.secrets.delete("c1", "s1");
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "POST /container/c1/environmentVariable", "PUT /container/c1/environmentVariable/v1", "POST /container/c1/secret", "DELETE /container/c1/secret/s1",
    ]);
  });

  test("auto-deploy of an image's new tag across the organization", async () => {
    const { client, sent, answer } = service();
    answer("POST", "/organization/o1/container/deploy", 202, status("QUEUED"));
    await expect(client.containers.autoDeploy("o1", { image_name: "nginx", tag: "1.28" })).resolves.toMatchObject({ state: "QUEUED" });
    expect(sent).toEqual([{ method: "POST", path: "/organization/o1/container/deploy", body: { image_name: "nginx", tag: "1.28" } }]);
  });

  test("defaults are the reference's", () => {
    expect(CONTAINER_DEFAULTS).toMatchObject({ cpu: 500, memory: 512, gpu: 0, min_running_instances: 1, max_running_instances: 1, healthchecks: {} });
  });
});

describe("refused before sending", () => {
  test.each<[string, (c: DeployServiceClient) => Promise<unknown>, RegExp]>([
    ["a tag in the image name", (c) => c.containers.create("e1", { ...web, image_name: "nginx:1.27" }), /request field "image_name": expected an image name .*got a tag/],
    ["a registry host in the image name", (c) => c.containers.create("e1", { ...web, image_name: "ghcr.io/acme/api" }), /request field "image_name": .*"ghcr\.io" is a registry host/],
    ["an uppercase image name", (c) => c.containers.update("c1", { name: "web", registry_id: "r1", image_name: "Acme/api", tag: "1", healthchecks: {} }), /request field "image_name": .*"Acme" holds uppercase letters/],
    ["a bad tag", (c) => c.containers.create("e1", { ...web, tag: "-rc1" }), /request field "tag": expected an image tag .*starting with "-"/],
    ["a bad deploy tag", (c) => c.containers.deploy("c1", { image_tag: "v 2" }), /request field "image_tag": expected an image tag/],
    ["no registry", (c) => c.containers.create("e1", { ...web, registry_id: "" }), /request field "registry_id": expected length at least 1/],
    ["an edit without healthchecks", (c) => c.containers.update("c1", web as never), /request field "healthchecks": expected object, got nothing/],
    ["an edit port without protocol", (c) => c.containers.update("c1", { ...web, healthchecks: {}, ports: [{ internal_port: 80, publicly_accessible: true }] as never }), /request field "ports\[0\]\.protocol"/],
    ["a negative gpu", (c) => c.containers.create("e1", { ...web, gpu: -1 }), /request field "gpu": expected at least 0/],
    ["an unknown architecture", (c) => c.containers.create("e1", { ...web, cpu_architecture: "RISCV" as never }), /request field "cpu_architecture": expected one of "AMD64", "ARM64"/],
  ])("%s", async (_case, call, message) => {
    const { client, sent } = service();
    const e = await rejectionOf(call(client));
    expect(e.code).toBe("bad_request");
    expect(e.message).toMatch(message);
    expect(sent).toEqual([]);
  });

  test("an invalid container id is named against the action's path", () => {
    const { client } = service();
    expect(() => client.containers.restart("a/b")).toThrow(/^containerId in \/container\/\{\}\/restart-service: holds "\/"/);
    expect(() => client.containers.deploy("..", { image_tag: "1" })).toThrow(/^containerId in \/container\/\{\}\/deploy: is "\.\."/);
  });
});

describe("a lost create", () => {
  test("is recovered by name: the container is found, not created twice", async () => {
    const { pool, client, retries } = mockClient();
    let posts = 0;
    pool.intercept({ path: "/environment/e1/container", method: "POST" }).reply(() => {
      posts++;
      throw socketClosed();
    });
    pool.intercept({ path: "/environment/e1/container", method: "GET" })
      .reply(200, { results: [container("c0", "api"), container("c1", "web")] }, { headers: JSON_HEADERS });
    await expect(client.containers.create("e1", web)).resolves.toMatchObject({ id: "c1", name: "web" });
    expect(posts).toBe(1);
    expect(retries).toHaveLength(0);
  });

  test("not found: the POST is sent again", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/environment/e1/container", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/environment/e1/container", method: "GET" }).reply(200, { results: [container("c0", "api")] }, { headers: JSON_HEADERS });
    pool.intercept({ path: "/environment/e1/container", method: "POST" }).reply(201, container("c9"), { headers: JSON_HEADERS });
    await expect(client.containers.create("e1", web)).resolves.toMatchObject({ id: "c9" });
  });
});

describe("waitForContainer", () => {
  test("follows the status to DEPLOYED", async () => {
    const { pool, client } = mockClient();
    for (const state of ["DEPLOYMENT_QUEUED", "DEPLOYING", "DEPLOYED"]) {
      pool.intercept({ path: "/container/c1/status", method: "GET" }).reply(200, status(state, { id: "c1" }), { headers: JSON_HEADERS });
    }
    const seen: string[] = [];
    const final = await client.waitForContainer("c1", { pollIntervalMs: 1, onProgress: (s) => seen.push(s.state) });
    expect(final.state).toBe("DEPLOYED");
    expect(seen).toEqual(["DEPLOYMENT_QUEUED", "DEPLOYING", "DEPLOYED"]);
  });

  test("a failure carries the container's last log lines", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/container/c1/status", method: "GET" })
      .reply(200, status("DEPLOYMENT_ERROR", { id: "c1", status_details: { status: "ERROR" } }), { headers: JSON_HEADERS });
    pool.intercept({ path: "/container/c1/log?tail=20", method: "GET" })
      .reply(200, { results: [{ message: "image not found: nginx:9.99" }] }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.waitForContainer("c1", { pollIntervalMs: 1 }));
    expect(e.code).toBe("deployment_failed");
    expect(e.message).toMatch(/^container c1: ended in DEPLOYMENT_ERROR while waiting for DEPLOYED/);
    expect(e.logLines).toEqual(["image not found: nginx:9.99"]);
  });

  test("STOPPED after a stop", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/container/c1/status", method: "GET" }).reply(200, status("STOPPED", { id: "c1" }), { headers: JSON_HEADERS });
    await expect(client.waitForContainer("c1", { target: "STOPPED" })).resolves.toMatchObject({ state: "STOPPED" });
  });
});
