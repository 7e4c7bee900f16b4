/**
 * Configuration as code: variables and secrets at the project, the environment and the services (values, an
 * override, aliases of a database's built-in variables, a file), a secret managed apart from its service, labels and
 * annotations groups on a database and a container, the container's autoscaling policy and its custom domain.
 *
 *   pulumi config set logLevel info                 # the project's LOG_LEVEL (staging overrides it with debug)
 *   pulumi config set --secret stripeKey sk_test_.. # a secret managed on its own (a `Secret` resource)
 *   pulumi config set domain www.example.com        # the container's custom domain
 *   pulumi config set organizationId <id>           # optional: else the token's only organization
 *   pulumi config set clusterId <id>                # optional: else the cluster named by `cluster` (eu-west)
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
// Ids from config skip the lookups, so a preview with no change sends no request at all.
const organizationId: pulumi.Input<string> = config.get("organizationId") ?? ds.getOrganizationOutput({}).id;
const clusterId: pulumi.Input<string> =
  config.get("clusterId") ?? ds.getClusterOutput({ organizationId, name: config.get("cluster") ?? "eu-west" }).id;

const team = new ds.LabelsGroup("team", {
  organizationId,
  name: config.get("labelsGroupName") ?? "team-storefront",
  labels: [
    { key: "team", value: "storefront" },
    { key: "cost-center", value: "cc-42", propagateToCloudProvider: true },
  ],
});

const monitoring = new ds.AnnotationsGroup("monitoring", {
  organizationId,
  name: config.get("annotationsGroupName") ?? "prometheus-scrape",
  annotations: [
    { key: "prometheus.io/scrape", value: "true" },
    { key: "prometheus.io/port", value: "9113" },
  ],
  scopes: ["PODS", "SERVICES"],
});

const project = new ds.Project("storefront", {
  organizationId,
  name: config.get("projectName") ?? "storefront",
  description: "Configuration at every scope",
  environmentVariables: { LOG_LEVEL: config.get("logLevel") ?? "info", COMPANY: "acme" },
});

const staging = new ds.Environment("staging", {
  projectId: project.id,
  clusterId,
  name: "staging",
  mode: "STAGING",
  environmentVariables: { APP_ENV: "staging" },
  // staging's own value of the project's LOG_LEVEL: every service here sees debug
  environmentVariableOverrides: { LOG_LEVEL: "debug" },
});

const database = new ds.Database("orders-db", {
  environmentId: staging.id,
  name: "orders-db",
  type: "POSTGRESQL",
  version: "16",
  mode: "CONTAINER",
  labelsGroupIds: [team.id],
});

const dockerHub = new ds.ContainerRegistry("docker-hub", {
  organizationId,
  name: config.get("registryName") ?? "docker-hub-storefront",
  kind: "DOCKER_HUB",
});

const web = new ds.Container("web", {
  environmentId: staging.id,
  name: "web",
  registryId: dockerHub.id,
  imageName: "nginx",
  tag: "1.27-alpine",
  ports: [{ internalPort: 80, publiclyAccessible: true }],
  minRunningInstances: 1,
  maxRunningInstances: 4,
  labelsGroupIds: [team.id],
  annotationsGroupIds: [monitoring.id],
  // The service's own names for the database's host and password, under the names the app reads.
  environmentVariableAliases: { DATABASE_HOST: ds.builtInVariableKey("POSTGRESQL", database.id, "HOST_INTERNAL") },
  secretAliases: { DATABASE_PASSWORD: ds.builtInVariableKey("POSTGRESQL", database.id, "PASSWORD") },
  environmentVariableFiles: {
    NGINX_CONF: { mountPath: "/etc/nginx/conf.d/status.conf", value: "server { listen 8080; location /status { stub_status; } }\n" },
  },
  autoscaling: {
    pollingIntervalSeconds: 30,
    cooldownPeriodSeconds: 300,
    scalers: [{
      scalerType: "prometheus",
      configJson: { serverAddress: "http://prometheus:9090", query: "sum(rate(nginx_http_requests_total[1m]))", threshold: "100" },
    }],
  },
});

// A variable and a secret of the environment managed apart from the services (by another team, say): a key
// belongs to one resource only, so the environment's own maps above leave these keys alone.
const featureFlags = new ds.Variable("feature-flags", {
  scope: "ENVIRONMENT",
  parentId: staging.id,
  key: "FEATURE_FLAGS",
  value: config.get("featureFlags") ?? "checkout-v2",
  description: "Flags the storefront team turns on and off",
});

const stripeKey = new ds.Secret("stripe-key", {
  scope: "ENVIRONMENT",
  parentId: staging.id,
  key: "STRIPE_KEY",
  value: config.getSecret("stripeKey") ?? pulumi.secret("sk_test_change_me"),
  description: "Payments, test mode",
});

const domain = new ds.CustomDomain("www", {
  serviceKind: "container",
  serviceId: web.id,
  domain: config.get("domain") ?? "www.storefront.example.com",
});

export const projectId = project.id;
export const environmentId = staging.id;
export const databaseId = database.id;
export const webId = web.id;
export const labelsGroupId = team.id;
export const annotationsGroupId = monitoring.id;
export const featureFlagsId = featureFlags.id;
export const stripeKeyId = stripeKey.id;
export const domainId = domain.id;
/** Point a CNAME of the domain at this. */
export const cnameTarget = domain.validationDomain;
export const webBuiltInVariables = web.builtInVariables;
