import { z } from "zod";
import { baseResponse, nonEmpty } from "./common";

/** States a custom domain answers: the reference names one, `VALIDATION_PENDING` (the emulator resolves no DNS). */
export const CUSTOM_DOMAIN_STATUSES = ["VALIDATION_PENDING"] as const;

/** What a check of a service's domains concludes for one domain (the reference's `CheckedCustomDomainStatus`). */
export const CHECKED_DOMAIN_STATUSES = [
  "RESOLVES_TO_IP", "MATCHES_LOAD_BALANCER_HOST", "DOMAIN_NOT_CONFIGURED", "DOMAIN_LINKED_TO_WRONG_HOST", "GENERIC_FAILURE",
] as const;

/**
 * Create or edit a custom domain of an application or a container: the edit is the whole request again
 * (`use_cdn` left out is `false`). The domain's syntax and uniqueness are checked by the model.
 */
export const customDomainRequest = z.object({
  domain: nonEmpty,
  generate_certificate: z.boolean(),
  use_cdn: z.boolean().optional(),
});

/** A custom domain: the request's fields, the CNAME target the user sets in DNS, and the validation status. */
export const customDomainResponse = baseResponse.extend({
  domain: z.string(),
  generate_certificate: z.boolean(),
  use_cdn: z.boolean(),
  validation_domain: z.string(),
  status: z.enum(CUSTOM_DOMAIN_STATUSES),
});

/** One domain of a service's DNS check. */
export const checkedCustomDomainResponse = z.object({
  domain_name: z.string(),
  status: z.enum(CHECKED_DOMAIN_STATUSES),
  error_details: z.string().nullable().optional(),
});
