/**
 * Cluster credentials for Kubernetes clients: a kubeconfig naming the cluster, with a bearer token per cluster (and
 * one for read-only access). The tokens are made with the cluster (at seed, or when a data file without them is
 * loaded), derived from the seed's secret and the cluster's id, so they are the same after a reset or a restart and
 * a read never writes (`state.clusterCredentials`); they are secrets: the state dump shows them as "***".
 */
import { createHmac } from "node:crypto";
import { ApiError } from "../server/errors";
import type { ClusterRec } from "./clusters";
import type { ModelContext } from "./records";
import { view, type StateHolder, type StateOf } from "./slice";
import type { clusterSlice } from "./clusters";
import { z } from "zod";
import { str } from "./record-forms";
import { slice } from "./slice";

/** What these functions read of the state. */
type ClusterState = StateOf<typeof clusterSlice | typeof clusterCredentialsSlice>;

/** A cluster's Kubernetes credentials (keyed by the cluster's id). */
export interface ClusterCredentialsRec {
  id: string;
  created_at: string;
  token: string;
  read_only_token: string;
}

/** The clusterCredentials of the state (see `slice.ts`). */
export const clusterCredentialsSlice = slice<ClusterCredentialsRec>().keyed("clusterCredentials", z.looseObject({ id: str, created_at: str, token: str, read_only_token: str }));

/** What the kubeconfig's user part holds. */
export interface KubeconfigOptions {
  /** The user runs the service's CLI for a token instead of holding one. */
  withTokenFromCli: boolean;
  /** The read-only credential. */
  readOnly: boolean;
}

/**
 * Gives every cluster of a state its credentials, where it has none: `emu-k8s-` and 40 hex digits, an HMAC of the
 * cluster's id under `secret` (the seed's Admin token, which only the emulator's operator holds), so the same seed
 * gives the same ones.
 */
export function ensureClusterCredentials(holder: StateHolder, secret: string, createdAt: string): void {
  const state: ClusterState = view<typeof clusterSlice | typeof clusterCredentialsSlice>(holder);
  const derive = (clusterId: string, use: string) => `emu-k8s-${createHmac("sha256", secret).update(`kubeconfig:${use}:${clusterId}`).digest("hex").slice(0, 40)}`;
  for (const c of state.clusters) {
    if (state.clusterCredentials.has(c.id)) continue;
    state.clusterCredentials.set(c.id, { id: c.id, created_at: createdAt, token: derive(c.id, "admin"), read_only_token: derive(c.id, "read-only") });
  }
}

function credentialsOf(m: ModelContext, cluster: ClusterRec): ClusterCredentialsRec {
  const rec = clusterCredentialsSlice.of(m.world.store).get(cluster.id);
  if (!rec) throw new ApiError(500, `cluster ${cluster.id} has no Kubernetes credentials`);
  return rec;
}

/** The cluster's kubeconfig (YAML). Its server is a placeholder address: nothing answers there. */
export function kubeconfigOf(m: ModelContext, cluster: ClusterRec, options: KubeconfigOptions): string {
  const creds = credentialsOf(m, cluster);
  const user = options.readOnly ? `${cluster.name}-read-only` : `${cluster.name}-admin`;
  const userPart = options.withTokenFromCli
    ? [
      "    exec:",
      "      apiVersion: client.authentication.k8s.io/v1beta1",
      "      command: deploy-service",
      `      args: ["cluster", "token", "--cluster-id", "${cluster.id}"${options.readOnly ? ", \"--read-only\"" : ""}]`,
      "      interactiveMode: Never",
    ]
    : [`    token: ${options.readOnly ? creds.read_only_token : creds.token}`];
  return [
    "apiVersion: v1",
    "kind: Config",
    "clusters:",
    `- name: ${cluster.name}`,
    "  cluster:",
    `    server: https://${cluster.id}.k8s.${cluster.region}.emulator.invalid`,
    "    insecure-skip-tls-verify: true",
    "contexts:",
    `- name: ${cluster.name}`,
    "  context:",
    `    cluster: ${cluster.name}`,
    `    user: ${user}`,
    `current-context: ${cluster.name}`,
    "users:",
    `- name: ${user}`,
    "  user:",
    ...userPart,
    "",
  ].join("\n");
}
