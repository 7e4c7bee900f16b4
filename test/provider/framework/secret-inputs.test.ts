/**
 * Secret fields reach the engine as Pulumi secrets even when the program gives plain values: the engine stores a
 * resource's inputs as registered, so a plain webhook URL or autoscaling policy would be plaintext in the state.
 */
import * as pulumi from "@pulumi/pulumi";
import { Helm, HelmRepository, Secret, TerraformService, Webhook } from "../../../provider";

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
type Props = Record<string, unknown>;
const isSecret = (v: unknown) => v !== null && typeof v === "object" && (v as Props)[SECRET_SIG] !== undefined;

const registered: Record<string, Props> = {};

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered[args.name] = args.inputs as Props;
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
});

it("registers each secret field as a secret and every other field as given", async () => {
  const hook = new Webhook("hook", {
    organizationId: "org-1", targetUrl: "https://hooks.slack.com/services/T0/B0/PLAIN", events: ["DEPLOYMENT_FAILURE"],
    targetSecret: "plain-signing-secret", description: "failures",
  });
  const secret = new Secret("key", { scope: "PROJECT", parentId: "p1", key: "API_KEY", value: "plain-value" });
  await new Promise<void>((resolve) => pulumi.all([hook.urn, secret.urn]).apply(() => resolve()));
  const h = registered["hook"]!;
  expect([isSecret(h["targetUrl"]), isSecret(h["targetSecret"]), isSecret(h["description"]), isSecret(h["organizationId"])])
    .toEqual([true, true, false, false]);
  const s = registered["key"]!;
  expect([isSecret(s["value"]), isSecret(s["key"])]).toEqual([true, false]);
  expect((s["value"] as Props)["value"]).toBe("plain-value");
});

it("registers a Helm chart's secret values and a Helm repository's credentials as secrets, the rest as given", async () => {
  const repo = new HelmRepository("charts", {
    organizationId: "org-1", name: "charts", kind: "HTTPS", url: "https://charts.example.com",
    credentials: { username: "bot", password: "plain-repo-password" },
  });
  const chart = new Helm("ingress", {
    environmentId: "e-1", name: "ingress", source: { repository: { repositoryId: "r-1", chartName: "ingress-nginx", chartVersion: "4.12.1" } },
    valuesOverride: { inline: "controller:\n  replicaCount: 2\n" },
    secretValuesOverride: { set: { "auth.password": "plain-chart-password" }, inline: "token: plain-chart-token\n" },
    secrets: { API_KEY: "plain-secret" },
  });
  await new Promise<void>((resolve) => pulumi.all([repo.urn, chart.urn]).apply(() => resolve()));
  const r = registered["charts"]!;
  expect([isSecret(r["credentials"]), isSecret(r["url"]), isSecret(r["name"])]).toEqual([true, false, false]);
  const c = registered["ingress"]!;
  expect([isSecret(c["secretValuesOverride"]), isSecret(c["secrets"]), isSecret(c["valuesOverride"]), isSecret(c["source"])])
    .toEqual([true, true, false, false]);
  expect(JSON.stringify({ ...c, secretValuesOverride: undefined, secrets: undefined })).not.toMatch(/plain-chart|plain-secret/);
});

it("registers a Terraform service's secret variables and secrets as secrets, its plain variables as given", async () => {
  const tf = new TerraformService("infra", {
    environmentId: "e1", name: "infra", terraformVersion: "1.9.8", gitRepository: { url: "https://github.com/acme/infra.git" },
    variables: { region: "eu-west-3" }, secretVariables: { db_password: "plain-db-password" }, secrets: { TF_TOKEN: "plain-token" },
  });
  await new Promise<void>((resolve) => tf.urn.apply(() => resolve()));
  const t = registered["infra"]!;
  expect([isSecret(t["secretVariables"]), isSecret(t["secrets"]), isSecret(t["variables"]), isSecret(t["name"])]).toEqual([true, true, false, false]);
});
