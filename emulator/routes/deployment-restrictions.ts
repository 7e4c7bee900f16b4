import { applicationKind } from "../models/applications";
import {
  createRestriction, deleteRestriction, editRestriction, restrictionOf, restrictionsOf, type DeploymentRestrictionRec,
} from "../models/deployment-restrictions";
import { helmKind } from "../models/helms";
import { jobKind } from "../models/jobs";
import { terraformKind } from "../models/terraforms";
import { deploymentRestrictionRequest, deploymentRestrictionResponse } from "../schemas/deployment-restrictions";
import { crudRoutes } from "./crud";
import { needServiceOf } from "./lookup";
import { param, type Route, type RouteContext } from "./types";

function present(_ctx: RouteContext, r: DeploymentRestrictionRec): Record<string, unknown> {
  return { id: r.id, created_at: r.created_at, updated_at: r.updated_at, mode: r.mode, type: r.type, value: r.value };
}

/** The restriction routes of one service kind: list, create, edit, delete (the reference reads no single one). */
function restrictionRoutes(kind: typeof applicationKind | typeof jobKind | typeof helmKind | typeof terraformKind): Route[] {
  const owner = (ctx: RouteContext) => needServiceOf(ctx, kind);
  const collection = `/${kind.name}/{${kind.name}Id}/deploymentRestriction`;
  return crudRoutes({
    access: { read: "read", write: "write" },
    collection, item: `${collection}/{deploymentRestrictionId}`,
    summaries: {
      list: `List the deployment restrictions of the ${kind.name}`, create: `Add a deployment restriction to the ${kind.name}`,
      edit: `Replace a deployment restriction of the ${kind.name}`, delete: `Remove a deployment restriction of the ${kind.name}`,
    },
    createStatus: 201, createRequest: deploymentRestrictionRequest, editRequest: deploymentRestrictionRequest,
    response: deploymentRestrictionResponse, present,
    list: (ctx) => restrictionsOf(ctx, owner(ctx).id),
    find: (ctx) => restrictionOf(ctx, owner(ctx).id, param(ctx, "deploymentRestrictionId")),
    create: (ctx, body) => createRestriction(ctx, owner(ctx).id, body),
    edit: editRestriction,
    remove: deleteRestriction,
  });
}

/**
 * Deployment restrictions of applications, jobs, Helm and Terraform services (`/<kind>/{id}/deploymentRestriction`),
 * the four kinds the reference gives them. See `models/deployment-restrictions.ts` for the rules.
 */
export const deploymentRestrictionRoutes: Route[] = [applicationKind, jobKind, helmKind, terraformKind].flatMap(restrictionRoutes);
