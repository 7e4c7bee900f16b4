/**
 * A cluster's settings: advanced settings (and the service's defaults), cloud provider info, routing table and DNS
 * provider. Reads need Read, edits Write.
 */
import { z } from "zod";
import { clusterSettings, defaultClusterSettings, editClusterSettings } from "../models/cluster-advanced-settings";
import { cloudProviderInfo, dnsProviderOf, setCloudProviderInfo, setDnsProvider, setRoutingTable } from "../models/cluster-settings";
import {
  cloudProviderInfoRequest, cloudProviderInfoResponse, dnsProviderRequest, dnsProviderResponse, routingTableRequest,
  routingTableResponse, type CloudProviderInfoRequest, type DnsProviderRequest,
} from "../schemas/clusters";
import { needCluster, needOrg } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

const ITEM = "/organization/{organizationId}/cluster/{clusterId}";
const settings = z.record(z.string(), z.unknown());

function cluster(ctx: RouteContext) {
  needOrg(ctx);
  return needCluster(ctx);
}

/** Advanced settings, cloud provider info, routing table and DNS provider of clusters. */
export const clusterSettingsRoutes: Route[] = [
  route({
    method: "GET", path: "/defaultClusterAdvancedSettings", access: "read", status: 200, response: settings,
    summary: "The service's default for every cluster advanced setting", handler: () => defaultClusterSettings(),
  }),
  route({
    method: "GET", path: `${ITEM}/advancedSettings`, access: "read", status: 200, response: settings,
    summary: "Advanced settings of a cluster (every key, defaults included)", handler: (ctx) => clusterSettings(cluster(ctx)),
  }),
  route({
    method: "PUT", path: `${ITEM}/advancedSettings`, access: "write", status: 201, request: settings, response: settings,
    summary: "Set advanced settings of a cluster (the keys given; the others keep their values)",
    handler: (ctx) => editClusterSettings(ctx, cluster(ctx), ctx.body as Record<string, unknown>),
  }),
  route({
    method: "GET", path: `${ITEM}/cloudProviderInfo`, access: "read", status: 200, response: cloudProviderInfoResponse,
    summary: "Cloud, region and credentials of a cluster", handler: (ctx) => cloudProviderInfo(ctx, cluster(ctx)),
  }),
  route({
    method: "POST", path: `${ITEM}/cloudProviderInfo`, access: "write", status: 201, request: cloudProviderInfoRequest, response: cloudProviderInfoResponse,
    summary: "Give a cluster other credentials of its cloud",
    handler: (ctx) => {
      const c = cluster(ctx);
      setCloudProviderInfo(ctx, c, ctx.body as CloudProviderInfoRequest);
      return cloudProviderInfo(ctx, c);
    },
  }),
  route({
    method: "GET", path: `${ITEM}/routingTable`, access: "read", status: 200, response: routingTableResponse,
    summary: "Routing table of a cluster", handler: (ctx) => ({ results: cluster(ctx).routes ?? [] }),
  }),
  route({
    method: "PUT", path: `${ITEM}/routingTable`, access: "write", status: 201, request: routingTableRequest, response: routingTableResponse,
    summary: "Replace the routing table of a cluster",
    handler: (ctx) => {
      const c = cluster(ctx);
      setRoutingTable(ctx, c, (ctx.body as z.output<typeof routingTableRequest>).routes);
      return { results: c.routes ?? [] };
    },
  }),
  route({
    method: "GET", path: "/cluster/{clusterId}/dnsProvider", access: "read", status: 200, response: dnsProviderResponse,
    summary: "DNS provider of a cluster (never its secret)", handler: (ctx) => ({ dns_provider: dnsProviderOf(needCluster(ctx)) }),
  }),
  route({
    method: "PUT", path: "/cluster/{clusterId}/dnsProvider", access: "write", status: 200, request: dnsProviderRequest, response: dnsProviderResponse,
    summary: "Set the DNS provider of a cluster (the service's own, Cloudflare or Route 53)",
    handler: (ctx) => {
      const c = needCluster(ctx);
      setDnsProvider(ctx, c, ctx.body as DnsProviderRequest);
      return { dns_provider: dnsProviderOf(c) };
    },
  }),
];
