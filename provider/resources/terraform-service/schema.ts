import { z } from "zod";
import { restrictionFields } from "../../service-kinds/restrictions";
import {
  TERRAFORM_AUTO_DEPLOY_ACTIONS, TERRAFORM_COMMANDS, TERRAFORM_DEFAULTS, TERRAFORM_ENGINES, TERRAFORM_JOB_RESOURCE_BOUNDS,
  gitUrlProblem, terraformVariableNameProblem, type TERRAFORM_ADVANCED_SETTINGS,
} from "../../../sdk";
import { argsSchema } from "../../framework/args";
import { field } from "../../framework/fields";
import { idInput, nameInput, ruledInput } from "../../framework/rules";
import { refineValues } from "../../framework/service-values";
import { serviceFields } from "../../service-kinds/shape";
import { advancedSettingsField } from "../../service-kinds/advanced-settings";
import type { TerraformServiceArgs } from "./index";

const int = z.number().int();
const RESOURCES = TERRAFORM_JOB_RESOURCE_BOUNDS;
const DEFAULT_RESOURCES = TERRAFORM_DEFAULTS.job_resources;
const bounded = (key: keyof typeof RESOURCES) => int.min(RESOURCES[key].min).max(RESOURCES[key].max).default(DEFAULT_RESOURCES[key]);

/** The module's repository (wire: `terraform_files_source.git_repository`, answered under `terraform_files_source.git`). */
export const terraformGitSchema = z.strictObject({
  url: ruledInput(gitUrlProblem),
  branch: field(z.string().min(1).optional(), { computed: true }),
  rootPath: z.string().min(1).default("/"),
  // The edit replaces the whole source: a token left out is removed (the reference takes no null here).
  gitTokenId: idInput().optional(),
});

/** Where the state is kept: exactly one of `kubernetes` and `user`. */
export const terraformBackendSchema = z
  .strictObject({
    kubernetes: z.strictObject({}).optional(),
    user: field(z.strictObject({}).optional(), { wire: "user_provided" }),
  })
  .superRefine((b, ctx) => {
    const given = (["kubernetes", "user"] as const).filter((k) => b[k] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: "custom",
        message: `expected exactly one of kubernetes (the cluster keeps the state) or user (the module's own backend block), got ${given.length === 0 ? "neither" : "both"}`,
      });
    }
  });

/** The runner's resources, each within {@link TERRAFORM_JOB_RESOURCE_BOUNDS}. */
export const terraformJobResourcesSchema = z.strictObject({
  cpuMilli: bounded("cpu_milli"),
  ramMib: bounded("ram_mib"),
  gpu: bounded("gpu"),
  storageGib: bounded("storage_gib"),
});

/** Terraform input variables by name (names checked by {@link refineTerraform}); a new schema each, as facts sit on it. */
const tfVars = () => z.record(z.string(), z.string()).default({});

/** Names a Terraform variable that is not an identifier, at `path`, never quoting its value. */
function refineVariableNames(vars: Record<string, string>, input: string, ctx: z.RefinementCtx): void {
  for (const key of Object.keys(vars)) {
    const problem = terraformVariableNameProblem(key);
    if (problem !== undefined) ctx.addIssue({ code: "custom", path: [input, key], message: problem });
  }
}

/**
 * Variable names are Terraform identifiers, a name is in one of the two maps (the service would hold one of them
 * only), extra arguments are of commands the service runs.
 */
function refineTerraform(
  v: { variables: Record<string, string>; secretVariables: Record<string, string>; actionExtraArguments: Record<string, string[]> },
  ctx: z.RefinementCtx,
): void {
  for (const command of Object.keys(v.actionExtraArguments)) {
    if (!(TERRAFORM_COMMANDS as readonly string[]).includes(command)) {
      ctx.addIssue({ code: "custom", path: ["actionExtraArguments", command], message: `expected a command the service runs (${TERRAFORM_COMMANDS.join(", ")}), got ${JSON.stringify(command.slice(0, 40))}` });
    }
  }
  refineVariableNames(v.variables, "variables", ctx);
  refineVariableNames(v.secretVariables, "secretVariables", ctx);
  for (const key of Object.keys(v.secretVariables)) {
    if (Object.hasOwn(v.variables, key)) {
      ctx.addIssue({ code: "custom", path: ["secretVariables", key], message: `expected ${JSON.stringify(key)} in one of variables and secretVariables, got it in both` });
    }
  }
}

/** Validated Terraform service inputs: the single source of field names, types, defaults and wire spellings. */
export const terraformServiceSchema = argsSchema<TerraformServiceArgs>()(z
  .strictObject({
    environmentId: field(idInput(), { parent: "environment" }),
    name: nameInput(255),
    description: z.string().default(""),
    gitRepository: field(terraformGitSchema, { wire: "git_repository", readAs: "terraform_files_source.git.git_repository" }),
    engine: z.enum(TERRAFORM_ENGINES).default("TERRAFORM"),
    terraformVersion: field(z.string().min(1), { wire: "explicit_version", readAs: "provider_version.explicit_version" }),
    readVersionFromTerraformBlock: field(z.boolean().default(false), {
      wire: "read_from_terraform_block", readAs: "provider_version.read_from_terraform_block",
    }),
    backend: terraformBackendSchema.default({ kubernetes: {} }),
    variables: field(tfVars(), { wire: false }),
    secretVariables: field(tfVars(), { wire: false, secret: true }),
    tfVarFiles: field(z.array(z.string().min(1)).default([]), { wire: false }),
    actionExtraArguments: field(z.record(z.string(), z.array(z.string())).default({}), { wire: "action_extra_arguments" }),
    jobResources: terraformJobResourcesSchema.default(DEFAULT_RESOURCES_INPUT()),
    timeoutSeconds: field(int.min(0).max(86_400).default(TERRAFORM_DEFAULTS.timeout_sec), { wire: "timeout_sec" }),
    autoDeploy: field(z.boolean().default(false), { wire: "auto_deploy", readAs: ["auto_deploy_config.auto_deploy", "auto_deploy"] }),
    autoDeployAction: field(z.enum(TERRAFORM_AUTO_DEPLOY_ACTIONS).default(TERRAFORM_DEFAULTS.terraform_action), {
      wire: "terraform_action", readAs: "auto_deploy_config.terraform_action",
    }),
    useClusterCredentials: z.boolean().default(false),
    ...serviceFields,
    ...restrictionFields,
    advancedSettings: advancedSettingsField<typeof TERRAFORM_ADVANCED_SETTINGS>("terraform"),
  })
  .superRefine((v, ctx) => {
    refineTerraform(v, ctx);
    refineValues(v, ctx);
  }));

/** The default runner resources in input spelling. */
function DEFAULT_RESOURCES_INPUT() {
  return { cpuMilli: DEFAULT_RESOURCES.cpu_milli, ramMib: DEFAULT_RESOURCES.ram_mib, gpu: DEFAULT_RESOURCES.gpu, storageGib: DEFAULT_RESOURCES.storage_gib };
}

/** Terraform service inputs after validation (defaults applied). */
export type TerraformServiceInputs = z.output<typeof terraformServiceSchema>;
