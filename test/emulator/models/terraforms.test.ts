/**
 * Terraform services: validation (variables, the engine's versions, the backend, resources), defaults, secret
 * variables never answered, name uniqueness among the environment's services, the deploy lifecycle on the deployment
 * clock (build, then plan and apply), resources reported after an apply and gone after an uninstall, failure
 * injection, advanced settings, available versions and environment requests.
 */
import { control, stateDump } from "../../../emulator/control/control-client";
import { appBody, fieldOf, projectAndEnv, useEmulator, walkStates, WALK_STEP_MS } from "../support/helpers";
import { terraformBody } from "../support/helm-terraform";

describe("terraform services (instant clock)", () => {
  const c = useEmulator();
  let envId: string;
  beforeEach(async () => {
    ({ envId } = await projectAndEnv(c));
  });
  const create = (body: Record<string, unknown>) => c.call("POST", `/environment/${envId}/terraform`, body);

  it("creates with the service's defaults, never answering a secret variable's value", async () => {
    const r = await create(terraformBody("network"));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "network", description: "network", service_type: "TERRAFORM", environment: { id: envId }, timeout_sec: 600, auto_deploy: false,
      auto_deploy_config: { auto_deploy: false, terraform_action: "DEFAULT" }, engine: "TERRAFORM", backend: { kubernetes: {} },
      provider_version: { read_from_terraform_block: false, explicit_version: "1.9.8" }, use_cluster_credentials: false,
      job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 }, action_extra_arguments: {}, dockerfile_fragment: null,
      terraform_files_source: { git: { git_repository: { url: "https://github.com/acme/infra.git", provider: "GITHUB", branch: "main", root_path: "/network" } } },
      terraform_variables_source: {
        tf_var_file_paths: ["/network/prod.tfvars"],
        tf_vars: [{ key: "region", value: "eu-west-3", secret: false }, { key: "db_password", secret: true }],
      },
    });
    expect(JSON.stringify(r.body)).not.toContain("tf-secret-value");
    expect((await c.call("GET", `/terraform/${r.body.id}`)).body).toEqual(r.body);
    expect((await c.call("GET", `/environment/${envId}/terraform`)).body.results).toEqual([r.body]);
    const edited = await c.call("PUT", `/terraform/${r.body.id}`, terraformBody("network", { engine: "OPEN_TOFU", provider_version: { explicit_version: "1.8.5" }, timeout_sec: 900 }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ engine: "OPEN_TOFU", provider_version: { explicit_version: "1.8.5" }, timeout_sec: 900 });
  });

  it("refuses bad requests with 400 naming the field, never quoting a secret", async () => {
    const vars = (tf_vars: unknown[]) => ({ terraform_variables_source: { tf_var_file_paths: [], tf_vars } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [terraformBody("a", { provider_version: { explicit_version: "0.11.0" } }), "provider_version.explicit_version"],
      [terraformBody("a", { engine: "OPEN_TOFU" }), "provider_version.explicit_version"],
      [terraformBody("a", vars([{ key: "1region", value: "tf-secret-value", secret: true }])), "terraform_variables_source.tf_vars[0].key"],
      [terraformBody("a", vars([{ key: "a", value: "x" }, { key: "a", value: "y" }])), "terraform_variables_source.tf_vars[1].key"],
      [terraformBody("a", { backend: { kubernetes: {}, user_provided: {} } }), "backend"],
      [terraformBody("a", { backend: {} }), "backend"],
      [terraformBody("a", { engine: "PULUMI" }), "engine"],
      [terraformBody("a", { job_resources: { cpu_milli: 500, ram_mib: 0, gpu: 0, storage_gib: 1 } }), "job_resources.ram_mib"],
      [terraformBody("a", { terraform_files_source: { git_repository: { url: "ftp://example.com/x" } } }), "terraform_files_source.git_repository.url"],
      [terraformBody("a", { auto_deploy_config: undefined }), "auto_deploy_config"],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect([field, r.status, fieldOf(r.body.message)]).toEqual([field, 400, field]);
      expect(r.body.message).not.toContain("tf-secret-value");
    }
  });

  it("keeps names unique among the environment's services, whatever their kind", async () => {
    expect((await c.call("POST", `/environment/${envId}/application`, appBody("infra"))).status).toBe(201);
    expect((await create(terraformBody("Infra"))).status).toBe(409);
  });

  it("reports resources after an apply, none before, none after an uninstall; its commits and its history (v2)", async () => {
    const t = (await create(terraformBody("network"))).body;
    expect((await c.call("GET", `/terraform/${t.id}/terraformResources`)).body).toEqual({ results: [] });
    const commit = "89abcdef0123456789abcdef0123456789abcdef";
    expect((await c.call("POST", `/terraform/${t.id}/deploy`, { git_commit_id: commit })).status).toBe(202);
    expect((await c.call("GET", `/terraform/${t.id}/status`)).body.state).toBe("DEPLOYED");
    const resources = (await c.call("GET", `/terraform/${t.id}/terraformResources`)).body.results;
    expect(resources.map((r: { address: string; mode: string }) => [r.address, r.mode])).toEqual([
      ["random_id.suffix", "managed"], ["null_resource.network", "managed"], ["data.external.git_revision", "data"],
    ]);
    expect(resources[1].attributes.triggers).toEqual({ module: "/network", commit });
    expect((await c.call("GET", `/terraform/${t.id}/commit`)).body.results.map((x: { git_commit_id: string }) => x.git_commit_id)).toEqual([commit]);
    expect((await c.call("POST", `/terraform/${t.id}/uninstall`)).status).toBe(202);
    expect((await c.call("GET", `/terraform/${t.id}/terraformResources`)).body).toEqual({ results: [] });
    const v2 = (await c.call("GET", `/terraform/${t.id}/deploymentHistoryV2`)).body.results;
    expect(v2.map((e: { status: string; status_details: { action: string; sub_action: string } }) => [e.status, e.status_details.action, e.status_details.sub_action]))
      .toEqual([["DELETED", "DELETE", "TERRAFORM_DESTROY"], ["DEPLOYED", "DEPLOY", "TERRAFORM_PLAN_AND_APPLY"]]);
    expect(v2[1].details).toEqual({ commit: expect.objectContaining({ git_commit_id: commit }) });
    expect((await c.call("GET", `/terraform/${t.id}/deploymentHistoryV2?pageSize=1`)).body.results).toHaveLength(1);
    expect((await c.call("POST", `/terraform/${t.id}/restart-service`)).status).toBe(404);
  });

  it("lists the versions on offer; has the terraform catalogue of advanced settings", async () => {
    const versions = (await c.call("GET", "/terraform/availableVersion")).body.results;
    expect(versions).toContainEqual({ engine: "TERRAFORM", version: "1.9.8" });
    expect(versions).toContainEqual({ engine: "OPEN_TOFU", version: "1.8.5" });
    const t = (await create(terraformBody("network"))).body;
    const defaults = (await c.call("GET", "/defaultTerraformAdvancedSettings")).body;
    expect(Object.keys(defaults).sort()).toEqual([
      "build.cpu_max_in_milli", "build.ephemeral_storage_in_gib", "build.ram_max_in_gib", "build.skip_git_submodules", "build.timeout_max_sec",
      "deployment.affinity.node.required", "deployment.termination_grace_period_seconds", "security.read_only_root_filesystem",
      "security.service_account_name",
    ]);
    expect((await c.call("PUT", `/terraform/${t.id}/advancedSettings`, { "build.timeout_max_sec": 3600 })).status).toBe(201);
    expect((await c.call("GET", `/terraform/${t.id}/advancedSettings`)).body["build.timeout_max_sec"]).toBe(3600);
    expect((await c.call("PUT", `/terraform/${t.id}/advancedSettings`, { "network.ingress.enable_cors": true })).status).toBe(400);
  });

  it("is deployed with its environment and by an environment request; its variables are of scope TERRAFORM", async () => {
    const t = (await create(terraformBody("network"))).body;
    expect((await c.call("POST", `/environment/${envId}/deploy`)).status).toBe(202);
    expect((await c.call("GET", `/terraform/${t.id}/status`)).body.state).toBe("DEPLOYED");
    const statuses = (await c.call("GET", `/environment/${envId}/statusesWithStages`)).body;
    expect(statuses.stages[0].terraforms.map((s: { id: string }) => s.id)).toEqual([t.id]);
    expect((await c.call("POST", `/environment/${envId}/service/stop`, { terraform_ids: [t.id] })).status).toBeLessThan(300);
    expect((await c.call("POST", `/environment/${envId}/service/deploy`, { terraforms: [{ id: t.id }] })).status).toBeLessThan(300);
    expect((await c.call("GET", `/terraform/${t.id}/status`)).body.state).toBe("DEPLOYED");
    const history = (await c.call("GET", `/environment/${envId}/deploymentHistory`)).body.results[0];
    expect(history.terraforms).toBeUndefined();
    const v = await c.call("POST", "/variable", { key: "TF_LOG", value: "INFO", is_secret: false, variable_scope: "TERRAFORM", variable_parent_id: t.id });
    expect(v.status).toBe(201);
    const services = (await c.call("GET", `/organization/${c.org}/services`)).body.results;
    expect(services.filter((s: { id: string }) => s.id === t.id).map((s: { service_type: string }) => s.service_type)).toEqual(["TERRAFORM"]);
    const second = await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "infra" });
    expect((await c.call("PUT", `/deploymentStage/${second.body.id}/service/${t.id}`, { is_skipped: false })).status).toBe(200);
    const stage = (await c.call("GET", `/service/${t.id}/deploymentStage`)).body;
    expect([stage.id, stage.services.map((s: { service_type: string }) => s.service_type)]).toEqual([second.body.id, ["TERRAFORM"]]);
  });
});

