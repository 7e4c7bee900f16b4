/**
 * The program of test/e2e/progress-engine.test.ts: a database and an application in two deployment stages,
 * deployed by `pulumi up` each on its own (`deploy: true`), or, with config `environmentDeployment: true`, together
 * stage by stage by an `EnvironmentDeployment`; the engine's output shows each deployment's progress lines.
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
const byEnvironment = config.getBoolean("environmentDeployment") ?? false;
const project = new ds.Project("progress", { organizationId: config.require("organizationId"), name: "progress" });
const environment = new ds.Environment("staging", { projectId: project.id, clusterId: config.require("clusterId"), name: "staging" });
const data = new ds.DeploymentStage("data", { environmentId: environment.id, name: "data" });
const apps = new ds.DeploymentStage("apps", { environmentId: environment.id, name: "apps", after: data.id });
const db = new ds.Database("db", {
  environmentId: environment.id, name: "progress-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER",
  deploymentStageId: data.id, deploy: !byEnvironment,
});
const api = new ds.Application("api", {
  environmentId: environment.id,
  name: "progress-api",
  gitRepository: { url: "https://github.com/acme/api.git", branch: "main" },
  ports: [{ internalPort: 8080, publiclyAccessible: true }],
  advancedSettings: { "network.ingress.proxy_body_size_mb": 50 },
  deploymentStageId: apps.id,
  deploy: !byEnvironment,
}, { dependsOn: [db] });

if (byEnvironment) {
  new ds.EnvironmentDeployment("release", { environmentId: environment.id, triggers: { release: "1" } }, { dependsOn: [db, api] });
}

export const apiId = api.id;
export const databaseId = db.id;
