import { execFileSync } from "node:child_process";

/** The longest environment name this example makes. */
export const MAX_ENVIRONMENT_NAME = 40;

/**
 * The environment name for a git branch: `fb-` and the branch in lower case, every run of characters other
 * than letters and digits made one `-`, cut to {@link MAX_ENVIRONMENT_NAME} characters.
 * `feature/Login-Page` becomes `fb-feature-login-page`.
 */
export function environmentNameForBranch(branch: string): string {
  const slug = branch.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (!slug) throw new Error(`branch: expected a name with at least one letter or digit, got ${JSON.stringify(branch)}`);
  return `fb-${slug}`.slice(0, MAX_ENVIRONMENT_NAME).replace(/-+$/, "");
}

/** The branch checked out in the current folder, for when neither config nor CI names one. */
export function currentGitBranch(): string {
  return execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { encoding: "utf8" }).trim();
}
