/**
 * The git providers' repositories and branches, for the account and for the organization (filtered by the token
 * that reads them), the directories of a repository, and the Terraform variables and `.tfvars` files of a module: all
 * as the services built from them show (`models/git-repositories.ts`).
 */
import { z } from "zod";
import { knownRepositories, repositoriesOf, repositoryByName, repositoryByUrl, type KnownRepository } from "../models/git-repositories";
import { badRequest, notFound } from "../server/errors";
import { listOf } from "../schemas/common";
import { needOrg } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

const PROVIDERS = [["github", "GITHUB"], ["gitlab", "GITLAB"], ["bitbucket", "BITBUCKET"]] as const;
const repositoryResponse = z.object({ id: z.string(), name: z.string(), url: z.string(), default_branch: z.string(), is_private: z.boolean() });
const gitRepository = z.object({
  url: z.string().min(1), owner: z.string().optional(), name: z.string().optional(), branch: z.string().optional(), root_path: z.string().optional(),
  git_token_id: z.string().nullable().optional(), provider: z.enum(["BITBUCKET", "GITHUB", "GITLAB"]),
});

const presentRepository = (r: KnownRepository) => ({ id: r.id, name: `${r.owner}/${r.name}`, url: r.url, default_branch: "main", is_private: r.tokens.size > 0 });

function branches(ctx: RouteContext, provider: string): { results: Array<{ name: string }> } {
  const name = ctx.query.get("name");
  if (!name) throw badRequest("name", "expected the repository's name (owner/name)");
  const r = repositoryByName(ctx.world.store, provider, name);
  if (!r) throw notFound("repository", name);
  return { results: [...r.branches].sort().map((b) => ({ name: b })) };
}

/** The repository a request's body names, or 404. */
function requested(ctx: RouteContext, repo: { url: string }): KnownRepository {
  needOrg(ctx);
  const r = repositoryByUrl(ctx.world.store, repo.url);
  if (!r) throw notFound("repository", repo.url);
  return r;
}

/** The routes. */
export const gitRepositoryRoutes: Route[] = [
  route({
    method: "GET", path: "/account/gitAuthProvider", status: 200, access: "read", summary: "Git providers of the account, with the repositories' owners",
    response: listOf(z.object({ id: z.string(), name: z.string(), owner: z.string(), use_bot: z.boolean() })),
    handler: (ctx) => ({
      results: PROVIDERS.map(([, name], i) => ({ id: `${i + 1}`, name, owner: knownRepositories(ctx.world.store).find((r) => r.provider === name)?.owner ?? "emulator-bot", use_bot: false })),
    }),
  }),
  ...PROVIDERS.flatMap(([segment, provider]) => [
    route({
      method: "GET", path: `/account/${segment}/repository`, status: 200, access: "read", response: listOf(repositoryResponse),
      summary: `${provider} repositories the account sees`, handler: (ctx) => ({ results: repositoriesOf(ctx.world.store, provider).map(presentRepository) }),
    }),
    route({
      method: "GET", path: `/account/${segment}/repository/branch`, status: 200, access: "read", response: listOf(z.object({ name: z.string() })),
      summary: `Branches of a ${provider} repository (query \`name\`)`, query: z.object({ name: z.string().optional() }), handler: (ctx) => branches(ctx, provider),
    }),
    route({
      method: "GET", path: `/organization/{organizationId}/account/${segment}/repository`, status: 200, access: "read", response: listOf(repositoryResponse),
      summary: `${provider} repositories the organization sees (query \`gitTokenId\`: those the token reads)`, query: z.object({ gitTokenId: z.string().optional() }),
      handler: (ctx) => {
        needOrg(ctx);
        return { results: repositoriesOf(ctx.world.store, provider, ctx.query.get("gitTokenId") || undefined).map(presentRepository) };
      },
    }),
    route({
      method: "GET", path: `/organization/{organizationId}/account/${segment}/repository/branch`, status: 200, access: "read",
      response: listOf(z.object({ name: z.string() })), summary: `Branches of a ${provider} repository of the organization (query \`name\`)`,
      query: z.object({ name: z.string().optional(), gitTokenId: z.string().optional() }),
      handler: (ctx) => {
        needOrg(ctx);
        return branches(ctx, provider);
      },
    }),
  ]),
  route({
    method: "POST", path: "/organization/{organizationId}/listDirectoriesFromGitRepository", status: 200, access: "read",
    summary: "Directories of a repository its services are built from", request: gitRepository, response: listOf(z.string()),
    handler: (ctx) => ({ results: [...requested(ctx, ctx.body as { url: string }).rootPaths].sort() }),
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/parseTerraformVariablesFromGitRepo", status: 200, access: "read",
    summary: "Variables of a Terraform module, as its Terraform services set them (secret ones sensitive, never their values)",
    request: z.object({ git_repository: gitRepository }),
    response: listOf(z.object({ key: z.string(), sensitive: z.boolean(), nullable: z.boolean(), source: z.string() })),
    handler: (ctx) => {
      const r = requested(ctx, (ctx.body as { git_repository: { url: string } }).git_repository);
      const vars = new Map(r.terraforms.flatMap((t) => t.tf_vars).map((v) => [v.key, { key: v.key, sensitive: v.secret, nullable: true, source: "variables.tf" }]));
      return { results: [...vars.values()].sort((a, b) => a.key.localeCompare(b.key)) };
    },
  }),
  route({
    method: "POST", path: "/organization/{organizationId}/listTfVarsFilesFromGitRepo", status: 200, access: "read",
    summary: "`.tfvars` files of a Terraform module its Terraform services name", request: z.object({ git_repository: gitRepository, mode: z.object({ type: z.enum(["AutoDiscover", "SpecificPaths"]) }).loose() }),
    response: listOf(z.object({ source: z.string(), variables: z.record(z.string(), z.string()) })),
    handler: (ctx) => {
      const r = requested(ctx, (ctx.body as { git_repository: { url: string } }).git_repository);
      return { results: [...new Set(r.terraforms.flatMap((t) => t.tf_var_file_paths))].sort().map((source) => ({ source, variables: {} })) };
    },
  }),
];
