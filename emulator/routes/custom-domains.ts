import { applicationKind } from "../models/applications";
import { containerKind } from "../models/containers";
import { helmKind } from "../models/helms";
import {
  createCustomDomain, deleteCustomDomain, domainOf, domainsOf, editCustomDomain, type CustomDomainRec,
} from "../models/custom-domains";
import { listOf } from "../schemas/common";
import { checkedCustomDomainResponse, customDomainRequest, customDomainResponse } from "../schemas/custom-domains";
import { crudRoutes } from "./crud";
import { needServiceOf } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

function present(_ctx: RouteContext, d: CustomDomainRec): Record<string, unknown> {
  return {
    id: d.id, created_at: d.created_at, updated_at: d.updated_at, domain: d.domain,
    generate_certificate: d.generate_certificate, use_cdn: d.use_cdn, validation_domain: d.validation_domain,
    status: "VALIDATION_PENDING",
  };
}

/** The custom domain routes of one service kind: list, create, edit, delete, status and the DNS check. */
function domainRoutes(kind: typeof applicationKind | typeof containerKind | typeof helmKind): Route[] {
  const owner = (ctx: RouteContext) => needServiceOf(ctx, kind);
  const find = (ctx: RouteContext) => domainOf(ctx, owner(ctx).id, param(ctx, "customDomainId"));
  const base = `/${kind.name}/{${kind.name}Id}`;
  return [
    ...crudRoutes({
      access: { read: "read", write: "write" },
      collection: `${base}/customDomain`, item: `${base}/customDomain/{customDomainId}`,
      summaries: {
        list: `List the custom domains of the ${kind.name}`, create: `Add a custom domain to the ${kind.name}`,
        edit: `Replace a custom domain of the ${kind.name}`, delete: `Remove a custom domain of the ${kind.name}`,
        ...(kind === helmKind ? { get: "Get a custom domain of the helm" } : {}),
      },
      createStatus: 201, createRequest: customDomainRequest, editRequest: customDomainRequest, response: customDomainResponse,
      present,
      list: (ctx) => domainsOf(ctx, owner(ctx).id),
      find,
      create: (ctx, body) => createCustomDomain(ctx, owner(ctx), body),
      edit: editCustomDomain,
      remove: deleteCustomDomain,
    }),
    route({
      method: "GET", path: `${base}/customDomain/{customDomainId}/status`, status: 200, access: "read",
      summary: `A custom domain of the ${kind.name} with its validation status`, response: customDomainResponse,
      handler: (ctx) => present(ctx, find(ctx)),
    }),
    route({
      method: "GET", path: `${base}/checkCustomDomain`, status: 200, access: "read",
      summary: `Check the DNS of every custom domain of the ${kind.name}`, response: listOf(checkedCustomDomainResponse),
      handler: (ctx) => ({
        results: domainsOf(ctx, owner(ctx).id).map((d) => ({
          domain_name: d.domain, status: "DOMAIN_NOT_CONFIGURED",
          error_details: `the emulator resolves no DNS; point a CNAME of ${d.domain} at ${d.validation_domain}`,
        })),
      }),
    }),
  ];
}

/**
 * Custom domains of applications, containers and Helm services (`/<kind>/{id}/customDomain`); the service has no
 * read of one domain of an application or a container but its `/status` (a Helm service's has both). See
 * `models/custom-domains.ts` for the rules.
 */
export const customDomainRoutes: Route[] = [
  ...domainRoutes(applicationKind), ...domainRoutes(containerKind), ...domainRoutes(helmKind),
];
