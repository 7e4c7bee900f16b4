/**
 * The README's move from the TypeScript classes (dynamic providers) to the plugin's resources, in three steps of
 * config `step`: `dynamic` (the classes), `retain` (the classes with `retainOnDelete`), `plugin` (the plugin's
 * resources importing the same objects by id, the classes gone).
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

class PluginResource extends pulumi.CustomResource {}

const config = new pulumi.Config();
const step = config.require("step");
const organizationId = config.require("organizationId");
const clusterId = config.require("clusterId");

let projectId: pulumi.Output<string>;
let environmentId: pulumi.Output<string>;
if (step === "plugin") {
  const project = new PluginResource("deploy-service:index:Project", "shop", { organizationId, name: "moving-shop" }, { import: config.require("projectId") });
  const environment = new PluginResource("deploy-service:index:Environment", "staging", { projectId: project.id, name: "staging", mode: "STAGING", clusterId }, { import: config.require("environmentId") });
  [projectId, environmentId] = [project.id, environment.id];
} else {
  const retainOnDelete = step === "retain";
  const project = new ds.Project("shop", { organizationId, name: "moving-shop" }, { retainOnDelete });
  const environment = new ds.Environment("staging", { projectId: project.id, name: "staging", mode: "STAGING", clusterId }, { retainOnDelete });
  [projectId, environmentId] = [project.id, environment.id];
}
export { projectId, environmentId };
