/** Git tokens: credentials to a git provider, kept by the organization. The token value is write-only. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { GIT_PROVIDERS, GitProvider, isHttpUrl } from "./git";
import { path } from "./path";
import { maybe, openEnum } from "./schema";

/** A git token record (never the token itself: a `token` in an answer is dropped). */
const GitTokenFields = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: maybe(openEnum(GIT_PROVIDERS)),
  description: maybe(z.string()),
  workspace: maybe(z.string()),
  git_api_url: maybe(z.string()),
  associated_services_count: maybe(z.number()),
  expired_at: maybe(z.string()),
  created_at: maybe(z.string()),
  updated_at: maybe(z.string()),
});
/** A git token record, without the token value. */
export const GitToken = GitTokenFields.transform((record) => {
  const { token: _dropped, ...rest } = record as Record<string, unknown>;
  return rest as typeof record;
});
/** A git token record, without the token value. */
export type GitToken = z.infer<typeof GitTokenFields>;

/** Body of a git token create or edit (an edit sends the token again). `workspace` is required for Bitbucket. */
export const GitTokenRequest = z
  .looseObject({
    name: z.string().min(1),
    type: GitProvider,
    token: z.string().min(1),
    description: z.string().optional(),
    workspace: z.string().min(1).optional(),
    git_api_url: z.string().refine(isHttpUrl, { message: "expected an http:// or https:// URL" }).optional(),
  })
  .superRefine((request, ctx) => {
    if (request.type === "BITBUCKET" && !request.workspace) {
      ctx.addIssue({ code: "custom", path: ["workspace"], message: "expected a Bitbucket workspace (required when type is BITBUCKET)" });
    }
  });
/** Body of a git token create or edit. */
export type GitTokenRequest = z.input<typeof GitTokenRequest>;

/** Endpoints of git tokens. */
export class GitTokensApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the git tokens of an organization. */
  async list(organizationId: string): Promise<GitToken[]> {
    return this.core.list(path`/organization/${organizationId}/gitToken`, GitToken);
  }

  /** Creates a git token. A lost answer is recovered by name. */
  create(organizationId: string, request: GitTokenRequest): Promise<GitToken> {
    return this.core.call({
      method: "POST", path: path`/organization/${organizationId}/gitToken`, body: request, requestSchema: GitTokenRequest, response: GitToken,
      what: `git token ${JSON.stringify(request.name)}`,
      recover: async () => (await this.list(organizationId)).find((t) => t.name === request.name),
    });
  }

  /** Reads one git token. */
  get(organizationId: string, gitTokenId: string): Promise<GitToken> {
    return this.core.call({ method: "GET", path: path`/organization/${organizationId}/gitToken/${gitTokenId}`, response: GitToken });
  }

  /** Replaces a git token (the full request again, token included). */
  update(organizationId: string, gitTokenId: string, request: GitTokenRequest): Promise<GitToken> {
    return this.core.call({
      method: "PUT", path: path`/organization/${organizationId}/gitToken/${gitTokenId}`, body: request, requestSchema: GitTokenRequest,
      response: GitToken,
    });
  }

  /** Deletes a git token. */
  async delete(organizationId: string, gitTokenId: string): Promise<void> {
    await this.core.call({ method: "DELETE", path: path`/organization/${organizationId}/gitToken/${gitTokenId}` });
  }
}
