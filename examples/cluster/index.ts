/**
 * A cluster as code: the AWS credentials the service creates it with, the cluster itself (its node counts, instance
 * type, Kubernetes version, metrics and DNS provider kept in code), its advanced settings, an environment of a project
 * running on it, and its kubeconfig for `@pulumi/kubernetes` (the `kubeconfig` output, a secret).
 *
 *   pulumi config set --secret awsSecretAccessKey <key>    # with awsAccessKeyId; or set awsRoleArn instead
 *   pulumi config set awsAccessKeyId <id>
 *   pulumi config set region eu-west-3                     # optional
 *   pulumi config set instanceType t3a.large               # optional: see getInstanceTypes
 *   pulumi config set maxNodes 3                           # a change updates the cluster in place
 *   pulumi config set kubernetesVersion 1.33               # a change upgrades it in place
 *   pulumi config set --secret cloudflareApiToken <token>  # optional: Cloudflare as DNS provider, else the service's own
 *   pulumi config set domain example.com                   # the DNS provider's domain
 *   pulumi config set organizationId <id>                  # optional: else the token's only organization
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
// An id from config skips the lookup, so a preview with no change sends no request but the kubeconfig's.
const organizationId: pulumi.Input<string> = config.get("organizationId") ?? ds.getOrganizationOutput({}).id;
const region = config.get("region") ?? "eu-west-3";

const roleArn = config.get("awsRoleArn");
const credentials = new ds.AwsCredentials("aws", {
  organizationId,
  name: "platform",
  ...(roleArn !== undefined
    ? { roleArn }
    : { accessKeyId: config.require("awsAccessKeyId"), secretAccessKey: config.requireSecret("awsSecretAccessKey") }),
});

// Credentials of the organization's other clouds, each when its config is set (the secret parts from secret config),
// for the clusters it runs there; unused by this program's cluster.
const gcpKey = config.getSecret("gcpCredentials");
if (gcpKey !== undefined) new ds.GcpCredentials("gcp", { organizationId, name: "platform-gcp", gcpCredentials: gcpKey });
const scalewaySecretKey = config.getSecret("scalewaySecretKey");
if (scalewaySecretKey !== undefined) {
  new ds.ScalewayCredentials("scaleway", {
    organizationId, name: "platform-scaleway", scalewayAccessKey: config.require("scalewayAccessKey"), scalewaySecretKey,
    scalewayProjectId: config.require("scalewayProjectId"), scalewayOrganizationId: config.require("scalewayOrganizationId"),
  });
}
const azureSubscriptionId = config.get("azureSubscriptionId");
if (azureSubscriptionId !== undefined) {
  new ds.AzureCredentials("azure", { organizationId, name: "platform-azure", azureSubscriptionId, azureTenantId: config.require("azureTenantId") });
}
if (config.getBoolean("onPremiseCredentials")) new ds.OnPremiseCredentials("on-premise", { organizationId, name: "platform-on-premise" });

// Created, deployed and waited for by `pulumi up` (each state a line of its output); another region would replace it.
const kubeVersion = config.get("kubernetesVersion");
const cloudflareToken = config.getSecret("cloudflareApiToken");
const domain = config.get("domain") ?? "platform.example.com";
const cluster = new ds.Cluster("cluster", {
  organizationId,
  cloudProvider: "AWS",
  credentialsId: credentials.id,
  name: "platform",
  region,
  instanceType: config.get("instanceType") ?? "t3a.large",
  minRunningNodes: config.getNumber("minNodes") ?? 1,
  maxRunningNodes: config.getNumber("maxNodes") ?? 2,
  production: false,
  ...(kubeVersion !== undefined ? { kubernetesVersion: kubeVersion } : {}),
  // Typed: a misspelt key is refused by `pulumi preview`, naming its path.
  metricsParameters: { enabled: true, configuration: { resourceProfile: "LOW", alerting: { enabled: false } } },
  // The token is a secret from config; the whole dnsProvider input is stored as a Pulumi secret.
  dnsProvider: cloudflareToken !== undefined
    ? { provider: "CLOUDFLARE", domain, email: config.get("cloudflareEmail") ?? `ops@${domain}`, apiToken: cloudflareToken }
    : { provider: "QOVERY", domain },
  timeoutSeconds: config.getNumber("timeoutSeconds") ?? 3600,
});

// Keyed as the service spells them; a key removed from here goes back to the service's default.
new ds.ClusterAdvancedSettings("cluster-settings", {
  organizationId, clusterId: cluster.id, settings: { "loki.log_retention_in_week": config.getNumber("logRetentionWeeks") ?? 2 },
});

const project = new ds.Project("platform", { organizationId, name: "platform" });
const staging = new ds.Environment("staging", { projectId: project.id, name: "staging", mode: "STAGING", clusterId: cluster.id });

// The project's rule for the preview environments made later from pull-request branches (`pr-*`): on this cluster,
// stopped outside working hours. Its order among the project's rules is kept in code too.
const previews = new ds.DeploymentRule("previews", {
  projectId: project.id, name: "previews", mode: "PREVIEW", clusterId: cluster.id, environmentNamePattern: "pr-*",
  autoStop: true, timeZone: "Europe/Paris", startTime: "08:00", stopTime: "20:00", weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
});
new ds.DeploymentRuleOrder("rule-order", { projectId: project.id, ruleIds: [previews.id] });
// Staging's own rule (every environment has one): it keeps running around the clock.
new ds.EnvironmentDeploymentRule("staging-rule", {
  environmentId: staging.id, autoStop: false, timeZone: "Europe/Paris", startTime: "08:00", stopTime: "20:00", weekdays: ["MONDAY", "FRIDAY"],
});

// A secret: it holds the cluster's credential. Hand it to `new k8s.Provider("platform", { kubeconfig })`.
const access = ds.getClusterKubeconfigOutput({ organizationId, clusterId: cluster.id });

export const clusterId = cluster.id;
export const clusterStatus = cluster.status;
export const kubernetesVersion = cluster.version;
export const environmentId = staging.id;
export const kubeconfig = pulumi.secret(access.kubeconfig);
