/** Clusters: the Kubernetes clusters environments run on (read, status, upgrade, token, kubeconfig). */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";
import { Reference, maybe, namedRecord, openEnum } from "./schema";
import { secretFields } from "./sensitive";

/** Cluster states (deployment states plus `DRY_RUN` and `INVALID_CREDENTIALS`). */
export const ClusterState = openEnum([
  "BUILDING", "BUILD_ERROR", "CANCELED", "CANCELING", "DELETED", "DELETE_ERROR", "DELETE_QUEUED", "DELETING", "DEPLOYED",
  "DEPLOYING", "DEPLOYMENT_ERROR", "DEPLOYMENT_QUEUED", "DRY_RUN", "QUEUED", "READY", "STOPPED", "STOPPING", "STOP_ERROR",
  "STOP_QUEUED", "RESTART_QUEUED", "RESTARTING", "RESTARTED", "RESTART_ERROR", "INVALID_CREDENTIALS",
] as const);
/** A cluster state. */
export type ClusterState = z.infer<typeof ClusterState>;

/** A cluster record. */
export const Cluster = namedRecord({
  region: maybe(z.string()),
  cloud_provider: maybe(z.string()),
  organization: maybe(Reference),
  description: maybe(z.string()),
  status: maybe(ClusterState),
  version: maybe(z.string()),
  kubernetes: maybe(z.string()),
  is_default: maybe(z.boolean()),
  production: maybe(z.boolean()),
  instance_type: maybe(z.string()),
  min_running_nodes: maybe(z.number()),
  max_running_nodes: maybe(z.number()),
});
/** A cluster record. */
export type Cluster = z.infer<typeof Cluster>;

/** Status of a cluster, as answered by an upgrade. */
export const ClusterStatus = z.looseObject({
  cluster_id: z.string(),
  status: ClusterState,
  is_deployed: maybe(z.boolean()),
  reason: maybe(openEnum(["UNSPECIFIED", "MAINTENANCE"] as const)),
  next_k8s_available_version: maybe(z.string()),
  last_execution_id: maybe(z.string()),
  last_deployment_date: maybe(z.string()),
  cluster_lock: maybe(z.looseObject({
    reason: maybe(z.string()), cluster_id: maybe(z.string()), locked_at: maybe(z.string()),
    owner_name: maybe(z.string()), ttl_in_days: maybe(z.number()),
  })),
});
/** Status of a cluster. */
export type ClusterStatus = z.infer<typeof ClusterStatus>;

/** A Kubernetes access token for a cluster (`status.token` is a secret). */
export const ClusterToken = z.looseObject({
  apiVersion: z.string(),
  kind: z.string(),
  spec: z.looseObject({}),
  status: z.looseObject({ token: z.string(), expirationTimestamp: maybe(z.string()) }),
});
/** A Kubernetes access token for a cluster. */
export type ClusterToken = z.infer<typeof ClusterToken>;
secretFields({ secret: ["token"] });

/** Endpoints of clusters. */
export class ClustersApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the clusters of an organization. */
  async list(organizationId: string): Promise<Cluster[]> {
    return this.core.list(path`/organization/${organizationId}/cluster`, Cluster);
  }

  /** Starts an upgrade of the cluster's Kubernetes version. */
  upgrade(clusterId: string): Promise<ClusterStatus> {
    return this.core.call({ method: "POST", path: path`/cluster/${clusterId}/upgrade`, response: ClusterStatus });
  }

  /** Reads a Kubernetes access token for the cluster (kept out of every later message of this client). */
  token(clusterId: string): Promise<ClusterToken> {
    return this.core.call({
      method: "GET", path: path`/cluster/${clusterId}/token`, response: ClusterToken, secretsInResponse: (t) => [t.status.token],
    });
  }

  /** Reads the status of one cluster of an organization. */
  status(organizationId: string, clusterId: string): Promise<ClusterStatus> {
    return this.core.call({ method: "GET", path: path`/organization/${organizationId}/cluster/${clusterId}/status`, response: ClusterStatus });
  }

  /**
   * Reads the cluster's kubeconfig, as YAML text, for `kubectl` or the Kubernetes provider. A secret: it holds a
   * credential; the client keeps it, and the credentials in it, out of every later message.
   */
  kubeconfig(organizationId: string, clusterId: string, options: KubeconfigOptions = {}): Promise<string> {
    return this.core.call({
      method: "GET", path: path`/organization/${organizationId}/cluster/${clusterId}/kubeconfig`,
      query: { with_token_from_cli: options.withTokenFromCli, read_only: options.readOnly },
      response: z.string().min(1), textResponse: true, secretsInResponse: (text) => [text, ...kubeconfigCredentials(text)],
    });
  }
}

/** Options of {@link ClustersApi.kubeconfig}. */
export interface KubeconfigOptions {
  /** True: the user part runs the service's CLI to get a token (`exec`) instead of holding one. */
  withTokenFromCli?: boolean;
  /** True: the credential is a read-only one (a service account with the `view` cluster role). */
  readOnly?: boolean;
}

const CREDENTIAL_LINE = /^\s*-?\s*(?:token|client-key-data|client-certificate-data|password|id-token|refresh-token)\s*:\s*["']?([^"'\s]+)["']?\s*$/gm;

/** The credential values of a kubeconfig (tokens, keys, passwords), each kept out of messages on its own too. */
export function kubeconfigCredentials(yaml: string): string[] {
  return [...yaml.matchAll(CREDENTIAL_LINE)].map((m) => m[1] ?? "").filter((v) => v.length >= 8);
}
