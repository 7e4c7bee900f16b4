/**
 * The helm-and-terraform example through the engine: a Terraform service from git with a plain and a secret input
 * variable, a Helm repository, a chart of it with inline values and a secret value, and a web container, deployed
 * stage by stage by an EnvironmentDeployment. Preview, up with progress lines, the secrets kept out of the state, a
 * no-op preview sending no request, a values change updating and redeploying the chart alone, and destroy back to
 * the seeded emulator.
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump, writeRequests } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, REPO_ROOT, type EngineStack } from "./harness";
import { changed, exampleStack, linesOf, stepTypeCounts, userObjects } from "./stack-checks";
import { secretPlaintexts } from "./secrets";

const DS = "pulumi-nodejs:dynamic/deploy-service:";
const PROGRAM = "helm-and-terraform";
const DNS_TOKEN = "dns-api-token-helm-terraform-example";
// The example's RandomPassword runs on the stand-in random provider (no plugin download).
const RANDOM_STANDIN = path.join(REPO_ROOT, "test", "random-standin", "bin");

/** The resources the example declares, by type. */
const EXPECTED_TYPES: Record<string, number> = {
  [`${DS}Project`]: 1,
  [`${DS}Environment`]: 1,
  [`${DS}DeploymentStage`]: 3,
  [`${DS}TerraformService`]: 1,
  [`${DS}HelmRepository`]: 1,
  [`${DS}Helm`]: 1,
  [`${DS}HelmAdvancedSettings`]: 1,
  [`${DS}TerraformServiceAdvancedSettings`]: 1,
  [`${DS}ContainerRegistry`]: 1,
  [`${DS}Container`]: 1,
  [`${DS}EnvironmentDeployment`]: 1,
  "random:index/randomPassword:RandomPassword": 1,
  "pulumi:pulumi:Stack": 1,
};
const TOTAL = Object.values(EXPECTED_TYPES).reduce((a, b) => a + b, 0);

type Dump = Record<string, Record<string, { runtime: { deployment: { start: number } } }>>;

