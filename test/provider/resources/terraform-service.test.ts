/**
 * A Terraform service's inputs (provider/resources/terraform-service/): bad input named by check before any call
 * (variable names, credentials in the URL, the runner's bounds, one backend), the version checked against the ones
 * the service offers only when it is new or changed, and the wire mapping both ways (the API's nesting, secret
 * variables never read back from the service).
 */
import { API_TOKEN_ENV, API_URL_ENV, apiClient, resetCredentials } from "../../../provider/framework/credentials";
import { terraformService, terraformServiceProvider, terraformServiceSchema } from "../../../provider/resources/terraform-service/index";
import { terraformServiceWire } from "../../../provider/resources/terraform-service/provider";
import { environmentDeploymentProvider } from "../../../provider/resources/environment-deployment";
import { pinsOf } from "../../../provider/resources/environment-deployment-pins";
import type { Terraform } from "../../../sdk";

type Props = Record<string, unknown>;
const SECRET = "hunter2-terraform-secret";
const valid: Props = {
  environmentId: "e-1", name: "infra", terraformVersion: "1.9.8",
  gitRepository: { url: "https://github.com/acme/infra.git", branch: "main", rootPath: "/buckets" },
};
const check = (news: Props, olds: Props = {}) => terraformServiceProvider.check!(olds, { ...news, __provider: "serialized" });

let offered: jest.SpyInstance;
beforeEach(() => {
  // Nothing listens there: a request not answered by the spy fails the test.
  process.env[API_URL_ENV] = "http://127.0.0.1:1";
  process.env[API_TOKEN_ENV] = "token-for-tests";
  resetCredentials();
  offered = jest.spyOn(apiClient().terraforms, "availableVersions").mockResolvedValue([
    { engine: "TERRAFORM", version: "1.9.8" }, { engine: "TERRAFORM", version: "1.5.7" }, { engine: "OPEN_TOFU", version: "1.8.0" },
  ]);
});
afterEach(() => {
  delete process.env[API_URL_ENV];
  delete process.env[API_TOKEN_ENV];
  resetCredentials();
});

/** [what is wrong, inputs, the property the failure must name, a word the reason must contain] */
const cases: Array<[string, Props, string, string]> = [
  ["a variable name that is not an identifier", { ...valid, variables: { "1st-region": "eu" } }, 'variables["1st-region"]', "Terraform identifier"],
  ["a secret variable with a reserved name", { ...valid, secretVariables: { count: SECRET } }, "secretVariables.count", "reserved"],
  ["a variable both plain and secret", { ...valid, variables: { token: "a" }, secretVariables: { token: SECRET } }, "secretVariables.token", "both"],
  ["credentials inside the git URL", { ...valid, gitRepository: { url: `https://bob:${SECRET}@github.com/acme/infra.git` } }, "gitRepository.url", "without credentials"],
  ["an ssh git URL", { ...valid, gitRepository: { url: "git@github.com:acme/infra.git" } }, "gitRepository.url", "https"],
  ["both backends", { ...valid, backend: { kubernetes: {}, user: {} } }, "backend", "got both"],
  ["no backend", { ...valid, backend: {} }, "backend", "got neither"],
  ["the runner's CPU below its bound", { ...valid, jobResources: { cpuMilli: 5 } }, "jobResources.cpuMilli", ">= 10"],
  ["the runner's storage above its bound", { ...valid, jobResources: { storageGib: 1e9 } }, "jobResources.storageGib", "<= 65536"],
  ["a negative GPU count", { ...valid, jobResources: { gpu: -1 } }, "jobResources.gpu", ">= 0"],
  ["a negative timeout", { ...valid, timeoutSeconds: -1 }, "timeoutSeconds", ">= 0"],
  ["an unknown engine", { ...valid, engine: "PULUMI" }, "engine", "OPEN_TOFU"],
  ["extra arguments of a command the service does not run", { ...valid, actionExtraArguments: { deploy: ["-x"] } }, "actionExtraArguments", "apply"],
  ["no version", { ...valid, terraformVersion: undefined }, "terraformVersion", "required"],
  ["the service's spelling of the timeout", { ...valid, timeoutSec: 10 }, "timeoutSec", "timeoutSeconds"],
];

describe("a Terraform service's bad input is named before any call", () => {
  it.each(cases)("%s", async (_what, inputs, property, word) => {
    const result = await check(inputs);
    const failure = (result.failures ?? []).find((f) => f.property === property || f.property.startsWith(`${property}.`) || f.property.startsWith(`${property}[`));
    expect(failure).toBeDefined();
    expect(failure!.reason.toLowerCase()).toContain(word.toLowerCase());
    expect(JSON.stringify(result.failures)).not.toContain(SECRET);
    expect(offered).not.toHaveBeenCalled();
  });
});

