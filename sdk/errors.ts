/**
 * One error hierarchy for everything the client reports, built in one place ({@link errorFromStatus}).
 *
 * Errors are told apart by their `code` (or the predicates below), never by `instanceof` alone:
 * a Pulumi provider host may load two copies of this module, and a class from one copy is not
 * the class of the other. Every error carries a brand registered with `Symbol.for`, which is
 * shared across copies.
 */
import { redact } from "./redact";
import type { ServiceKindName } from "./service-kinds";

export { redact, secretForms } from "./redact";

/** The brand every {@link DeployServiceError} carries, shared by all loaded copies of this module. */
export const DEPLOY_SERVICE_ERROR_BRAND: unique symbol = Symbol.for("pulumi-deploy-service.sdk.error");

/** Machine-readable kind of a {@link DeployServiceError}. */
export type ErrorCode =
  | "not_found"
  | "rate_limited"
  | "unauthorized"
  | "forbidden"
  | "conflict"
  | "bad_request"
  | "server_error"
  | "timeout"
  | "connection"
  | "invalid_response"
  | "deployment_failed"
  | "wait_timeout"
  | "not_the_service"
  | "unconfirmed_create"
  | "limit_exceeded";

const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  "not_found", "rate_limited", "unauthorized", "forbidden", "conflict", "bad_request", "server_error",
  "timeout", "connection", "invalid_response", "deployment_failed", "wait_timeout", "not_the_service", "unconfirmed_create",
  "limit_exceeded",
]);

/** What every error knows about the request that failed. */
export interface ErrorContext {
  /** HTTP method of the failed request (`"GET"`, `"POST"`, ...); empty for errors outside a request. */
  method: string;
  /** Request path, ids included, query excluded (e.g. `/project/3f1c...`). */
  path: string;
  /** HTTP status; 0 when no response was received (network, timeout, waits). */
  status?: number;
  /** The service's own explanation (its `message` field), secrets removed. */
  serviceMessage?: string;
  /** Underlying error (network error, validation issue); never holds request headers. */
  cause?: unknown;
}

/**
 * Base class of every error the client throws.
 *
 * `message` reads `METHOD /path: <what happened>`; it never contains the API token or any
 * other secret the client knows about.
 */
export class DeployServiceError extends Error {
  /** HTTP status, 0 for network errors, timeouts and waits. */
  readonly status: number;
  /** Machine-readable kind; see {@link ErrorCode}. */
  readonly code: ErrorCode;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Path of the failed request (no query string). */
  readonly path: string;
  /** The service's message from the error body, when it sent one. */
  readonly serviceMessage?: string;

