import type { z } from "zod";
import { apiTokens, createApiToken, deleteApiToken, type ApiTokenRec } from "../models/api-tokens";
import { findRole } from "../models/roles";
import { listOf, paginationQuery } from "../schemas/common";
import { apiTokenCreateRequest, apiTokenCreatedResponse, apiTokenListQuery, apiTokenResponse } from "../schemas/team";
import { needOrg, paginate } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

/** The token's metadata: never its value. */
function present(ctx: RouteContext, t: ApiTokenRec): Record<string, unknown> {
  const role = findRole(ctx.world.store, t.role_id);
  return {
    id: t.id, created_at: t.created_at, name: t.name, ...(t.description !== undefined ? { description: t.description } : {}),
    role_id: t.role_id, role_name: role?.name ?? t.scope,
  };
}

/** API tokens made through the API: list (filter `name`), create (the value answered once), delete. */
export const apiTokenRoutes: Route[] = [
  route({
    method: "GET", path: "/organization/{organizationId}/apiToken", access: "admin", status: 200, summary: "API tokens of the organization (metadata only)",
    query: apiTokenListQuery.extend(paginationQuery.shape), response: listOf(apiTokenResponse),
    handler: (ctx) => {
      needOrg(ctx);
      const name = ctx.query.get("name");
      const list = apiTokens(ctx).filter((t) => name === null || name === "" || t.name === name);
      return paginate(ctx, list.sort((a, b) => a.name.localeCompare(b.name)).map((t) => present(ctx, t)));
    },
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/apiToken", access: "admin", status: 201,
    summary: "Create an API token; the answer holds its value, shown this once", request: apiTokenCreateRequest, response: apiTokenCreatedResponse,
    handler: (ctx) => {
      needOrg(ctx);
      const t = createApiToken(ctx, ctx.body as z.output<typeof apiTokenCreateRequest>);
      return { ...present(ctx, t), token: t.value };
    },
  }),
  route({
    method: "DELETE", path: "/organization/{organizationId}/apiToken/{apiTokenId}", access: "admin", status: 204, summary: "Delete an API token (401 from then on)",
    handler: (ctx) => {
      needOrg(ctx);
      deleteApiToken(ctx, param(ctx, "apiTokenId"));
    },
  }),
];