describe("the Terraform version is one the service offers", () => {
  it("refuses a version the service does not offer for the engine, naming the ones it does", async () => {
    const result = await check({ ...valid, terraformVersion: "1.8.0" });
    expect(result.failures).toEqual([{ property: "terraformVersion", reason: expect.stringContaining("1.9.8, 1.5.7") }]);
    expect(offered).toHaveBeenCalledTimes(1);
  });

  it("takes a version offered for its engine (OpenTofu's list for OPEN_TOFU)", async () => {
    expect((await check({ ...valid, engine: "OPEN_TOFU", terraformVersion: "1.8.0" })).failures ?? []).toEqual([]);
    expect(offered).toHaveBeenCalledTimes(1);
  });

  it("asks nothing when neither the version nor the engine changed (a no-op preview is request-free)", async () => {
    const first = await check(valid);
    expect(offered).toHaveBeenCalledTimes(1);
    const again = await check(valid, first.inputs as Props);
    expect(again.failures ?? []).toEqual([]);
    expect(offered).toHaveBeenCalledTimes(1);
    // A changed version is checked again, against the listing this client already made.
    expect((await check({ ...valid, terraformVersion: "1.8.0" }, first.inputs as Props)).failures).toEqual([
      { property: "terraformVersion", reason: expect.stringContaining("1.9.8, 1.5.7") },
    ]);
    expect(offered).toHaveBeenCalledTimes(1);
  });

  it("lists the versions once for every Terraform service of an operation, and again after a listing that failed", async () => {
    offered.mockRejectedValueOnce(new Error("listing failed"));
    await expect(check(valid)).rejects.toThrow("listing failed");
    await Promise.all([check(valid), check({ ...valid, name: "other", terraformVersion: "1.5.7" }), check({ ...valid, name: "third" })]);
    expect(offered).toHaveBeenCalledTimes(2);
  });

  it("asks nothing when the version is read from the module's terraform block", async () => {
    expect((await check({ ...valid, terraformVersion: "0.0.1", readVersionFromTerraformBlock: true })).failures ?? []).toEqual([]);
    expect(offered).not.toHaveBeenCalled();
  });
});

describe("the wire mapping of a Terraform service", () => {
  const inputs = terraformServiceSchema.parse({
    ...valid, variables: { region: "eu-west-3" }, secretVariables: { db_password: SECRET }, tfVarFiles: ["prod.tfvars"],
    actionExtraArguments: { apply: ["-parallelism=4"] }, autoDeploy: true, backend: { user: {} },
  });

  it("nests what the API nests", () => {
    const body = terraformServiceWire.toWire(inputs, "create", {
      name: "infra", description: "", git_repository: { url: "https://github.com/acme/infra.git", branch: "main", root_path: "/buckets" },
      explicit_version: "1.9.8", read_from_terraform_block: false, auto_deploy: true, terraform_action: "DEFAULT", engine: "TERRAFORM",
      backend: { user_provided: {} }, timeout_sec: 600, job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 },
    });
    expect(body).toEqual({
      name: "infra", description: "", engine: "TERRAFORM", backend: { user_provided: {} }, timeout_sec: 600,
      job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 },
      terraform_files_source: { git_repository: { url: "https://github.com/acme/infra.git", branch: "main", root_path: "/buckets" } },
      provider_version: { explicit_version: "1.9.8", read_from_terraform_block: false },
      auto_deploy_config: { auto_deploy: true, terraform_action: "DEFAULT" },
      terraform_variables_source: {
        tf_var_file_paths: ["prod.tfvars"],
        tf_vars: [{ key: "region", value: "eu-west-3", secret: false }, { key: "db_password", value: SECRET, secret: true }],
      },
    });
  });

  it("reads the variables back; a secret's value is the stored one while the service holds the key as secret", () => {
    const record = {
      id: "t1", name: "infra",
      terraform_variables_source: { tf_var_file_paths: ["prod.tfvars"], tf_vars: [{ key: "region", value: "eu-west-1", secret: false }, { key: "db_password", secret: true }] },
    } as unknown as Terraform;
    const read = terraformServiceWire.fromWire(record, { secretVariables: { db_password: SECRET, gone: "x" } }, {});
    expect(read).toMatchObject({ variables: { region: "eu-west-1" }, secretVariables: { db_password: SECRET }, tfVarFiles: ["prod.tfvars"] });
    expect((read["secretVariables"] as Props)["gone"]).toBeUndefined();
  });

  it("stores the secret variables and secrets as Pulumi secrets", () => {
    expect(terraformService.secretInputs).toEqual(expect.arrayContaining(["secretVariables", "secrets"]));
    expect(terraformService.secretInputs).not.toContain("variables");
  });
});

describe("an EnvironmentDeployment pins a Terraform service's commit", () => {
  it("reads the pin as the deploy request's git_commit_id", async () => {
    const checked = await environmentDeploymentProvider.check!({}, { environmentId: "e-1", services: { terraforms: { "t-1": "abc123" } } });
    expect(checked.failures ?? []).toEqual([]);
    expect(pinsOf({ terraforms: { "t-1": "abc123" } })).toEqual([{ kind: "terraform", id: "t-1", pin: { git_commit_id: "abc123" } }]);
  });

  it("refuses an empty commit, naming the field", async () => {
    const checked = await environmentDeploymentProvider.check!({}, { environmentId: "e-1", services: { terraforms: { "t-1": "" } } });
    expect((checked.failures ?? []).map((f) => f.property)).toEqual([expect.stringMatching(/^services\.terraforms/)]);
  });
});
