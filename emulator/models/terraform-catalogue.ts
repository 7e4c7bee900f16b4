/**
 * What the emulator's Terraform services run and report: the engine versions on offer (`/terraform/availableVersion`,
 * newest first), and the resources an apply leaves in the state, derived from the service and the deploy (the
 * emulator runs no Terraform: the same module applied at the same commit reports the same resources).
 */
import { createHash } from "node:crypto";
import type { DeploymentRec } from "./runtime";

/** The versions of each engine the service runs, newest first. */
export const TERRAFORM_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  TERRAFORM: ["1.9.8", "1.9.7", "1.8.5", "1.7.5", "1.6.6", "1.5.7"],
  OPEN_TOFU: ["1.8.5", "1.8.4", "1.7.3", "1.6.2"],
};

/** A resource of the Terraform state, as `/terraform/{id}/terraformResources` answers it. */
export interface TerraformResource {
  id: string;
  resource_type: string;
  name: string;
  address: string;
  provider: string;
  mode: "managed" | "data";
  attributes: Record<string, unknown>;
  extracted_at: string;
}

function uuidOf(seed: string): string {
  const h = createHash("sha256").update(seed).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What an apply of the module at `rootPath` (service `serviceId`, named `name`) by deploy `d` leaves in the state. */
export function appliedResources(serviceId: string, name: string, rootPath: string, d: DeploymentRec, endMs: number): TerraformResource[] {
  const label = name.toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "module";
  const commit = d.commit?.git_commit_id ?? "";
  const hex = createHash("sha1").update(`${serviceId}/${commit}`).digest("hex").slice(0, 8);
  const rows: Array<Omit<TerraformResource, "id" | "extracted_at">> = [
    { resource_type: "random_id", name: "suffix", address: "random_id.suffix", provider: "random", mode: "managed", attributes: { byte_length: 4, hex } },
    {
      resource_type: "null_resource", name: label, address: `null_resource.${label}`, provider: "null", mode: "managed",
      attributes: { id: String(parseInt(hex, 16)), triggers: { module: rootPath, commit } },
    },
    {
      resource_type: "external", name: "git_revision", address: "data.external.git_revision", provider: "external", mode: "data",
      attributes: { result: { commit } },
    },
  ];
  return rows.map((r) => ({ ...r, id: uuidOf(`${serviceId}/${d.request_id}/${r.address}`), extracted_at: new Date(endMs).toISOString() }));
}
