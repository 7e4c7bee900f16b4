/** The endpoint group of clusters: records, lifecycle actions, status, settings, access and logs. */
import { z } from "zod";
import type { CallResult } from "./core";
import { ClusterAdvancedSettingsRequest } from "./advanced-settings";
import { collection } from "./crud";
import { NotFoundError } from "./errors";
import { path, type ApiPath } from "./path";
import { listOf } from "./schema";
import {
  Cluster, ClusterCloudProviderInfo, ClusterCloudProviderInfoRequest, ClusterRequest, ClusterStatus, ClusterToken,
  kubeconfigCredentials, type KubeconfigOptions,
} from "./clusters";
import {
  ClusterAdvancedSettings, ClusterDnsProvider, ClusterDnsProviderRequest, ClusterEnvironment, ClusterLogLine, ClusterRoutingTable,
  ClusterRoutingTableRequest,
} from "./cluster-settings";

/** How a delete treats what runs on the cluster (`deleteMode`); the default refuses while environments remain. */
export const CLUSTER_DELETE_MODES = ["DEFAULT", "DELETE_CLUSTER_AND_QOVERY_CONFIG", "DELETE_QOVERY_CONFIG"] as const;

/** Options of {@link ClustersApi.delete}. */
export interface ClusterDeleteOptions {
  /** `DEFAULT` (the service's default) deletes the cluster only when no environment runs on it. */
  deleteMode?: (typeof CLUSTER_DELETE_MODES)[number];
}

const item = (organizationId: string, clusterId: string) => path`/organization/${organizationId}/cluster/${clusterId}`;
const sub = (organizationId: string, clusterId: string, segment: string) => `${item(organizationId, clusterId)}/${segment}` as ApiPath;

/**
 * Endpoints of clusters. A create, edit, deploy, stop, upgrade or delete only starts the work: follow it with
 * `client.waitForCluster`. The service has no read of one cluster: {@link ClustersApi.get} reads the list.
 */
