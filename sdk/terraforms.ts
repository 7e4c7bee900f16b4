/**
 * Terraform services: a Terraform (or OpenTofu) module in a git repository that the service plans and applies inside
 * an environment, with its input variables (plain or secret, and `.tfvars` files of the repository), its state
 * backend (the cluster's Kubernetes or the module's own) and the resources of the job that runs it. A deploy plans
 * and applies; an uninstall destroys what the module made and keeps the service.
 */
import { z } from "zod";
import { GitCommit, gitUrlProblem } from "./git";
import { maybe, namedRecord, openEnum, Reference, ruledString } from "./schema";
import { GitRepository } from "./service-common";

/** The engines a Terraform service runs: `TERRAFORM` or `OPEN_TOFU`. */
export const TERRAFORM_ENGINES = ["TERRAFORM", "OPEN_TOFU"] as const;
/** `TERRAFORM` or `OPEN_TOFU`. */
export type TerraformEngine = (typeof TERRAFORM_ENGINES)[number];
/** What an auto-deploy runs (`auto_deploy_config.terraform_action`): `DEFAULT` (plan and apply), `PLAN` or `NOOP`. */
export const TERRAFORM_AUTO_DEPLOY_ACTIONS = ["DEFAULT", "PLAN", "NOOP"] as const;
/** What a deploy may be asked to run instead of plan and apply (`action` of the deploy body). */
export const TERRAFORM_DEPLOY_ACTIONS = ["PLAN", "FORCE_UNLOCK", "MIGRATE_STATE"] as const;
/** The backends of a Terraform service's state, by their wire key: the cluster's Kubernetes, or the module's own. */
export const TERRAFORM_BACKENDS = ["kubernetes", "user_provided"] as const;
/** The Terraform commands extra arguments may be given for (`action_extra_arguments` keys). */
export const TERRAFORM_COMMANDS = ["init", "validate", "plan", "apply", "destroy"] as const;

/** What the service sets when a Terraform request leaves a field out, in the service's spelling. */
export const TERRAFORM_DEFAULTS = {
  /** Seconds a run may take (`timeout_sec`). */
  timeout_sec: 600,
  /** The runner's resources (`job_resources`). */
  job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 },
  /** What an auto-deploy runs. */
  terraform_action: "DEFAULT",
} as const;

/**
 * The bounds of a Terraform runner's resources (`job_resources`), inclusive. The API sets only `gpu >= 0`; the
 * maxima are this package's guards against slips such as `1e9`, the same as a service's (256 CPUs, 4 TiB, 64 TiB).
 */
export const TERRAFORM_JOB_RESOURCE_BOUNDS = {
  cpu_milli: { min: 10, max: 256_000 },
  ram_mib: { min: 1, max: 4_194_304 },
  gpu: { min: 0, max: 64 },
  storage_gib: { min: 1, max: 65_536 },
} as const;

/** Names Terraform reserves in a module: a variable cannot be called so. */
const RESERVED_VARIABLE_NAMES = ["source", "version", "providers", "count", "for_each", "lifecycle", "depends_on", "locals"];

/**
 * Why `name` is not a Terraform variable name, or undefined: an identifier (a letter or `_`, then letters, digits,
 * `_` and `-`), at most 255 characters, none of Terraform's reserved names. The message never quotes more than 40
 * characters of what was written.
 */
