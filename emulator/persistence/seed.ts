import { randomBytes, randomUUID } from "node:crypto";
import { seededClusterDetails, type ClusterRec } from "../models/clusters";
import { seededRegistries } from "../models/container-registries";
import { ensureClusterCredentials } from "../models/kubeconfig";
import { emptyCollections, type State } from "../models/state";

/** What stays the same across resets: ids of the organization and clusters, token values. */
export interface SeedInfo {
  organizationId: string;
  clusterIds: [string, string];
  ownerId: string;
  createdAt: string;
  tokens: { admin: string; read: string; deploy: string; write: string };
}

/** A fresh seed with random ids and token values. */
export function newSeedInfo(nowMs: number): SeedInfo {
  const tok = () => `emu_${randomBytes(24).toString("hex")}`;
  return {
    organizationId: randomUUID(),
    clusterIds: [randomUUID(), randomUUID()],
    ownerId: randomUUID(),
    createdAt: new Date(nowMs).toISOString(),
    tokens: { admin: tok(), read: tok(), deploy: tok(), write: tok() },
  };
}

/**
 * The seeded state: organization `emulator-org`, clusters `eu-west` and `us-east` (with their details and Kubernetes
 * credentials), four tokens, and the container registry every organization starts with (`Docker Hub`).
 */
export function seedState(seed: SeedInfo): State {
  const t = seed.createdAt;
  const cluster = (id: string, name: string, region: string, isDefault: boolean): ClusterRec => {
    const base = {
      id, created_at: t, updated_at: t, organization_id: seed.organizationId, name, region, version: "1.30",
      next_version: "1.31", is_default: isDefault, last_deployment_date: t, last_execution_id: null,
    };
    return { ...base, ...seededClusterDetails(base), labels_groups: [] };
  };
  const state: State = {
    organization: { id: seed.organizationId, created_at: t, updated_at: t, name: "emulator-org", plan: "TEAM_2025", owner: seed.ownerId },
    clusters: [cluster(seed.clusterIds[0], "eu-west", "eu-west-3", true), cluster(seed.clusterIds[1], "us-east", "us-east-1", false)],
    tokens: [
      { name: "admin", value: seed.tokens.admin, scope: "Admin", revoked: false },
      { name: "read", value: seed.tokens.read, scope: "Read", revoked: false },
      { name: "deploy", value: seed.tokens.deploy, scope: "Deploy", revoked: false },
      { name: "write", value: seed.tokens.write, scope: "Write", revoked: false },
    ],
    ...emptyCollections(),
    containerRegistries: seededRegistries(seed.organizationId, t),
  };
  ensureClusterCredentials({ state }, seed.tokens.admin, t);
  return state;
}
