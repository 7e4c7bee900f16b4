import type { z } from "zod";
import { badRequest, notFound } from "../errors";
import { assertNameFree } from "../uniqueness";
import { baseFields, iso } from "../store";
import { listOf } from "../schemas/common";
import { gitTokenRequest, gitTokenResponse } from "../schemas/git-tokens";
import type { GitTokenRec } from "../types";
import { needOrg, paginate } from "./lookup";
import { param, route, type Route, type RouteContext } from "./types";

type Body = z.output<typeof gitTokenRequest>;

const API_URLS = new Map<string, string>([
  ["GITHUB", "https://api.github.com"],
  ["GITLAB", "https://gitlab.com/api/v4"],
  ["BITBUCKET", "https://api.bitbucket.org/2.0"],
]);

function present(ctx: RouteContext, t: GitTokenRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: t.id, created_at: t.created_at, updated_at: t.updated_at, name: t.name, type: t.type,
    git_api_url: t.git_api_url, expired_at: t.expired_at,
    associated_services_count: [...ctx.world.store.state.applications.values()].filter((a) => a.git_repository.git_token_id === t.id).length,
  };
  if (t.description !== undefined) out["description"] = t.description;
  if (t.workspace !== undefined) out["workspace"] = t.workspace;
  return out;
}

function check(ctx: RouteContext, b: Body, self?: string): void {
  if (b.type === "BITBUCKET" && !b.workspace) throw badRequest("workspace", "is required when type is BITBUCKET");
  assertNameFree(ctx.world.store.state.gitTokens.values(), b.name, "exact", "git token", "this organization", self);
}

function apply(t: GitTokenRec, b: Body): void {
  t.name = b.name;
  t.type = b.type;
  t.token = b.token;
  t.git_api_url = b.git_api_url ?? API_URLS.get(b.type) ?? "";
  if (b.description !== undefined) t.description = b.description;
  else delete t.description;
  if (b.workspace !== undefined) t.workspace = b.workspace;
  else delete t.workspace;
}

function needToken(ctx: RouteContext): GitTokenRec {
  needOrg(ctx);
  const id = param(ctx, "gitTokenId");
  const t = ctx.world.store.state.gitTokens.get(id);
  if (!t) throw notFound("git token", id);
  return t;
}

/** Git tokens of the organization; the token value is kept and never answered. */
export const gitTokenRoutes: Route[] = [
  route({
    method: "GET", path: "/organization/{organizationId}/gitToken", status: 200, summary: "List git tokens",
    response: listOf(gitTokenResponse),
    handler: (ctx) => {
      needOrg(ctx);
      return paginate(ctx, [...ctx.world.store.state.gitTokens.values()].map((t) => present(ctx, t)));
    },
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/gitToken", status: 201, summary: "Create a git token",
    request: gitTokenRequest, response: gitTokenResponse,
    handler: (ctx) => {
      const org = needOrg(ctx);
      const b = ctx.body as Body;
      check(ctx, b);
      const expires = new Date(ctx.now + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      const t: GitTokenRec = {
        ...baseFields(ctx.now), organization_id: org.id, name: b.name, type: b.type, token: "", git_api_url: "", expired_at: expires,
      };
      apply(t, b);
      ctx.world.store.state.gitTokens.set(t.id, t);
      return present(ctx, t);
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/gitToken/{gitTokenId}", status: 200, summary: "Get a git token",
    response: gitTokenResponse,
    handler: (ctx) => present(ctx, needToken(ctx)),
  }),
  route({
    method: "PUT", path: "/organization/{organizationId}/gitToken/{gitTokenId}", status: 200, summary: "Replace a git token",
    request: gitTokenRequest, response: gitTokenResponse,
    handler: (ctx) => {
      const t = needToken(ctx);
      const b = ctx.body as Body;
      check(ctx, b, t.id);
      apply(t, b);
      t.updated_at = iso(Math.max(ctx.now, Date.parse(t.updated_at) + 1));
      return present(ctx, t);
    },
  }),
  route({
    method: "DELETE", path: "/organization/{organizationId}/gitToken/{gitTokenId}", status: 204, summary: "Delete a git token",
    handler: (ctx) => {
      const t = needToken(ctx);
      ctx.world.store.state.gitTokens.delete(t.id);
    },
  }),
];
