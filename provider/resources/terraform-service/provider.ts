import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient, Terraform, TerraformVersion } from "../../../sdk";
import { apiClient } from "../../framework/credentials";
import { childCalls, defineResource, type Part, type Props } from "../../framework/define";
import { scopedValueGroups } from "../../framework/scoped-values";
import type { ValueOwner } from "../../framework/service-values";
import { containsUnknown } from "../../framework/unknowns";
import { serviceFromWire, serviceImpliedOutputs, serviceOutputNames, serviceParts } from "../../service-kinds/parts";
import { isRecord } from "../../service-kinds/shape";
import { terraformServiceSchema, type TerraformServiceInputs } from "./schema";

/** The Terraform service as an owner of variables (scope TERRAFORM, through `/variable`: it has no routes of its own). */
const owner: ValueOwner = { noun: "terraform service", scope: "TERRAFORM", groups: scopedValueGroups("TERRAFORM") };

/** The request body from the derived one: the members the API nests (source, version, auto-deploy, variables) nested. */
function toWire(inputs: TerraformServiceInputs, _purpose: "create" | "update", derived: Props): Props {
  const { git_repository, explicit_version, read_from_terraform_block, auto_deploy, terraform_action, ...rest } = derived;
  const tfVars = [
    ...Object.entries(inputs.variables).map(([key, value]) => ({ key, value, secret: false })),
    ...Object.entries(inputs.secretVariables).map(([key, value]) => ({ key, value, secret: true })),
  ];
  return {
    ...rest,
    terraform_files_source: { git_repository },
    provider_version: { explicit_version, read_from_terraform_block },
    auto_deploy_config: { auto_deploy, terraform_action },
    terraform_variables_source: { tf_var_file_paths: inputs.tfVarFiles, tf_vars: tfVars },
  };
}

/**
 * The record in input form: the variables read back from `tf_vars` (a secret's value is never answered: the
 * stored one stands for a key the service still holds as secret; a key it no longer holds is gone), the deploy
 * inputs kept from the state.
 */
function fromWire(record: Terraform, previous: Props, derived: Props): Props {
  const source = record.terraform_variables_source;
  const vars = source?.tf_vars ?? [];
  const storedSecrets = isRecord(previous["secretVariables"]) ? previous["secretVariables"] : {};
  const secretVariables = Object.fromEntries(vars.filter((v) => v.secret === true && Object.hasOwn(storedSecrets, v.key)).map((v) => [v.key, storedSecrets[v.key]]));
  const variables = Object.fromEntries(vars.filter((v) => v.secret !== true).map((v) => [v.key, v.value ?? ""]));
  return {
    ...serviceFromWire(record, previous, derived),
    variables,
    secretVariables,
    tfVarFiles: source?.tf_var_file_paths ?? [],
  };
}

/** The resources the last apply reported, without their attributes (which may hold secrets). */
async function reportedResources(client: DeployServiceClient, id: string): Promise<Props[]> {
  return (await client.terraforms.resources(id)).map((r) => ({ address: r.address, resourceType: r.resource_type, name: r.name, provider: r.provider, mode: r.mode }));
}

/** The `resources` output: read after a deployment (the apply's) and on refresh; `[]` before the first apply. */
const resourcesPart: Part<TerraformServiceInputs, Terraform> = {
  action: "reading the resources of the last apply",
  keys: ["deploy"],
  applyOnUpdate: (changed, inputs) => inputs.deploy && [...changed].some((k) => k !== "deployTimeoutSeconds"),
  async apply({ client, id, inputs }) {
    return { outputs: { resources: inputs.deploy ? await reportedResources(client, id) : [] } };
  },
  async read({ client, id }) {
    return { outputs: { resources: await reportedResources(client, id) } };
  },
};

/** The Terraform service family: the version checked against the ones the service offers. */
export const terraformService = defineResource({
  kind: "TerraformService",
  noun: "terraform service",
  schema: terraformServiceSchema,
  outputNames: [...serviceOutputNames, "resources"],
  impliedOutputs: serviceImpliedOutputs,
  toWire,
  fromWire,
  parts: [
    ...serviceParts<TerraformServiceInputs, Terraform>("terraform", owner, {
      secretValues: (inputs) => [...Object.values(inputs.secrets), ...Object.values(inputs.secretVariables)],
    }),
    resourcesPart,
  ],
  calls: childCalls((client) => client.terraforms, "environmentId"),
  serviceCheck: versionCheck,
});

/**
 * The versions the service offers, listed once per client: a provider host serves one operation, so the checks of
 * every Terraform service of a stack share one listing. A listing that failed is not kept.
 */
const offeredVersions = new WeakMap<DeployServiceClient, Promise<TerraformVersion[]>>();
function offeredBy(client: DeployServiceClient): Promise<TerraformVersion[]> {
  let listing = offeredVersions.get(client);
  if (listing === undefined) {
    listing = client.terraforms.availableVersions();
    offeredVersions.set(client, listing);
    listing.catch(() => offeredVersions.delete(client));
  }
  return listing;
}

/**
 * The version against the ones the service offers for the engine, once the schema passed (the definition's
 * `serviceCheck`): asked only when the version or the engine is new or changed (a no-op preview sends no request),
 * never when it is read from the module.
 */
async function versionCheck(inputs: Props, olds: Props): Promise<pulumi.dynamic.CheckFailure[]> {
  const [engine, version] = [inputs["engine"], inputs["terraformVersion"]];
  if (inputs["readVersionFromTerraformBlock"] === true || containsUnknown(engine) || containsUnknown(version)) return [];
  if (olds["engine"] === engine && olds["terraformVersion"] === version) return [];
  const offered = (await offeredBy(apiClient())).filter((v) => v.engine === engine).map((v) => v.version);
  if (offered.includes(String(version))) return [];
  const list = offered.length > 0 ? offered.join(", ") : "none";
  return [{ property: "terraformVersion", reason: `expected a version of ${String(engine)} the service offers (${list}), got ${JSON.stringify(String(version).slice(0, 40))}` }];
}

/** The wire mapping both ways (the request body the API nests, the record in input form), for tests. */
export const terraformServiceWire = { toWire, fromWire };

/** The dynamic provider of `TerraformService`. */
export const terraformServiceProvider = terraformService.provider;
