/**
 * Every request the client sends for Terraform services, checked against the live OpenAPI: the path is one of the
 * reference's operations and the body validates against its request schema (create and edit from
 * `TerraformRequest`, deploy, uninstall, advanced settings, TERRAFORM-scope variables). Without the reference it
 * fails in CI and warns elsewhere.
 */
import { Agent, type Dispatcher } from "undici";
import { findTemplate, validate } from "../emulator/support/openapi-validator";
import { loadReference, requestSchemaOf } from "../emulator/support/reference-schema";
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator(0);
const WAIT = { pollIntervalMs: 5, maxPollIntervalMs: 20, timeoutMs: 15_000 };

interface Sent { method: string; path: string; body: unknown }

test("the client's requests for Terraform services follow the reference", async () => {
  const doc = loadReference("the sdk's Terraform requests against the reference");
  const h = harness();
  const sent: Sent[] = [];
  const agent: Dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
    const body = typeof opts.body === "string" && opts.body !== "" ? JSON.parse(opts.body) : undefined;
    sent.push({ method: String(opts.method), path: String(opts.path).split("?")[0]!, body });
    return dispatch(opts, handler);
  });
  const client = h.client({ dispatcher: agent });
  const { environment } = await scaffold(h, client);
  const version = (await client.terraforms.availableVersions())[0]!;
  sent.length = 0;

  const request = {
    name: "infra", description: "", auto_deploy_config: { auto_deploy: true, terraform_action: "PLAN" as const },
    terraform_files_source: { git_repository: { url: "https://github.com/acme/infra.git", branch: "main", root_path: "/" } },
    terraform_variables_source: { tf_var_file_paths: ["a.tfvars"], tf_vars: [{ key: "region", value: "eu", secret: false }, { key: "pw", value: "s3cr3t-pw", secret: true }] },
    backend: { user_provided: {} }, engine: version.engine as "TERRAFORM", provider_version: { explicit_version: version.version, read_from_terraform_block: false },
    job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 }, timeout_sec: 600, use_cluster_credentials: false,
    action_extra_arguments: { apply: ["-parallelism=4"] },
  };
  const tf = await client.terraforms.create(environment.id, request);
  await client.terraforms.update(tf.id, { ...request, timeout_sec: 900 });
  await client.terraforms.deploy(tf.id, { git_commit_id: "abc123" });
  await client.waitForService("terraform", tf.id, WAIT);
  await client.terraforms.updateAdvancedSettings(tf.id, { "build.timeout_max_sec": 900 });
  await client.variables.create({ key: "TF_LOG", value: "info", is_secret: false, variable_scope: "TERRAFORM", variable_parent_id: tf.id });
  await client.terraforms.resources(tf.id);
  await client.terraforms.uninstall(tf.id);
  await client.terraforms.delete(tf.id);

  expect(sent.filter((s) => s.body !== undefined).length).toBeGreaterThanOrEqual(5);
  if (!doc) return;
  const problems: string[] = [];
  for (const s of sent) {
    const template = findTemplate(doc, s.method, s.path);
    if (template === undefined) {
      problems.push(`${s.method} ${s.path}: no such operation in the reference`);
      continue;
    }
    if (s.body === undefined) continue;
    const schema = requestSchemaOf(doc, s.method, template);
    if (schema === undefined) {
      problems.push(`${s.method} ${template}: the client sends a body the reference does not take`);
      continue;
    }
    for (const p of validate(doc, schema, s.body)) problems.push(`${s.method} ${template}: ${p}`);
  }
  expect(problems).toEqual([]);
});
