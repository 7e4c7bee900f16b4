/**
 * Lifecycle rows of Terraform services: a `TerraformService` (its timeout and a variable updated in place, another
 * environment replacing it, a timeout changed outside read back; its secret variable never read from the service)
 * and `TerraformServiceAdvancedSettings` over a bare Terraform service made through the sdk.
 */
import { advancedSettingsProviderOf } from "../../../provider/service-kinds/advanced-settings";
import { terraformService } from "../../../provider/resources/terraform-service/provider";
import type { TerraformRequest } from "../../../sdk";
import type { Fixture } from "../support/fixture";
import { fromDefinition, type LifecycleRow } from "../support/lifecycle-row";
import { settingsRow } from "./advanced-settings";

/** A version of Terraform the service offers. */
export async function offeredVersion(fx: Fixture): Promise<string> {
  const versions = await fx.client.terraforms.availableVersions();
  return (versions.find((v) => v.engine === "TERRAFORM") ?? versions[0]!).version;
}

/** The body of a Terraform service of `name`, from git, with `timeout_sec`. */
export async function terraformBody(fx: Fixture, name: string, timeout = 600): Promise<TerraformRequest> {
  return {
    name, description: "", auto_deploy_config: { auto_deploy: false, terraform_action: "DEFAULT" },
    terraform_files_source: { git_repository: { url: "https://github.com/acme/infra.git", branch: "main", root_path: "/buckets" } },
    terraform_variables_source: { tf_var_file_paths: [], tf_vars: [{ key: "region", value: "eu-west-3", secret: false }] },
    backend: { kubernetes: {} }, engine: "TERRAFORM", provider_version: { explicit_version: await offeredVersion(fx) },
    job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 }, timeout_sec: timeout,
  };
}

let hosts = 0;
/** A bare Terraform service made through the sdk. */
async function sdkTerraform(fx: Fixture): Promise<string> {
  hosts += 1;
  return (await fx.client.terraforms.create(fx.envId, await terraformBody(fx, `lc-host-terraform-${hosts}`))).id;
}

const terraformRow: LifecycleRow = {
  ...fromDefinition(terraformService),
  inputs: async (fx) => ({
    environmentId: fx.envId, name: "lc-terraform",
    gitRepository: { url: "https://github.com/acme/infra.git", branch: "main", rootPath: "/buckets" },
    terraformVersion: await offeredVersion(fx),
    variables: { region: "eu-west-3" },
    secretVariables: { db_password: "lifecycle-terraform-secret-1" },
    tfVarFiles: ["prod.tfvars"],
    jobResources: { cpuMilli: 1000 },
  }),
  update: (_fx, base) => ({ ...base, timeoutSeconds: 1200, variables: { region: "eu-west-1" } }),
  expectUpdated: async (fx, id) => {
    const record = await fx.client.terraforms.get(id);
    expect(record.timeout_sec).toBe(1200);
    expect(record.terraform_variables_source?.tf_vars?.find((v) => v.key === "region")?.value).toBe("eu-west-1");
    expect(record.job_resources?.cpu_milli).toBe(1000);
  },
  replace: (fx, base) => ({ inputs: { ...base, environmentId: fx.env2Id }, replaces: ["environmentId"] }),
  changeOutside: async (fx, id, props) => {
    const body = await terraformBody(fx, String(props["name"]), 900);
    await fx.client.terraforms.update(id, {
      ...body, terraform_variables_source: { tf_var_file_paths: ["prod.tfvars"], tf_vars: [{ key: "region", value: "eu-west-1", secret: false }] },
      job_resources: { cpu_milli: 1000, ram_mib: 512, gpu: 0, storage_gib: 1 },
    });
    return (read) => {
      expect(read["timeoutSeconds"]).toBe(900);
      // The secret variable is gone at the service: it is gone from the read too, never read back as a value.
      expect(read["secretVariables"]).toEqual({});
    };
  },
};

export const rows: LifecycleRow[] = [
  terraformRow,
  settingsRow("TerraformServiceAdvancedSettings", advancedSettingsProviderOf("terraform"), "terraformServiceId", "terraform", sdkTerraform,
    (fx) => fx.client.terraforms as never, "build.timeout_max_sec", 600, 1200),
];
