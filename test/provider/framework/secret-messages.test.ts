/**
 * No secret in any message: every secret field of every resource (found from the field metadata) is fed known
 * values, as every kind of mistake the checks know, and no piece of them may appear in a failure or an error.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { fieldsOf, schemaOfKind } from "../../../provider/framework/fields";
import { withActionableErrors } from "../../../provider/framework/messages";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import { knownKinds, providerFor } from "../../../provider/runtime";
import { webhookSchema } from "../../../provider/resources/webhook";
import { containerRegistrySchema } from "../../../provider/resources/container-registry";

type Props = Record<string, unknown>;

const ID = "5b0f7b4e-8a8e-4b59-9d3e-2f1c6a7d9e01";
/** The marker every string sentinel carries; no piece of it (six characters or more) may reach a message. */
const MARK = "qZ7vK2mW9pL4xR";
/** A marker that is also a valid KEDA trigger type (lowercase), so rules that pass it on can be reached. */
const LOWER = "qz7vkmwplxrtd";
const SHORT = "s3cr3t";
const NUMBER = 918273645501;
const MARKERS = [MARK, LOWER, SHORT, String(NUMBER)];

/** A cluster whose check asks the service nothing: on premise (no instance types), its credentials not known yet. */
const cluster: Props = { organizationId: ID, cloudProvider: "ON_PREMISE", credentialsId: UNKNOWN, name: "prod", region: "rack-1" };

/** Every kind of mistake the checks know, each carrying a marker. */
const SENTINELS: unknown[] = [
  SHORT, MARK, LOWER, `${MARK}-`.repeat(40), `${SHORT} `, `  ${MARK}  `, `${MARK}\r\nX-Injected: 1`, `${MARK}\u0000`,
  `https://user:${MARK}@hooks.example.com/${MARK}`, `https://${MARK}@hooks.example.com/x`, `http://hooks.example.com/${MARK}?t=${SHORT}`,
  `ftp://me:${MARK}@files.example.com/${SHORT}`, `javascript:${MARK}`, `not a url ${MARK}`, `/${MARK}/`, `${MARK}/..`,
  NUMBER, -NUMBER, true, [MARK], [NUMBER], { x: MARK }, { password: MARK, pasword: MARK },
  // A secret the engine hands over still wrapped.
  { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: MARK },
];

/** A valid base of each kind that has secret fields, and a way to put a value in each of its secret places. */
interface Row {
  base: Props;
  /** Each makes the inputs with `v` in one secret place; the top-level key it fills is its first element. */
  slots: Array<[key: string, put: (v: unknown) => Props]>;
}

const owner = (base: Props): Row["slots"] => [
  ["secrets", (v) => ({ ...base, secrets: { API_KEY: v } })],
  ["secrets", (v) => ({ ...base, secrets: v })],
  ["secrets", (v) => ({ ...base, secrets: { DUP: v }, environmentVariables: { DUP: "x" } })],
  ["secretFiles", (v) => ({ ...base, secretFiles: { F: { mountPath: "/etc/f", value: v } } })],
  ["secretFiles", (v) => ({ ...base, secretFiles: { F: { mountPath: v, value: MARK } } })],
  ["secretFiles", (v) => ({ ...base, secretFiles: { F: v } })],
  ["secretAliases", (v) => ({ ...base, secretAliases: { A: v } })],
  ["secretOverrides", (v) => ({ ...base, secretOverrides: { O: v } })],
  ["secretOverrides", (v) => ({ ...base, secretOverrides: v })],
];

