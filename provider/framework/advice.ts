/**
 * What a user does next about an error the provider raises: one sentence per kind of failure, chosen from the
 * sdk error the failure comes from (its `code`, found through `cause`), the operation the engine asked for and
 * where this process reads its credentials. Advice names configuration keys and environment variables, never
 * their values.
 */
import { isDeployServiceError, ENV_API_TOKEN, ENV_API_URL } from "../../sdk";
import { activeCredentialsSet, API_TOKEN_KEY, API_URL_KEY, TOKEN_SCHEME_KEY } from "./credentials";

/** The provider operation an error left: what the engine called. */
export type Operation = "check" | "diff" | "create" | "read" | "update" | "delete";

/** What {@link adviceFor} knows besides the error. */
export interface AdviceContext {
  /** The resource kind (`Application`), for kind-specific input names (`deployTimeoutSeconds`, `timeoutSeconds`). */
  kind: string;
  /** The operation that failed. */
  operation: Operation;
  /**
   * True when the error came from reading the provider's own settings (base URL, token, token scheme) rather than
   * from the service: building a client with the same settings fails with the same message.
   */
  settingsError: boolean;
}

/** How far down a chain of `cause`s to look for the sdk's error. */
const CAUSE_DEPTH = 8;

/**
 * The sdk error a failure comes from: the error itself or the first of its `cause`s the sdk threw
 * (`describeFailure` and the deploy waits wrap the sdk's errors in their own).
 */
