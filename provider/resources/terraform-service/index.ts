import type * as pulumi from "@pulumi/pulumi";
import type { RestrictedServiceArgs } from "../../service-kinds/restrictions";
import type { TERRAFORM_ADVANCED_SETTINGS, TERRAFORM_AUTO_DEPLOY_ACTIONS, TERRAFORM_COMMANDS, TerraformEngine } from "../../../sdk";
import { serviceObjectClass, type ServiceComputed } from "../../framework/resource";
import type { InlineAdvancedSettingsArgs } from "../../service-kinds/advanced-settings";
import type { ServiceArgs } from "../../service-kinds/shape";
import { terraformService } from "./provider";
import { terraformServiceSchema } from "./schema";

export { terraformServiceProvider, terraformService } from "./provider";
export { terraformServiceSchema, type TerraformServiceInputs } from "./schema";

/** The git repository holding the Terraform module. */
export interface TerraformGitRepositoryArgs {
  /**
   * Repository URL, `https://host/owner/repo` (or `http://`), with no credentials in it: a private repository's
   * access is a {@link GitToken}'s, given as `gitTokenId`. Wire: `terraform_files_source.git_repository.url`.
   */
  url: pulumi.Input<string>;
  /** Branch to plan and apply. Default: the one the service picks. Wire: `terraform_files_source.git_repository.branch`. */
  branch?: pulumi.Input<string>;
  /** Folder of the module inside the repository. Default: `"/"`. Wire: `terraform_files_source.git_repository.root_path`. */
  rootPath?: pulumi.Input<string>;
  /** Id of a {@link GitToken} giving access to a private repository. Default: none. Wire: `terraform_files_source.git_repository.git_token_id`. */
  gitTokenId?: pulumi.Input<string>;
}

/** Where the module's state is kept: give exactly one of `kubernetes` and `user`. */
export interface TerraformBackendArgs {
  /** In the cluster, by the service (a Kubernetes secret): `{ kubernetes: {} }`. Wire: `backend.kubernetes`. */
  kubernetes?: pulumi.Input<Record<string, never>>;
  /** In the backend the module's own `backend` block names (S3, GCS, ...): `{ user: {} }`. Wire: `backend.user_provided`. */
  user?: pulumi.Input<Record<string, never>>;
}

/** The resources of the job that runs Terraform, each bounded before any call. */
export interface TerraformJobResourcesArgs {
  /** Millicores (1000 = one CPU), 10 to 256000. Default: `500`. Wire: `job_resources.cpu_milli`. */
  cpuMilli?: pulumi.Input<number>;
  /** Memory in MiB, 1 to 4194304. Default: `512`. Wire: `job_resources.ram_mib`. */
  ramMib?: pulumi.Input<number>;
  /** GPUs, 0 to 64. Default: `0`. Wire: `job_resources.gpu`. */
  gpu?: pulumi.Input<number>;
  /** Storage for the module and its providers, in GiB, 1 to 65536. Default: `1`. Wire: `job_resources.storage_gib`. */
  storageGib?: pulumi.Input<number>;
}

