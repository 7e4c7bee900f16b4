/**
 * The cluster example through the engine: AWS credentials, a cluster deployed by `up` with progress lines (its typed
 * metrics and its Cloudflare DNS provider with a secret token), its advanced settings, an environment on it, its
 * kubeconfig as a secret output. Preview, up, a no-op preview sending no request but the
 * kubeconfig's, a node-count change updating the cluster in place, a Kubernetes upgrade in place, and destroy back to
 * the seeded emulator.
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";
import { changed, linesOf, userObjects, stepTypeCounts } from "./stack-checks";

const DS = "pulumi-nodejs:dynamic/deploy-service:";
const PROGRAM = "cluster";
const SECRET_KEY = "wJalrXUtnFEMI-cluster-example-secret";
const GCP_KEY = Buffer.from('{"type":"service_account","private_key":"gcp-cluster-example-key"}').toString("base64");
const SCALEWAY_SECRET = "scw-cluster-example-secret";
const CLOUDFLARE_TOKEN = "cf-token-cluster-example-secret";

const EXPECTED_TYPES: Record<string, number> = {
  [`${DS}AwsCredentials`]: 1,
  [`${DS}GcpCredentials`]: 1,
  [`${DS}ScalewayCredentials`]: 1,
  [`${DS}AzureCredentials`]: 1,
  [`${DS}OnPremiseCredentials`]: 1,
  [`${DS}Cluster`]: 1,
  [`${DS}ClusterAdvancedSettings`]: 1,
  [`${DS}Project`]: 1,
  [`${DS}Environment`]: 1,
  [`${DS}DeploymentRule`]: 1,
  [`${DS}DeploymentRuleOrder`]: 1,
  [`${DS}EnvironmentDeploymentRule`]: 1,
  "pulumi:pulumi:Stack": 1,
};
const TOTAL = Object.values(EXPECTED_TYPES).reduce((a, b) => a + b, 0);

describeWithEngine("the cluster example through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let stack: EngineStack;
  let seeded: unknown;
  let clusterId: string;
  const orgId = () => emulator.ids.organizationId;

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    stack = new EngineStack({
      programDir: path.join(REPO_ROOT, "examples", PROGRAM),
      binDir,
      config: {
        "deploy-service:apiUrl": emulator.url,
        [`${PROGRAM}:organizationId`]: emulator.ids.organizationId,
        [`${PROGRAM}:awsAccessKeyId`]: "AKIACLUSTEREXAMPLE",
        [`${PROGRAM}:timeoutSeconds`]: "120",
        [`${PROGRAM}:scalewayAccessKey`]: "SCWCLUSTEREXAMPLE", [`${PROGRAM}:scalewayProjectId`]: "p-example",
        [`${PROGRAM}:scalewayOrganizationId`]: "o-example", [`${PROGRAM}:azureSubscriptionId`]: "sub-example",
        [`${PROGRAM}:azureTenantId`]: "tenant-example", [`${PROGRAM}:onPremiseCredentials`]: "true",
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin, [`${PROGRAM}:awsSecretAccessKey`]: SECRET_KEY, [`${PROGRAM}:cloudflareApiToken`]: CLOUDFLARE_TOKEN,
        [`${PROGRAM}:gcpCredentials`]: GCP_KEY, [`${PROGRAM}:scalewaySecretKey`]: SCALEWAY_SECRET },
      env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("previews every create before anything exists", async () => {
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ create: TOTAL });
    expect(stepTypeCounts(preview)).toEqual(EXPECTED_TYPES);
  });

  it("creates the cluster, deployed with progress lines, an environment on it and its kubeconfig as a secret", async () => {
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: TOTAL });
    // The emulator's clock runs without delay here: the wait may see the last state at its first read.
    const progress = linesOf(up, "cluster").filter((l) => l.startsWith('cluster "platform": '));
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toMatch(/^cluster "platform": DEPLOYED \(\d+s\)$/);
    const out = up.outputs as Record<string, unknown>;
    clusterId = String(out.clusterId);
    expect([out.clusterStatus, out.kubernetesVersion, out.kubeconfig]).toEqual(["DEPLOYED", "1.32", "[secret]"]);
    const cluster = await client.clusters.get(orgId(), clusterId);
    expect([cluster.name, cluster.region, cluster.instance_type, cluster.max_running_nodes]).toEqual(["platform", "eu-west-3", "t3a.large", 2]);
    expect((await client.environments.get(String(out.environmentId))).cluster_id).toBe(clusterId);
    expect(cluster.metrics_parameters).toMatchObject({ enabled: true, configuration: { kind: "MANAGED_BY_QOVERY", resource_profile: "LOW", alerting: { enabled: false } } });
    expect((await client.clusters.dnsProvider(clusterId)).dns_provider).toMatchObject({ provider: "CLOUDFLARE", domain: "platform.example.com" });
    expect((await client.clusters.advancedSettings(orgId(), clusterId))["loki.log_retention_in_week"]).toBe(2);
    // The project's preview rule, its order, and staging's own rule, as the service holds them.
    const projectId = String((await client.environments.get(String(out.environmentId))).project?.id);
    const rules = await client.deploymentRules.list(projectId);
    expect(rules.map((r) => [r.name, r.wildcard, r.cluster_id, r.auto_stop])).toEqual([["previews", "pr-*", clusterId, true]]);
    expect((await client.deploymentRules.ofEnvironment(String(out.environmentId))).auto_stop).toBe(false);
    const exported = await stack.exportState();
    expect([SECRET_KEY, CLOUDFLARE_TOKEN, GCP_KEY, SCALEWAY_SECRET].map((secret) => exported.text.includes(secret))).toEqual([false, false, false, false]);
    // The other clouds' credentials, one each, by name.
    const names = async (list: Promise<Array<{ name: string }>>) => (await list).map((c) => c.name);
    expect([
      await names(client.gcpCredentials.list(orgId())), await names(client.scalewayCredentials.list(orgId())),
      await names(client.azureCredentials.list(orgId())), await names(client.onPremiseCredentials.list(orgId())),
    ]).toEqual([["platform-gcp"], ["platform-scaleway"], ["platform-azure"], ["platform-on-premise"]]);
  });

  it("previews no change, sending no request but the kubeconfig lookup's", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: TOTAL });
    const sent = (await requests(emulator)).map((r) => `${r.method} ${r.path}`);
    expect(sent.filter((r) => !r.endsWith("/kubeconfig"))).toEqual([]);
  });

  it("updates the cluster in place on a node-count change", async () => {
    await stack.setConfig(`${PROGRAM}:maxNodes`, "3");
    const up = await stack.up();
    expect(changed(up)).toEqual([["cluster", "update"]]);
    const cluster = await client.clusters.get(orgId(), clusterId);
    expect([cluster.id, cluster.max_running_nodes, cluster.status]).toEqual([clusterId, 3, "DEPLOYED"]);
  });

  it("upgrades Kubernetes in place on a version change", async () => {
    await stack.setConfig(`${PROGRAM}:kubernetesVersion`, "1.33");
    const up = await stack.up();
    expect(changed(up)).toEqual([["cluster", "update"]]);
    expect((up.outputs as Record<string, unknown>).kubernetesVersion).toBe("1.33");
    const cluster = await client.clusters.get(orgId(), clusterId);
    expect([cluster.id, cluster.version]).toEqual([clusterId, "1.33"]);
  });

  it("leaves the emulator as seeded after destroy", async () => {
    const destroy = await stack.destroy();
    expect(destroy.changeSummary).toEqual({ delete: TOTAL });
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
