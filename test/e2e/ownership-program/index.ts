/**
 * The program of test/e2e/ownership.test.ts: a project, an environment and an application with a variable map;
 * config `stages` (comma-separated names) declares deployment stages and `appStage` puts the application in one of
 * them; `standalone` declares a standalone `Variable` on the application with that key, and `mapKeys` adds keys to
 * the application's `environmentVariables`. Each test's `up` changes them to move services out of a stage being
 * removed, or to give one key two owners.
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
const list = (name: string): string[] => (config.get(name) ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");

const project = new ds.Project("shop", { organizationId: config.require("organizationId"), name: "ownership" });
const staging = new ds.Environment("staging", { projectId: project.id, name: "staging", clusterId: config.require("clusterId") });
const stages = Object.fromEntries(
  list("stages").map((name) => [name, new ds.DeploymentStage(name, { environmentId: staging.id, name })]),
);
const appStage = config.get("appStage");
const api = new ds.Application("api", {
  environmentId: staging.id,
  name: "api",
  gitRepository: { url: "https://github.com/acme/api.git", branch: "main" },
  environmentVariables: { LOG_LEVEL: "info", ...Object.fromEntries(list("mapKeys").map((k) => [k, "from-map"])) },
  ...(appStage ? { deploymentStageId: stages[appStage]!.id } : {}),
});
const standalone = config.get("standalone");
if (standalone) new ds.Variable("standalone", { scope: "APPLICATION", parentId: api.id, key: standalone, value: "standalone" });

export const environmentId = staging.id;
export const applicationId = api.id;
