import { z } from "zod";
import { baseResponse } from "./common";

/** How a restriction reads its paths: MATCH deploys only when they change, EXCLUDE not when only they change. */
export const RESTRICTION_MODES = ["EXCLUDE", "MATCH"] as const;

/** What a restriction is about: the reference names paths of the repository only. */
export const RESTRICTION_TYPES = ["PATH"] as const;

/**
 * Create or edit a deployment restriction of an application, a job, a Helm or a Terraform service (the reference's
 * `<Kind>DeploymentRestrictionRequest`, the same for the four kinds); the edit is the whole request again. A `PATH`
 * value must not start with `/`, checked by the model.
 */
export const deploymentRestrictionRequest = z.object({
  mode: z.enum(RESTRICTION_MODES),
  type: z.enum(RESTRICTION_TYPES),
  value: z.string().min(1, "must not be empty"),
});

/** A deployment restriction: its request's fields and the base fields. */
export const deploymentRestrictionResponse = baseResponse.extend({
  mode: z.enum(RESTRICTION_MODES),
  type: z.enum(RESTRICTION_TYPES),
  value: z.string(),
});
