import { z } from "zod";

/** A non-empty string (names, keys). */
export const nonEmpty = z.string().min(1, "must not be empty");

/** A uuid given loosely (any 8-4-4-4-12 hex string). */
export const uuidString = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "expected a uuid");

/** `{id}` reference object. */
export const referenceObject = z.object({ id: z.string() });

/** A reference to another record in a request (`annotations_groups`, `labels_groups` items): `{id}`, a uuid. */
export const idReference = z.object({ id: uuidString });

/** An absolute `http://` or `https://` URL. */
export const httpUrl = z.url({ protocol: /^https?$/, message: "expected an http:// or https:// URL" });

/** A URI (any scheme, e.g. `app://...` or `https://...`). */
export const uri = z.string().refine((s) => URL.canParse(s), "expected a URI");

/** Base response fields. */
export const baseResponse = z.object({ id: z.string(), created_at: z.string(), updated_at: z.string() });

/** The service's error body. */
export const errorBody = z.object({ status: z.number().int(), error: z.string(), message: z.string() });

/** Wraps an item schema into the `{results:[...]}` list shape. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item) });
}

/** Optional `page`/`page_size` query parameters (strings on the wire). */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).max(1000).optional(),
});

/** The 29 service states. */
export const STATES = [
  "BUILDING", "BUILD_ERROR", "CANCELED", "CANCELING", "DELETED", "DELETE_ERROR", "DELETE_QUEUED", "DELETING",
  "DEPLOYED", "DEPLOYING", "DEPLOYMENT_ERROR", "DEPLOYMENT_QUEUED", "EXECUTING", "QUEUED", "READY", "RECAP",
  "RESTARTED", "RESTARTING", "RESTART_ERROR", "RESTART_QUEUED", "STOPPED", "STOPPING", "STOP_ERROR", "STOP_QUEUED",
  "UNAVAILABLE", "WAITING_DELETING", "WAITING_RESTARTING", "WAITING_RUNNING", "WAITING_STOPPING",
] as const;

/** `Status` of a service or of an action. */
export const statusResponse = z.object({
  id: z.string(),
  state: z.enum(STATES),
  service_deployment_status: z.enum(["NEVER_DEPLOYED", "OUT_OF_DATE", "UP_TO_DATE"]),
  status_details: z.object({ action: z.string(), status: z.string(), sub_action: z.string() }),
  is_part_last_deployment: z.boolean(),
  deployment_request_id: z.string().nullable(),
  deployment_requests_count: z.number().int(),
  last_deployment_date: z.string().optional(),
});

/** Body of deploy actions (`git_commit_id` optional; the body may be absent). */
export const deployRequest = z.object({ git_commit_id: z.string().optional() });

/** An image tag as docker references take it. */
export const imageTag = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/, "expected an image tag: letters, digits, '_', '.' and '-', at most 128, not starting with '.' or '-'");

/** Body of deploy actions of services run from an image (`image_tag` optional; the body may be absent). */
export const imageDeployRequest = z.object({ image_tag: imageTag.optional() });

/** Body of a job's deploy: the image tag of a job run from an image, or the commit of one built from git; not both. */
export const sourceDeployRequest = z.object({ image_tag: imageTag.optional(), git_commit_id: z.string().optional() })
  .refine((b) => b.image_tag === undefined || b.git_commit_id === undefined, { message: "cannot be set with image_tag", path: ["git_commit_id"] });
