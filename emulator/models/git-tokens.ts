import { z } from "zod";
import { badRequest } from "../server/errors";
import type { gitTokenRequest } from "../schemas/git-tokens";
import { baseFields, createFrom, replaceFrom, type BaseRec, type ModelContext, type RequestWriter } from "./records";
import { assertNameFree } from "./uniqueness";
import { applicationsUsingGitToken, helmsAndTerraformsUsingGitToken, jobsUsingGitToken } from "./queries";
import { base, str } from "./record-forms";
import { slice } from "./slice";

/** A git provider token of the organization. */
export interface GitTokenRec extends BaseRec {
  organization_id: string;
  name: string;
  type: string;
  token: string;
  description?: string;
  workspace?: string;
  git_api_url: string;
  expired_at: string;
}

/** The gitTokens of the state (see `slice.ts`). */
export const gitTokenSlice = slice<GitTokenRec>().keyed("gitTokens", z.looseObject({ ...base, organization_id: str, name: str, type: str, token: str, git_api_url: str, expired_at: str }));

type Input = z.output<typeof gitTokenRequest>;

const API_URLS = new Map<string, string>([
  ["GITHUB", "https://api.github.com"],
  ["GITLAB", "https://gitlab.com/api/v4"],
  ["BITBUCKET", "https://api.bitbucket.org/2.0"],
]);

const YEAR_MS = 365 * 24 * 3600 * 1000;

function check(m: ModelContext, b: Input, self?: string): void {
  if (b.type === "BITBUCKET" && !b.workspace) throw badRequest("workspace", "is required when type is BITBUCKET");
  assertNameFree(gitTokenSlice.of(m.world.store).values(), b.name, "exact", "git token", "this organization", self);
}

/** Sets every field from a full request: the optional fields a request leaves out are cleared. */
function apply(t: GitTokenRec, b: Input): void {
  t.name = b.name;
  t.type = b.type;
  t.token = b.token;
  t.git_api_url = b.git_api_url ?? API_URLS.get(b.type) ?? "";
  if (b.description !== undefined) t.description = b.description;
  else delete t.description;
  if (b.workspace !== undefined) t.workspace = b.workspace;
  else delete t.workspace;
}

const writer: RequestWriter<GitTokenRec, Input> = { check, apply };

/** Creates a git token, valid for a year. */
export function createGitToken(m: ModelContext, orgId: string, b: Input): GitTokenRec {
  return createFrom(m, writer, gitTokenSlice.of(m.world.store), b, (): GitTokenRec => {
    const expires = new Date(m.now + YEAR_MS).toISOString().slice(0, 10);
    return { ...baseFields(m.now), organization_id: orgId, name: b.name, type: b.type, token: "", git_api_url: "", expired_at: expires };
  });
}

/** Replaces a git token with a full request (the token value included). */
export function replaceGitToken(m: ModelContext, t: GitTokenRec, b: Input): void {
  replaceFrom(m, writer, t, b);
}

/** How many services use a git token: applications, jobs built from a git repository, Helm and Terraform services. */
export function servicesUsingToken(m: ModelContext, t: GitTokenRec): number {
  const store = m.world.store;
  return applicationsUsingGitToken(store, t.id).length + jobsUsingGitToken(store, t.id).length + helmsAndTerraformsUsingGitToken(store, t.id).length;
}