/** Inputs of a {@link TerraformService}. */
export interface TerraformServiceArgs
  extends Omit<ServiceArgs, "cpu" | "memory" | "gpu" | "healthchecks" | "annotationsGroupIds" | "labelsGroupIds">,
    RestrictedServiceArgs, InlineAdvancedSettingsArgs<typeof TERRAFORM_ADVANCED_SETTINGS> {
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /** The repository holding the module. Wire: `terraform_files_source.git_repository`. */
  gitRepository: pulumi.Input<TerraformGitRepositoryArgs>;
  /** `TERRAFORM` or `OPEN_TOFU`. Default: `TERRAFORM`. Wire: `engine`. */
  engine?: pulumi.Input<TerraformEngine>;
  /**
   * Version of the engine, one the service offers (`getTerraformVersions`, wire `GET /terraform/availableVersion`):
   * a version it does not offer is refused at preview, naming the ones it does. The list is read only when the
   * version or the engine is new or changed, so a preview with no change sends no request, and once for every
   * Terraform service of the stack.
   * Wire: `provider_version.explicit_version`.
   */
  terraformVersion: pulumi.Input<string>;
  /** Use the version the module's `required_version` names instead. Default: `false`. Wire: `provider_version.read_from_terraform_block`. */
  readVersionFromTerraformBlock?: pulumi.Input<boolean>;
  /** Where the state is kept. Default: `{ kubernetes: {} }`. Wire: `backend`. */
  backend?: pulumi.Input<TerraformBackendArgs>;
  /**
   * Input variables of the module by name (Terraform identifiers: a letter or `_`, then letters, digits, `_`, `-`).
   * Default: none. Wire: `terraform_variables_source.tf_vars` (`secret: false`).
   */
  variables?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Secret input variables by name (a Pulumi secret; the service never answers their values, and no message quotes
   * them). A name in both maps is refused. Default: none. Wire: `terraform_variables_source.tf_vars` (`secret: true`).
   */
  secretVariables?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** `.tfvars` files of the repository, in the order Terraform reads them. Default: none. Wire: `terraform_variables_source.tf_var_file_paths`. */
  tfVarFiles?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Extra arguments of the commands the service runs (`init`, `validate`, `plan`, `apply`, `destroy`): a deploy plans
   * and applies, an uninstall destroys. E.g. `{ apply: ["-parallelism=4"] }`. Default: none. Wire: `action_extra_arguments`.
   */
  actionExtraArguments?: pulumi.Input<Partial<Record<(typeof TERRAFORM_COMMANDS)[number], pulumi.Input<pulumi.Input<string>[]>>>>;
  /** Resources of the job that runs Terraform. Default: 500 millicores, 512 MiB, no GPU, 1 GiB. Wire: `job_resources`. */
  jobResources?: pulumi.Input<TerraformJobResourcesArgs>;
  /** Seconds a run may take, 0 to 86400. Default: `600`. Wire: `timeout_sec`. */
  timeoutSeconds?: pulumi.Input<number>;
  /** Deploy by itself on each new commit of the branch. Default: `false`. Wire: `auto_deploy_config.auto_deploy`. */
  autoDeploy?: pulumi.Input<boolean>;
  /** What an auto-deploy runs: `DEFAULT` (plan and apply), `PLAN` or `NOOP`. Default: `DEFAULT`. Wire: `auto_deploy_config.terraform_action`. */
  autoDeployAction?: pulumi.Input<(typeof TERRAFORM_AUTO_DEPLOY_ACTIONS)[number]>;
  /** Give the runner the cluster's cloud credentials. Default: `false`. Wire: `use_cluster_credentials`. */
  useClusterCredentials?: pulumi.Input<boolean>;
}

/** One resource the last apply reported (its attributes are left out: they may hold secrets). */
export interface TerraformResourceOutput {
  /** `aws_s3_bucket.assets`. */
  address: string;
  /** `aws_s3_bucket`. */
  resourceType: string;
  /** `assets`. */
  name: string;
  /** `aws`. */
  provider: string;
  /** `managed` or `data`. */
  mode: string;
}

/** What the service says of a Terraform service beyond its inputs: outputs of a {@link TerraformService}. */
export interface TerraformServiceComputed extends ServiceComputed {
  /** The resources the last apply reported (read after a deployment and on refresh; empty before the first apply). */
  resources: TerraformResourceOutput[];
}

/**
 * A Terraform service: a Terraform (or OpenTofu) module in a git repository that the service plans and applies in
 * an environment (`deploy: true`: after create and after each change, waited for with progress), with its input
 * variables (`secretVariables` stored as Pulumi secrets), its state backend and the resources of its runner; the
 * resources the apply reported are the `resources` output. Destroying it deletes the service, which destroys what
 * the module made.
 *
 * @example
 * new TerraformService("buckets", {
 *   environmentId: env.id, name: "buckets",
 *   gitRepository: { url: "https://github.com/acme/infra.git", branch: "main", rootPath: "/buckets" },
 *   terraformVersion: "1.9.8",
 *   variables: { region: "eu-west-3" },
 *   secretVariables: { db_password: config.requireSecret("dbPassword") },
 *   deploy: true,
 * });
 *
 * @class
 */
export const TerraformService = serviceObjectClass<TerraformServiceArgs, typeof terraformServiceSchema, TerraformServiceComputed>(terraformService);
/** {@link TerraformService} as a type: its outputs are every input as stored and what the service computes. */
export type TerraformService = InstanceType<typeof TerraformService>;
