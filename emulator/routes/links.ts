import { applicationKind } from "../models/applications";
import { containerKind } from "../models/containers";
import { helmKind } from "../models/helms";
import { serviceLinks, type HostedService, type ServiceLink } from "../models/hosts";
import { domainsOf } from "../models/custom-domains";
import type { ServiceKind, ServiceRec } from "../models/service-kinds";
import { clusterDomain, servicesWithKindIn } from "../models/queries";
import { linkListResponse } from "../schemas/links";
import { needEnvironment, needServiceOf } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

/** The kinds the reference lists links of (`GET /<kind>/{id}/link`). */
const LINKED_KINDS = [applicationKind, containerKind, helmKind] as const;

/** A service's links, from its cluster's domain and its custom domains. */
function linksOf(ctx: RouteContext, kind: ServiceKind, svc: ServiceRec): ServiceLink[] {
  const domains = domainsOf(ctx, svc.id).map((d) => d.domain);
  return serviceLinks(kind.type, svc as HostedService, clusterDomain(ctx.world.store, svc.environment_id), domains);
}

/**
 * Links: the URLs a service is reached at (`models/hosts.ts`), for each kind the reference has a `/link` route for,
 * and for every service of an environment at once.
 */
export const linkRoutes: Route[] = [
  ...LINKED_KINDS.map((kind) => route({
    method: "GET", path: `/${kind.name}/{${kind.name}Id}/link`, status: 200, access: "read",
    summary: `URLs the ${kind.name} is reached at: its default public port's host and custom domains, then each public port's`,
    response: linkListResponse,
    handler: (ctx) => ({ results: linksOf(ctx, kind, needServiceOf(ctx, kind)) }),
  })),
  route({
    method: "GET", path: "/environment/{environmentId}/link", status: 200, access: "read",
    summary: "URLs of every service of the environment", response: linkListResponse,
    handler: (ctx) => ({
      results: servicesWithKindIn(ctx.world.store, needEnvironment(ctx).id)
        .flatMap(([kind, svc]) => linksOf(ctx, kind, svc)),
    }),
  }),
];
