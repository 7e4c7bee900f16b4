import { createGitToken, replaceGitToken, servicesUsingToken, type GitTokenRec } from "../models/git-tokens";
import { gitTokenRequest, gitTokenResponse } from "../schemas/git-tokens";
import { orgCrudRoutes } from "./crud";
import type { Route, RouteContext } from "./types";

function present(ctx: RouteContext, t: GitTokenRec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: t.id, created_at: t.created_at, updated_at: t.updated_at, name: t.name, type: t.type,
    git_api_url: t.git_api_url, expired_at: t.expired_at, associated_services_count: servicesUsingToken(ctx, t),
  };
  if (t.description !== undefined) out["description"] = t.description;
  if (t.workspace !== undefined) out["workspace"] = t.workspace;
  return out;
}

/** Git tokens of the organization; the token value is kept and never answered. */
export const gitTokenRoutes: Route[] = orgCrudRoutes({
  access: { read: "read", write: "write" },
  segment: "gitToken", label: "git token", records: (ctx) => ctx.world.store.state.gitTokens, request: gitTokenRequest, response: gitTokenResponse,
  present, create: createGitToken, replace: replaceGitToken,
});
