/**
 * The cluster family, the clouds' credentials, the catalogues and the costs against a loopback server: each call's
 * method, path, query and body; the read of one cluster through the list; a lost create found again by name; bad
 * requests refused before anything is sent, naming the field.
 */
import { BadRequestError, DeployServiceClient, NotFoundError, isNotFound } from "../../sdk";
import { CLUSTER_CALLS, cluster, clusterRequest, credentialRequests } from "./support/cluster-calls";
import { rejectionOf } from "./support/helpers";
import { json, startServer, type TestServer } from "./support/http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
});

function client(): DeployServiceClient {
  return new DeployServiceClient({ baseUrl: server.url, token: "tok-clusters-123456", dispatcher: server.agent, pacing: false, retryBaseDelayMs: 1, retryMaxDelayMs: 2 });
}

describe("cluster calls", () => {
  test.each(CLUSTER_CALLS)("%s sends its method, path and body", async (_name, run, method, url, body, answer) => {
    server.handle = (_req, res) => (answer === undefined ? (res.writeHead(204), res.end()) : json(res, method === "POST" ? 201 : 200, answer));
    await run(client());
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual([`${method} ${url}`]);
    const sent = server.seen[0]!.body;
    expect(sent === "" ? undefined : JSON.parse(sent)).toEqual(body);
  });

  test("a cluster is read from the organization's list (the service has no read of one); a missing one is NotFoundError", async () => {
    server.handle = (_req, res) => json(res, 200, { results: [cluster, { ...cluster, id: "c2", name: "dev" }] });
    await expect(client().clusters.get("o1", "c2")).resolves.toMatchObject({ id: "c2", name: "dev" });
    const e = await rejectionOf(client().clusters.get("o1", "c9"));
    expect(e).toBeInstanceOf(NotFoundError);
    expect(isNotFound(e)).toBe(true);
    expect(e.message).toContain("cluster c9");
  });

  test("a create whose answer was lost is the cluster found by its name: one POST, no second cluster", async () => {
    server.handle = (req, res) => (req.method === "POST" ? res.destroy() : json(res, 200, { results: [{ ...cluster, id: "c7" }] }));
    await expect(client().clusters.create("o1", clusterRequest)).resolves.toMatchObject({ id: "c7", name: "prod" });
    expect(server.seen.filter((s) => s.method === "POST")).toHaveLength(1);
  });

  test("credentials answers never keep a secret, even one the service echoed", async () => {
    server.handle = (_req, res) => json(res, 201, { id: "k1", name: "ops", object_type: "AWS", access_key_id: "AKIAEXAMPLE", secret_access_key: "echoed-secret-123" });
    const made = await client().awsCredentials.create("o1", credentialRequests.AWS);
    expect(made).toMatchObject({ id: "k1", access_key_id: "AKIAEXAMPLE" });
    expect(JSON.stringify(made)).not.toContain("echoed-secret-123");
  });

  const refused: Array<[string, (c: DeployServiceClient) => Promise<unknown>, RegExp]> = [
    ["min above max nodes", (c) => c.clusters.create("o1", { ...clusterRequest, min_running_nodes: 6, max_running_nodes: 3 }),
      /"min_running_nodes": expected at most max_running_nodes \(3\), got 6/],
    ["credentials of another cloud", (c) => c.clusters.create("o1", { ...clusterRequest, cloud_provider_credentials: { ...clusterRequest.cloud_provider_credentials, cloud_provider: "GCP" } }),
      /"cloud_provider_credentials.cloud_provider": expected credentials of the cluster's cloud AWS, got GCP/],
    ["disk IOPS out of bounds", (c) => c.clusters.update("o1", "c1", { ...clusterRequest, disk_iops: 100 }), /"disk_iops"/],
    ["an unknown cloud", (c) => c.clusters.create("o1", { ...clusterRequest, cloud_provider: "MOON" as never }), /"cloud_provider"/],
    ["AWS credentials without a secret key", (c) => c.awsCredentials.create("o1", { type: "AWS_STATIC", name: "ops", access_key_id: "A" } as never), /secret_access_key/],
    ["Scaleway credentials without a project", (c) => c.scalewayCredentials.create("o1", { ...credentialRequests.SCW, scaleway_project_id: "" }), /"scaleway_project_id"/],
    ["a Cloudflare DNS provider without a token", (c) => c.clusters.updateDnsProvider("c1", { dns_provider: { provider: "CLOUDFLARE", domain: "x.io", email: "a@x.io" } } as never), /api_token/],
    ["an advanced setting of the wrong type", (c) => c.clusters.updateAdvancedSettings("o1", "c1", { "loki.log_retention_in_week": "4w" as never }),
      /request field "loki\.log_retention_in_week": expected number/],
    ["an advanced setting outside its choices", (c) => c.clusters.updateAdvancedSettings("o1", "c1", { "aws.eks.ec2.metadata_imds": "always" as never }),
      /"aws\.eks\.ec2\.metadata_imds": expected one of "optional", "required"/],
    ["a route without a target", (c) => c.clusters.updateRoutingTable("o1", "c1", { routes: [{ destination: "10.0.0.0/8", target: "", description: "" }] }), /"routes\[0\].target"/],
  ];

  test.each(refused)("%s is refused before anything is sent, naming the field", async (_name, run, message) => {
    const e = await rejectionOf(run(client()));
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.message).toMatch(message);
    expect(server.seen).toEqual([]);
  });

  test("instance types of GCP or Azure need a region; on-premise has no catalogue (nothing sent)", async () => {
    await expect(client().cloudCatalogues.instanceTypes("GCP")).rejects.toThrow(/GCP lists its instance types per region only/);
    await expect(client().cloudCatalogues.instanceTypes("ON_PREMISE", "x")).resolves.toEqual([]);
    await expect(client().cloudCatalogues.features("ON_PREMISE")).resolves.toEqual([]);
    expect(server.seen).toEqual([]);
  });
});
