/**
 * The git commits an application's deploys roll out. A deploy names its commit (`git_commit_id`) or deploys the head
 * of the application's branch, which the emulator models as one fixed commit per repository and branch (a hash of
 * both). After a deploy reaches DEPLOYED its commit shows as the application's `git_repository.deployed_commit_*`,
 * and every deploy shows its commit in the deployment history.
 */
import { createHash } from "node:crypto";
import { iso } from "./records";
import type { CommitRec, DeploymentRec } from "./runtime";

/** The repository fields a commit is read from. */
interface Repository {
  url: string;
  branch: string;
}

/** The head commit of a branch: 40 hex digits, the same for every deploy of that repository and branch. */
export function branchHead(repo: Repository): string {
  return createHash("sha1").update(`${repo.url}#${repo.branch}`).digest("hex");
}

/** Owner and repository name from a git URL such as `https://github.com/acme/api.git`. */
export function repoParts(url: string): { owner: string; name: string } {
  const cleaned = url.replace(/\.git$/, "").replace(/\/+$/, "");
  const parts = cleaned.split(/[/:]/).filter((p) => p !== "");
  const name = parts[parts.length - 1] ?? cleaned;
  const owner = parts.length >= 2 ? (parts[parts.length - 2] as string) : "";
  return { owner, name };
}

/**
 * The commit a deploy of a repository's branch rolls out: the one it names, else the branch's head. The emulator
 * knows no commit metadata, so: its date is when the deploy began, its author the repository's owner, its tag what
 * `git describe --always` answers for an untagged commit (the abbreviated id).
 */
export function commitFor(repo: Repository, requested: string | undefined, atMs: number): CommitRec {
  const id = requested ?? branchHead(repo);
  return {
    git_commit_id: id, created_at: iso(atMs), author_name: repoParts(repo.url).owner || "emulator",
    message: `Deploy ${repo.branch}`, tag: id.slice(0, 7),
  };
}

/** `git_repository.deployed_commit_*` of the deploy that is live (nothing when none is, or it rolled out no commit). */
export function deployedCommit(d: DeploymentRec | undefined): Record<string, string> {
  const c = d?.commit;
  if (!c) return {};
  return {
    deployed_commit_id: c.git_commit_id, deployed_commit_date: c.created_at,
    deployed_commit_contributor: c.author_name, deployed_commit_tag: c.tag,
  };
}
