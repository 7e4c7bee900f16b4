import { z } from "zod";
import { baseResponse, nonEmpty, referenceObject } from "./common";

/** Create or edit a deployment stage. */
export const stageRequest = z.object({ name: nonEmpty, description: z.string().nullable().optional() });

/** Attach a service to a stage. */
export const attachRequest = z.object({ is_skipped: z.boolean().optional() });

/** A deployment stage. */
export const stageResponse = baseResponse.extend({
  environment: referenceObject,
  name: z.string(),
  description: z.string().optional(),
  deployment_order: z.number().int(),
  services: z.array(baseResponse.extend({ service_id: z.string(), service_type: z.string(), is_skipped: z.boolean() })),
});
