/**
 * Taking over objects that already exist (made in the console, by the Terraform provider, or by an interrupted
 * `pulumi up`) instead of creating them again: a git token, a project, an environment, a database and an application
 * with its variables, each adopted by the id given in the stack config. Their first `pulumi up` reads each object and
 * changes only what differs from this program; the ids, the data and the deployment history stay. Without an id in
 * the config, the resource is created as usual.
 *
 *   pulumi config set --secret gitToken ghp_...     # the token's value: the service never returns it, so it is set again
 *   pulumi config set gitTokenId <id>               # the ids of the objects to take over
 *   pulumi config set projectId <id>
 *   pulumi config set environmentId <id>
 *   pulumi config set databaseId <id>
 *   pulumi config set applicationId <id>
 *   pulumi config set retainOnDelete true           # optional: `pulumi destroy` lets go of them instead of deleting them
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
// Ids from config skip the lookups, so a preview with no change sends no request at all.
const organizationId: pulumi.Input<string> = config.get("organizationId") ?? ds.getOrganizationOutput({}).id;
const clusterId: pulumi.Input<string> =
  config.get("clusterId") ?? ds.getClusterOutput({ organizationId, name: config.get("cluster") ?? "eu-west" }).id;

/**
 * `adopt: { id }` when the stack config holds the existing object's id under `key`, nothing otherwise (the resource
 * is then created). After the first `up` the resource is in the state and `adopt` is ignored: removing the id from
 * the config later changes nothing.
 */
function adoptFromConfig(key: string): { adopt?: { id: string } } {
  const id = config.get(key);
  return id === undefined ? {} : { adopt: { id } };
}

// `pulumi destroy` deletes adopted objects like any other; `retainOnDelete` makes it forget them instead, leaving
// them on the service (to hand them back to another tool, or to another stack).
const options: pulumi.CustomResourceOptions = { retainOnDelete: config.getBoolean("retainOnDelete") ?? false };

const gitToken = new ds.GitToken("github", {
  ...adoptFromConfig("gitTokenId"),
  organizationId,
  name: config.get("gitTokenName") ?? "shop-github",
  type: "GITHUB",
  token: config.requireSecret("gitToken"),
  description: "Builds the shop",
}, options);

const project = new ds.Project("shop", {
  ...adoptFromConfig("projectId"),
  organizationId,
  name: config.get("projectName") ?? "shop",
  description: "The shop, managed by Pulumi",
}, options);

const production = new ds.Environment("production", {
  ...adoptFromConfig("environmentId"),
  projectId: project.id,
  clusterId,
  name: config.get("environmentName") ?? "production",
  mode: "PRODUCTION",
}, options);

const database = new ds.Database("shop-db", {
  ...adoptFromConfig("databaseId"),
  environmentId: production.id,
  name: "shop-db",
  // type and mode cannot change in place: they must be those of the existing database, or the adoption is refused.
  type: "POSTGRESQL",
  version: "16",
  mode: "CONTAINER",
  // Written out: this package's default is PRIVATE, the Terraform provider's is PUBLIC.
  accessibility: "PRIVATE",
}, options);

const api = new ds.Application("api", {
  ...adoptFromConfig("applicationId"),
  environmentId: production.id,
  name: "api",
  gitRepository: { url: "https://github.com/acme/shop-api.git", branch: "main", gitTokenId: gitToken.id },
  // Written out: this package's default is true, the Terraform provider's is false.
  autoPreview: false,
  ports: [{ internalPort: 8080, publiclyAccessible: true }],
  // A key the application already has is taken over with it; only its value is compared.
  environmentVariables: { LOG_LEVEL: config.get("logLevel") ?? "info" },
}, options);

// Something only this stack has: created by the first `up`, next to the adopted objects.
const releaseChannel = new ds.Variable("release-channel", {
  scope: "ENVIRONMENT",
  parentId: production.id,
  key: "RELEASE_CHANNEL",
  value: config.get("releaseChannel") ?? "stable",
  description: "Which builds this environment follows",
}, options);

export const gitTokenId = gitToken.id;
export const projectId = project.id;
export const environmentId = production.id;
export const databaseId = database.id;
export const applicationId = api.id;
export const releaseChannelId = releaseChannel.id;
export const databaseHost = database.host;
