/** Git tokens: credentials to a git provider, kept by the organization. The token value is write-only. */
import { z } from "zod";
import { records } from "./crud";
import { GIT_PROVIDERS, GitProvider, isHttpUrl } from "./git";
import { path } from "./path";
import { maybe, namedRecord, openEnum } from "./schema";
import { secretFields } from "./sensitive";

/** A git token record (never the token itself: a `token` in an answer is dropped). */
const GitTokenFields = namedRecord({
  type: maybe(openEnum(GIT_PROVIDERS)),
  description: maybe(z.string()),
  workspace: maybe(z.string()),
  git_api_url: maybe(z.string()),
  associated_services_count: maybe(z.number()),
  expired_at: maybe(z.string()),
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
secretFields({ secret: ["token"] });

/** Endpoints of git tokens. An update replaces the token: the full request again, token included. */
export class GitTokensApi extends records({
  what: "git token", naturalKey: "name", record: GitToken, createRequest: GitTokenRequest, editRequest: GitTokenRequest,
  list: (organizationId: string) => path`/organization/${organizationId}/gitToken`,
  item: (organizationId: string, gitTokenId: string) => path`/organization/${organizationId}/gitToken/${gitTokenId}`,
}) {}
