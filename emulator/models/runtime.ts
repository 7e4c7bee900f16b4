/**
 * Deployment bookkeeping every service kind carries. The clock (`clock.ts`) reads these records; actions
 * (`actions.ts`) write them.
 */

/** A git commit as the deployment history answers it (the reference's `Commit`). */
export interface CommitRec {
  git_commit_id: string;
  created_at: string;
  author_name: string;
  message: string;
  tag: string;
}

/** A service action (an uninstall removes what a deploy installed, keeping the service's configuration). */
export type ServiceAction = "DEPLOY" | "STOP" | "RESTART" | "UNINSTALL";

/** A pending asynchronous delete: the record is readable until `start + 2 * stepMs`. */
export interface DeletionRec {
  start: number;
  stepMs: number;
}

/** One run of a service action on the deployment clock. */
export interface DeploymentRec {
  action: ServiceAction;
  /** States walked, the last one terminal. */
  steps: string[];
  /** Epoch ms at which the first step began. */
  start: number;
  /** Epoch ms of the request that started it (before `start` when it waits for earlier stages; absent in older data files). */
  requested_at?: number;
  stepMs: number;
  request_id: string;
  /** Edit counter of the service when the action began. */
  version: number;
  /** The git commit a deploy rolls out, for services built from git (applications, jobs built from a Dockerfile). */
  commit?: CommitRec;
  /** What else a deploy rolls out, as its kind's `releaseOf` tells (a container's image and tag). */
  release?: Record<string, unknown>;
  /** Orders it after every action begun earlier in this process, the same millisecond included (absent in older data files). */
  seq?: number;
  /** Id of the environment action that started it; absent when started on the service alone. */
  group_id?: string;
  /** Epoch ms at which it was cancelled (replaced by a newer action, or its service deleted) before its end. */
  cancelled_at?: number;
  /** Which of its webhook events were sent: its start, then its one final event (`ended` with none when it never started). */
  notified?: "started" | "ended";
}

/** Deployment bookkeeping of a service. */
export interface RuntimeRec {
  deployment: DeploymentRec | null;
  requests_count: number;
  last_deployment_date: string | null;
  /** Edit counter at the last successful deploy; null when never deployed. */
  deployed_version: number | null;
  version: number;
  failure: "BUILD" | "DEPLOY" | null;
  /** Earlier actions, oldest first, that a newer one replaced (absent in data files of older emulators). */
  history?: DeploymentRec[];
}

/** Fresh runtime bookkeeping for a new service. */
export function newRuntime(): RuntimeRec {
  return { deployment: null, requests_count: 0, last_deployment_date: null, deployed_version: null, version: 0, failure: null };
}
