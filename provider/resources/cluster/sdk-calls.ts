/**
 * The sdk calls the cluster and cloud-credentials families make, in the shape the family definitions take
 * (`FamilyCalls`), and the waits of a cluster's actions with their progress lines.
 */
import { clusterWaitStatus, type CloudProvider, type Cluster, type ClusterStatus, type DeployServiceClient } from "../../../sdk";
import { organizationCalls, type FamilyCalls, type Props } from "../../framework/define";
import { flushProgress, serviceProgress } from "../../framework/progress";

/** A cluster record. */
export type ClusterRecord = Cluster;

/** The client's credentials group of each cloud. */
const CREDENTIALS_GROUPS = {
  AWS: "awsCredentials", GCP: "gcpCredentials", SCW: "scalewayCredentials", AZURE: "azureCredentials", ON_PREMISE: "onPremiseCredentials",
} as const satisfies Record<CloudProvider, keyof DeployServiceClient>;

/** The credentials group of `cloud`. */
export function credentialsGroup(client: DeployServiceClient, cloud: CloudProvider): DeployServiceClient["awsCredentials"] {
  return client[CREDENTIALS_GROUPS[cloud]] as unknown as DeployServiceClient["awsCredentials"];
}

/** The credentials of one cloud of an organization, listed. */
export function listCloudCredentials(client: DeployServiceClient, organizationId: string, cloud: CloudProvider): Promise<Array<{ id: string; name: string }>> {
  return credentialsGroup(client, cloud).list(organizationId);
}

/** The calls of one cloud's credentials family. */
export function cloudCredentialsCalls(cloud: CloudProvider): FamilyCalls<Props, { id: string; updated_at?: string | null | undefined }> {
  return organizationCalls((client) => credentialsGroup(client, cloud));
}

/** The calls of the cluster family. */
export const clusterCalls = organizationCalls((client) => client.clusters);

/** Names (`project/environment`) of the environments running on the cluster, in one request. */
export async function environmentsOn(client: DeployServiceClient, clusterId: string): Promise<string[]> {
  return (await client.clusters.environments(clusterId)).map((e) => `${e.project_name ?? e.project_id ?? "?"}/${e.environment_name ?? e.environment_id}`);
}

/**
 * Follows a cluster until it reaches `target` (`DEPLOYED`, `STOPPED`, or `DELETED`: gone), a line of `pulumi up`'s
 * output per state (`cluster "prod": DEPLOYING (1m20s)`); `previous` is the status read before the action, so a
 * status of the previous run is not taken as this one's outcome. A failure names the state and the last log lines; a timeout, the last state.
 */
export async function waitForCluster(
  client: DeployServiceClient, organizationId: string, id: string, name: string, target: "DEPLOYED" | "STOPPED" | "DELETED", timeoutSeconds: number,
  previous?: ClusterStatus,
): Promise<void> {
  try {
    await client.waitForCluster(organizationId, id, {
      target, timeoutMs: timeoutSeconds * 1000, pollIntervalMs: 200, maxPollIntervalMs: 5000, onProgress: serviceProgress(`cluster "${name}"`),
      ...(previous ? { previous: clusterWaitStatus(previous) } : {}),
    });
  } catch (e) {
    throw clusterFailure(e, `cluster "${name}" (${id})`, target, timeoutSeconds);
  } finally {
    await flushProgress();
  }
}

function clusterFailure(e: unknown, what: string, target: string, timeoutSeconds: number): Error {
  const r = (e ?? {}) as { code?: unknown; finalState?: unknown; logLines?: unknown; lastState?: unknown; message?: unknown };
  if (r.code === "deployment_failed") {
    const lines = Array.isArray(r.logLines) ? r.logLines.map(String) : [];
    const log = lines.length > 0 ? `\nlast log lines:\n  ${lines.join("\n  ")}` : "";
    return Object.assign(new Error(`${what} ended in ${String(r.finalState)} while waiting for ${target}${log}`, { cause: e }), { finalState: r.finalState });
  }
  if (r.code === "wait_timeout") {
    const last = typeof r.lastState === "string" ? ` (last state ${r.lastState})` : "";
    return new Error(`${what} did not reach ${target} within ${timeoutSeconds} s${last}; raise timeoutSeconds`, { cause: e });
  }
  return e instanceof Error ? e : new Error(String(e));
}
