/**
 * Terraform services (sdk/terraforms.ts, sdk/terraform-endpoints.ts): the requests of `client.terraforms` (method,
 * path, body), the rules checked before sending (variable names, credentials in the URL, one backend, the runner's
 * bounds), secret input variables kept out of messages, the versions offered, resources, uninstall and the
 * advanced-settings catalogue against the reference.
 */
import {
  TERRAFORM_ADVANCED_SETTINGS, TERRAFORM_JOB_RESOURCE_BOUNDS, advancedSettingKeysOf, terraformVariableNameProblem, type TerraformRequest,
} from "../../sdk";
import { readSharedReference } from "../shared-reference";
import { JSON_HEADERS, mockClient, rejectionOf } from "./support/helpers";

interface Sent { method: string; path: string; body: unknown }

function service() {
  const mock = mockClient();
  const sent: Sent[] = [];
  const answer = (method: string, path: string, code: number, body?: unknown) =>
    mock.pool.intercept({ path, method }).reply((opts) => {
      sent.push({ method: opts.method, path: opts.path, body: opts.body === undefined || opts.body === null ? undefined : JSON.parse(String(opts.body)) });
      return { statusCode: code, data: body === undefined ? "" : JSON.stringify(body), responseOptions: { headers: JSON_HEADERS } };
    });
  return { ...mock, sent, answer };
}

const SECRET = "pa55-w0rd-never-shown";
const request = (over: Partial<TerraformRequest> = {}): TerraformRequest => ({
  name: "infra", description: "",
  auto_deploy_config: { auto_deploy: false, terraform_action: "DEFAULT" },
  terraform_files_source: { git_repository: { url: "https://github.com/acme/infra.git", branch: "main", root_path: "/buckets" } },
  terraform_variables_source: { tf_var_file_paths: ["prod.tfvars"], tf_vars: [{ key: "region", value: "eu-west-3", secret: false }, { key: "db_password", value: SECRET, secret: true }] },
  backend: { kubernetes: {} }, engine: "TERRAFORM", provider_version: { explicit_version: "1.9.8" },
  job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 },
  ...over,
});
const record = { id: "t1", name: "infra", environment: { id: "e1" }, engine: "TERRAFORM", provider_version: { explicit_version: "1.9.8" } };

describe("terraform service requests", () => {
  test("create, list, get, edit, delete, deploy, redeploy and uninstall send the API's paths and bodies", async () => {
    const { client, sent, answer } = service();
    answer("POST", "/environment/e1/terraform", 201, record);
    answer("GET", "/environment/e1/terraform", 200, { results: [record] });
    answer("GET", "/terraform/t1", 200, record);
    answer("PUT", "/terraform/t1", 200, record);
    answer("POST", "/terraform/t1/deploy", 202, { id: "t1", state: "QUEUED" });
    answer("POST", "/terraform/t1/redeploy", 202, { id: "t1", state: "QUEUED" });
    answer("POST", "/terraform/t1/uninstall?force_terraform_action=SKIP_DESTROY", 202, { id: "t1", state: "QUEUED" });
    answer("DELETE", "/terraform/t1", 204);

    await expect(client.terraforms.create("e1", request())).resolves.toMatchObject({ id: "t1", engine: "TERRAFORM" });
    await expect(client.terraforms.list("e1")).resolves.toHaveLength(1);
    await client.terraforms.get("t1");
    await client.terraforms.update("t1", request({ timeout_sec: 1200 }));
    await client.terraforms.deploy("t1", { git_commit_id: "abc123" });
    await client.terraforms.redeploy("t1");
    await client.terraforms.uninstall("t1", { skipDestroy: true });
    await client.terraforms.delete("t1");
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "POST /environment/e1/terraform", "GET /environment/e1/terraform", "GET /terraform/t1", "PUT /terraform/t1",
      "POST /terraform/t1/deploy", "POST /terraform/t1/redeploy", "POST /terraform/t1/uninstall?force_terraform_action=SKIP_DESTROY", "DELETE /terraform/t1",
    ]);
    expect(sent[0]!.body).toMatchObject({ terraform_files_source: { git_repository: { root_path: "/buckets" } }, backend: { kubernetes: {} } });
    expect(sent[4]!.body).toEqual({ git_commit_id: "abc123" });
  });

  test("the versions offered, the resources of the last apply and the default advanced settings", async () => {
    const { client, answer } = service();
    answer("GET", "/terraform/availableVersion", 200, { results: [{ engine: "TERRAFORM", version: "1.9.8" }, { engine: "OPEN_TOFU", version: "1.8.0" }] });
    answer("GET", "/terraform/t1/terraformResources", 200, {
      results: [{ id: "r1", resource_type: "aws_s3_bucket", name: "assets", address: "aws_s3_bucket.assets", provider: "aws", mode: "managed", attributes: {}, extracted_at: "2026-01-01T00:00:00Z" }],
    });
    answer("GET", "/defaultTerraformAdvancedSettings", 200, { "build.timeout_max_sec": 1800 });
    await expect(client.terraforms.availableVersions()).resolves.toEqual([{ engine: "TERRAFORM", version: "1.9.8" }, { engine: "OPEN_TOFU", version: "1.8.0" }]);
    await expect(client.terraforms.resources("t1")).resolves.toMatchObject([{ address: "aws_s3_bucket.assets" }]);
    await expect(client.terraforms.defaultAdvancedSettings()).resolves.toEqual({ "build.timeout_max_sec": 1800 });
  });
});