const scaling = (base: Props): Row["slots"] => {
  const with1 = (s: Props) => ({ ...base, autoscaling: { scalers: [s] } });
  return [
    ["autoscaling", (v) => ({ ...base, autoscaling: v })],
    ["autoscaling", (v) => with1({ scalerType: v })],
    ["autoscaling", (v) => ({ ...base, autoscaling: { scalers: [{ scalerType: v }, { scalerType: v }] } })],
    ["autoscaling", (v) => with1({ scalerType: "cpu", configYaml: v, configJson: { k: v } })],
    ["autoscaling", (v) => with1({ scalerType: "cpu", triggerAuthentication: { name: v, configYaml: v } })],
    ["autoscaling", (v) => ({ ...base, autoscaling: { pollingIntervalSeconds: v, scalers: [{ scalerType: "cpu" }] } })],
  ];
};

/** The keys of the object schema under `schema`'s wrappers. */
function objectKeys(schema: z.ZodType): string[] {
  let cur = schema as unknown as { _zod: { def: { type: string; innerType?: unknown; in?: unknown; shape?: Props } } };
  for (let i = 0; i < 16 && cur._zod.def.shape === undefined; i++) cur = (cur._zod.def.innerType ?? cur._zod.def.in) as typeof cur;
  return Object.keys(cur._zod.def.shape ?? {});
}

const application: Props = { environmentId: ID, name: "api", gitRepository: { url: "https://github.com/acme/api.git" } };
const container: Props = { environmentId: ID, name: "web", registryId: ID, imageName: "nginx", tag: "1.27" };
const job: Props = {
  environmentId: ID, name: "nightly", source: { image: { registryId: ID, imageName: "acme/report", tag: "1.0" } },
  schedule: { cron: { expression: "0 3 * * *" } },
};
/** A Terraform service whose check asks the service nothing (its version read from the module). */
const terraform: Props = {
  environmentId: ID, name: "infra", terraformVersion: "1.9.8", readVersionFromTerraformBlock: true,
  gitRepository: { url: "https://github.com/acme/infra.git" },
};
const registries: Props[] = [
  { kind: "GENERIC_CR", url: "https://registry.example.com" }, { kind: "ECR", url: "https://1.dkr.ecr.eu-west-3.amazonaws.com" },
  { kind: "SCALEWAY_CR", url: "https://rg.fr-par.scw.cloud" }, { kind: "GCP_ARTIFACT_REGISTRY", url: "https://europe-docker.pkg.dev" },
  { kind: "AZURE_CR", url: "https://acme.azurecr.io" }, { kind: "DOCKER_HUB" },
].map((r) => ({ organizationId: ID, name: "mirror", ...r }));

const helm: Props = {
  environmentId: ID, name: "ingress", source: { repository: { repositoryId: ID, chartName: "ingress-nginx", chartVersion: "4.12.1" } },
};
const helmRepositories: Props[] = [
  { kind: "HTTPS", url: "https://charts.example.com" }, { kind: "OCI_ECR", url: "oci://1.dkr.ecr.eu-west-3.amazonaws.com/charts" },
  { kind: "OCI_SCALEWAY_CR", url: "oci://rg.fr-par.scw.cloud/charts" },
].map((r) => ({ organizationId: ID, name: "charts", ...r }));

