import { z } from "zod";
import { gitRepositoryResponse } from "./applications";
import { baseResponse, nonEmpty, referenceObject, uri } from "./common";
import { sourceGitRepositoryRequest } from "./helm";

const int = z.number().int();

/** Engines a Terraform service runs (`TerraformEngineEnum`). */
export const TERRAFORM_ENGINES = ["TERRAFORM", "OPEN_TOFU"] as const;

/** A Terraform input variable name: an identifier (a letter or `_`, then letters, digits, `_` and `-`). */
export const tfVarKey = z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, "expected a Terraform variable name: a letter or _, then letters, digits, _ or -");

/** `TerraformVarKeyValue`: a variable, its value and whether it is a secret (never answered). */
const tfVar = z.object({ key: tfVarKey, value: z.string(), secret: z.boolean().optional() });

/** `TerraformVariablesSourceRequest`: `.tfvars` files of the module's repository and variables given inline (keys unique). */
export const terraformVariablesSourceRequest = z.object({
  tf_var_file_paths: z.array(nonEmpty),
  tf_vars: z.array(tfVar),
}).superRefine((s, ctx) => {
  s.tf_vars.forEach((v, i) => {
    const first = s.tf_vars.findIndex((w) => w.key === v.key);
    if (first !== i) ctx.addIssue({ code: "custom", path: ["tf_vars", i, "key"], message: `${v.key} is already given by tf_vars[${first}]` });
  });
});

/** `TerraformBackend`: the service's Kubernetes backend, the user's own (a `backend` block of the module), or a blueprint's. */
export const terraformBackend = z.object({
  kubernetes: z.object({}).optional(),
  user_provided: z.object({}).optional(),
  blueprint: z.object({ type: nonEmpty, config: z.record(z.string(), z.string()).optional() }).optional(),
}).superRefine((b, ctx) => {
  const given = Object.values(b).filter((x) => x !== undefined).length;
  if (given !== 1) ctx.addIssue({ code: "custom", message: `give exactly one of kubernetes, user_provided and blueprint (got ${given})` });
});

/** `TerraformRequestJobResources`: what the job running Terraform gets. */
export const terraformJobResources = z.object({
  cpu_milli: int.min(10), ram_mib: int.min(1), gpu: int.min(0), storage_gib: int.min(1),
});

const dockerfileFragment = z.union([
  z.object({ type: z.literal("file"), path: z.string().regex(/^\//, "must start with /") }),
  z.object({ type: z.literal("inline"), content: z.string().max(8192, "at most 8 KB") }),
]);

/** `TerraformRequest`: create or edit a Terraform service (the edit is the whole request again). */
export const terraformRequest = z.object({
  name: nonEmpty,
  description: z.string(),
  auto_deploy_config: z.object({ auto_deploy: z.boolean(), terraform_action: z.enum(["DEFAULT", "PLAN", "NOOP"]) }),
  terraform_files_source: z.object({ git_repository: sourceGitRepositoryRequest }),
  terraform_variables_source: terraformVariablesSourceRequest,
  backend: terraformBackend,
  engine: z.enum(TERRAFORM_ENGINES),
  provider_version: z.object({ read_from_terraform_block: z.boolean().optional(), explicit_version: nonEmpty }),
  timeout_sec: int.min(0).optional(),
  icon_uri: uri.optional(),
  job_resources: terraformJobResources,
  use_cluster_credentials: z.boolean().optional(),
  action_extra_arguments: z.record(z.string(), z.array(z.string())).optional(),
  dockerfile_fragment: dockerfileFragment.nullable().optional(),
});

/** A Terraform service as answered (secret variables without their value). */
export const terraformResponse = baseResponse.extend({
  environment: referenceObject, name: z.string(), description: z.string().optional(), timeout_sec: int, auto_deploy: z.boolean(),
  auto_deploy_config: z.object({ auto_deploy: z.boolean(), terraform_action: z.string() }),
  terraform_files_source: z.object({ git: z.object({ git_repository: gitRepositoryResponse }) }),
  icon_uri: z.string(), service_type: z.literal("TERRAFORM"),
  terraform_variables_source: z.object({
    tf_var_file_paths: z.array(z.string()),
    tf_vars: z.array(z.object({ key: z.string(), value: z.string().optional(), secret: z.boolean() })),
  }),
  engine: z.enum(TERRAFORM_ENGINES), backend: z.record(z.string(), z.unknown()),
  provider_version: z.object({ read_from_terraform_block: z.boolean(), explicit_version: z.string() }),
  job_resources: terraformJobResources, use_cluster_credentials: z.boolean(),
  action_extra_arguments: z.record(z.string(), z.array(z.string())), dockerfile_fragment: dockerfileFragment.nullable(),
});

/** A version of an engine the service runs. */
export const terraformVersionResponse = z.object({ engine: z.enum(TERRAFORM_ENGINES), version: z.string() });

/** A resource the last apply left in the Terraform state. */
export const terraformResourceResponse = z.object({
  id: z.string(), resource_type: z.string(), name: z.string(), address: z.string(), provider: z.string(),
  mode: z.enum(["managed", "data"]), attributes: z.record(z.string(), z.unknown()), extracted_at: z.string(),
});

