/**
 * A feature-branch environment: one environment per git branch in an existing project, named from the branch,
 * built by the same component as the main stack's staging and production. `pulumi destroy` removes it.
 *
 *   pulumi config set projectId <the project's id>      # e.g. the main stack's `projectId` output
 *   pulumi config set branch feature/login-page         # or GIT_BRANCH, or the checked-out branch
 *   pulumi config set --secret webhookUrl <url>         # optional: where this branch's failed deployments are reported
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";
import { AppEnvironment } from "../components/app-environment";
import { currentGitBranch, environmentNameForBranch } from "./branch-name";

const config = new pulumi.Config();
const branch = config.get("branch") ?? process.env.GIT_BRANCH ?? currentGitBranch();
const environmentName = environmentNameForBranch(branch);
const organization = ds.getOrganizationOutput({});
const cluster = ds.getClusterOutput({ organizationId: organization.id, name: config.get("cluster") ?? "eu-west" });

const preview = new AppEnvironment(environmentName, {
  organizationId: organization.id,
  projectId: config.require("projectId"),
  clusterId: cluster.id,
  environmentName,
  mode: "DEVELOPMENT",
  branch,
  gitToken: config.getSecret("gitToken") ?? pulumi.secret("example-git-token-change-me"),
  logLevel: "debug",
});

// The team hears about this branch's failed deployments; a Slack incoming-webhook URL works too (kind: "SLACK").
const webhookUrl = config.getSecret("webhookUrl");
if (webhookUrl !== undefined) {
  new ds.Webhook(`${environmentName}-failures`, {
    organizationId: organization.id,
    targetUrl: webhookUrl,
    events: ["DEPLOYMENT_FAILURE"],
    description: `failed deployments of ${branch}`,
    environmentTypesFilter: ["DEVELOPMENT"],
  });
}

export const environmentId = preview.environment.id;
export const environment = environmentName;
export const apiId = preview.api.id;
export const frontendId = preview.frontend.id;
export const databaseHost = preview.database.host;
