import { z } from "zod";
import { baseResponse, nonEmpty, referenceObject } from "./common";

/** Create or edit a project. */
export const projectRequest = z.object({ name: nonEmpty, description: z.string().nullable().optional() });

/** A project. */
export const projectResponse = baseResponse.extend({
  name: z.string(),
  description: z.string().optional(),
  organization: referenceObject,
  associated_environments_count: z.number().int(),
});
