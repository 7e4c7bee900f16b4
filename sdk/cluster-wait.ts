/**
 * Following a cluster to a terminal state: `DEPLOYED` after a create, an edit, a deploy or an upgrade, `STOPPED`
 * after a stop, gone after a delete. One status read a poll (the one wait of `wait.ts`); a failure names the state
 * and carries the last log lines of the cluster's deployment.
 */
import { isNotFound } from "./errors";
import type { ClustersApi } from "./cluster-endpoints";
import { clusterLogText } from "./cluster-settings";
import type { ClusterStatus } from "./clusters";
import { path } from "./path";
import { followStatus, type WaitOptions } from "./wait";

/** A cluster's status as a wait reads it: the {@link ClusterStatus} with its state as `state` (`DELETED` once gone). */
export type ClusterWaitStatus = ClusterStatus & {
  /** The cluster's state (its `status`), `DELETED` once the cluster is gone. */
  state: string;
  /** The cluster's last execution (`last_execution_id`), by which a status of the previous run is known. */
  execution_id?: string | null | undefined;
};

/** Options of a cluster wait: those of every wait, read as {@link ClusterWaitStatus}. */
export type ClusterWaitOptions = WaitOptions<ClusterWaitStatus>;

/** States that end a cluster wait in failure whatever its target, besides the errors. */
export const CLUSTER_FAILURE_STATES = ["INVALID_CREDENTIALS"] as const;

/** How many log lines a failed cluster wait carries. */
export const CLUSTER_FAILURE_LOG_LINES = 20;

/** A {@link ClusterStatus} as a wait reads it. */
export function clusterWaitStatus(status: ClusterStatus): ClusterWaitStatus {
  return { ...status, state: status.status, execution_id: status.last_execution_id };
}

/**
 * Follows a cluster until it reaches `options.target` (`DEPLOYED` by default, `STOPPED`, or `DELETED`: the cluster
 * gone from the service), reporting every status read to `options.onProgress`.
 * @param redactLine replaces the secrets the client knows in a log line.
 * @throws DeploymentFailedError naming the final state (an `*_ERROR`, `CANCELED`, `INVALID_CREDENTIALS`, or
 *   `DELETED` when another target was awaited) with the last {@link CLUSTER_FAILURE_LOG_LINES} log lines;
 *   WaitTimeoutError with the last state.
 */
export function followCluster(
  clusters: ClustersApi, organizationId: string, clusterId: string, redactLine: (line: string) => string, options: ClusterWaitOptions = {},
): Promise<ClusterWaitStatus> {
  const gone = options.target === "DELETED";
  return followStatus<ClusterWaitStatus>({
    what: `cluster ${clusterId}`,
    path: path`/organization/${organizationId}/cluster/${clusterId}/status`,
    read: async () => {
      try {
        return clusterWaitStatus(await clusters.status(organizationId, clusterId));
      } catch (e) {
        if (gone && isNotFound(e)) return { cluster_id: clusterId, status: "DELETED", state: "DELETED" };
        throw e;
      }
    },
    logs: async () =>
      (await clusters.logs(organizationId, clusterId, { tail: CLUSTER_FAILURE_LOG_LINES })).map((line) => redactLine(clusterLogText(line))),
    failureStates: CLUSTER_FAILURE_STATES,
  }, options);
}
