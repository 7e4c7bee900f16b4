/**
 * Cloud credentials of every cloud, one table (`CREDENTIALS_KINDS`): each line is a cloud's path segment, its request
 * and how the request splits into what is shown and what stays secret; the five route sets are made from it. Reads
 * need Read; creates, edits and deletes Write (credentials are never answered with their secrets).
 */
import type { z } from "zod";
import {
  createCredentials, credentialsOfCloud, deleteCredentials, needCredentials, presentCredentials, replaceCredentials,
  type CloudCredentialsRec, type CredentialsCloud,
} from "../models/cloud-credentials";
import { clustersUsingCredentials } from "../models/queries";
import {
  awsCredentialsRequest, awsParts, azureCredentialsRequest, azureParts, cloudCredentialsResponse, gcpCredentialsRequest,
  gcpParts, onPremiseCredentialsRequest, onPremiseParts, organizationCredentialsResponse, scalewayCredentialsRequest,
  scalewayParts, type CredentialsParts,
} from "../schemas/cloud-credentials";
import { listOf } from "../schemas/common";
import { crudRoutes } from "./crud";
import { needOrg } from "./lookup";
import { param, route, type Route } from "./types";

/** One cloud's credentials: its path segment, its request and how a request is kept. */
interface CredentialsKind<S extends z.ZodType<{ name: string }>> {
  cloud: CredentialsCloud;
  segment: string;
  label: string;
  request: S;
  parts(body: z.output<S>): CredentialsParts;
}

function kind<S extends z.ZodType<{ name: string }>>(k: CredentialsKind<S>): CredentialsKind<z.ZodType<{ name: string }>> {
  return k as unknown as CredentialsKind<z.ZodType<{ name: string }>>;
}

/** The five clouds' credentials. */
export const CREDENTIALS_KINDS = [
  kind({ cloud: "AWS", segment: "aws", label: "AWS", request: awsCredentialsRequest, parts: awsParts }),
  kind({ cloud: "GCP", segment: "gcp", label: "GCP", request: gcpCredentialsRequest, parts: gcpParts }),
  kind({ cloud: "SCW", segment: "scaleway", label: "Scaleway", request: scalewayCredentialsRequest, parts: scalewayParts }),
  kind({ cloud: "AZURE", segment: "azure", label: "Azure", request: azureCredentialsRequest, parts: azureParts }),
  kind({ cloud: "ON_PREMISE", segment: "onPremise", label: "on-premise", request: onPremiseCredentialsRequest, parts: onPremiseParts }),
];

function routesOf(k: CredentialsKind<z.ZodType<{ name: string }>>): Route[] {
  const collection = `/organization/{organizationId}/${k.segment}/credentials`;
  return crudRoutes<CloudCredentialsRec, z.ZodType<{ name: string }>, z.ZodType<{ name: string }>>({
    collection, item: `${collection}/{credentialsId}`, createStatus: 201,
    access: { read: "read", write: "write" },
    summaries: {
      list: `List ${k.label} credentials`, create: `Create ${k.label} credentials`, get: `Get ${k.label} credentials`,
      edit: `Replace ${k.label} credentials (the secrets given again)`, delete: `Delete ${k.label} credentials`,
    },
    createRequest: k.request, editRequest: k.request, response: cloudCredentialsResponse,
    present: (_ctx, r) => presentCredentials(r),
    list: (ctx) => {
      needOrg(ctx);
      return credentialsOfCloud(ctx, k.cloud);
    },
    find: (ctx) => {
      needOrg(ctx);
      return needCredentials(ctx, k.cloud, param(ctx, "credentialsId"));
    },
    create: (ctx, body) => createCredentials(ctx, needOrg(ctx).id, k.cloud, body.name, k.parts(body)),
    edit: (ctx, r, body) => replaceCredentials(ctx, r, body.name, k.parts(body)),
    remove: (ctx, r) => deleteCredentials(ctx, r),
  });
}

/** The credentials routes of every cloud, and the organization's list of all of them with the clusters using each. */
export const cloudCredentialsRoutes: Route[] = [
  ...CREDENTIALS_KINDS.flatMap(routesOf),
  route({
    method: "GET", path: "/organization/{organizationId}/credentials", access: "read", status: 200,
    summary: "Credentials of every cloud, each with the clusters using it", response: listOf(organizationCredentialsResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return {
        results: CREDENTIALS_KINDS.flatMap((k) => credentialsOfCloud(ctx, k.cloud)).map((cr) => ({
          credential: presentCredentials(cr),
          clusters: clustersUsingCredentials(ctx.world.store, cr.id).map((c) => ({ id: c.id, name: c.name, cloud_provider: c.spec?.cloud_provider ?? "AWS" })),
        })),
      };
    },
  }),
];
