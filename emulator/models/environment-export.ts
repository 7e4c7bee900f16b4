/**
 * An environment's configuration as Terraform (what `GET /environment/{id}/terraformExport` answers): the environment,
 * its services by kind and its variables, in the official provider's resource names. Secret values are never
 * written: each secret refers to a Terraform variable of its key, which the user fills.
 */
import type { EnvironmentRec } from "./environments";
import { servicesWithKindIn, variablesOf } from "./queries";
import type { StoreView } from "./store-view";

const label = (s: string) => s.toLowerCase().replace(/[^a-z0-9_]/g, "_");
const quote = (s: string) => JSON.stringify(s);

/** The environment's configuration as Terraform text. */
export function environmentAsTerraform(store: StoreView, e: EnvironmentRec): string {
  const env = label(e.name);
  const out = [
    `resource "qovery_environment" ${quote(env)} {`, `  project_id = ${quote(e.project_id)}`, `  cluster_id = ${quote(e.cluster_id)}`,
    `  name       = ${quote(e.name)}`, `  mode       = ${quote(e.mode)}`, "}", "",
  ];
  const secrets = new Set<string>();
  for (const [kind, svc] of servicesWithKindIn(store, e.id)) {
    out.push(`resource "qovery_${kind.name}" ${quote(label(svc.name))} {`, `  environment_id = qovery_environment.${env}.id`, `  name           = ${quote(svc.name)}`);
    const own = variablesOf(store, svc.id);
    const vars = own.filter((v) => v.kind === "VARIABLE").map((v) => `    { key = ${quote(v.key)}, value = ${quote(v.value)} },`);
    const secret = own.filter((v) => v.kind === "SECRET").map((v) => {
      secrets.add(v.key);
      return `    { key = ${quote(v.key)}, value = var.${label(v.key)} },`;
    });
    if (vars.length > 0) out.push("  environment_variables = [", ...vars, "  ]");
    if (secret.length > 0) out.push("  secrets = [", ...secret, "  ]");
    out.push("}", "");
  }
  for (const key of [...secrets].sort()) out.push(`variable ${quote(label(key))} {`, "  type      = string", "  sensitive = true", "}", "");
  return out.join("\n");
}
