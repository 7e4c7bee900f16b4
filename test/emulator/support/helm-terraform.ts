/** Request bodies of Helm repositories, Helm services and Terraform services the emulator's tests share. */

/** A valid Helm repository create body (HTTPS, no credentials unless `extra` gives some). */
export function helmRepositoryBody(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, kind: "HTTPS", url: "https://charts.bitnami.com/bitnami", skip_tls_verification: false, config: {}, ...extra };
}

/** A valid Helm service create body: a chart of the repository `repositoryId`, unless `extra` says otherwise. */
export function helmBody(name: string, repositoryId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name, auto_deploy: false, arguments: [],
    source: { helm_repository: { repository: repositoryId, chart_name: "redis", chart_version: "20.2.1" } },
    values_override: { set: [["architecture", "standalone"]], file: { raw: { values: [{ name: "override", content: "auth:\n  enabled: true\n" }] } } },
    ...extra,
  };
}

/** A valid Terraform service create body: a module from git with one plain and one secret variable. */
export function terraformBody(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name, description: "network", auto_deploy_config: { auto_deploy: false, terraform_action: "DEFAULT" },
    terraform_files_source: { git_repository: { url: "https://github.com/acme/infra.git", branch: "main", root_path: "/network" } },
    terraform_variables_source: {
      tf_var_file_paths: ["/network/prod.tfvars"],
      tf_vars: [{ key: "region", value: "eu-west-3", secret: false }, { key: "db_password", value: "tf-secret-value", secret: true }],
    },
    backend: { kubernetes: {} }, engine: "TERRAFORM", provider_version: { read_from_terraform_block: false, explicit_version: "1.9.8" },
    job_resources: { cpu_milli: 500, ram_mib: 512, gpu: 0, storage_gib: 1 },
    ...extra,
  };
}

/** A body each Helm repository, Helm and Terraform route with a request schema accepts (`probe`: an id of the right form). */
export function helmTerraformSampleBodies(probe: string): Record<string, unknown> {
  const helm = helmBody("probe", probe);
  const domain = { domain: "probe.example.com", generate_certificate: true };
  return {
    "POST /organization/{organizationId}/helmRepository": helmRepositoryBody("probe"),
    "PUT /organization/{organizationId}/helmRepository/{helmRepositoryId}": helmRepositoryBody("probe"),
    "POST /environment/{environmentId}/helm": helm,
    "PUT /helm/{helmId}": helm,
    "POST /helm/{helmId}/deploy": { chart_version: "1.0.0" },
    "PUT /helm/{helmId}/advancedSettings": { "network.ingress.enable_cors": true },
    "POST /helm/{helmId}/customDomain": domain,
    "PUT /helm/{helmId}/customDomain/{customDomainId}": domain,
    "POST /environment/{environmentId}/terraform": terraformBody("probe"),
    "PUT /terraform/{terraformId}": terraformBody("probe"),
    "POST /terraform/{terraformId}/deploy": {},
    "PUT /terraform/{terraformId}/advancedSettings": { "build.timeout_max_sec": 100 },
  };
}

/** A Helm repository, a Helm service and a Terraform service in `envId`: their ids by path parameter. */
export async function helmTerraformFixtures(
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>, // eslint-disable-line @typescript-eslint/no-explicit-any
  org: string, envId: string,
): Promise<Record<string, string>> {
  const made = async (path: string, body: unknown): Promise<string> => {
    const r = await call("POST", path, body);
    if (r.status !== 201) throw new Error(`fixture ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { id: string }).id;
  };
  const helmRepositoryId = await made(`/organization/${org}/helmRepository`, helmRepositoryBody("bitnami"));
  return {
    helmRepositoryId, helmId: await made(`/environment/${envId}/helm`, helmBody("cache", helmRepositoryId)),
    terraformId: await made(`/environment/${envId}/terraform`, terraformBody("network")),
  };
}