describeWithEngine("the helm-and-terraform example through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let stack: EngineStack;
  let seeded: unknown;
  let out: Record<string, string> = {};

  beforeAll(async () => {
    // Steps of 20 ms, so that each service's deployment start tells the order the stages ran in.
    emulator = await startEmulator({ stepMs: 20, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    stack = await exampleStack(emulator, PROGRAM, binDir, { dnsApiToken: DNS_TOKEN }, {
      PATH: `${RANDOM_STANDIN}${path.delimiter}${process.env.PATH}`,
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

  it("creates the repository, the chart, the Terraform service and the container, and deploys them stage by stage", async () => {
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: TOTAL });
    out = up.outputs as Record<string, string>;
    expect(out.deploymentState).toBe("DEPLOYED");

    const repository = await client.helmRepositories.get(emulator.ids.organizationId, out.repositoryId!);
    expect(repository).toMatchObject({ name: "grafana", kind: "HTTPS", url: "https://grafana.github.io/helm-charts" });
    const chart = (await client.helms.get(out.grafanaId!)) as Record<string, any>;
    expect(chart.source.repository).toMatchObject({ chart_name: "grafana", chart_version: "8.5.2", repository: { id: out.repositoryId } });
    expect(JSON.stringify(chart.values_override)).toContain("replicas: 1");
    const terraform = (await client.terraforms.get(out.terraformServiceId!)) as Record<string, any>;
    expect(terraform).toMatchObject({ name: "dns", provider_version: { explicit_version: "1.9.8" } });
    const tfVars = terraform.terraform_variables_source.tf_vars as Array<{ key: string; secret: boolean }>;
    expect(tfVars.map((v) => [v.key, v.secret]).sort()).toEqual([["dns_api_token", true], ["region", false], ["zone", false]]);
    // The two settings resources, as the service holds them (the chart's key is off, its default on).
    expect((await client.helms.getAdvancedSettings(out.grafanaId!))["network.ingress.force_ssl_redirect"]).toBe(false);
    expect((await client.terraforms.getAdvancedSettings(out.terraformServiceId!))["build.timeout_max_sec"]).toBe(3600);

    expect([
      (await client.terraforms.status(out.terraformServiceId!)).state,
      (await client.helms.status(out.grafanaId!)).state,
      (await client.containers.status(out.webId!)).state,
    ]).toEqual(["DEPLOYED", "DEPLOYED", "DEPLOYED"]);
    const dump = (await stateDump(emulator)) as Dump;
    const startOf = (collection: string, id: string) => dump[collection]![id]!.runtime.deployment.start;
    expect(startOf("terraforms", out.terraformServiceId!)).toBeLessThan(startOf("helms", out.grafanaId!));
    expect(startOf("helms", out.grafanaId!)).toBeLessThan(startOf("containers", out.webId!));

    // Progress: the chart's own deployment (deploy: true) and the environment's, stage by stage.
    expect(linesOf(up, "grafana").at(-1)).toMatch(/^grafana: DEPLOYED \(\d+s\)$/);
    // The environment's own first stage holds nothing here: the example's three come after it.
    const environmentLines = linesOf(up, "deployment");
    expect(environmentLines[0]).toMatch(/^production: stage 2\/4 "infrastructure": dns /);
    expect(environmentLines.at(-1)).toMatch(/^production: stage 4\/4 "apps": web DEPLOYED \(\d+s\)$/);
  });

  it("keeps the chart's secret value and the Terraform secret variable out of the state in plaintext", async () => {
    const exported = await stack.exportState();
    const decrypted = await stack.exportStateWithSecrets();
    const plaintexts = secretPlaintexts(decrypted.deployment);
    const chart = (decrypted.deployment.resources ?? []).find((r) => r.type === `${DS}Helm`)!.outputs as Record<string, any>;
    const adminPassword = JSON.parse(chart.secretValuesOverride.plaintext).set.adminPassword as string;
    expect(adminPassword).toMatch(/^[A-Za-z0-9]{24}$/);
    expect([plaintexts.has(adminPassword), plaintexts.has(DNS_TOKEN)]).toEqual([true, true]);
    for (const secret of plaintexts) expect(exported.text).not.toContain(secret);
  });

  it("previews no change without sending a single request", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: TOTAL });
    expect(await requests(emulator)).toEqual([]);
  });

  it("updates the chart alone on a change of its inline values, and redeploys it alone", async () => {
    const helmHistory = (await client.helms.deploymentHistory(out.grafanaId!)).length;
    const terraformHistory = (await client.terraforms.deploymentHistory(out.terraformServiceId!)).length;
    await stack.setConfig(`${PROGRAM}:grafanaReplicas`, "2");
    await clearRequests(emulator);
    const up = await stack.up();
    expect(changed(up)).toEqual([["grafana", "update"]]);

    // Neither the Terraform service, the container nor the environment is written to or deployed.
    const writes = (await writeRequests(emulator)).map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual([`PUT /helm/${out.grafanaId}`, `POST /helm/${out.grafanaId}/deploy`]);
    expect(JSON.stringify((await client.helms.get(out.grafanaId!)).values_override)).toContain("replicas: 2");
    expect((await client.helms.deploymentHistory(out.grafanaId!)).length).toBe(helmHistory + 1);
    expect((await client.terraforms.deploymentHistory(out.terraformServiceId!)).length).toBe(terraformHistory);
    expect((await client.helms.status(out.grafanaId!)).state).toBe("DEPLOYED");
    expect(linesOf(up, "grafana").at(-1)).toMatch(/^grafana: DEPLOYED \(\d+s\)$/);
  });

  it("leaves the emulator as seeded after destroy", async () => {
    const destroy = await stack.destroy();
    expect(destroy.changeSummary).toEqual({ delete: TOTAL });
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
