import type { GitToken } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { gitTokenComputed, gitTokenSchema, type GitTokenArgs, type GitTokenComputed } from "../resources/git-token";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameUnderParentArgs } from "./family";

/** Arguments of {@link getGitTokenOutput}: the organization keeping the token (the service reads a git token only under it), and the token's id or name. */
export type GetGitTokenOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getGitToken}: those of {@link GetGitTokenOutputArgs} with plain values. */
export type GetGitTokenArgs = PlainArgs<GetGitTokenOutputArgs>;

/**
 * A git token found by {@link getGitToken} or {@link getGitTokenOutput}, in the spelling of `GitTokenArgs`. The token
 * value is not part of it: the service never answers it.
 */
export interface GitTokenResult extends LookupResult<GitTokenArgs, "name" | "organizationId", "token", GitTokenComputed> {}

const gitTokens = parentLookup<typeof gitTokenSchema, GitToken, GitTokenResult>("GitToken", {
  schema: gitTokenSchema, fields: ["name", "type", "description", "workspace", "gitApiUrl"], idNeedsParent: true,
  get: (client, id, organizationId) => client.gitTokens.get(organizationId!, id), computed: gitTokenComputed.outputs,
});

export const { findGitToken,
  /**
   * Looks up a git token the stack uses but does not manage, by id or by name (compared exactly: the service lets
   * `ci` and `CI` both exist), with plain values, in a Promise. None or several matching fail naming the organization's
   * tokens.
   *
   * @example
   * const ci = getGitTokenOutput({ organizationId: org.id, name: "github-ci" });
   * new Application("api", { ..., gitRepository: { url: "https://github.com/acme/api.git", gitTokenId: ci.id } });
   */
  getGitToken,
  /** {@link getGitToken} taking Inputs and answering an Output. */
  getGitTokenOutput } = lookups<"GitToken", GetGitTokenOutputArgs, GitTokenResult>("GitToken", gitTokens);
