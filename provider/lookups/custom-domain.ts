import type * as pulumi from "@pulumi/pulumi";
import { CUSTOM_DOMAIN_SERVICE_KINDS, type CustomDomain, type CustomDomainServiceKind, type DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { customDomainSchema } from "../resources/custom-domain";
import { booleanOf, defined, findIn, lookupPair, textOf, type LookupFamily, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getCustomDomainOutput}: the service (`serviceKind` and `serviceId`), and exactly one of the domain's `id` and `domain`. */
export interface GetCustomDomainOutputArgs {
  /** Kind of the service the domain routes to: `"application"` or `"container"`. */
  serviceKind: pulumi.Input<CustomDomainServiceKind>;
  /** Id of the application or container (the service reads custom domains only under their service). */
  serviceId: pulumi.Input<string>;
  /** The domain, e.g. `shop.example.com` (compared ignoring letter case, as DNS does). */
  domain?: pulumi.Input<string>;
  /** The custom domain's id. */
  id?: pulumi.Input<string>;
}

/** Arguments of {@link getCustomDomain}: those of {@link GetCustomDomainOutputArgs} with plain values. */
export type GetCustomDomainArgs = PlainArgs<GetCustomDomainOutputArgs>;

/** A custom domain found by {@link getCustomDomain} or {@link getCustomDomainOutput}, named as the `CustomDomain` resource's outputs. */
export interface CustomDomainResult {
  /** Custom domain id. */
  id: string;
  /** The domain. */
  domain: string;
  /** `application` or `container`. */
  serviceKind: CustomDomainServiceKind;
  /** Id of the service the domain routes to. */
  serviceId: string;
  /** Whether the service issues the domain's certificate, when the service says. */
  generateCertificate?: boolean;
  /** Whether the domain is behind a CDN, when the service says. */
  useCdn?: boolean;
  /** The CNAME target to set in the domain's DNS, when the service says. */
  validationDomain?: string;
  /** Validation status, e.g. `VALIDATION_PENDING`, when the service says. */
  status?: string;
}

const KINDS: readonly string[] = CUSTOM_DOMAIN_SERVICE_KINDS;

async function customDomainOf(client: DeployServiceClient, args: GetCustomDomainArgs): Promise<CustomDomainResult> {
  const serviceKind = args.serviceKind;
  if (!KINDS.includes(serviceKind)) {
    const got = typeof serviceKind === "string" ? JSON.stringify(serviceKind) : "none";
    throw new Error(`deploy-service: getCustomDomain: pass { serviceKind }: "application" or "container", got ${got}`);
  }
  // The natural key lists a service's domains under the kind its inputs name: the lookup's kind goes with its service.
  const nk = NATURAL_KEYS["CustomDomain"]!;
  const family: LookupFamily<CustomDomain, CustomDomainResult> = {
    lookup: "getCustomDomain", nouns: "custom domains", key: { ...nk, list: (c, inputs) => nk.list(c, { ...inputs, serviceKind }) },
    idNeedsParent: true,
    get: (c, id, serviceId) => c.customDomains.status(serviceKind, serviceId!, id),
    result: (r, serviceId) => defined<CustomDomainResult>({
      id: r.id, domain: r.domain, serviceKind, serviceId, generateCertificate: booleanOf(r.generate_certificate), useCdn: booleanOf(r.use_cdn),
      validationDomain: textOf(r.validation_domain), status: textOf(r.status),
    }),
  };
  return findIn(family, client, args.serviceId, { domain: args.domain, id: args.id });
}

const customDomainLookup = lookupPair<GetCustomDomainOutputArgs, CustomDomainResult>(customDomainOf);
const resultMatchesSchema: ResultMatch<CustomDomainResult, typeof customDomainSchema, "validationDomain" | "status"> = true;
void resultMatchesSchema;

/** Finds a custom domain of an application or a container by id, or by domain (compared ignoring letter case). */
export const findCustomDomain: (client: DeployServiceClient, args: GetCustomDomainArgs) => Promise<CustomDomainResult> = customDomainLookup.find;

/**
 * Looks up a custom domain the stack uses but does not manage, with plain arguments; give `serviceKind`,
 * `serviceId` and exactly one of `id` and `domain`. None or several matching fail naming the service's domains.
 *
 * @example
 * const shop = await getCustomDomain({ serviceKind: "application", serviceId: "5b7e...", domain: "shop.example.com" });
 */
export const getCustomDomain: (args: GetCustomDomainArgs) => Promise<CustomDomainResult> = customDomainLookup.get;

/**
 * Looks up a custom domain, accepting Inputs and returning an Output.
 *
 * @example
 * const shop = getCustomDomainOutput({ serviceKind: "application", serviceId: api.id, domain: "shop.example.com" });
 * export const cnameTarget = shop.validationDomain;
 */
export const getCustomDomainOutput: (args: GetCustomDomainOutputArgs) => pulumi.Output<CustomDomainResult> = customDomainLookup.getOutput;
