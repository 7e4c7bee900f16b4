import type * as pulumi from "@pulumi/pulumi";
import { CUSTOM_DOMAIN_SERVICE_KINDS, type CustomDomain, type CustomDomainServiceKind, type DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { LookupResult } from "../framework/outputs";
import type { CustomDomainArgs, CustomDomainComputed } from "../resources/custom-domain";
import { booleanOf, defined, findIn, textOf, type LookupFamily, type PlainArgs } from "./core";
import { lookups } from "./family";

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
export interface CustomDomainResult extends LookupResult<
  Pick<CustomDomainArgs, "domain" | "serviceKind" | "serviceId" | "generateCertificate" | "useCdn">, "domain" | "serviceKind" | "serviceId", never, CustomDomainComputed
> {}

const KINDS: readonly string[] = CUSTOM_DOMAIN_SERVICE_KINDS;

async function customDomainOf(client: DeployServiceClient, args: GetCustomDomainArgs): Promise<CustomDomainResult> {
  const serviceKind = args.serviceKind;
  if (!KINDS.includes(serviceKind)) {
    const got = typeof serviceKind === "string" ? JSON.stringify(serviceKind) : "none";
    throw new Error(`deploy-service: getCustomDomain: pass { serviceKind }: one of ${KINDS.join(", ")}, got ${got}`);
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

export const { findCustomDomain,
  /**
   * Looks up a custom domain of an application or a container by id, or by domain (compared ignoring letter case),
   * with plain values, in a Promise; give `serviceKind`, `serviceId` and exactly one of `id` and `domain`. None or
   * several matching fail naming the service's domains.
   *
   * @example
   * const shop = getCustomDomainOutput({ serviceKind: "application", serviceId: api.id, domain: "shop.example.com" });
   * export const cnameTarget = shop.validationDomain;
   */
  getCustomDomain,
  /** {@link getCustomDomain} taking Inputs and answering an Output. */
  getCustomDomainOutput } = lookups<"CustomDomain", GetCustomDomainOutputArgs, CustomDomainResult>("CustomDomain", customDomainOf);
