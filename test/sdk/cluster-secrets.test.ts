/**
 * The secrets of cloud credentials, DNS providers and a cluster's secret manager never reach a failure's message or
 * the retry reports (the client's debug log): not in the failure of the call that sends them (the service echoing
 * the body), not in a later failure of another call echoing them.
 */
import { inspect } from "node:util";
import { DeployServiceClient, type RetryInfo } from "../../sdk";
import { clusterRequest, credentialRequests } from "./support/cluster-calls";
import { ORGANIZATIONS, json, startServer, type TestServer } from "./support/http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const AWS_SECRET = credentialRequests.AWS.secret_access_key;
const GCP_KEY = credentialRequests.GCP.gcp_credentials;
const SCW_SECRET = credentialRequests.SCW.scaleway_secret_key;
const CLOUDFLARE = "cf-api-token-0123456789";
const ROUTE53 = "r53/Secret+Key-0123456789";
const MANAGER_KEY = "sm-secret-key-0123456789";
const MANAGER_JSON = "eyJzZWNyZXQiOiJtYW5hZ2VyIn0K";
const ALERTING = "alertmanager-config-0123456789";
const VSPHERE = "vsphere-Pass/word+0123456789";
const vsphereKeys = {
  type: "EKS_ANYWHERE_VSPHERE_STATIC" as const, name: "eksa", vsphere_user: "ops@vsphere.local", vsphere_password: VSPHERE,
  access_key_id: "AKIAVSPHERE", secret_access_key: AWS_SECRET,
};

/** Echoes every request's body in the error message (status `status`), after answering the service check. */
function echo(status: number): void {
  server.handle = (req, res) => {
    if (req.url === "/organization") return json(res, 200, ORGANIZATIONS);
    return json(res, status, { status, error: "E", message: `rejected ${req.method} ${req.url}: ${req.body}` });
  };
}

async function failure(run: (c: DeployServiceClient) => Promise<unknown>, before?: (c: DeployServiceClient) => Promise<unknown>): Promise<string> {
  const retries: RetryInfo[] = [];
  const client = new DeployServiceClient({
    baseUrl: server.url, token: "tok-cluster-secrets-1234", dispatcher: server.agent, pacing: false, retryBaseDelayMs: 1,
    retryMaxDelayMs: 2, maxRetries: 1, onRetry: (info) => retries.push(info),
  });
  if (before) await before(client);
  try {
    await run(client);
  } catch (e) {
    return [String((e as Error).message), inspect(e, { depth: 10 }), JSON.stringify(e), inspect(retries, { depth: 10 }), JSON.stringify(retries)].join("\n");
  }
  throw new Error("expected a failure");
}

const dnsCloudflare = { dns_provider: { provider: "CLOUDFLARE" as const, domain: "x.io", email: "ops@x.io", api_token: CLOUDFLARE } };
const dnsRoute53 = {
  dns_provider: { provider: "ROUTE53" as const, domain: "x.io", aws_region: "eu-west-3", credentials: { type: "STATIC" as const, aws_access_key_id: "AKIA1", aws_secret_access_key: ROUTE53 } },
};
const withManagers = {
  ...clusterRequest,
  secret_manager_accesses: [
    { name: "aws", endpoint: { mode: "AWS_SECRET_MANAGER" as const, region: "eu-west-3" }, authentication: { mode: "AWS_STATIC_CREDENTIALS" as const, region: "eu-west-3", access_key: "AKIA2", secret_key: MANAGER_KEY } },
    { name: "gcp", endpoint: { mode: "GCP_SECRET_MANAGER" as const, region: "europe-west1", project_id: "p" }, authentication: { mode: "GCP_JSON_CREDENTIALS" as const, json_credentials: MANAGER_JSON } },
  ],
  metrics_parameters: { enabled: true, configuration: { kind: "MANAGED_BY_QOVERY" as const, alerting: { enabled: true, spec_config_secret: ALERTING } } },
};

const cases: Array<[string, string[], (c: DeployServiceClient) => Promise<unknown>]> = [
  ["AWS credentials create", [AWS_SECRET], (c) => c.awsCredentials.create("o1", credentialRequests.AWS)],
  ["EKS Anywhere vSphere credentials create", [VSPHERE, AWS_SECRET], (c) => c.awsCredentials.create("o1", vsphereKeys)],
  ["EKS Anywhere vSphere role credentials edit", [VSPHERE], (c) => c.awsCredentials.update("o1", "k1", { type: "EKS_ANYWHERE_VSPHERE_ROLE", name: "eksa", vsphere_user: "ops", vsphere_password: VSPHERE, role_arn: "arn:aws:iam::123456789012:role/eksa" })],
  ["GCP credentials edit", [GCP_KEY], (c) => c.gcpCredentials.update("o1", "k1", credentialRequests.GCP)],
  ["Scaleway credentials create", [SCW_SECRET], (c) => c.scalewayCredentials.create("o1", credentialRequests.SCW)],
  ["Cloudflare DNS provider", [CLOUDFLARE], (c) => c.clusters.updateDnsProvider("c1", dnsCloudflare)],
  ["Route 53 DNS provider", [ROUTE53], (c) => c.clusters.updateDnsProvider("c1", dnsRoute53)],
  ["cluster edit with secret managers and an alerting secret", [MANAGER_KEY, MANAGER_JSON, ALERTING], (c) => c.clusters.update("o1", "c1", withManagers)],
];

describe("no cloud secret in a failure or a retry report", () => {
  test.each(cases)("%s: a 400 echoing the body", async (_name, secrets, run) => {
    echo(400);
    const out = await failure(run);
    expect(out).toContain("rejected");
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  test.each(cases)("%s: 503s echoing the body, retried", async (_name, secrets, run) => {
    echo(503);
    const out = await failure(run);
    expect(out).toMatch(/attempt/i);
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  test("a secret sent once stays out of a later failure of another call that echoes it", async () => {
    server.handle = (req, res) => {
      if (req.method === "POST") return json(res, 201, { id: "k1", name: "ops", object_type: "AWS", access_key_id: "AKIAEXAMPLE" });
      return json(res, 500, { status: 500, error: "E", message: `credentials ${AWS_SECRET} rejected by the cloud` });
    };
    const out = await failure((c) => c.clusters.list("o1"), (c) => c.awsCredentials.create("o1", credentialRequests.AWS));
    expect(out).toContain("rejected by the cloud");
    expect(out).not.toContain(AWS_SECRET);
  });

  test("the client did send the secrets (the echoes had something to leak)", async () => {
    echo(400);
    await failure((c) => c.awsCredentials.create("o1", credentialRequests.AWS));
    expect(JSON.parse(server.seen.at(-1)!.body).secret_access_key).toBe(AWS_SECRET);
  });
});
