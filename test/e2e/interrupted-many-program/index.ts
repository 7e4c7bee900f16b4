/**
 * The program of test/e2e/interrupted-many.test.ts: a project, an environment and `count` applications, which the
 * engine creates in parallel, so that `pulumi up` can be interrupted with all of them in flight (config `name` keeps
 * each stack's project apart on one emulator).
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
const project = new ds.Project("shop", { organizationId: config.require("organizationId"), name: config.require("name") });
const staging = new ds.Environment("staging", { projectId: project.id, name: "staging", clusterId: config.require("clusterId") });
const apps = Array.from({ length: config.requireNumber("count") }, (_, i) => new ds.Application(`api-${i}`, {
  environmentId: staging.id,
  name: `api-${i}`,
  gitRepository: { url: "https://github.com/acme/api.git", branch: "main" },
}));

export const applicationIds = apps.map((a) => a.id);
