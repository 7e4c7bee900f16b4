/**
 * The program of test/e2e/interrupted-up.test.ts: a project, an environment and an application with a variable,
 * so that `pulumi up` can be interrupted while the application is being created (config `name` keeps each stack's
 * project apart on one emulator).
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
const project = new ds.Project("shop", { organizationId: config.require("organizationId"), name: config.require("name") });
const staging = new ds.Environment("staging", { projectId: project.id, name: "staging", clusterId: config.require("clusterId") });
const api = new ds.Application("api", {
  environmentId: staging.id,
  name: "api",
  gitRepository: { url: "https://github.com/acme/api.git", branch: "main" },
  environmentVariables: { LOG_LEVEL: "info" },
});

export const projectId = project.id;
export const applicationId = api.id;
