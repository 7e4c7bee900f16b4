import { z } from "zod";
import { baseResponse, nonEmpty } from "./common";

const key = nonEmpty.regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, "expected letters, digits, '_', '.' or '-', not starting with a digit");

/** At most 255 characters; null clears it. */
const description = z.string().max(255, "must be at most 255 characters").nullable().optional();

/** Create a variable or secret. */
export const variableCreateRequest = z.object({
  key,
  value: z.string().optional(),
  mount_path: z.string().nullable().optional(),
  description,
  enable_interpolation_in_file: z.boolean().nullable().optional(),
});

/** Edit a variable or secret (`key` required). */
export const variableEditRequest = variableCreateRequest;

/** The scope (and `service_type`) of a service's own variables: the type of its kind. */
const serviceScope = z.enum(["APPLICATION", "CONTAINER", "JOB"]);

const common = {
  key: z.string(),
  scope: serviceScope,
  variable_type: z.enum(["VALUE", "FILE"]),
  service_id: z.string(),
  service_name: z.string(),
  service_type: serviceScope,
  mount_path: z.string().nullable(),
  description: z.string().optional(),
  enable_interpolation_in_file: z.boolean().nullable(),
};

/** A variable (carries `value`). */
export const variableResponse = baseResponse.extend({ ...common, value: z.string() });

/** A secret (never carries `value`). */
export const secretResponse = baseResponse.extend(common);
