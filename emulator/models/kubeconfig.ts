/**
 * Cluster credentials for Kubernetes clients: a kubeconfig naming the cluster, with a bearer token per cluster (and
 * one for read-only access). The tokens are made on the first read and kept (`state.clusterCredentials`); they are
 * secrets: the state dump shows them as "***".
 */
import { randomBytes } from "node:crypto";
import type { ClusterRec } from "./clusters";
import { iso, type ModelContext } from "./records";

/** A cluster's Kubernetes credentials (keyed by the cluster's id). */
export interface ClusterCredentialsRec {
  id: string;
  created_at: string;
  token: string;
  read_only_token: string;
}

/** What the kubeconfig's user part holds. */
export interface KubeconfigOptions {
  /** The user runs the service's CLI for a token instead of holding one. */
  withTokenFromCli: boolean;
  /** The read-only credential. */
  readOnly: boolean;
}

function credentialsOf(m: ModelContext, cluster: ClusterRec): ClusterCredentialsRec {
  const store = m.world.store.state.clusterCredentials;
  let rec = store.get(cluster.id);
  if (!rec) {
    const token = () => `emu-k8s-${randomBytes(20).toString("hex")}`;
    rec = { id: cluster.id, created_at: iso(m.now), token: token(), read_only_token: token() };
    store.set(rec.id, rec);
  }
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
