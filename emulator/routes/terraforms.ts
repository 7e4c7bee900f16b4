import { createTerraform, editTerraform, terraformKind, terraformResources, type TerraformRec } from "../models/terraforms";
import { TERRAFORM_VERSIONS } from "../models/terraform-catalogue";
import { listOf } from "../schemas/common";
import { commitResponse } from "../schemas/deployment-history";
import { terraformRequest, terraformResourceResponse, terraformResponse, terraformVersionResponse } from "../schemas/terraform";
import { advancedSettingsRoutes } from "./advanced-settings";
import { historyV2Route } from "./deployment-history-v2";
import { knownCommits } from "./deployment-history";
import { needServiceOf } from "./lookup";
import { presentGitRepository, presentServiceCore } from "./service-fields";
import { serviceRoutes } from "./service-routes";
import { route, type Route, type RouteContext } from "./types";

/** Wire form of a Terraform service: its variables with no secret's value. */
export function presentTerraform(ctx: RouteContext, t: TerraformRec): Record<string, unknown> {
  return {
    ...presentServiceCore(terraformKind, t),
    ...(t.description === undefined ? {} : { description: t.description }),
    timeout_sec: t.timeout_sec, auto_deploy: t.auto_deploy_config.auto_deploy, auto_deploy_config: t.auto_deploy_config,
    terraform_files_source: { git: { git_repository: presentGitRepository(ctx, t.git_repository, t.runtime) } },
    terraform_variables_source: {
      tf_var_file_paths: t.tf_var_file_paths,
      tf_vars: t.tf_vars.map((v) => (v.secret ? { key: v.key, secret: true } : { key: v.key, value: v.value, secret: false })),
    },
    engine: t.engine, backend: t.backend, provider_version: t.provider_version, job_resources: t.job_resources,
    use_cluster_credentials: t.use_cluster_credentials, action_extra_arguments: t.action_extra_arguments, dockerfile_fragment: t.dockerfile_fragment,
  };
}

/**
 * Terraform services: collection under the environment, items at top level, actions (a deploy plans and applies,
 * an uninstall destroys), status, deployment history, advanced settings, the resources of the last apply, the
 * commits deployed and the engine versions on offer. Variables are the `/variable` routes' (scope `TERRAFORM`).
 */
export const terraformRoutes: Route[] = [
  route({
    method: "GET", path: "/terraform/availableVersion", status: 200, access: "read", response: listOf(terraformVersionResponse),
    summary: "Versions of each engine (Terraform, OpenTofu) the service runs, newest first",
    handler: () => ({
      results: Object.entries(TERRAFORM_VERSIONS).flatMap(([engine, versions]) => versions.map((version) => ({ engine, version }))),
    }),
  }),
  ...serviceRoutes(terraformKind, {
    createRequest: terraformRequest, editRequest: terraformRequest, response: terraformResponse, present: presentTerraform,
    create: createTerraform, edit: editTerraform,
  }),
  ...advancedSettingsRoutes("terraform", (ctx) => needServiceOf(ctx, terraformKind)),
  historyV2Route(terraformKind),
  route({
    method: "GET", path: "/terraform/{terraformId}/terraformResources", status: 200, access: "read", response: listOf(terraformResourceResponse),
    summary: "Resources the last apply left in the Terraform state (none before the first apply, nor after an uninstall)",
    handler: (ctx) => ({ results: terraformResources(needServiceOf(ctx, terraformKind), ctx.now) }),
  }),
  route({
    method: "GET", path: "/terraform/{terraformId}/commit", status: 200, access: "read", response: listOf(commitResponse),
    summary: "Commits of the module's repository its deploys rolled out, newest first",
    handler: (ctx) => ({ results: knownCommits(needServiceOf(ctx, terraformKind).runtime) }),
  }),
];