const rows: Record<string, Row> = {
  Project: { base: { organizationId: ID, name: "web" }, slots: owner({ organizationId: ID, name: "web" }) },
  Environment: { base: { projectId: ID, name: "staging" }, slots: owner({ projectId: ID, name: "staging" }) },
  Application: { base: application, slots: [...owner(application), ...scaling(application)] },
  Container: { base: container, slots: [...owner(container), ...scaling(container)] },
  Job: { base: job, slots: owner(job) },
  TerraformService: {
    base: terraform,
    slots: [
      ...owner(terraform),
      ["secretVariables", (v) => ({ ...terraform, secretVariables: { db_password: v } })],
      ["secretVariables", (v) => ({ ...terraform, secretVariables: v })],
      ["secretVariables", (v) => ({ ...terraform, secretVariables: { dup: v }, variables: { dup: "x" } })],
      ["secretVariables", (v) => ({ ...terraform, secretVariables: { "not a name": v, count: v } })],
    ],
  },
  Database: {
    base: { environmentId: ID, name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" },
    slots: [
      (v: unknown) => ({ login: v, password: MARK }), (v: unknown) => ({ login: "shop", password: v }), (v: unknown) => v,
      (v: unknown) => ({ login: "shop", password: v, pasword: v }),
    ].map((cred): Row["slots"][number] => ["masterCredentials", (v) => ({
      environmentId: ID, name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", masterCredentials: cred(v),
    })]),
  },
  GitToken: {
    base: { organizationId: ID, name: "ci", type: "GITHUB", token: "t" },
    slots: [
      ["token", (v) => ({ organizationId: ID, name: "ci", type: "GITHUB", token: v })],
      ["token", (v) => ({ organizationId: ID, name: "ci", type: "BITBUCKET", token: v, gitApiUrl: v })],
    ],
  },
  Webhook: {
    base: { organizationId: ID, targetUrl: "https://hooks.example.com/d", events: ["DEPLOYMENT_FAILURE"] },
    slots: [
      ["targetUrl", (v) => ({ organizationId: ID, targetUrl: v, events: ["DEPLOYMENT_FAILURE"] })],
      ["targetUrl", (v) => ({ organizationId: ID, targetUrl: v, events: [], kind: "TEAMS" })],
      ["targetSecret", (v) => ({ organizationId: ID, targetUrl: "https://hooks.example.com/d", events: ["DEPLOYMENT_FAILURE"], targetSecret: v })],
    ],
  },
  ContainerRegistry: {
    base: registries[0]!,
    slots: registries.flatMap((r): Row["slots"] => [
      ["config", (v) => ({ ...r, config: v })],
      ...objectKeys(containerRegistrySchema.shape.config)
        .map((key): Row["slots"][number] => ["config", (v) => ({ ...r, config: { [key]: v } })]),
    ]),
  },
  Helm: {
    base: helm,
    slots: [
      ...owner(helm),
      ["secretValuesOverride", (v) => ({ ...helm, secretValuesOverride: v })],
      ["secretValuesOverride", (v) => ({ ...helm, secretValuesOverride: { set: { "auth.password": v } } })],
      ["secretValuesOverride", (v) => ({ ...helm, secretValuesOverride: { set: v } })],
      ["secretValuesOverride", (v) => ({ ...helm, secretValuesOverride: { inline: v } })],
      ["secretValuesOverride", (v) => ({ ...helm, secretValuesOverride: { inline: `password: ${String(v)}\n\tbad: 1\n` } })],
      ["secretValuesOverride", (v) => ({ ...helm, secretValuesOverride: { inline: `- ${String(v)}\n`, sett: v } })],
    ],
  },
  HelmRepository: {
    base: helmRepositories[0]!,
    slots: helmRepositories.flatMap((r): Row["slots"] => [
      ["credentials", (v) => ({ ...r, credentials: v })],
      ...["username", "password", "accessKeyId", "secretAccessKey", "scalewaySecretKey", "pasword"]
        .map((key): Row["slots"][number] => ["credentials", (v) => ({ ...r, credentials: { [key]: v } })]),
    ]),
  },
  EnvironmentDeployment: {
    base: { environmentId: ID },
    slots: [["secretValues", (v) => ({ environmentId: ID, secretValues: [v] })], ["secretValues", (v) => ({ environmentId: ID, secretValues: v })]],
  },
  AwsCredentials: {
    base: { organizationId: ID, name: "aws", accessKeyId: "AKIA", secretAccessKey: "k" },
    slots: [
      ["secretAccessKey", (v) => ({ organizationId: ID, name: "aws", accessKeyId: "AKIA", secretAccessKey: v })],
      ["secretAccessKey", (v) => ({ organizationId: ID, name: "aws", secretAccessKey: v, roleArn: "arn" })],
      ["vspherePassword", (v) => ({ organizationId: ID, name: "aws", roleArn: "arn", vsphereUser: "ops", vspherePassword: v })],
      ["vspherePassword", (v) => ({ organizationId: ID, name: "aws", roleArn: "arn", vspherePassword: v })],
    ],
  },
  GcpCredentials: {
    base: { organizationId: ID, name: "gcp", gcpCredentials: "k" },
    slots: [["gcpCredentials", (v) => ({ organizationId: ID, name: "gcp", gcpCredentials: v })]],
  },
  ScalewayCredentials: {
    base: { organizationId: ID, name: "scw", scalewayAccessKey: "a", scalewaySecretKey: "k", scalewayProjectId: "p", scalewayOrganizationId: "o" },
    slots: [["scalewaySecretKey", (v) => ({ organizationId: ID, name: "scw", scalewayAccessKey: "a", scalewaySecretKey: v, scalewayProjectId: "p" })]],
  },
  Cluster: {
    base: cluster,
    slots: [
      ["dnsProvider", (v) => ({ ...cluster, dnsProvider: { provider: "CLOUDFLARE", domain: "example.com", email: "ops@example.com", apiToken: v } })],
      ["dnsProvider", (v) => ({ ...cluster, dnsProvider: { provider: "ROUTE53", domain: "example.com", awsRegion: "eu-west-3", awsAccessKeyId: "AKIA", awsSecretAccessKey: v } })],
      ["dnsProvider", (v) => ({ ...cluster, dnsProvider: { provider: "QOVERY", domain: "example.com", apiToken: v } })],
      ["dnsProvider", (v) => ({ ...cluster, dnsProvider: v })],
      ["secretManagerAccesses", (v) => ({ ...cluster, secretManagerAccesses: [{ name: "aws", endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3" }, authentication: { mode: "AWS_STATIC_CREDENTIALS", region: "eu-west-3", accessKey: "AKIA", secretKey: v } }] })],
      ["secretManagerAccesses", (v) => ({ ...cluster, secretManagerAccesses: [{ name: "gcp", endpoint: { mode: "GCP_SECRET_MANAGER", region: "europe-west1", projectId: "p" }, authentication: { mode: "GCP_JSON_CREDENTIALS", jsonCredentials: v } }] })],
      ["secretManagerAccesses", (v) => ({ ...cluster, secretManagerAccesses: [{ name: "gcp", endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3" }, authentication: { mode: "AUTOMATICALLY_CONFIGURED", secretKey: v } }] })],
    ],
  },
  Secret: {
    base: { scope: "PROJECT", parentId: ID, key: "TLS_KEY", value: "k" },
    slots: [
      ["value", (v) => ({ scope: "PROJECT", parentId: ID, key: "TLS_KEY", value: v })],
      ["value", (v) => ({ scope: "PROJECT", parentId: ID, key: "TLS_KEY", value: v, aliasOf: ID })],
    ],
  },
};

/** Every piece of six characters or more of the markers found in `text`. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const marker of MARKERS) {
    for (let i = 0; i + 6 <= marker.length; i++) {
      const piece = marker.slice(i, i + 6);
      if (text.includes(piece)) found.push(piece);
    }
  }
  return found;
}

/** The texts `check` answers (failures, or the error it throws) for `inputs`, through the provider the engine runs. */
async function checkTexts(kind: string, inputs: Props): Promise<string[]> {
  try {
    const r = await providerFor(kind).check!({}, { ...inputs, __provider: "serialized" });
    return (r.failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  } catch (e) {
    return [String((e as Error).message), String((e as Error).stack)];
  }
}

describe("no secret in any message", () => {
  it("covers every secret field of every resource kind the runtime serves", () => {
    const withSecrets: Record<string, string[]> = {};
    const withoutSchema: string[] = [];
    for (const kind of knownKinds()) {
      providerFor(kind);
      const schema = schemaOfKind(kind);
      if (schema === undefined) withoutSchema.push(kind);
      else {
        const secret = fieldsOf(schema).filter((f) => f.meta.secret).map((f) => f.key);
        if (secret.length > 0) withSecrets[kind] = secret.sort();
      }
    }
    // The advanced-settings kinds check their settings by hand; none of them holds a secret.
    expect(withoutSchema.sort()).toEqual([
      "ApplicationAdvancedSettings", "ClusterAdvancedSettings", "ContainerAdvancedSettings", "HelmAdvancedSettings", "JobAdvancedSettings",
      "TerraformServiceAdvancedSettings",
    ]);
    const covered = Object.fromEntries(Object.entries(rows).map(([kind, row]) => [kind, [...new Set(row.slots.map(([key]) => key))].sort()]));
    expect(covered).toEqual(withSecrets);
  });

  it("check never quotes a secret value, of any shape or length, in any failure", async () => {
    // The bases are valid, so the rules that look at a whole object are reached too.
    for (const [kind, row] of Object.entries(rows)) expect({ kind, texts: await checkTexts(kind, row.base) }).toEqual({ kind, texts: [] });
    let failures = 0;
    const leaked: string[] = [];
    for (const [kind, row] of Object.entries(rows)) {
      for (const [key, put] of row.slots) {
        for (const sentinel of SENTINELS) {
          const texts = await checkTexts(kind, put(sentinel));
          failures += texts.length;
          for (const text of texts) if (leaks(text).length > 0) leaked.push(`${kind}.${key} <- ${JSON.stringify(sentinel)}: ${text}`);
        }
      }
    }
    expect(leaked).toEqual([]);
    // The sentinels are mistakes: most of them fail, so the messages were really written.
    expect(failures).toBeGreaterThan(500);
  });

  it("a mistyped webhook URL of 60 characters or less is described, never quoted", async () => {
    const url = `htps://hooks.slack.com/services/${SHORT}`;
    const [failure] = await checkTexts("Webhook", { organizationId: ID, targetUrl: url, events: ["DEPLOYMENT_FAILURE"] });
    expect(failure).toContain("targetUrl: expected an http:// or https:// URL, got a string of");
    expect(failure).not.toContain(SHORT);
  });

  it("an error thrown by create or update carries no piece of a secret input, even when the service echoes it", async () => {
    const echo: pulumi.dynamic.ResourceProvider = {
      create: async (inputs) => {
        const url = inputs["targetUrl"] as { value?: unknown } | string;
        throw new Error(`deploy-service: creating webhook failed (HTTP 400): target_url ${typeof url === "string" ? url : String(url.value)} refused`);
      },
      update: async (_id, olds) => {
        throw new Error(`deploy-service: updating failed: the old secret ${String(olds["targetSecret"])} was refused`);
      },
    };
    const p = withActionableErrors("Webhook", echo, { secretKeys: ["targetUrl", "targetSecret"], schema: webhookSchema });
    const inputs = { organizationId: ID, targetUrl: `https://hooks.example.com/${MARK}`, targetSecret: SHORT };
    const texts: string[] = [];
    for (const run of [() => p.create!(inputs), () => p.update!("w1", inputs, { ...inputs, targetSecret: "other" })]) {
      try {
        await run();
      } catch (e) {
        texts.push((e as Error).message, String((e as Error).stack));
      }
    }
    // Without the schema too (the wrapper around every kind), a value the engine passes wrapped as a secret.
    const bare = withActionableErrors("Webhook", echo);
    const wrapped = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: `https://hooks.example.com/${MARK}` };
    try {
      await bare.create!({ organizationId: ID, targetUrl: wrapped });
    } catch (e) {
      texts.push((e as Error).message);
    }
    expect(texts).toHaveLength(5);
    expect(texts.flatMap(leaks)).toEqual([]);
    expect(texts[0]).toContain("***");
  });
});
