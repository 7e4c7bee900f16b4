/**
 * The main example: a shop with `staging` and `production` environments on the deployment service.
 *
 * Run it against the bundled emulator with `npm run example:up` (see README), or against the real service
 * with `pulumi up` after setting `deploy-service:apiUrl` and the secret `deploy-service:apiToken`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";
import { AppEnvironment } from "./examples/components/app-environment";

const config = new pulumi.Config();
const organizationName = config.get("organizationName");
const organization = ds.getOrganizationOutput(organizationName ? { name: organizationName } : {});
const clusterFor = (name: string) => ds.getClusterOutput({ organizationId: organization.id, name });
const gitToken = config.getSecret("gitToken") ?? pulumi.secret("example-git-token-change-me");

const project = new ds.Project("shop", {
  organizationId: organization.id,
  name: config.get("projectName") ?? "shop",
  description: "The shop: an API, a frontend and their database",
});

const staging = new AppEnvironment("staging", {
  organizationId: organization.id,
  projectId: project.id,
  clusterId: clusterFor(config.get("stagingCluster") ?? "eu-west").id,
  environmentName: "staging",
  mode: "STAGING",
  branch: "main",
  gitToken,
  logLevel: config.get("stagingLogLevel") ?? "debug",
  deploy: config.getBoolean("stagingDeploy") ?? true,
  release: config.get("stagingRelease"),
});

const production = new AppEnvironment("production", {
  organizationId: organization.id,
  projectId: project.id,
  clusterId: clusterFor(config.get("productionCluster") ?? "eu-west").id,
  environmentName: "production",
  mode: "PRODUCTION",
  branch: "production",
  gitToken,
  logLevel: config.get("productionLogLevel") ?? "info",
  maxApiInstances: 3,
  deploy: config.getBoolean("productionDeploy") ?? true,
  release: config.get("productionRelease"),
});

// Deployment notifications, when the stack is given somewhere to send them (a receiver of your own, a Slack hook):
// `pulumi config set --secret webhookUrl ...` (a Slack URL is itself a credential) and, to sign them, `webhookSecret`.
const webhookUrl = config.getSecret("webhookUrl");
const webhookSecret = config.getSecret("webhookSecret");
const webhook = webhookUrl === undefined ? undefined : new ds.Webhook("deployment-notifications", {
  organizationId: organization.id,
  targetUrl: webhookUrl,
  events: ["DEPLOYMENT_STARTED", "DEPLOYMENT_SUCCESSFUL", "DEPLOYMENT_FAILURE", "DEPLOYMENT_CANCELLED"],
  description: "Deployments of the shop",
  // The receiver checks each delivery's signature with this secret.
  ...(webhookSecret === undefined ? {} : { targetSecret: webhookSecret }),
  projectNamesFilter: [project.name],
});

export const organizationId = organization.id;
export const projectId = project.id;
export const stagingEnvironmentId = staging.environment.id;
export const stagingDatabaseHost = staging.database.host;
export const stagingApiId = staging.api.id;
export const stagingFrontendId = staging.frontend.id;
export const productionEnvironmentId = production.environment.id;
export const productionDatabaseHost = production.database.host;
export const productionApiId = production.api.id;
export const productionFrontendId = production.frontend.id;
// Where each environment's services are reached: the public URL of each application, the API's host inside the cluster.
export const stagingApiUrl = staging.api.url;
export const stagingFrontendUrl = staging.frontend.url;
export const stagingApiInternalHost = staging.api.internalHost;
export const productionApiUrl = production.api.url;
export const productionFrontendUrl = production.frontend.url;
export const productionApiInternalHost = production.api.internalHost;
export const stagingState = staging.deployment?.state;
export const productionState = production.deployment?.state;
// An output only when the stack has a webhook: the engine warns of an export whose value is undefined on every up.
if (webhook !== undefined) exports.webhookId = webhook.id;
