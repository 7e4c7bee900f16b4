/**
 * Terraform services: a Terraform (or OpenTofu) module from git, run by a job with the resources the request gives:
 * a deploy builds the job's image from the repository, then plans and applies (the resources the apply left are
 * reported until an uninstall destroys them); input variables are given inline (secret ones never answered) or as
 * `.tfvars` files of the repository; the engine version must be one the service offers.
 */
import { z } from "zod";
import { badRequest } from "../server/errors";
import type { terraformRequest } from "../schemas/terraform";
import { defaultAdvancedSettings, type AdvancedSettings } from "./advanced-settings";
import { endOf, finished, stateAt } from "../deployments/clock";
import { deploymentsOf } from "./deployments";
import { commitFor } from "./git-commits";
import { gitSourceFrom, type GitSourceRec } from "./git-sources";
import { baseFields, type ModelContext } from "./records";
import { newRuntime } from "./runtime";
import type { ServiceKind } from "./service-kinds";
import { imageLogLines } from "./service-logs";
import { addNewService, assertServiceNameFree, editWholeService, type ServiceRecBase } from "./services";
import { appliedResources, TERRAFORM_VERSIONS, type TerraformResource } from "./terraform-catalogue";
import { gitRepository, int, obj, service, str } from "./record-forms";
import { read, slice } from "./slice";
import type { gitTokenSlice } from "./git-tokens";

/** The organization's git tokens, which a git source may name. */
const tokensOf = (m: ModelContext) => read<typeof gitTokenSlice>(m.world.store, "gitTokens");

type Input = z.output<typeof terraformRequest>;

/** A Terraform service of an environment (`tf_vars` holds the secret values: redacted in the state dump). */
export interface TerraformRec extends ServiceRecBase {
  description?: string;
  git_repository: GitSourceRec;
  tf_var_file_paths: string[];
  tf_vars: Array<{ key: string; value: string; secret: boolean }>;
  auto_deploy_config: { auto_deploy: boolean; terraform_action: string };
  backend: Record<string, unknown>;
  engine: string;
  provider_version: { read_from_terraform_block: boolean; explicit_version: string };
  timeout_sec: number;
  job_resources: { cpu_milli: number; ram_mib: number; gpu: number; storage_gib: number };
  use_cluster_credentials: boolean;
  action_extra_arguments: Record<string, string[]>;
  dockerfile_fragment: Record<string, unknown> | null;
  advanced_settings: AdvancedSettings;
}

/** The terraforms of the state (see `slice.ts`). */
export const terraformSlice = slice<TerraformRec>().keyed("terraforms", z.looseObject({
  ...service, git_repository: gitRepository, tf_var_file_paths: z.array(str), tf_vars: z.array(obj), auto_deploy_config: obj,
  backend: obj, engine: str, provider_version: obj, timeout_sec: int, job_resources: obj, advanced_settings: obj,
}));

/** The Terraform service kind: builds its job's image from git, then plans and applies; keeps a log. */
export const terraformKind: ServiceKind<"terraforms", TerraformRec> = {
  name: "terraform", type: "TERRAFORM", collection: terraformSlice.key, slice: terraformSlice, buildSteps: () => ["BUILDING"],
  deploysFrom: "git-commit", restarts: false, monthlyCostCents: 500, secretFields: ["tf_vars"], inEnvironmentHistory: false,
  commitOf: (t, requested, atMs) => commitFor(t.git_repository, requested, atMs),
  logLines: (t, d) => imageLogLines(
    `Terraform ${t.name}`, `${t.engine.toLowerCase()} ${t.provider_version.explicit_version}`, d,
    `Terraform ${t.name}: apply complete (${t.git_repository.url}${t.git_repository.root_path})`,
    `Deployment failed: ${t.engine === "OPEN_TOFU" ? "tofu" : "terraform"} apply exited with code 1`,
    `Building the image of ${t.name} from ${t.git_repository.url}`,
  ),
};

/** 400 naming `provider_version.explicit_version` when the engine does not offer the version. */
function checkVersion(b: Input): void {
  const offered = TERRAFORM_VERSIONS[b.engine] ?? [];
  if (!offered.includes(b.provider_version.explicit_version)) {
    throw badRequest("provider_version.explicit_version", `${b.engine} ${b.provider_version.explicit_version} is not offered (GET /terraform/availableVersion lists ${offered.join(", ")})`);
  }
}

/** Applies a whole request: everything that can fail is checked before the first change. */
function applyFields(m: ModelContext, t: TerraformRec, b: Input): void {
  checkVersion(b);
  const git = gitSourceFrom(tokensOf(m), "terraform_files_source.git_repository", b.terraform_files_source.git_repository);
  Object.assign(t, {
    name: b.name, description: b.description, git_repository: git, tf_var_file_paths: b.terraform_variables_source.tf_var_file_paths,
    tf_vars: b.terraform_variables_source.tf_vars.map((v) => ({ key: v.key, value: v.value, secret: v.secret ?? false })),
    auto_deploy_config: b.auto_deploy_config, backend: b.backend, engine: b.engine,
    provider_version: { read_from_terraform_block: b.provider_version.read_from_terraform_block ?? false, explicit_version: b.provider_version.explicit_version },
    timeout_sec: b.timeout_sec ?? 600, job_resources: b.job_resources, use_cluster_credentials: b.use_cluster_credentials ?? false,
    action_extra_arguments: b.action_extra_arguments ?? {}, dockerfile_fragment: b.dockerfile_fragment ?? null,
  });
  if (b.icon_uri !== undefined) t.icon_uri = b.icon_uri;
}

/** Creates a Terraform service of an environment, with the service's defaults for what the request leaves out. */
export function createTerraform(m: ModelContext, envId: string, b: Input): TerraformRec {
  assertServiceNameFree(m.world.store, envId, b.name);
  return addNewService(m, terraformKind, {
    ...baseFields(m.now), environment_id: envId, name: b.name, git_repository: { url: "", provider: "GITHUB", branch: "main", root_path: "/", git_token_id: null },
    tf_var_file_paths: [], tf_vars: [], auto_deploy_config: { auto_deploy: false, terraform_action: "DEFAULT" }, backend: { kubernetes: {} },
    engine: "TERRAFORM", provider_version: { read_from_terraform_block: false, explicit_version: "" }, timeout_sec: 600,
    job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 }, use_cluster_credentials: false, action_extra_arguments: {},
    dockerfile_fragment: null, icon_uri: "app://qovery-console/terraform", annotations_groups: [], labels_groups: [],
    advanced_settings: defaultAdvancedSettings("terraform"), runtime: newRuntime(),
  }, (t) => applyFields(m, t, b));
}

/** Edits a Terraform service with the whole request again. */
export function editTerraform(m: ModelContext, t: TerraformRec, b: Input): void {
  editWholeService(m, t, b.name, (rec) => applyFields(m, rec, b));
}

/**
 * The resources the last apply left in the state at `nowMs`: those of the newest finished deploy that reached
 * DEPLOYED, unless an uninstall (a destroy) finished after it; none before the first apply.
 */
export function terraformResources(t: TerraformRec, nowMs: number): TerraformResource[] {
  for (const d of deploymentsOf(t.runtime)) {
    if (!finished(d, nowMs)) continue;
    const state = stateAt(d, nowMs);
    if (d.action === "UNINSTALL" && state === "DELETED") return [];
    if (d.action === "DEPLOY" && state === "DEPLOYED") return appliedResources(t.id, t.name, t.git_repository.root_path, d, endOf(d));
  }
  return [];
}