  /** @param code kind of error; @param message full text; @param context request details. */
  constructor(code: ErrorCode, message: string, context: ErrorContext) {
    super(message, context.cause === undefined ? undefined : { cause: context.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = context.status ?? 0;
    this.method = context.method;
    this.path = context.path;
    if (context.serviceMessage !== undefined) this.serviceMessage = context.serviceMessage;
    Object.defineProperty(this, DEPLOY_SERVICE_ERROR_BRAND, { value: true, enumerable: false });
  }
}

/** 400 (or 422) from the service, or a request rejected locally before sending (then `status` is 400 too). */
export class BadRequestError extends DeployServiceError {
  /**
   * @param message full text; @param context request details
   * @param local True when the client rejected the request itself and made no HTTP call.
   */
  constructor(message: string, context: ErrorContext, readonly local = false) {
    super("bad_request", message, { ...context, status: context.status ?? 400 });
  }
}
/** 401: the token is missing, invalid or revoked. */
export class AuthenticationError extends DeployServiceError {
  /** @param message full text; @param context request details. */
  constructor(message: string, context: ErrorContext) { super("unauthorized", message, context); }
}
/** 403: the token's scope lacks the permission. Never treated as "not found". */
export class PermissionDeniedError extends DeployServiceError {
  /** @param message full text; @param context request details. */
  constructor(message: string, context: ErrorContext) { super("forbidden", message, context); }
}
/** 404: the object does not exist (callers decide whether that is fine, e.g. on delete). */
export class NotFoundError extends DeployServiceError {
  /** @param message full text; @param context request details. */
  constructor(message: string, context: ErrorContext) { super("not_found", message, context); }
}
/** 409: the name is taken or an operation is already running. */
export class ConflictError extends DeployServiceError {
  /** @param message full text; @param context request details. */
  constructor(message: string, context: ErrorContext) { super("conflict", message, context); }
}
/** 429: rate limited, and the retries (or the wait cap) ran out. */
export class RateLimitError extends DeployServiceError {
  /** How long the service asked to wait, in milliseconds, when it said so. */
  readonly retryAfterMs?: number;
  /** @param message full text; @param context request details; @param retryAfterMs wait asked for. */
  constructor(message: string, context: ErrorContext, retryAfterMs?: number) {
    super("rate_limited", message, context);
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}
/** 5xx from the service, after retries where they were allowed. */
export class ServerError extends DeployServiceError {
  /** @param message full text; @param context request details. */
  constructor(message: string, context: ErrorContext) { super("server_error", message, context); }
}
/** The connection failed or was cut before an answer arrived. */
export class ConnectionError extends DeployServiceError {
  /**
   * @param message full text; @param context request details
   * @param beforeSend True when the request certainly did not reach the server (connection refused, DNS failure).
   */
  constructor(message: string, context: ErrorContext, readonly beforeSend: boolean) {
    super("connection", message, context);
  }
}
/**
 * No answer within the request timeout (`timeoutMs`), or the call's total deadline (`callDeadlineMs`) passed;
 * `timeoutMs` says which limit elapsed.
 */
export class TimeoutError extends DeployServiceError {
  /** @param message full text; @param context request details; @param timeoutMs The timeout that elapsed, in milliseconds. */
  constructor(message: string, context: ErrorContext, readonly timeoutMs: number) {
    super("timeout", message, context);
  }
}
/** A 2xx answer whose body is not JSON or does not have the documented shape. */
export class InvalidResponseError extends DeployServiceError {
  /** @param message full text; @param context request details; @param field Dotted path of the offending field (`""` for the whole body). */
  constructor(message: string, context: ErrorContext, readonly field: string) {
    super("invalid_response", message, context);
  }
}

/** The service a failed deployment names. */
export interface FailedService {
  /** Its kind. */
  kind: ServiceKindName;
  /** Its id. */
  id: string;
  /** Its name, when the wait could read it. */
  name?: string;
}

/** The deployment stage a failed environment deployment names. */
export interface FailedStage {
  /** Its position, from 1 (`stage 2/3`). */
  index: number;
  /** How many stages the environment has. */
  count: number;
  /** Its name. */
  name: string;
  /** Its id, when the service reported one. */
  id?: string;
}

/** Where a deployment failed: the stage (environment deployments) and the service. */
export interface FailureLocation {
  /** The stage of the failed service (environment deployments only). */
  stage?: FailedStage;
  /** The failed service. */
  service?: FailedService;
}

/** A followed deployment (or stop) ended in a failure state (`*_ERROR`, `ERROR`, `CANCELED`). */
export class DeploymentFailedError extends DeployServiceError {
  /** The state the service reported last, e.g. `BUILD_ERROR`. */
  readonly finalState: string;
  /** The full status record last read. */
  readonly lastStatus: unknown;
  /**
   * The last log lines of the failed service (empty for kinds without a log endpoint: databases, jobs; or when logs
   * could not be read); secrets replaced by `***`.
   */
  readonly logLines: string[];
  /** The stage of the failed service, for an environment deployment. */
  readonly stage?: FailedStage;
  /** The failed service, when the wait followed a service (or an environment's services). */
  readonly service?: FailedService;
  /**
   * @param message full text; @param context what was followed; @param finalState last state; @param lastStatus last
   * record; @param logLines last log lines; @param where the stage and service that failed, when known.
   */
  constructor(message: string, context: ErrorContext, finalState: string, lastStatus: unknown, logLines: string[], where: FailureLocation = {}) {
    super("deployment_failed", message, context);
    this.finalState = finalState;
    this.lastStatus = lastStatus;
    this.logLines = logLines;
    if (where.stage !== undefined) this.stage = where.stage;
    if (where.service !== undefined) this.service = where.service;
  }
}
/** A wait ran out of time; the deployment may still be running. Never a success. */
export class WaitTimeoutError extends DeployServiceError {
  /** The state last read, when any read succeeded. */
  readonly lastState?: string;
  /** The full record last read, when any. */
  readonly lastStatus?: unknown;
  /** The timeout that elapsed, in milliseconds. */
  readonly timeoutMs: number;
  /** The progress last reported (an environment deployment's `EnvironmentDeploymentProgress`), when the wait reports one. */
  readonly lastProgress?: unknown;
  /**
   * @param message full text; @param context what was followed; @param timeoutMs the limit; @param lastState last
   * state; @param lastStatus last record; @param lastProgress last progress reported.
   */
  constructor(message: string, context: ErrorContext, timeoutMs: number, lastState?: string, lastStatus?: unknown, lastProgress?: unknown) {
    super("wait_timeout", message, context);
    this.timeoutMs = timeoutMs;
    if (lastState !== undefined) this.lastState = lastState;
    if (lastStatus !== undefined) this.lastStatus = lastStatus;
    if (lastProgress !== undefined) this.lastProgress = lastProgress;
  }
}

/**
 * A request got 404, but the base URL does not answer as the service (its `GET /organization` is missing, not
 * JSON, or not the service's shape), so the 404 proves nothing: the object is *not* reported as gone.
 * `isNotFound` is false for it and `status` is 0, so nothing drops a live object from its records.
 */
export class ServiceMismatchError extends DeployServiceError {
  /**
   * @param message full text; @param context request details
   * @param baseUrl The base URL that failed the check (scheme, host, port and path; never a token).
   * @param reason What the check saw, e.g. `GET /organization answered 404`.
   */
  constructor(message: string, context: ErrorContext, readonly baseUrl: string, readonly reason: string) {
    super("not_the_service", message, { ...context, status: 0 });
  }
}

/**
 * A create's answer was lost and the client could not confirm whether the object was made (the lookup failed,
 * or the family has no unique key to look it up by). Nothing was sent again; check the service before retrying.
 * Not retryable: resending could make a second object.
 */
export class UnconfirmedCreateError extends DeployServiceError {
  /**
   * @param message full text; @param context request details (`cause`: the error that lost the answer)
   * @param what What was being created, e.g. `project "shop"`.
   */
  constructor(message: string, context: ErrorContext, readonly what: string) {
    super("unconfirmed_create", message, context);
  }
}

/** Input of {@link errorFromStatus}. */
export interface StatusErrorInput extends ErrorContext {
  /** The HTTP status of the answer. */
  status: number;
  /** Wait asked for by a 429 (`Retry-After` / `X-RateLimit-Reset`), in milliseconds. */
  retryAfterMs?: number;
}

/**
 * The one factory mapping an HTTP error status to its error class.
 *
 * @returns NotFoundError (404), RateLimitError (429), AuthenticationError (401), PermissionDeniedError (403),
 *   ConflictError (409), ServerError (5xx), BadRequestError (any other 4xx).
 */
export function errorFromStatus(input: StatusErrorInput): DeployServiceError {
  const { status } = input;
  const detail = input.serviceMessage ? `: ${input.serviceMessage}` : "";
  const message = `${input.method} ${input.path}: ${status} ${statusText(status)}${detail}`;
  if (status === 404) return new NotFoundError(message, input);
  if (status === 429) return new RateLimitError(message, input, input.retryAfterMs);
  if (status === 401) return new AuthenticationError(message, input);
  if (status === 403) return new PermissionDeniedError(message, input);
  if (status === 409) return new ConflictError(message, input);
  if (status >= 500) return new ServerError(message, input);
  return new BadRequestError(message, input);
}

/**
 * Extracts the service's message from an error body (`{status, error, message}`), falling back to a
 * short excerpt of a non-JSON body; secrets are removed.
 */
export function serviceMessageOf(bodyText: string, secrets: ReadonlyArray<string | undefined>): string | undefined {
  const text = bodyText.trim();
  if (!text) return undefined;
  let message: string | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") {
      const record = parsed as Record<string, unknown>;
      const candidate = record["message"] ?? record["error"] ?? record["detail"];
      if (typeof candidate === "string") message = candidate;
    }
  } catch {
    // Redacted before it is cut, so the cut cannot leave the start of a secret behind.
    const clean = redact(text, secrets);
    return clean.length > 200 ? `${clean.slice(0, 200)}...` : clean;
  }
  return message === undefined ? undefined : redact(message, secrets);
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
    409: "Conflict", 422: "Unprocessable Entity", 429: "Too Many Requests", 500: "Internal Server Error",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
  };
  return texts[status] ?? "Error";
}