export function serviceErrorOf(e: unknown): { code: string; retryAfterMs?: number } | undefined {
  let current: unknown = e;
  for (let depth = 0; depth < CAUSE_DEPTH && current !== null && typeof current === "object"; depth++) {
    if (isDeployServiceError(current)) return current as unknown as { code: string; retryAfterMs?: number };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The advice an error carries itself (its `advice`, or the first a `cause` carries: a part's failure wraps the
 * error that knows what to do), or undefined.
 */
export function ownAdviceOf(e: unknown): string | undefined {
  let current: unknown = e;
  for (let depth = 0; depth < CAUSE_DEPTH && current !== null && typeof current === "object"; depth++) {
    const advice = (current as { advice?: unknown }).advice;
    if (typeof advice === "string") return advice;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Where this process reads its settings, in words users can act on: `token` completes "Set a valid token ...",
 * `url` and `scheme` name the setting.
 */
function places(): { token: string; url: string; scheme: string } {
  const set = activeCredentialsSet();
  if (set !== undefined) {
    return {
      token: `in environment variable ${set.tokenEnv} (the token of credentials "${set.name}")`,
      url: `the apiUrl of credentials "${set.name}" (or ${ENV_API_URL})`,
      scheme: `the tokenScheme of credentials "${set.name}"`,
    };
  }
  return {
    token: `with \`pulumi config set --secret ${API_TOKEN_KEY} <token>\` (or ${ENV_API_TOKEN})`,
    url: `the stack's base URL (\`pulumi config set ${API_URL_KEY} <url>\`, or ${ENV_API_URL})`,
    scheme: `\`${TOKEN_SCHEME_KEY}\``,
  };
}

/** Advice when the provider's own settings are missing or wrong (no request was made). */
function settingsAdvice(message: string, rerun: string): string {
  const set = activeCredentialsSet();
  const where = places();
  if (/tokenScheme|TOKEN_SCHEME/.test(message)) {
    return set !== undefined
      ? `Give credentials "${set.name}" tokenScheme "Token" (API tokens) or "Bearer" (JWTs), then run ${rerun} again.`
      : `Run \`pulumi config set ${TOKEN_SCHEME_KEY} Token\` (API tokens) or \`Bearer\` (JWTs), then run ${rerun} again.`;
  }
  if (/\bmissing\b/.test(message)) {
    return set !== undefined
      ? `Export ${set.tokenEnv} (and ${ENV_API_URL} when the credentials have no apiUrl) where pulumi runs, then run ${rerun} ` +
          `again; refresh and destroy read it too.`
      : `Run \`pulumi config set ${API_URL_KEY} <url>\` and \`pulumi config set --secret ${API_TOKEN_KEY} <token>\` (or export ` +
          `${ENV_API_URL} and ${ENV_API_TOKEN} where pulumi runs), then run ${rerun} again; refresh and destroy read them too.`;
  }
  if (/base URL/.test(message)) return `Set ${where.url} to the service's root (e.g. https://api.example.com), then run ${rerun} again.`;
  if (/API token/.test(message)) return `Set the token alone ${where.token}, then run ${rerun} again.`;
  return `Correct the setting the message names, then run ${rerun} again.`;
}

/** `deployTimeoutSeconds` for the service kinds, `timeoutSeconds` for an environment deployment. */
function timeoutInput(kind: string): string {
  return kind === "EnvironmentDeployment" ? "timeoutSeconds" : "deployTimeoutSeconds";
}

/** The command that runs `operation` again. */
function again(operation: Operation): string {
  if (operation === "read") return "`pulumi refresh`";
  if (operation === "delete") return "`pulumi destroy` (or `pulumi up`)";
  if (operation === "check" || operation === "diff") return "`pulumi preview`";
  return "`pulumi up`";
}

/** Whether a 409's message says the name or key is taken (rather than an operation still running). */
function nameTaken(message: string, operation: Operation): boolean {
  return operation === "create" || /\b(already|taken|exists?|in use|duplicate|unique)\b/i.test(message);
}

/**
 * The sentence telling the user what to do next about `e`, ending the message the engine prints. It names the
 * configuration keys or environment variables involved (never their values) and the command to run again.
 *
 * @param e the error leaving the provider.
 * @param message its text as it left the provider (the 409, timeout, URL and settings cases read it).
 * @param ctx the kind, the operation, and whether the provider's own settings failed.
 */
export function adviceFor(e: unknown, message: string, ctx: AdviceContext): string {
  const rerun = again(ctx.operation);
  // An error that knows its own next step (the name conflict's two ways to adopt, a variable key's owner) says it.
  const own = ownAdviceOf(e);
  if (own !== undefined) return own;
  if (ctx.settingsError) return settingsAdvice(message, rerun);
  const where = places();
  const service = serviceErrorOf(e);
  switch (service?.code) {
    case "unauthorized":
      return `Set a valid, unrevoked token ${where.token}; a JWT also needs ${where.scheme} set to Bearer. Then run ${rerun} again.`;
    case "forbidden":
      return `Use a token whose scope allows this operation (a read-only token can preview and refresh, not create, update or ` +
        `delete), or have an organization admin widen its scope; then run ${rerun} again.`;
    case "conflict":
      return nameTaken(message, ctx.operation)
        ? `The name is taken in its parent: choose another name in the program, or delete or rename the object holding it ` +
            `(if it is a leftover of this stack, run \`pulumi refresh\` first); then run ${rerun} again.`
        : `Another operation on this object is still running (a deployment, a delete): wait until it ends, then run ${rerun} again.`;
    case "rate_limited": {
      const wait = service.retryAfterMs !== undefined && service.retryAfterMs >= 1000 ? ` (the service asked for ${Math.ceil(service.retryAfterMs / 1000)} s)` : "";
      return `The token's request budget is used up${wait}: wait for it to refill and run ${rerun} again, or send fewer ` +
        `requests at once (\`pulumi up --parallel 2\`; a token of its own for CI keeps budgets apart).`;
    }
    case "deployment_failed":
      return `The object is kept in the state and its deployment is retried next time: read the log lines above (or the ` +
        `deployment's logs in the service), fix the build or start-up error, then run \`pulumi up\` again.`;
    case "wait_timeout": {
      if (ctx.operation === "delete") return `The delete may still be running: once the service no longer lists the object, run ${rerun} again.`;
      const input = timeoutInput(ctx.kind);
      // The wait's own message may already say to raise the limit; say it once.
      const raise = message.includes(`raise ${input}`) ? "" : `, or raise ${input} if it needs longer`;
      return `The deployment may still be running: look at its state in the service, then run \`pulumi up\` again${raise}.`;
    }
    case "timeout":
      return `The service did not answer in time: check that ${where.url} is reachable from here and the service is up, then ` +
        `run ${rerun} again (a create that lost its answer is looked up first, so no second object is made).`;
    case "connection":
      return `The service could not be reached: check the scheme, host and port of ${where.url} and the network or proxy ` +
        `between here and the service, then run ${rerun} again.`;
    case "not_the_service":
      // The client's own message already says which setting to check and what it must be.
      return /must be the service's root/.test(message)
        ? `Once it points there, run ${rerun} again; nothing was removed from the state.`
        : `Point ${where.url} at the service's API root (e.g. https://api.example.com), then run ${rerun} again; ` +
            `nothing was removed from the state.`;
    case "unconfirmed_create":
      return `Look in the service for the object: if it exists, delete it (or give this resource another name) so that no ` +
        `second one is made, then run \`pulumi up\` again.`;
    case "server_error":
      return `The service failed even after retries: run ${rerun} again later; if it keeps failing, report it with the ` +
        `request path above.`;
    case "bad_request":
      return `The service refused a value: correct the input the message names, then run ${rerun} again.`;
    case "invalid_response":
      return `Check that ${where.url} points at the service's API (not a proxy's or a login page); if it does, report ` +
        `the request path above.`;
    case "not_found":
      return `The object is gone from the service: run \`pulumi refresh\` to drop it from the state, then \`pulumi up\` to ` +
        `create it again.`;
    default:
      break;
  }
  if (typeof (e as { id?: unknown } | null)?.id === "string") {
    return `The object exists and is kept in the state: fix the cause above, then run \`pulumi up\` again to finish it.`;
  }
  return `Fix the cause above, then run ${rerun} again.`;
}
