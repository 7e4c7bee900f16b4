/**
 * The rules a workflow follows with credentials, as one function returning the broken ones in words:
 * secrets reach actions only through a step's `with:` or `env:`, credential-named variables hold only expressions,
 * no token is written in plain text, and every action is pinned.
 */
import { allSteps, stringsWithPaths, type Workflow } from "./workflow-model";

/** Where `secrets.` may be read: a step's `with:` or `env:` value. Never a `run:` script, an `if:` or a job's env. */
const SECRET_PLACE = /^jobs\.[^.]+\.steps\.\d+\.(with|env)\.[^.]+$/;

/** Names of variables and inputs that carry a credential. */
const CREDENTIAL_NAME = /TOKEN|SECRET|PASSWORD|PASSPHRASE|API_KEY|ACCESS_KEY/i;

/** Shapes of real credentials: Pulumi, GitHub (classic and fine-grained), the emulator's tokens, JWTs. */
const TOKEN_SHAPES: Array<[string, RegExp]> = [
  ["a Pulumi access token", /\bpul-[0-9a-f]{40}\b/],
  ["a GitHub token", /\bgh[pousr]_[A-Za-z0-9]{30,}\b/],
  ["a GitHub fine-grained token", /\bgithub_pat_[A-Za-z0-9_]{20,}/],
  ["an emulator token", /\bemu_[0-9a-f]{32,}\b/],
  ["a JWT", /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/],
];

/** A run of 32 or more token characters that is not a commit pin (`uses: owner/repo@<sha>`). */
const LONG_RANDOM = /(?<![@\w/.-])[A-Za-z0-9+/_-]{32,}={0,2}(?![\w/.-])/g;

/** A value that is one `${{ ... }}` expression and nothing else. */
const ONE_EXPRESSION = /^\$\{\{[^}]*\}\}$/;

/** Refs that move under a workflow: a branch instead of a release tag or a commit. */
const MOVING_REFS = new Set(["main", "master", "HEAD", "latest"]);

/**
 * Every rule the workflow breaks, each as a sentence naming the place; an empty list when it follows them all.
 * @param workflow a parsed workflow (see `parseWorkflow`).
 */
export function secretViolations(workflow: Workflow): string[] {
  const broken: string[] = [];
  const where = (at: string) => `${workflow.file}: ${at}`;

  for (const { path, value } of stringsWithPaths(workflow)) {
    if (/\bsecrets\./.test(value) && !SECRET_PLACE.test(path)) {
      broken.push(where(`${path} reads a secret outside a step's with: or env:`));
    }
    const key = path.split(".").pop() ?? "";
    const inEnvOrWith = /(^|\.)(env|with)\.[^.]+$/.test(path);
    if (inEnvOrWith && (CREDENTIAL_NAME.test(key) || key === "github-token") && !ONE_EXPRESSION.test(value.trim())) {
      broken.push(where(`${path} holds a literal value; a credential must come from \${{ secrets.* }}`));
    }
    if (key === "github-token" && !/^\$\{\{\s*(secrets\.GITHUB_TOKEN|github\.token)\s*\}\}$/.test(value.trim())) {
      broken.push(where(`${path} is not the workflow's own token (secrets.GITHUB_TOKEN or github.token)`));
    }
  }

  for (const [what, shape] of TOKEN_SHAPES) {
    if (shape.test(workflow.text)) broken.push(where(`the text holds ${what} in plain text`));
  }
  const withoutExpressions = workflow.text.replace(/\$\{\{[^}]*\}\}/g, "");
  for (const match of withoutExpressions.matchAll(LONG_RANDOM)) {
    broken.push(where(`the text holds a long random-looking string (${match[0].slice(0, 6)}...), perhaps a credential`));
  }

  if ("pull_request_target" in workflow.on) {
    broken.push(where("pull_request_target runs a fork's code with the repository's secrets"));
  }

  for (const { job, step } of allSteps(workflow)) {
    if (step.uses === undefined || step.uses.startsWith("./") || step.uses.startsWith("docker://")) continue;
    const ref = /^[^/@\s]+\/[^@\s]+@([^@\s]+)$/.exec(step.uses)?.[1];
    if (ref === undefined || MOVING_REFS.has(ref)) {
      broken.push(where(`jobs.${job}: ${step.uses} is not pinned to a release tag or a commit`));
    }
  }
  return broken;
}