export function terraformVariableNameProblem(name: string): string | undefined {
  const shown = JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}...` : name);
  if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) || name.length > 255) {
    return `expected a Terraform identifier (a letter or _, then letters, digits, _ or -), got ${shown}`;
  }
  if (RESERVED_VARIABLE_NAMES.includes(name)) {
    return `expected a name Terraform allows for a variable, got the reserved ${shown} (reserved: ${RESERVED_VARIABLE_NAMES.join(", ")})`;
  }
  return undefined;
}

/** A repository URL the service can clone, without credentials ({@link gitUrlProblem}). */
const RepositoryUrl = ruledString(gitUrlProblem, z.string().min(1));

/** The git repository holding the module: `url`, `branch`, `root_path` (the module's folder), `git_token_id`. */
export const TerraformGitRepositoryRequest = z.looseObject({
  url: RepositoryUrl,
  branch: z.string().optional(),
  root_path: z.string().optional(),
  // Not nullable in the reference: the edit replaces the whole source, so a token left out is removed.
  git_token_id: z.string().min(1).optional(),
});
/** The git repository holding the module. */
export type TerraformGitRepositoryRequest = z.input<typeof TerraformGitRepositoryRequest>;

/** One input variable: `key` (a Terraform identifier), `value`, and `secret` (the service never answers its value). */
export const TerraformVarKeyValue = z.looseObject({
  key: ruledString(terraformVariableNameProblem),
  value: z.string(),
  secret: z.boolean().optional(),
});
/** One input variable. */
export type TerraformVarKeyValue = z.input<typeof TerraformVarKeyValue>;

/** The module's inputs: `.tfvars` files of the repository (paths from its root) and variables. */
export const TerraformVariablesSourceRequest = z.looseObject({
  tf_var_file_paths: z.array(z.string().min(1)),
  tf_vars: z.array(TerraformVarKeyValue),
});
/** The module's inputs. */
export type TerraformVariablesSourceRequest = z.input<typeof TerraformVariablesSourceRequest>;

/** Where the state is kept: exactly one of `kubernetes` (the cluster's) and `user_provided` (the module's own block). */
export const TerraformBackendRequest = z
  .looseObject({ kubernetes: z.looseObject({}).optional(), user_provided: z.looseObject({}).optional() })
  .superRefine((backend, ctx) => {
    const given = TERRAFORM_BACKENDS.filter((key) => backend[key] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({ code: "custom", message: `expected exactly one of ${TERRAFORM_BACKENDS.join(", ")}, got ${given.length === 0 ? "neither" : "both"}` });
    }
  });
/** Where the state is kept. */
export type TerraformBackendRequest = z.input<typeof TerraformBackendRequest>;

/** The engine's version: `explicit_version` (one of `/terraform/availableVersion`), or the module's `required_version`. */
export const TerraformProviderVersion = z.looseObject({
  read_from_terraform_block: z.boolean().optional(),
  explicit_version: z.string().min(1),
});
/** The engine's version. */
export type TerraformProviderVersion = z.input<typeof TerraformProviderVersion>;

const bounded = (key: keyof typeof TERRAFORM_JOB_RESOURCE_BOUNDS) =>
  z.number().int().min(TERRAFORM_JOB_RESOURCE_BOUNDS[key].min).max(TERRAFORM_JOB_RESOURCE_BOUNDS[key].max);

/** The runner's resources: millicores, MiB of memory, GPUs and GiB of storage ({@link TERRAFORM_JOB_RESOURCE_BOUNDS}). */
export const TerraformJobResources = z.looseObject({
  cpu_milli: bounded("cpu_milli"),
  ram_mib: bounded("ram_mib"),
  gpu: bounded("gpu"),
  storage_gib: bounded("storage_gib"),
});
/** The runner's resources. */
export type TerraformJobResources = z.input<typeof TerraformJobResources>;

/** Whether a new commit deploys by itself, and what it runs then. */
export const TerraformAutoDeployConfig = z.looseObject({
  auto_deploy: z.boolean(),
  terraform_action: z.enum(TERRAFORM_AUTO_DEPLOY_ACTIONS),
});

/** Body of a Terraform service's create and of its edit (the service's PUT takes the create's body). */
export const TerraformRequest = z.looseObject({
  name: z.string().min(1),
  description: z.string(),
  auto_deploy_config: TerraformAutoDeployConfig,
  terraform_files_source: z.looseObject({ git_repository: TerraformGitRepositoryRequest }),
  terraform_variables_source: TerraformVariablesSourceRequest,
  backend: TerraformBackendRequest,
  engine: z.enum(TERRAFORM_ENGINES),
  provider_version: TerraformProviderVersion,
  job_resources: TerraformJobResources,
  timeout_sec: z.number().int().min(0).optional(),
  icon_uri: z.string().optional(),
  use_cluster_credentials: z.boolean().optional(),
  action_extra_arguments: z.record(z.string(), z.array(z.string())).optional(),
});
/** Body of a Terraform service's create or edit. */
export type TerraformRequest = z.input<typeof TerraformRequest>;

/** One input variable as returned (a secret's `value` is not answered). */
const TerraformVarRecord = z.looseObject({ key: z.string(), value: maybe(z.string()), secret: maybe(z.boolean()) });

/** A Terraform service as the service returns it. */
export const Terraform = namedRecord({
  environment: maybe(Reference),
  description: maybe(z.string()),
  timeout_sec: maybe(z.number()),
  auto_deploy: maybe(z.boolean()),
  auto_deploy_config: maybe(z.looseObject({ auto_deploy: maybe(z.boolean()), terraform_action: maybe(openEnum(TERRAFORM_AUTO_DEPLOY_ACTIONS)) })),
  terraform_files_source: maybe(z.looseObject({ git: maybe(z.looseObject({ git_repository: maybe(GitRepository) })) })),
  terraform_variables_source: maybe(z.looseObject({ tf_var_file_paths: maybe(z.array(z.string())), tf_vars: maybe(z.array(TerraformVarRecord)) })),
  backend: maybe(z.looseObject({ kubernetes: maybe(z.looseObject({})), user_provided: maybe(z.looseObject({})) })),
  engine: maybe(openEnum(TERRAFORM_ENGINES)),
  provider_version: maybe(z.looseObject({ read_from_terraform_block: maybe(z.boolean()), explicit_version: maybe(z.string()) })),
  job_resources: maybe(z.looseObject({ cpu_milli: z.number(), ram_mib: z.number(), gpu: maybe(z.number()), storage_gib: z.number() })),
  use_cluster_credentials: maybe(z.boolean()),
  action_extra_arguments: maybe(z.record(z.string(), z.array(z.string()))),
  icon_uri: maybe(z.string()),
  service_type: maybe(z.string()),
});
/** A Terraform service record. */
export type Terraform = z.infer<typeof Terraform>;

/** A version the service offers (`GET /terraform/availableVersion`). */
export const TerraformVersion = z.looseObject({ engine: openEnum(TERRAFORM_ENGINES), version: z.string() });
/** A version the service offers. */
export type TerraformVersion = z.infer<typeof TerraformVersion>;

/** One resource the last apply made or read, as reported (`GET /terraform/{id}/terraformResources`). */
export const TerraformResource = z.looseObject({
  id: z.string(),
  resource_type: z.string(),
  name: z.string(),
  address: z.string(),
  provider: z.string(),
  mode: openEnum(["managed", "data"] as const),
  attributes: z.record(z.string(), z.unknown()),
  extracted_at: z.string(),
});
/** One resource of the last apply. */
export type TerraformResource = z.infer<typeof TerraformResource>;

/** Body of a deploy: a commit to deploy, and an action instead of plan and apply (`PLAN`, `FORCE_UNLOCK`, `MIGRATE_STATE`). */
export const TerraformDeployRequest = z.looseObject({
  git_commit_id: z.string().min(1).optional(),
  action: z.enum(TERRAFORM_DEPLOY_ACTIONS).nullable().optional(),
});
/** Body of a deploy. */
export type TerraformDeployRequest = z.input<typeof TerraformDeployRequest>;

/** A commit of the module's repository (the shared {@link GitCommit}). */
export const TerraformCommit = GitCommit;
/** A commit of the module's repository. */
export type TerraformCommit = GitCommit;

/** One deployment of the service, newest first (`GET /terraform/{id}/deploymentHistoryV2`), as the service answers it. */
export const TerraformDeployment = z.looseObject({
  identifier: maybe(z.looseObject({ deployment_request_id: maybe(z.string()), execution_id: maybe(z.string()) })),
  status: maybe(z.string()),
  auditing_data: maybe(z.looseObject({ created_at: maybe(z.string()), triggered_by: maybe(z.string()) })),
});
/** One deployment of the service. */
export type TerraformDeployment = z.infer<typeof TerraformDeployment>;