export class ClustersApi extends collection({
  what: "cluster", naturalKey: "name", record: Cluster, createRequest: ClusterRequest, editRequest: ClusterRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/cluster`,
  item,
}) {
  /** Reads what the cluster has at `segment` (`advancedSettings`, `routingTable`, ...). */
  private read<R extends z.ZodType>(organizationId: string, clusterId: string, segment: string, response: R): Promise<CallResult<R>> {
    return this.core.call({ method: "GET", path: sub(organizationId, clusterId, segment), response });
  }

  /** Sets what the cluster has at `segment`, the body checked against `request` first. */
  private write<R extends z.ZodType>(
    method: "PUT" | "POST", organizationId: string, clusterId: string, segment: string, body: unknown, request: z.ZodType, response: R,
  ): Promise<CallResult<R>> {
    return this.core.call({ method, path: sub(organizationId, clusterId, segment), body, requestSchema: request, response });
  }

  /** Reads one cluster (from the organization's list: the service has no read of one); NotFoundError when absent. */
  async get(organizationId: string, clusterId: string): Promise<Cluster> {
    const found = (await this.list(organizationId)).find((c) => c.id === clusterId);
    if (found) return found;
    const where = item(organizationId, clusterId);
    throw new NotFoundError(`cluster ${clusterId} not found in organization ${organizationId}`, { method: "GET", path: where, status: 404 });
  }

  /** Starts the deletion of a cluster (`DELETING`, then gone); a missing one throws NotFoundError. */
  override async delete(organizationId: string, clusterId: string, options: ClusterDeleteOptions = {}): Promise<void> {
    await this.core.call({ method: "DELETE", path: item(organizationId, clusterId), query: { deleteMode: options.deleteMode } });
  }

  /** Starts a deployment of the cluster (`dryRun`: the service checks what it would change and changes nothing). */
  deploy(organizationId: string, clusterId: string, options: { dryRun?: boolean } = {}): Promise<ClusterStatus> {
    return this.core.call({ method: "POST", path: sub(organizationId, clusterId, "deploy"), query: { dry_run: options.dryRun }, response: ClusterStatus });
  }

  /** Starts stopping the cluster (its nodes scaled to none). */
  stop(organizationId: string, clusterId: string): Promise<ClusterStatus> {
    return this.core.call({ method: "POST", path: sub(organizationId, clusterId, "stop"), response: ClusterStatus });
  }

  /** Starts an upgrade of the cluster's Kubernetes version to `next_k8s_available_version` of its status. */
  upgrade(clusterId: string): Promise<ClusterStatus> {
    return this.core.call({ method: "POST", path: path`/cluster/${clusterId}/upgrade`, response: ClusterStatus });
  }

  /** Reads the status of one cluster of an organization. */
  status(organizationId: string, clusterId: string): Promise<ClusterStatus> {
    return this.read(organizationId, clusterId, "status", ClusterStatus);
  }

  /** Reads the status of every cluster of an organization. */
  statuses(organizationId: string): Promise<ClusterStatus[]> {
    return this.core.list(path`/organization/${organizationId}/cluster/status`, ClusterStatus);
  }

  /** Lists the environments that run on the cluster (every page): a delete in the default mode is refused while there are any. */
  environments(clusterId: string): Promise<ClusterEnvironment[]> {
    return this.core.list(path`/cluster/${clusterId}/environments`, ClusterEnvironment);
  }

  /** Reads the cluster's advanced settings (every key). */
  advancedSettings(organizationId: string, clusterId: string): Promise<ClusterAdvancedSettings> {
    return this.read(organizationId, clusterId, "advancedSettings", ClusterAdvancedSettings);
  }

  /**
   * Sets the cluster's advanced settings (flat dotted keys; only those given are sent; the keys of
   * `CLUSTER_ADVANCED_SETTINGS` checked by type before the call); answers with every key.
   */
  updateAdvancedSettings(organizationId: string, clusterId: string, settings: ClusterAdvancedSettingsRequest): Promise<ClusterAdvancedSettings> {
    return this.write("PUT", organizationId, clusterId, "advancedSettings", settings, ClusterAdvancedSettingsRequest, ClusterAdvancedSettings);
  }

  /** Reads the advanced settings a new cluster has (every key with its default). */
  defaultAdvancedSettings(): Promise<ClusterAdvancedSettings> {
    return this.core.call({ method: "GET", path: path`/defaultClusterAdvancedSettings`, response: ClusterAdvancedSettings });
  }

  /** Reads the cloud, credentials and region of the cluster. */
  cloudProviderInfo(organizationId: string, clusterId: string): Promise<ClusterCloudProviderInfo> {
    return this.read(organizationId, clusterId, "cloudProviderInfo", ClusterCloudProviderInfo);
  }

  /** Sets the credentials (of the cluster's cloud) and region of the cluster. */
  updateCloudProviderInfo(organizationId: string, clusterId: string, info: ClusterCloudProviderInfoRequest): Promise<ClusterCloudProviderInfo> {
    return this.write("POST", organizationId, clusterId, "cloudProviderInfo", info, ClusterCloudProviderInfoRequest, ClusterCloudProviderInfo);
  }

  /** Reads the cluster's routing table. */
  routingTable(organizationId: string, clusterId: string): Promise<ClusterRoutingTable> {
    return this.read(organizationId, clusterId, "routingTable", ClusterRoutingTable);
  }

  /** Replaces the cluster's routing table with `request.routes`. */
  updateRoutingTable(organizationId: string, clusterId: string, request: ClusterRoutingTableRequest): Promise<ClusterRoutingTable> {
    return this.write("PUT", organizationId, clusterId, "routingTable", request, ClusterRoutingTableRequest, ClusterRoutingTable);
  }

  /** Reads the cluster's DNS provider (without its secrets). */
  dnsProvider(clusterId: string): Promise<ClusterDnsProvider> {
    return this.core.call({ method: "GET", path: path`/cluster/${clusterId}/dnsProvider`, response: ClusterDnsProvider });
  }

  /** Sets the cluster's DNS provider (a Cloudflare token or an AWS secret key is sent again with every edit). */
  updateDnsProvider(clusterId: string, request: ClusterDnsProviderRequest): Promise<ClusterDnsProvider> {
    return this.core.call({
      method: "PUT", path: path`/cluster/${clusterId}/dnsProvider`, body: request, requestSchema: ClusterDnsProviderRequest, response: ClusterDnsProvider,
    });
  }

  /** Reads the cluster's deployment log lines, oldest first; `tail` keeps the last ones. */
  async logs(organizationId: string, clusterId: string, options: { tail?: number } = {}): Promise<ClusterLogLine[]> {
    const body = await this.read(organizationId, clusterId, "logs", listOf(ClusterLogLine));
    return options.tail !== undefined ? body.results.slice(Math.max(0, body.results.length - options.tail)) : body.results;
  }

  /** Reads a Kubernetes access token for the cluster (kept out of every later message of this client). */
  token(clusterId: string): Promise<ClusterToken> {
    return this.core.call({
      method: "GET", path: path`/cluster/${clusterId}/token`, response: ClusterToken, secretsInResponse: (t) => [t.status.token],
    });
  }

  /**
   * Reads the cluster's kubeconfig, as YAML text, for `kubectl` or the Kubernetes provider. A secret: it holds a
   * credential; the client keeps it, and the credentials in it, out of every later message.
   */
  kubeconfig(organizationId: string, clusterId: string, options: KubeconfigOptions = {}): Promise<string> {
    return this.core.call({
      method: "GET", path: sub(organizationId, clusterId, "kubeconfig"),
      query: { with_token_from_cli: options.withTokenFromCli, read_only: options.readOnly },
      response: z.string().min(1), textResponse: true, secretsInResponse: (text) => [text, ...kubeconfigCredentials(text)],
    });
  }
}