describe("terraform service requests refused before any call", () => {
  test.each([
    ["a variable name that is no identifier", request({ terraform_variables_source: { tf_var_file_paths: [], tf_vars: [{ key: "1bad-name", value: "x" }] } }), "tf_vars"],
    ["a reserved variable name", request({ terraform_variables_source: { tf_var_file_paths: [], tf_vars: [{ key: "count", value: "x" }] } }), "reserved"],
    ["credentials inside the git URL", request({ terraform_files_source: { git_repository: { url: `https://bob:${SECRET}@github.com/acme/infra.git` } } }), "without credentials"],
    ["a null git token (the reference takes none: leave it out)", request({ terraform_files_source: { git_repository: { url: "https://github.com/acme/infra.git", git_token_id: null as never } } }), "git_token_id"],
    ["both backends", request({ backend: { kubernetes: {}, user_provided: {} } }), "exactly one of kubernetes, user_provided"],
    ["no backend", request({ backend: {} }), "got neither"],
    ["a runner's CPU below the bound", request({ job_resources: { cpu_milli: 1, ram_mib: 512, gpu: 0, storage_gib: 1 } }), "cpu_milli"],
    ["a runner's storage above the bound", request({ job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1e9 } }), "storage_gib"],
  ])("%s", async (_what, body, named) => {
    const { client, sent } = service();
    const e = await rejectionOf(client.terraforms.create("e1", body));
    expect(e.code).toBe("bad_request");
    expect(e.message).toContain(named);
    expect(e.message).not.toContain(SECRET);
    expect(sent).toEqual([]);
  });

  test("a secret input variable is never quoted in a failure's message, of its call or a later one", async () => {
    const { client, answer } = service();
    answer("POST", "/environment/e1/terraform", 400, { message: `invalid value ${SECRET}` });
    answer("PUT", "/terraform/t1", 200, record);
    answer("POST", "/terraform/t1/deploy", 400, { message: `plan failed: var.db_password = "${SECRET}"` });
    const e = await rejectionOf(client.terraforms.create("e1", request()));
    expect(String(e.message)).not.toContain(SECRET);
    // Sent as `secret: true` once, it is kept out of the messages of every later call of the client.
    await client.terraforms.update("t1", request());
    const later = await rejectionOf(client.terraforms.deploy("t1"));
    expect(String(later.message)).toContain("plan failed");
    expect(String(later.message)).not.toContain(SECRET);
  });

  test("variable names: identifiers only, never quoting more than 40 characters", () => {
    expect(terraformVariableNameProblem("db_password")).toBeUndefined();
    expect(terraformVariableNameProblem("_x-1")).toBeUndefined();
    expect(terraformVariableNameProblem("has space")).toContain("Terraform identifier");
    expect(terraformVariableNameProblem("a".repeat(300))!.length).toBeLessThan(200);
    expect(TERRAFORM_JOB_RESOURCE_BOUNDS.gpu.min).toBe(0);
  });
});

describe("the Terraform advanced settings catalogue", () => {
  test("has the reference's TerraformAdvancedSettings keys with their types", () => {
    const reference = readSharedReference("TerraformAdvancedSettings keys");
    if (reference === undefined) return;
    const schema = (reference as { components: { schemas: Record<string, { properties: Record<string, { type: string }> }> } })
      .components.schemas["TerraformAdvancedSettings"]!;
    expect(advancedSettingKeysOf("terraform").sort()).toEqual(Object.keys(schema.properties).sort());
    const kinds = { integer: "integer", boolean: "boolean", string: "string", object: "stringMap" } as Record<string, string>;
    for (const [key, property] of Object.entries(schema.properties)) {
      expect([key, (TERRAFORM_ADVANCED_SETTINGS as Record<string, { kind: string }>)[key]!.kind]).toEqual([key, kinds[property.type]]);
    }
  });
});