describe("terraform services (stepped clock)", () => {
  const c = useEmulator({ stepMs: 20 });

  it("walk QUEUED, BUILDING, DEPLOYING, DEPLOYED; an injected failure ends BUILD_ERROR and reports no resources", async () => {
    const { envId } = await projectAndEnv(c);
    const t = (await c.call("POST", `/environment/${envId}/terraform`, terraformBody("network"))).body;
    await control(c.emu, "PUT", `/services/${t.id}/failure`, { stage: "BUILD" });
    await c.call("POST", `/terraform/${t.id}/deploy`);
    expect((await walkStates(c, `/terraform/${t.id}/status`)).pop()).toBe("BUILD_ERROR");
    expect((await c.call("GET", `/terraform/${t.id}/terraformResources`)).body).toEqual({ results: [] });
    await control(c.emu, "PUT", `/services/${t.id}/failure`, { stage: null });
    await control(c.emu, "PUT", "/config", { stepMs: WALK_STEP_MS });
    await c.call("POST", `/terraform/${t.id}/deploy`);
    expect(await walkStates(c, `/terraform/${t.id}/status`)).toEqual(["QUEUED", "BUILDING", "DEPLOYING", "DEPLOYED"]);
    expect((await c.call("GET", `/terraform/${t.id}/terraformResources`)).body.results).toHaveLength(3);
  });
});

