/**
 * The clouds and their regions (`/cloudProvider`, `/<cloud>/region`), and the managed databases AWS and Scaleway run
 * with AWS's instance types: reads of `models/cloud-regions.ts`.
 */
import { z } from "zod";
import { badRequest } from "../server/errors";
import { OFFERS, type Cloud } from "../models/cloud-catalogue";
import { MANAGED_DATABASE_TYPES, awsDatabaseInstanceTypes, cloudProviders, regionsOf } from "../models/cloud-regions";
import { listOf } from "../schemas/common";
import { param, route, type Route } from "./types";

const region = z.object({
  name: z.string(), country_code: z.string(), country: z.string(), city: z.string(), arm_supported: z.boolean(), zones: z.array(z.string()),
});
const named = listOf(z.object({ name: z.string() }));

/** The routes. */
export const cloudRegionRoutes: Route[] = [
  route({
    method: "GET", path: "/cloudProvider", status: 200, access: "read", summary: "The clouds with their regions",
    response: listOf(z.object({ short_name: z.string(), name: z.string(), logo_url: z.string(), regions: z.array(region) })),
    handler: () => ({ results: cloudProviders() }),
  }),
  ...(["AWS", "SCW", "GCP", "AZURE"] as const).map((cloud: Cloud) => route({
    method: "GET", path: `/${OFFERS[cloud].segment}/region`, status: 200, access: "read", summary: `Regions of ${cloud}`,
    response: listOf(region), handler: () => ({ results: regionsOf(cloud) }),
  })),
  ...(["AWS", "SCW"] as const).map((cloud: Cloud) => route({
    method: "GET", path: `/${OFFERS[cloud].segment}/managedDatabase/type`, status: 200, access: "read",
    summary: `Managed database types ${cloud} runs`, response: named,
    handler: () => ({ results: (MANAGED_DATABASE_TYPES[cloud] ?? []).map((name) => ({ name })) }),
  })),
  route({
    method: "GET", path: "/aws/managedDatabase/instanceType/{region}/{databaseType}", status: 200, access: "read",
    summary: "Instance types of an AWS managed database type in a region", response: named,
    handler: (ctx) => {
      const types = awsDatabaseInstanceTypes(param(ctx, "region"), param(ctx, "databaseType"));
      if (!types) {
        const bad = OFFERS.AWS.regions.includes(param(ctx, "region")) ? "databaseType" : "region";
        throw badRequest(bad, bad === "region" ? `expected one of ${OFFERS.AWS.regions.join(", ")}` : `expected one of ${(MANAGED_DATABASE_TYPES.AWS ?? []).join(", ")}`);
      }
      return { results: types.map((name) => ({ name })) };
    },
  }),
];
