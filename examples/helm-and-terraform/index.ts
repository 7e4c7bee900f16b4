/**
 * Helm and Terraform: a Terraform module from git that prepares the environment's cloud side (its DNS zone), a
 * Grafana chart from a public Helm repository with inline values and a secret admin password, and a web container
 * from a public image, deployed in that order by deployment stages and an `EnvironmentDeployment`.
 *
 *   pulumi config set --secret dnsApiToken <token>    # the module's secret input variable
 *   pulumi config set grafanaReplicas 2               # optional: a change updates the chart and redeploys it alone
 *   pulumi config set organizationId <id>             # optional: else the token's only organization
 *   pulumi config set clusterId <id>                  # optional: else the cluster named by `cluster` (eu-west)
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
// Ids from config skip the lookups, so a preview with no change sends no request at all.
const organizationId: pulumi.Input<string> = config.get("organizationId") ?? ds.getOrganizationOutput({}).id;
const clusterId: pulumi.Input<string> =
  config.get("clusterId") ?? ds.getClusterOutput({ organizationId, name: config.get("cluster") ?? "eu-west" }).id;

const project = new ds.Project("platform", {
  organizationId,
  name: config.get("projectName") ?? "helm-and-terraform",
  description: "Cloud resources from Terraform, monitoring from a Helm chart, and a web container",
});

const environment = new ds.Environment("production", {
  projectId: project.id,
  clusterId,
  name: "production",
  mode: "PRODUCTION",
});
export const environmentId = environment.id;

// Stages deploy in order: the cloud resources first, then the charts, then the applications.
const infrastructureStage = new ds.DeploymentStage("stage-infrastructure", {
  environmentId, name: "infrastructure", description: "Terraform modules deploy first",
});
const chartsStage = new ds.DeploymentStage("stage-charts", {
  environmentId, name: "charts", description: "Helm charts, once the cloud resources exist", after: infrastructureStage.id,
});
const appsStage = new ds.DeploymentStage("stage-apps", {
  environmentId, name: "apps", description: "Applications, once the charts run", after: chartsStage.id,
});

// Planned and applied by the service on deploy (destroyed with the service); its version is one the service offers.
const dns = new ds.TerraformService("dns", {
  environmentId,
  name: "dns",
  gitRepository: { url: "https://github.com/acme/platform-infra.git", branch: "main", rootPath: "/dns" },
  terraformVersion: config.get("terraformVersion") ?? "1.9.8",
  backend: { kubernetes: {} },
  variables: { region: config.get("region") ?? "eu-west-3", zone: config.get("zone") ?? "platform.example.com" },
  // A Pulumi secret in the state; the service never answers it, and no message quotes it.
  secretVariables: { dns_api_token: config.requireSecret("dnsApiToken") },
  jobResources: { cpuMilli: 500, ramMib: 512, storageGib: 1 },
  deploymentStageId: infrastructureStage.id,
});

const grafanaCharts = new ds.HelmRepository("grafana-charts", {
  organizationId,
  name: config.get("repositoryName") ?? "grafana",
  kind: "HTTPS",
  url: "https://grafana.github.io/helm-charts",
  description: "Grafana's public chart repository",
});

const grafanaPassword = new random.RandomPassword("grafana-admin-password", { length: 24, special: false });
const grafana = new ds.Helm("grafana", {
  environmentId,
  name: "grafana",
  source: { repository: { repositoryId: grafanaCharts.id, chartName: "grafana", chartVersion: "8.5.2" } },
  // Checked at preview: YAML that does not parse is refused, naming its line.
  valuesOverride: {
    inline: `replicas: ${config.getNumber("grafanaReplicas") ?? 1}\npersistence:\n  enabled: false\n`,
  },
  // Stored as a Pulumi secret, sent as `--set adminPassword=...`.
  secretValuesOverride: { set: { adminPassword: grafanaPassword.result } },
  ports: [{ internalPort: 80, externalPort: 443, serviceName: "grafana", name: "grafana", isDefault: true }],
  deploymentStageId: chartsStage.id,
  // A change of its values (or anything else of the chart) redeploys the chart alone, in the same `up`.
  deploy: true,
});

// Public images need no credentials: a Docker Hub registry with an empty config.
const dockerHub = new ds.ContainerRegistry("docker-hub", {
  organizationId,
  name: config.get("registryName") ?? "docker-hub-public",
  kind: "DOCKER_HUB",
  description: "Public images of Docker Hub",
});

const web = new ds.Container("web", {
  environmentId,
  name: "web",
  registryId: dockerHub.id,
  imageName: "nginx",
  tag: config.get("imageTag") ?? "1.27-alpine",
  ports: [{ internalPort: 80, publiclyAccessible: true }],
  cpu: 250,
  memory: 256,
  deploymentStageId: appsStage.id,
});

// Settings managed apart from their services (each change takes effect at the service's next deployment); declared
// before the deployment, so the first one already runs with them. `deletedWith`: no reset when the service goes too.
const grafanaSettings = new ds.HelmAdvancedSettings("grafana-settings", {
  helmId: grafana.id,
  settings: { "network.ingress.force_ssl_redirect": false },
}, { deletedWith: grafana });
const dnsSettings = new ds.TerraformServiceAdvancedSettings("dns-settings", {
  terraformServiceId: dns.id,
  settings: { "build.timeout_max_sec": 3600 },
}, { deletedWith: dns });

// Declared after everything it deploys: the first `up` runs the three stages in order and waits for each.
const deployment = new ds.EnvironmentDeployment("deployment", {
  environmentId,
  desiredState: "RUNNING",
  triggers: { release: config.get("release") ?? "1" },
  timeoutSeconds: 1800,
}, { dependsOn: [dns, grafana, web, grafanaSettings, dnsSettings] });

export const projectId = project.id;
export const repositoryId = grafanaCharts.id;
export const grafanaId = grafana.id;
export const terraformServiceId = dns.id;
export const webId = web.id;
export const deploymentState = deployment.state;
