import { z } from "zod";
import { STATES, baseResponse, nonEmpty, referenceObject, uuidString } from "./common";

/** Environment modes an environment may report (`PREVIEW`: made by the service for a pull request). */
export const ENVIRONMENT_MODES = ["DEVELOPMENT", "PREVIEW", "PRODUCTION", "STAGING"] as const;

/** Environment modes a request may set: the reference's create enum, without `PREVIEW` (set by the service only). */
export const REQUESTABLE_ENVIRONMENT_MODES = ["DEVELOPMENT", "PRODUCTION", "STAGING"] as const;

const requestedMode = z.enum(REQUESTABLE_ENVIRONMENT_MODES, {
  error: (issue) => (issue.input === "PREVIEW"
    ? "PREVIEW is set by the service for pull-request environments; a request may set DEVELOPMENT, PRODUCTION or STAGING"
    : undefined),
});

/** Create an environment: `cluster` (reference) and `cluster_id` (published description) both accepted. */
export const environmentCreateRequest = z.object({
  name: nonEmpty,
  cluster: uuidString.optional(),
  cluster_id: uuidString.optional(),
  mode: requestedMode.optional(),
});

/** Edit an environment; the cluster cannot change, the mode cannot become `PREVIEW`. */
export const environmentEditRequest = z.object({
  name: nonEmpty.optional(),
  mode: requestedMode.optional(),
  cluster: uuidString.optional(),
  cluster_id: uuidString.optional(),
});

/** An environment. */
export const environmentResponse = baseResponse.extend({
  name: z.string(),
  organization: referenceObject,
  project: referenceObject,
  cloud_provider: z.object({ provider: z.string(), cluster: z.string() }),
  mode: z.enum(ENVIRONMENT_MODES),
  cluster_id: z.string(),
  cluster_name: z.string(),
});

/** Aggregated status of an environment. */
export const environmentStatusResponse = z.object({
  id: z.string(),
  state: z.enum(STATES),
  last_deployment_state: z.enum(STATES),
  last_deployment_date: z.string().nullable(),
  last_deployment_id: z.string().nullable(),
  deployment_status: z.enum(["NEVER_DEPLOYED", "UP_TO_DATE", "OUT_OF_DATE"]),
  deployment_request_id: z.string().nullable(),
});
