import type { GitProvider } from "../resources/git-token";

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

/** `user@host:path`, git's scp-like address (the path must not start with `//`, which would be a URL). */
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:(?!\/\/)\S+$/;

/** The URL with any `user:password@` part masked, so an error never repeats a credential. */
function masked(url: string): string {
  return url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/@\s]*@/, "$1***@");
}

/**
 * Why `url` is not a repository address the service can clone, or undefined when it is: an `https://`, `http://`
 * or `ssh://` URL with a host and a path, or the scp-like `git@host:owner/repo`. Anything else (`not a url`,
 * `javascript:...`, `file:///...`, a bare host) is refused.
 */
export function gitUrlProblem(url: string): string | undefined {
  const expected = "expected a git repository URL: https://host/owner/repo, http://..., ssh://... or git@host:owner/repo";
  const given = url.length <= 80 ? JSON.stringify(masked(url)) : `a string of ${url.length} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return `${expected}, got ${given} (it holds whitespace or control characters)`;
  if (SCP_LIKE.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${expected}, got ${given}`;
  }
  if (!["https:", "http:", "ssh:"].includes(parsed.protocol)) {
    return `${expected}, got ${given} (scheme "${parsed.protocol.replace(/:$/, "")}" is not one of https, http, ssh)`;
  }
  if (parsed.hostname === "") return `${expected}, got ${given} (no host)`;
  if (parsed.pathname === "" || parsed.pathname === "/") return `${expected}, got ${given} (no repository path)`;
  return undefined;
}
