/**
 * The git repositories Helm and Terraform services take files from (a chart, values files, a Terraform module): the
 * request's fields with the service's defaults (branch `main`, root path `/`, the provider read from the URL's host
 * when the request leaves it out), the git token checked.
 */
import { badRequest } from "../server/errors";

/** A git repository as stored. */
export interface GitSourceRec {
  url: string;
  provider: string;
  branch: string;
  root_path: string;
  git_token_id: string | null;
}

/** What a request gives of a git repository. */
export interface GitSourceInput {
  url: string;
  provider?: string | undefined;
  branch?: string | undefined;
  root_path?: string | undefined;
  git_token_id?: string | null | undefined;
}

/** The git provider a URL's host names (GitHub when it names none). */
export function providerOfUrl(url: string): string {
  const host = URL.canParse(url) ? new URL(url).hostname : url;
  if (/gitlab/i.test(host)) return "GITLAB";
  if (/bitbucket/i.test(host)) return "BITBUCKET";
  return "GITHUB";
}

/**
 * The repository a request gives (at `field`), with the defaults; 400 naming `<field>.git_token_id` for a token not
 * among the organization's `tokens`.
 */
export function gitSourceFrom(tokens: ReadonlyMap<string, unknown>, field: string, g: GitSourceInput): GitSourceRec {
  const token = g.git_token_id ?? null;
  if (token !== null && !tokens.has(token)) {
    throw badRequest(`${field}.git_token_id`, `unknown git token ${token}`);
  }
  return {
    url: g.url, provider: g.provider ?? providerOfUrl(g.url), branch: g.branch ?? "main", root_path: g.root_path ?? "/", git_token_id: token,
  };
}
