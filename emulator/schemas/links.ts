import { z } from "zod";
import { listOf } from "./common";

/** The reference's `ServiceTypeEnum` values a link names. */
const linkServiceType = z.enum(["APPLICATION", "CONTAINER", "DATABASE", "JOB", "HELM", "TERRAFORM"]);

/** One URL a service is reached at (`Link`). */
export const linkResponse = z.object({
  service_id: z.string(),
  service_type: linkServiceType,
  url: z.string(),
  internal_port: z.number().int(),
  external_port: z.number().int(),
  is_qovery_domain: z.boolean(),
  is_default: z.boolean(),
});

/** `LinkResponseList`. */
export const linkListResponse = listOf(linkResponse);
