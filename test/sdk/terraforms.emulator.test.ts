/**
 * Terraform services through the client against the emulator: created from git with a secret input variable (never
 * answered), listed, edited, deployed (plan and apply) and followed to DEPLOYED through the environment's statuses,
 * the resources the apply reported, variables of the TERRAFORM scope through /variable, uninstalled, deleted.
 */
import type { TerraformRequest } from "../../sdk";
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator(20);
const SECRET = "tf-S3cret-value/never&answered";
const WAIT = { pollIntervalMs: 10, maxPollIntervalMs: 40, timeoutMs: 15_000 };

const body = (version: string, over: Partial<TerraformRequest> = {}): TerraformRequest => ({
  name: "infra", description: "buckets", auto_deploy_config: { auto_deploy: false, terraform_action: "DEFAULT" },
  terraform_files_source: { git_repository: { url: "https://github.com/acme/infra.git", branch: "main", root_path: "/buckets" } },
  terraform_variables_source: { tf_var_file_paths: ["prod.tfvars"], tf_vars: [{ key: "region", value: "eu-west-3", secret: false }, { key: "db_password", value: SECRET, secret: true }] },
  backend: { kubernetes: {} }, engine: "TERRAFORM", provider_version: { explicit_version: version },
  job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 },
  ...over,
});

describe("terraform services against the emulator", () => {
  test("create -> edit -> deploy -> wait -> resources -> variables -> uninstall -> delete", async () => {
    const { environment, client } = await scaffold(harness());
    const versions = await client.terraforms.availableVersions();
    const version = versions.find((v) => v.engine === "TERRAFORM")!.version;

    const tf = await client.terraforms.create(environment.id, body(version));
    expect(tf).toMatchObject({ name: "infra", engine: "TERRAFORM", provider_version: { explicit_version: version } });
    expect(JSON.stringify(tf)).not.toContain(SECRET);
    expect((await client.terraforms.list(environment.id)).map((t) => t.id)).toEqual([tf.id]);
    await expect(client.terraforms.resources(tf.id)).resolves.toEqual([]);

    const edited = await client.terraforms.update(tf.id, body(version, { timeout_sec: 1200 }));
    expect(edited.timeout_sec).toBe(1200);

    await client.terraforms.deploy(tf.id);
    const seen: string[] = [];
    const deployed = await client.waitForService("terraform", tf.id, { ...WAIT, onProgress: (s) => seen.push(s.state) });
    expect(deployed.state).toBe("DEPLOYED");
    expect((await client.terraforms.resources(tf.id)).length).toBeGreaterThan(0);

    const made = await client.variables.create({ key: "TF_LOG", value: "info", is_secret: false, variable_scope: "TERRAFORM", variable_parent_id: tf.id });
    const visible = await client.variables.list({ parentId: tf.id, scope: "TERRAFORM" });
    expect(visible.find((v) => v.id === made.id)).toMatchObject({ key: "TF_LOG", scope: "TERRAFORM" });

    await client.terraforms.uninstall(tf.id);
    await client.terraforms.delete(tf.id);
    await client.waitUntilGone(() => client.terraforms.get(tf.id), WAIT);
  });

  test("a version the service does not offer is refused by the service", async () => {
    const { environment, client } = await scaffold(harness());
    await expect(client.terraforms.create(environment.id, body("0.0.1-never"))).rejects.toMatchObject({ code: "bad_request" });
  });
});
