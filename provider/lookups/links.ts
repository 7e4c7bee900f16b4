/**
 * The URLs a service is reached at, as the service lists them (`/<kind>/{id}/link`): the lookup a program uses to
 * hand a preview environment's URL to a pull-request comment, or a service's URL to another stack.
 */
import type * as pulumi from "@pulumi/pulumi";
import { type DeployServiceClient, type LinkServiceKind } from "../../sdk";
import { describeFailure } from "../framework/errors";
import { defined, type PlainArgs } from "./core";
import { lookups } from "./family";

/** Arguments of {@link getServiceLinksOutput}: the service. */
export interface GetServiceLinksOutputArgs {
  /** Its kind: `application`, `container` or `helm` (the kinds the service gives links for). */
  serviceKind: pulumi.Input<LinkServiceKind>;
  /** Its id. */
  serviceId: pulumi.Input<string>;
}
/** Arguments of {@link getServiceLinks}: those of {@link GetServiceLinksOutputArgs} with plain values. */
export type GetServiceLinksArgs = PlainArgs<GetServiceLinksOutputArgs>;

/** One URL of a service, found by {@link getServiceLinks}. */
export interface ServiceLinkResult {
  /** The URL (`https://...`). */
  url: string;
  /** The port the service listens on inside the cluster, when the service says. */
  internalPort?: number;
  /** The port it is reached at from outside (443 for HTTPS), when the service says. */
  externalPort?: number;
  /** Whether it is the root of the service's own domain rather than a port's or a custom domain's. */
  isDefault: boolean;
}

/** A service's URLs, found by {@link getServiceLinks}. */
export interface ServiceLinksResult {
  /** The service asked. */
  serviceId: string;
  /** Every URL the service lists for it: its own domain's per public port, then its custom domains. */
  links: ServiceLinkResult[];
  /** The default URL (the root of its own domain), or the first listed; `""` when it has no public port. */
  url: string;
}

async function linksOf(client: DeployServiceClient, args: GetServiceLinksArgs): Promise<ServiceLinksResult> {
  try {
    const listed = await client.links.ofService(args.serviceKind, args.serviceId);
    const links = listed.map((l) => defined<ServiceLinkResult>({
      url: l.url, internalPort: l.internal_port ?? undefined, externalPort: l.external_port ?? undefined, isDefault: l.is_default === true,
    }));
    return { serviceId: args.serviceId, links, url: (links.find((l) => l.isDefault) ?? links[0])?.url ?? "" };
  } catch (e) {
    throw describeFailure(e, `getServiceLinks: reading the links of ${args.serviceKind} ${args.serviceId}`);
  }
}

export const { findServiceLinks,
  /**
   * Reads the URLs a service is reached at (one request), with plain values, in a Promise.
   *
   * @example
   * const { url } = await getServiceLinks({ serviceKind: "application", serviceId: front.id });
   */
  getServiceLinks,
  /** {@link getServiceLinks} taking Inputs and answering an Output. */
  getServiceLinksOutput } = lookups<"ServiceLinks", GetServiceLinksOutputArgs, ServiceLinksResult>("ServiceLinks", linksOf);
