/**
 * Custom domains: a domain the user owns, served by an application or a container once the domain's DNS holds a
 * CNAME to the domain's `validation_domain`. The service reads them per service (`/<kind>/{id}/customDomain`); one
 * domain is read through its `/status`.
 */
import { z } from "zod";
import { collection } from "./crud";
import { path, under, type ApiPath } from "./path";
import { maybe, openEnum, record, ruledString } from "./schema";
import { kindsWith, kindWith, type KindsWith } from "./service-kinds";

/** The service kinds that take custom domains, as their paths spell them. */
export const CUSTOM_DOMAIN_SERVICE_KINDS = kindsWith("customDomains");
/** `application`, `container` or `helm`: the kinds with `customDomains`. */
export type CustomDomainServiceKind = KindsWith<"customDomains">;

/** The validation states the service names for a custom domain. */
export const CUSTOM_DOMAIN_STATUSES = ["VALIDATION_PENDING"] as const;

/** What a DNS check of a service's domains concludes for one domain. */
export const CHECKED_CUSTOM_DOMAIN_STATUSES = [
  "RESOLVES_TO_IP", "MATCHES_LOAD_BALANCER_HOST", "DOMAIN_NOT_CONFIGURED", "DOMAIN_LINKED_TO_WRONG_HOST", "GENERIC_FAILURE",
] as const;

/** Longest domain name (RFC 1035). */
export const MAX_DOMAIN_LENGTH = 253;

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * Why `domain` is not a domain name the service takes, or `undefined`: at least two dot-separated labels of 1 to 63
 * letters, digits or hyphens (none first or last), {@link MAX_DOMAIN_LENGTH} characters at most, the last label not
 * all digits (an IP address is refused); a leading `*.` makes a wildcard domain. Never quotes more than one label.
 */
export function customDomainProblem(domain: string): string | undefined {
  const host = domain.startsWith("*.") ? domain.slice(2) : domain;
  if (host.length > MAX_DOMAIN_LENGTH) return `expected a domain name of at most ${MAX_DOMAIN_LENGTH} characters`;
  const labels = host.split(".");
  if (labels.length < 2) return "expected a domain name with at least two labels, e.g. app.example.com";
  const bad = labels.find((l) => !DNS_LABEL.test(l));
  if (bad !== undefined) {
    return `expected each label to be 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen ` +
      `(a wildcard only as a leading "*."), got label ${JSON.stringify(bad)}`;
  }
  if (/^\d+$/.test(labels[labels.length - 1] as string)) return "expected a domain name, not an IP address";
  return undefined;
}

/** A custom domain as the service answers it. */
export const CustomDomain = record({
  domain: z.string(),
  generate_certificate: maybe(z.boolean()),
  use_cdn: maybe(z.boolean()),
  /** The CNAME target to set in the domain's DNS. */
  validation_domain: maybe(z.string()),
  status: maybe(openEnum(CUSTOM_DOMAIN_STATUSES)),
});
/** A custom domain as the service answers it. */
export type CustomDomain = z.infer<typeof CustomDomain>;

/**
 * Body of a custom domain create or edit (an edit is the whole request again). `generate_certificate`: whether the
 * service issues the domain's certificate (false when a CDN in front manages it); `use_cdn`: the domain is behind a
 * CDN, so the service checks only that it resolves to an IP.
 */
export const CustomDomainRequest = z.looseObject({
  domain: ruledString(customDomainProblem),
  generate_certificate: z.boolean(),
  use_cdn: z.boolean().optional(),
});
/** Body of a custom domain create or edit. */
export type CustomDomainRequest = z.input<typeof CustomDomainRequest>;

/** One domain of a service's DNS check. */
export const CheckedCustomDomain = z.looseObject({
  domain_name: z.string(),
  status: openEnum(CHECKED_CUSTOM_DOMAIN_STATUSES),
  error_details: maybe(z.string()),
});
/** One domain of a service's DNS check. */
export type CheckedCustomDomain = z.infer<typeof CheckedCustomDomain>;

/** The paths of one service kind's domains (one template each, so an invalid id is named after its segment). */
const PATHS: Readonly<Record<CustomDomainServiceKind, {
  list(serviceId: string): ApiPath;
  item(serviceId: string, customDomainId: string): ApiPath;
  check(serviceId: string): ApiPath;
}>> = {
  application: {
    list: (id) => path`/application/${id}/customDomain`,
    item: (id, domainId) => path`/application/${id}/customDomain/${domainId}`,
    check: (id) => path`/application/${id}/checkCustomDomain`,
  },
  container: {
    list: (id) => path`/container/${id}/customDomain`,
    item: (id, domainId) => path`/container/${id}/customDomain/${domainId}`,
    check: (id) => path`/container/${id}/checkCustomDomain`,
  },
  helm: {
    list: (id) => path`/helm/${id}/customDomain`,
    item: (id, domainId) => path`/helm/${id}/customDomain/${domainId}`,
    check: (id) => path`/helm/${id}/checkCustomDomain`,
  },
};

/** The paths of a kind; a TypeError (nothing sent) for a kind without custom domains. */
function pathsOf(serviceKind: CustomDomainServiceKind): (typeof PATHS)[CustomDomainServiceKind] {
  return PATHS[kindWith("customDomains", serviceKind)];
}

/** Endpoints of custom domains, for applications and containers alike: every call names the kind and the service. */
export class CustomDomainsApi extends collection({
  what: "custom domain", naturalKey: "domain", record: CustomDomain, createRequest: CustomDomainRequest, editRequest: CustomDomainRequest,
  list: (serviceKind: CustomDomainServiceKind, serviceId: string) => pathsOf(serviceKind).list(serviceId),
  item: (serviceKind: CustomDomainServiceKind, serviceId: string, customDomainId: string) => pathsOf(serviceKind).item(serviceId, customDomainId),
}) {
  /** Reads one custom domain with its validation status (the service's read of one domain). */
  status(serviceKind: CustomDomainServiceKind, serviceId: string, customDomainId: string): Promise<CustomDomain> {
    return this.core.call({
      method: "GET", path: under(() => pathsOf(serviceKind).item(serviceId, customDomainId), "status"), response: CustomDomain,
    });
  }

  /** Asks the service to check the DNS of every custom domain of a service. */
  check(serviceKind: CustomDomainServiceKind, serviceId: string): Promise<CheckedCustomDomain[]> {
    return this.core.list(pathsOf(serviceKind).check(serviceId), CheckedCustomDomain);
  }
}
