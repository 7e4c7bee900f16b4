import type { GitProvider } from "./git-token";

const HOSTS: Record<string, GitProvider> = {
  "github.com": "GITHUB",
  "gitlab.com": "GITLAB",
  "bitbucket.org": "BITBUCKET",
};

/**
 * The git provider of a repository URL's host: github.com -> GITHUB, gitlab.com -> GITLAB, bitbucket.org ->
 * BITBUCKET (`www.` and scp-like `git@host:owner/repo` forms included); undefined for any other host.
 */
export function gitProviderOfUrl(url: string): GitProvider | undefined {
  let host: string | undefined;
  try {
    host = new URL(url).hostname;
  } catch {
    host = /^[^@\s/]+@([^:\s/]+):/.exec(url)?.[1];
  }
  if (host === undefined) return undefined;
  return HOSTS[host.toLowerCase().replace(/^www\./, "")];
}