function codeOf(e: unknown): ErrorCode | undefined {
  if (typeof e !== "object" || e === null) return undefined;
  const record = e as Record<string | symbol, unknown>;
  const code = record["code"];
  if (typeof code !== "string" || !ERROR_CODES.has(code)) return undefined;
  // A foreign error with a matching `code` string (e.g. Node's) must also carry our brand or a numeric status.
  if (record[DEPLOY_SERVICE_ERROR_BRAND] === true || typeof record["status"] === "number") return code as ErrorCode;
  return undefined;
}

/** True for any error thrown by this client, from any loaded copy of the module. */
export function isDeployServiceError(e: unknown): e is DeployServiceError {
  return codeOf(e) !== undefined;
}
/** True when the object does not exist (404). Works across loaded copies of the module. */
export function isNotFound(e: unknown): boolean {
  return codeOf(e) === "not_found";
}
/** True for a 429 that outlasted the retries. */
export function isRateLimited(e: unknown): boolean {
  return codeOf(e) === "rate_limited";
}
/** True for errors worth trying again later: 429, 5xx, connection errors and timeouts. */
export function isRetryable(e: unknown): boolean {
  const code = codeOf(e);
  return code === "rate_limited" || code === "server_error" || code === "connection" || code === "timeout";
}
/** True for 401 (bad token) and 403 (scope lacks permission). */
export function isAuthError(e: unknown): boolean {
  const code = codeOf(e);
  return code === "unauthorized" || code === "forbidden";
}
/** True when a 404 could not be trusted because the base URL does not answer as the service. */
export function isServiceMismatch(e: unknown): boolean {
  return codeOf(e) === "not_the_service";
}
/** True when a create's answer was lost and the client could not confirm whether the object was made. */
export function isUnconfirmedCreate(e: unknown): boolean {
  return codeOf(e) === "unconfirmed_create";
}
/** True for 409 (name taken, operation already running). */
export function isConflict(e: unknown): boolean {
  return codeOf(e) === "conflict";
}
