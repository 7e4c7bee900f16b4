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
