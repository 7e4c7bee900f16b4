/**
 * A preview environment per pull request: staging cloned into `pr-<number>` (mode PREVIEW), the pull request's
 * commit deployed on the applications built from the repository, stage by stage. One stack per pull request,
 * `pr-<number>`; `pulumi destroy` removes the environment. `.github/workflows/preview-per-pull-request.yml` runs it.
 *
 *   pulumi stack init pr-42
 *   pulumi config set projectId <the project's id>      # e.g. the main stack's `projectId` output
 *   pulumi config set commit <sha of the pull request's head>      # or PR_HEAD_SHA in the environment
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";
import { PreviewEnvironment } from "../components/preview-environment";

const config = new pulumi.Config();
// The pull request's number: from config, else from the stack's name (`pr-42`).
const pullRequest = config.getNumber("pullRequest") ?? Number(/^pr-(\d+)$/.exec(pulumi.getStack())?.[1]);
const projectId = config.require("projectId");
const base = ds.getEnvironmentOutput({ projectId, name: config.get("baseEnvironment") ?? "staging" });
const repositoryServices = (config.get("repositoryServices") ?? "api,frontend").split(",").map((s) => s.trim()).filter((s) => s !== "");

const preview = new PreviewEnvironment(`pr-${pullRequest}`, {
  projectId,
  baseEnvironmentId: base.id,
  pullRequest,
  commitId: process.env.PR_HEAD_SHA ?? config.require("commit"),
  repositoryServices,
  frontService: config.get("frontService") ?? "frontend",
});

export const environmentId = preview.environment.id;
export const environment = preview.environmentName;
export const frontId = preview.frontId;
export const frontUrl = preview.frontUrl;
export const state = preview.state;
