import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient, GitToken } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { gitTokenSchema, type GitTokenArgs, type GitTokenComputed } from "../resources/git-token";
import type { LookupResult } from "../framework/outputs";
import {
  defined, definedFields, lookupPair, numberOf, textOf, type LookupFamily, type NameOrIdArgs, type PlainArgs,
} from "./core";

/** Arguments of {@link getGitTokenOutput}: the organization, and the token's id or name. */
export interface GetGitTokenOutputArgs extends NameOrIdArgs {
  /** Organization keeping the token (the service reads a git token only under its organization). */
  organizationId: pulumi.Input<string>;
}

/** Arguments of {@link getGitToken}: those of {@link GetGitTokenOutputArgs} with plain values. */
export type GetGitTokenArgs = PlainArgs<GetGitTokenOutputArgs>;

/**
 * A git token found by {@link getGitToken} or {@link getGitTokenOutput}, in the spelling of `GitTokenArgs`. The token
 * value is not part of it: the service never answers it.
 */
export interface GitTokenResult extends LookupResult<GitTokenArgs, "name" | "organizationId", "token", GitTokenComputed> {}

const gitTokens: LookupFamily<GitToken, GitTokenResult> = {
  lookup: "getGitToken", nouns: "git tokens", key: NATURAL_KEYS["GitToken"]!, idNeedsParent: true,
  get: (client, id, organizationId) => client.gitTokens.get(organizationId!, id),
  result: (r, organizationId) => defined<GitTokenResult>({
    id: r.id, name: r.name, organizationId, ...definedFields(gitTokenSchema, r, ["type", "description", "workspace", "gitApiUrl"]),
    associatedServicesCount: numberOf(r.associated_services_count),
    expiredAt: textOf(r.expired_at),
  }),
};

const gitTokenLookup = lookupPair<GetGitTokenOutputArgs, GitTokenResult, GitToken>(gitTokens);

/** Finds a git token of an organization by id, or by name (compared exactly: the service lets `ci` and `CI` both exist). */
export const findGitToken: (client: DeployServiceClient, args: GetGitTokenArgs) => Promise<GitTokenResult> = gitTokenLookup.find;

/**
 * Looks up a git token the stack uses but does not manage, with plain arguments; give exactly one of `id` and
 * `name`. None or several matching fail naming the organization's tokens.
 *
 * @example
 * const ci = await getGitToken({ organizationId: "3f2a...", name: "github-ci" });
 */
export const getGitToken: (args: GetGitTokenArgs) => Promise<GitTokenResult> = gitTokenLookup.get;

/**
 * Looks up a git token, accepting Inputs and returning an Output.
 *
 * @example
 * const ci = getGitTokenOutput({ organizationId: org.id, name: "github-ci" });
 * new Application("api", { ..., gitRepository: { url: "https://github.com/acme/api.git", gitTokenId: ci.id } });
 */
export const getGitTokenOutput: (args: GetGitTokenOutputArgs) => pulumi.Output<GitTokenResult> = gitTokenLookup.getOutput;
