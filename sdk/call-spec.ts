/** What the request core is configured with and what one call describes (see `RequestCore` in `core.ts`). */
import type { Dispatcher } from "undici";
import type { z } from "zod";
import type { Pacer, RateLimitWait } from "./pacing";
import type { ApiPath } from "./path";
import type { RetryPolicy } from "./retry";

/** HTTP methods the service uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** What the `onRetry` hook is told before each retry. */
export interface RetryInfo {
  /** HTTP method of the request being retried. */
  method: string;
  /** Path of the request being retried (no query). */
  path: string;
  /** Number of the coming attempt (1 for the first retry). */
  attempt: number;
  /** Milliseconds the client waits before that attempt. */
  delayMs: number;
  /** Why: e.g. `429 rate limited`, `503 server error`, `connection: ...`, `timeout: ...` (never a secret). */
  reason: string;
}

/** Settings of the request core, resolved from the client options. */
export interface CoreConfig {
  /** Base URL without trailing slash. */
  baseUrl: string;
  /** The base URL named with every place it can come from, for messages asking to check it. */
  baseUrlPlace: string;
  /** API token (kept out of every message). */
  token: string;
  /** `Authorization` scheme. */
  tokenScheme: "Token" | "Bearer";
  /** Per-attempt timeout in milliseconds. */
  timeoutMs: number;
  /**
   * Longest time one call may take in milliseconds: attempts, backoff and lookups included; rate-limit waits
   * (the wait a 429 asks for, pacing) excluded, since `maxRateLimitWaitMs` caps each of them.
   */
  callDeadlineMs: number;
  /** Retry timing and limits. */
  retry: RetryPolicy;
  /** undici dispatcher; undici's global one when absent. */
  dispatcher?: Dispatcher;
  /** Rate-limit pacing state. */
  pacer: Pacer;
  /** Hook called before each retry. */
  onRetry?: (info: RetryInfo) => void;
  /** Hook called once per wait for the rate-limit window (see `RATE_LIMIT_WAIT_CHANNEL`). */
  onRateLimitWait?: (wait: RateLimitWait) => void;
  /** Shortest wait for the window that is announced, in milliseconds (shorter pacing delays are not). Default 5000. */
  rateLimitNoticeMs?: number;
  /** `User-Agent` header value. */
  userAgent: string;
  /** Most pages one `RequestCore.list` reads, the first included. */
  maxPages: number;
  /** Most bytes one answer's body may hold. */
  maxResponseBytes: number;
}

/** Query parameters; `undefined` and `null` values are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** Description of one API call. */
export interface CallSpec<R extends z.ZodType | undefined> {
  /** HTTP method; GET, PUT and DELETE are retried as idempotent, POST only under the rules of `RequestCore.call`. */
  method: HttpMethod;
  /** Path built with the `path` tag. */
  path: ApiPath;
  /** Query parameters. */
  query?: Query;
  /** JSON body; validated with `requestSchema` first when one is given (its output is what is sent). */
  body?: unknown;
  /** Schema the body must satisfy before anything is sent. */
  requestSchema?: z.ZodType;
  /** Schema of a 2xx body; absent when the answer has no body (204). */
  response?: R;
  /**
   * True when the service may answer without a body although `response` describes one (an action documented
   * without a body that some versions answer with a status): an empty 2xx body then resolves to `undefined`.
   */
  bodyOptional?: boolean;
  /**
   * For creates: looks the object up by its natural key after an answer was lost. Returns it when it
   * exists, `undefined` when it certainly does not; throws when it cannot tell.
   */
  recover?: () => Promise<unknown>;
  /**
   * False for families without a unique natural key (webhooks): after a lost answer the object is looked up,
   * but when the lookup does not find it the POST is not sent again (UnconfirmedCreateError). Default true.
   */
  resendAfterLoss?: boolean;
  /** What a create makes, for messages, e.g. `project "shop"`; never a secret value. */
  what?: string;
  /** Cancels waiting and the request in flight. */
  signal?: AbortSignal;
  /**
   * True when the body's `value` is a secret's although nothing in the path or body says so (an edit or override
   * through `/variable/{id}`): the client then keeps it out of every later message too.
   */
  secretValue?: boolean;
  /**
   * True when the answer is text (a YAML kubeconfig), not JSON: the 2xx body is checked with `response` as the raw
   * string, and `Accept` asks for YAML or text.
   */
  textResponse?: boolean;
  /**
   * The secrets a 2xx answer holds (a created API token's value, a kubeconfig and the credentials in it): the client
   * keeps them out of every later message, as it does for the secrets it sends.
   */
  secretsInResponse?: (data: R extends z.ZodType ? z.output<R> : undefined) => ReadonlyArray<string | null | undefined>;
}

/** What a call resolves to: the validated body, or `undefined` without a response schema. */
export type CallResult<R> = R extends z.ZodType ? z.output<R> : undefined;
