/**
 * A program using the deploy-service provider plugin by type token, as a program in any language would through
 * its generated SDK: an explicit provider with the service's URL and a secret token, a project, an environment, a
 * deployment stage, a database with secret credentials, an application with variables and a secret (deployed by
 * `pulumi up`), and a lookup.
 */
import * as pulumi from "@pulumi/pulumi";

class DeployService extends pulumi.ProviderResource {
  constructor(name: string, args: pulumi.Inputs) {
    super("deploy-service", name, args);
  }
}

const config = new pulumi.Config();
const provider = new DeployService("emulator", { apiUrl: config.require("apiUrl"), apiToken: config.requireSecret("apiToken") });
type Resource = pulumi.CustomResource & Record<string, pulumi.Output<unknown>>;
class PluginResource extends pulumi.CustomResource {}
/** A plugin resource; each of `outputs` is an output slot (as a generated SDK declares them), read as `r[name]`. */
const resource = (kind: string, name: string, props: pulumi.Inputs, outputs: string[] = []): Resource =>
  new PluginResource(`deploy-service:index:${kind}`, name, { ...Object.fromEntries(outputs.map((o) => [o, undefined])), ...props }, { provider }) as Resource;
const id = (r: pulumi.CustomResource): pulumi.Output<string> => r.id;

const project = resource("Project", "shop", { organizationId: config.require("organizationId"), name: "plugin-shop", description: config.get("description") ?? "made by the plugin" });
const environment = resource("Environment", "staging", { projectId: id(project), name: "staging", mode: "STAGING", clusterId: config.require("clusterId") });
const stage = resource("DeploymentStage", "first", { environmentId: id(environment), name: "first", description: "databases first" });
const database = resource("Database", "db", {
  environmentId: id(environment), name: "shop-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE",
  cpu: 500, memory: 512, storage: 10, deploymentStageId: id(stage),
  masterCredentials: { login: "shop", password: config.requireSecret("databasePassword") },
}, ["internalHost", "password"]);
const api = resource("Application", "api", {
  environmentId: id(environment), name: "api", deploymentStageId: id(stage),
  gitRepository: { url: "https://github.com/acme/shop-api.git", branch: "main", rootPath: "/" },
  buildMode: "DOCKER", dockerfilePath: "Dockerfile", cpu: 500, memory: 512,
  ports: [{ internalPort: 8080, externalPort: 443, publiclyAccessible: true, protocol: "HTTP", name: "http" }],
  environmentVariables: { LOG_LEVEL: "info", DATABASE_HOST: database["internalHost"] },
  secrets: { API_KEY: config.requireSecret("apiKey") },
  deploy: true,
});

const cluster = pulumi.runtime.invokeOutput<{ name: string }>("deploy-service:index:getCluster", { organizationId: config.require("organizationId"), id: config.require("clusterId") }, { provider });

export const projectId = id(project);
export const environmentId = id(environment);
export const databaseId = id(database);
export const applicationId = id(api);
export const databasePassword = database["password"];
export const clusterName = cluster.apply((c) => c.name);
