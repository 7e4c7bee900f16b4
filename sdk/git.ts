/**
 * Git repositories as the service sees them: the providers it knows, which one a repository URL's host implies,
 * and which addresses it can clone. The client's request schemas and the Pulumi provider's checks both use these.
 */
import { z } from "zod";
import { maybe } from "./schema";
import { urlUserinfo } from "./url-credentials";

/** Git providers the service knows (`git_repository.provider`, a git token's `type`). */
export const GIT_PROVIDERS = ["BITBUCKET", "GITHUB", "GITLAB"] as const;
/** A git provider in a request. */
export const GitProvider = z.enum(GIT_PROVIDERS);
/** `BITBUCKET`, `GITHUB` or `GITLAB`. */
export type GitProvider = z.infer<typeof GitProvider>;

/** The hosted services, by domain: the host itself or any subdomain of it. */
const HOSTED: ReadonlyArray<readonly [string, GitProvider]> = [
  ["github.com", "GITHUB"],
  ["gitlab.com", "GITLAB"],
  ["bitbucket.org", "BITBUCKET"],
];

/** Self-hosted servers, by the first label of their host (`gitlab.acme.io`, `github.corp.example`). */
const FIRST_LABELS: Readonly<Record<string, GitProvider>> = { github: "GITHUB", gitlab: "GITLAB", bitbucket: "BITBUCKET" };

/** git's scp-like address `user@host:path` (a path starting with `//` would make it a URL). */
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:(?!\/\/)\S+$/;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return /^[^@\s/]+@([^:\s/]+):/.exec(url)?.[1];
  }
}

/**
 * The git provider a repository URL's host implies, or `undefined` when the host says nothing (then the provider
 * must be given):
 * - `github.com`, `gitlab.com`, `bitbucket.org` and their subdomains (`www.github.com`);
 * - a self-hosted server whose host's first label names the product: `gitlab.acme.io` -> `GITLAB`,
 *   `github.corp.example` -> `GITHUB`, `bitbucket.acme.io` -> `BITBUCKET`.
 *
 * A host that merely contains a name (`mygitlab.acme.io`, `git.acme.io`) implies nothing. URLs and the scp-like
 * `git@host:owner/repo` form are both read.
 */
export function gitProviderOfUrl(url: string): GitProvider | undefined {
  const host = hostOf(url)?.toLowerCase().replace(/\.$/, "");
  if (!host) return undefined;
  for (const [domain, provider] of HOSTED) {
    if (host === domain || host.endsWith(`.${domain}`)) return provider;
  }
  return FIRST_LABELS[host.split(".")[0] ?? ""];
}

/**
 * Why `url` is not a repository address the service can clone, or `undefined` when it is: an `https://` or `http://`
 * URL with a host and a path. The service clones over http(s), with a git token for private repositories, so
 * `ssh://...` and the scp-like `git@host:owner/repo` are refused with the https form to use, and so is anything else
 * (`not a url`, `javascript:...`, `file:///...`, a bare host). The message names the scheme and at most the URL's
 * origin, never the whole value: a token pasted into the wrong field, or a `user:password@`, is not repeated.
 * Credentials in the URL are refused ({@link GIT_URL_CREDENTIALS_REASON}).
 */
export function gitUrlProblem(url: string): string | undefined {
  const expected = "expected a git repository URL: https://host/owner/repo or http://...";
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return `${expected}, got a string holding whitespace or control characters`;
  if (SCP_LIKE.test(url)) return `${expected}, got an ssh address (git@host:path): ${sshAdvice(hostOf(url))}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${expected}, got a string of ${url.length} characters that is not a URL`;
  }
  const scheme = parsed.protocol.replace(/:$/, "");
  if (scheme === "ssh" && urlUserinfo(url) === "password") return GIT_URL_CREDENTIALS_REASON;
  if (scheme === "ssh") return `${expected}, got an ssh: address: ${sshAdvice(parsed.hostname)}`;
  if (!["https", "http"].includes(scheme)) {
    return `${expected}, got a ${scheme}: address (scheme "${scheme}" is not one of https, http)`;
  }
  if (parsed.hostname === "") return `${expected}, got a ${scheme}: address with no host`;
  if (urlUserinfo(url) !== "none") return GIT_URL_CREDENTIALS_REASON;
  if (parsed.pathname === "" || parsed.pathname === "/") {
    return `${expected}, got ${JSON.stringify(`${parsed.protocol}//${parsed.host}`)} (no repository path)`;
  }
  return undefined;
}

function sshAdvice(host: string | undefined): string {
  return `the service clones over https, give https://${host || "host"}/owner/repo (a private repository's access goes in a GitToken, gitTokenId)`;
}

/**
 * True for an absolute `http://` or `https://` URL with a host and no whitespace: what a git token's `git_api_url`
 * (a self-hosted provider's API) must be. `file:`, `javascript:` and relative addresses are refused.
 */
export function isHttpUrl(v: string): boolean {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** Why a repository URL with credentials in it is refused, and where the credential goes instead. */
export const GIT_URL_CREDENTIALS_REASON =
  "expected a repository URL without credentials (no user name or password before the host): the service clones " +
  "with a git token, so put the token in a GitToken and give its id as gitTokenId (wire: git_token_id), never in the URL";

/** Why a repository's `provider` must be given: its URL's host implies none (see {@link gitProviderOfUrl}). */
export const GIT_PROVIDER_REQUIRED_REASON =
  `is required when the URL host does not name the provider (github.com, gitlab.com, bitbucket.org, their subdomains, ` +
  `or a self-hosted host starting with github., gitlab. or bitbucket.); expected one of ${GIT_PROVIDERS.join(", ")}`;

/** A commit of a service's git repository (`Commit`: `GET /helm/{id}/commit`, `GET /terraform/{id}/commit`). */
export const GitCommit = z.looseObject({
  git_commit_id: z.string(),
  created_at: maybe(z.string()),
  tag: maybe(z.string()),
  message: maybe(z.string()),
  author_name: maybe(z.string()),
});
/** A commit of a service's git repository. */
export type GitCommit = z.infer<typeof GitCommit>;
