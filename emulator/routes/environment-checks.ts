/**
 * What an environment's console asks before a service is made: whether a Dockerfile, a chart's git repository, a
 * container image or git files can be used (the request is checked: its repository's token and its registry must
 * exist; the emulator reads no repository, so a well-formed one passes), the database types and versions on offer,
 * a chart's default values and the environment as Terraform.
 */
import { z } from "zod";
import { environmentAsTerraform } from "../models/environment-export";
import { gitSourceFrom } from "../models/git-sources";
import { HELM_CHARTS } from "../models/helm-charts";
import { helmRepositoryFor } from "../models/helm-repositories";
import { registryFor } from "../models/container-registries";
import { badRequest } from "../server/errors";
import { httpUrl, listOf, nonEmpty } from "../schemas/common";
import { DATABASE_MODES, DATABASE_TYPES } from "../schemas/databases";
import { needEnvironment } from "./lookup";
import { route, type Route, type RouteContext } from "./types";

const gitRepository = z.object({
  url: httpUrl, branch: z.string().optional(), root_path: z.string().optional(), git_token_id: z.string().nullable().optional(),
  provider: z.enum(["BITBUCKET", "GITHUB", "GITLAB"]).optional(), owner: z.string().optional(), name: z.string().optional(),
});
const helmSource = z.union([
  z.object({ git_repository: gitRepository }),
  z.object({ helm_repository: z.object({ repository: z.string().nullable().optional(), chart_name: nonEmpty, chart_version: nonEmpty }) }),
]);

/** The repository of a request, its token checked (400 naming `<field>.git_token_id`). */
function checkedRepository(ctx: RouteContext, field: string, repo: z.output<typeof gitRepository>): void {
  needEnvironment(ctx);
  gitSourceFrom(ctx.world.store.state.gitTokens, field, repo);
}

/** A check of a repository (and what else its request names): its token checked, `{}` answered. */
function repositoryCheck(op: string, summary: string, more: z.ZodRawShape): Route {
  return route({
    method: "POST", path: `/environment/{environmentId}/${op}`, status: 200, access: "read", summary,
    request: z.object({ git_repository: gitRepository, ...more }), response: z.object({}),
    handler: (ctx) => {
      checkedRepository(ctx, "git_repository", (ctx.body as { git_repository: z.output<typeof gitRepository> }).git_repository);
      return {};
    },
  });
}

const VERSIONS: Readonly<Record<string, readonly string[]>> = {
  POSTGRESQL: ["17", "16", "15", "14", "13"], MYSQL: ["8.4", "8.0"], MONGODB: ["7.0", "6.0"], REDIS: ["7", "6"],
};

/** A chart's default values: what it runs, as its `values.yaml` would begin. */
function chartValues(ctx: RouteContext, source: z.output<typeof helmSource>): string {
  if ("git_repository" in source) {
    checkedRepository(ctx, "source.git_repository", source.git_repository);
    return `# values.yaml of ${source.git_repository.url}${source.git_repository.root_path ?? "/"}\nreplicaCount: 1\n`;
  }
  const { repository, chart_name, chart_version } = source.helm_repository;
  if (repository) helmRepositoryFor(ctx, "source.helm_repository.repository", repository);
  if (!HELM_CHARTS[chart_name]?.includes(chart_version)) {
    throw badRequest("source.helm_repository.chart_version", `no chart ${chart_name} ${chart_version} (expected one the repository lists)`);
  }
  return `# ${chart_name} ${chart_version} default values\nreplicaCount: 1\nimage:\n  repository: ${chart_name}\n  tag: ${chart_version}\n`;
}

/** The routes. */
export const environmentCheckRoutes: Route[] = [
  route({
    method: "POST", path: "/environment/{environmentId}/checkDockerfile", status: 200, access: "read",
    summary: "Check a Dockerfile of a git repository: the build arguments and base image repositories it names (none the emulator can read)",
    request: z.object({ git_repository: gitRepository, dockerfile_path: nonEmpty }),
    response: z.object({ git_repository: z.unknown(), dockerfile_path: z.string(), arg: z.array(z.string()), repositories: z.array(z.string()) }),
    handler: (ctx) => {
      const b = ctx.body as { git_repository: z.output<typeof gitRepository>; dockerfile_path: string };
      checkedRepository(ctx, "git_repository", b.git_repository);
      return { git_repository: b.git_repository, dockerfile_path: b.dockerfile_path, arg: [], repositories: [] };
    },
  }),
  repositoryCheck("checkHelmRepository", "Check a chart's git repository", {}),
  route({
    method: "POST", path: "/environment/{environmentId}/checkContainerImage", status: 200, access: "read",
    summary: "Check a container image of a registry of the organization",
    request: z.object({ registry_id: nonEmpty, image_name: nonEmpty, tag: nonEmpty }), response: z.object({}),
    handler: (ctx) => {
      needEnvironment(ctx);
      registryFor(ctx, "registry_id", (ctx.body as { registry_id: string }).registry_id);
      return {};
    },
  }),
  repositoryCheck("checkGitFile", "Check files of a git repository", { files: z.array(nonEmpty) }),
  route({
    method: "GET", path: "/environment/{environmentId}/databaseConfiguration", status: 200, access: "read",
    summary: "Database types and versions the environment's cluster runs, with the modes each supports",
    response: listOf(z.object({ database_type: z.string(), version: z.array(z.object({ name: z.string(), supported_mode: z.string() })) })),
    handler: (ctx) => {
      needEnvironment(ctx);
      return {
        results: DATABASE_TYPES.map((database_type) => ({
          database_type, version: (VERSIONS[database_type] ?? []).flatMap((name) => DATABASE_MODES.map((supported_mode) => ({ name, supported_mode }))),
        })),
      };
    },
  }),
  route({
    method: "POST", path: "/environment/{environmentId}/helmDefaultValues", status: 201, access: "read",
    summary: "A chart's default values (YAML)", request: z.object({ source: helmSource }), response: z.string(), contentType: "text/plain",
    handler: (ctx) => {
      needEnvironment(ctx);
      return chartValues(ctx, (ctx.body as { source: z.output<typeof helmSource> }).source);
    },
  }),
  route({
    method: "GET", path: "/environment/{environmentId}/terraformExport", status: 200, access: "read",
    summary: "The environment as Terraform (secrets as sensitive variables, never their values)", query: z.object({ exportSecrets: z.string().optional() }),
    response: z.string(), contentType: "application/octet-stream",
    handler: (ctx) => environmentAsTerraform(ctx.world.store, needEnvironment(ctx)),
  }),
];
