/**
 * Objects that exist already (a project, its environment, an application), declared with the default provider of the
 * deploy-service plugin (configured by the stack's `deploy-service:apiUrl` and secret `deploy-service:apiToken`).
 * `declare` off: the program declares nothing (the stack before `pulumi import`). `<kind>Import` set: that resource
 * takes the `import` option with it.
 */
import * as pulumi from "@pulumi/pulumi";

class PluginResource extends pulumi.CustomResource {}

const config = new pulumi.Config();
const imported = (kind: string): pulumi.CustomResourceOptions => {
  const id = config.get(`${kind}Import`);
  return id === undefined ? {} : { import: id };
};
const resource = (kind: string, name: string, props: pulumi.Inputs): PluginResource =>
  new PluginResource(`deploy-service:index:${kind}`, name, props, imported(name));

if (config.getBoolean("declare") === true) {
  const project = resource("Project", "project", { organizationId: config.require("organizationId"), name: "existing-shop" });
  const environment = resource("Environment", "environment", { projectId: project.id, name: "existing-staging", mode: "STAGING", clusterId: config.require("clusterId") });
  resource("Application", "application", {
    environmentId: environment.id, name: "existing-api", gitRepository: { url: "https://github.com/acme/existing-api.git", branch: "main", rootPath: "/" },
  });
}