describe("what terraform and helm services keep of their secrets", () => {
  const c = useEmulator();

  it("the state dump shows no secret variable, repository password or git token; a git token counts them as users", async () => {
    const { envId } = await projectAndEnv(c);
    const token = (await c.call("POST", `/organization/${c.org}/gitToken`, { name: "gh", type: "GITHUB", token: "git-secret-5" })).body.id;
    const git = { url: "https://github.com/acme/infra.git", git_token_id: token };
    expect((await c.call("POST", `/environment/${envId}/terraform`, terraformBody("network", { terraform_files_source: { git_repository: git } }))).status).toBe(201);
    const repo = await c.call("POST", `/organization/${c.org}/helmRepository`, {
      name: "private", kind: "HTTPS", url: "https://charts.example.com", skip_tls_verification: false, config: { username: "u", password: "repo-secret-6" },
    });
    expect((await c.call("POST", `/environment/${envId}/helm`, {
      name: "api", auto_deploy: false, arguments: [], values_override: {}, source: { git_repository: { ...git, url: "https://github.com/acme/charts.git" } },
    })).status).toBe(201);
    const dump = JSON.stringify(await stateDump(c.emu));
    for (const secret of ["tf-secret-value", "repo-secret-6", "git-secret-5"]) expect(dump).not.toContain(secret);
    expect(dump).toContain(repo.body.id);
    expect((await c.call("GET", `/organization/${c.org}/gitToken/${token}`)).body.associated_services_count).toBe(2);
  });
});
