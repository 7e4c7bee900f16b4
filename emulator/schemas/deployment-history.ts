import { z } from "zod";
import { STATES, baseResponse, uuidString } from "./common";

/** A git commit of a deployment. */
export const commitResponse = z.object({
  git_commit_id: z.string(), created_at: z.string(), author_name: z.string(), message: z.string(), tag: z.string(),
});

/** Outcome of a finished deployment in an application's history (absent while it runs). */
export const DEPLOYMENT_OUTCOMES = ["FAILED", "SUCCESS"] as const;

/** One deployment of an application: its commit and, once finished, its outcome. */
export const applicationDeploymentResponse = baseResponse.extend({
  name: z.string(),
  commit: commitResponse.nullable(),
  status: z.enum(DEPLOYMENT_OUTCOMES).optional(),
});

/** One deployment of a service in its state (a database's history, the services of an environment's history). */
export const serviceDeploymentResponse = baseResponse.extend({
  name: z.string(),
  status: z.enum(STATES),
  commit: commitResponse.optional(),
});

/** One deployment of a container: its image and command. */
export const containerDeploymentResponse = serviceDeploymentResponse.extend({
  image_name: z.string().optional(), tag: z.string().optional(), arguments: z.array(z.string()).optional(), entrypoint: z.string().optional(),
});

/** One deployment (a run) of a job: its image or commit, the event it ran on and its command. */
export const jobDeploymentResponse = containerDeploymentResponse.extend({
  schedule: z.object({ event: z.enum(["ON_START", "ON_STOP", "ON_DELETE", "CRON"]), schedule_at: z.string().nullable() }).optional(),
});

/** One action on an environment with the deployments of its services under one key per kind (`applications`, ...). */
export function environmentDeploymentResponse(kindKeys: readonly string[]) {
  const byKind = Object.fromEntries(kindKeys.map((k) => [k, z.array(serviceDeploymentResponse)]));
  return baseResponse.extend({ status: z.enum(STATES), origin: z.literal("API"), ...byKind });
}

/** Query of a deployment history: `startId`, the last entry of the previous page. */
export const historyQuery = z.object({ startId: uuidString.optional() });

/** A page of a deployment history: newest first, 20 at most, the next page asked for with query `startId`. */
export function historyPageOf<T extends z.ZodType>(item: T) {
  return z.object({ page: z.number().int(), page_size: z.number().int(), results: z.array(item) });
}
