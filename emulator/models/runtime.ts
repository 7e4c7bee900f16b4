/**
 * Deployment bookkeeping every service kind carries. The clock (`clock.ts`) reads these records; actions
 * (`actions.ts`) write them.
 */

/** A service action. */
export type ServiceAction = "DEPLOY" | "STOP" | "RESTART";

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
  stepMs: number;
  request_id: string;
  /** Edit counter of the service when the action began. */
  version: number;
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
}

/** Fresh runtime bookkeeping for a new service. */
export function newRuntime(): RuntimeRec {
  return { deployment: null, requests_count: 0, last_deployment_date: null, deployed_version: null, version: 0, failure: null };
}
