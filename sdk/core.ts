/**
 * The request core every endpoint group goes through: the loop of one call (pacing, the call's deadline, the retry
 * decision of `shouldRetry`, lost-create recovery) over the exchange of `transport.ts`, the check that a 404 comes
 * from the service (`service-check.ts`), and keeping secrets out of every error (`sensitive.ts`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { channel } from "node:diagnostics_channel";
import { z } from "zod";
import type { CallResult, CallSpec, CoreConfig, Query } from "./call-spec";
import { deadlinePassed, detailOf, unconfirmedCreate } from "./call-errors";
import { BadRequestError, DeployServiceError, errorFromStatus, redact, serviceMessageOf } from "./errors";
import { readAllPages } from "./paging";
import { RateLimitNotices, type RateLimitWait, type RateLimitWaitKind } from "./pacing";
import { path as apiPath, type ApiPath } from "./path";
import { rateLimitWaitMs, shouldRetry, sleep, type RetryDecision } from "./retry";
import { check, listOf } from "./schema";
import { RememberedSecrets, sensitiveValues } from "./sensitive";
import { ServiceCheck } from "./service-check";
import { parseAnswer, send, type RawResponse } from "./transport";

export type { CallResult, CallSpec, CoreConfig, HttpMethod, Query, RetryInfo } from "./call-spec";

/**
 * Name of the `node:diagnostics_channel` channel on which every client of the process publishes each wait for the
 * rate-limit window it announces (a {@link RateLimitWait}), as `onRateLimitWait` receives it. Subscribers run in the
 * waiting call's async context (the Pulumi provider prints the line under the resource being created).
 */
export const RATE_LIMIT_WAIT_CHANNEL = "deploy-service:rate-limit-wait";
const rateLimitWaits = channel(RATE_LIMIT_WAIT_CHANNEL);

/** What one call has used so far: its deadline, attempts, retries, rate-limit waits and the last failure. */
interface CallBudget {
  /** Epoch ms; pacing and waits the service asks for push it back. */
  deadline: number;
  attempts: number;
  /** Retries counted against maxRetries (a 429 that names the window's reset is not). */
  counted: number;
  /** What the call may still wait for the window, pacing and 429s. */
  windowWaitLeft: number;
  /** A create attempt's outcome is unknown. */
  mayHaveApplied: boolean;
  last?: DeployServiceError;
}

/** Sends requests for the endpoint groups; see {@link CallSpec}. */
export class RequestCore {
  /** The deadline (epoch ms) of the call a lookup or service check runs for; nested calls never outlive it. */
  private readonly outerDeadline = new AsyncLocalStorage<number>();
  private readonly remembered = new RememberedSecrets();
  private readonly notices = new RateLimitNotices();
  private readonly serviceCheck: ServiceCheck;

  /** @param config resolved client settings. */
  constructor(private readonly config: CoreConfig) {
    this.serviceCheck = new ServiceCheck({
      baseUrl: config.baseUrl,
      baseUrlPlace: config.baseUrlPlace,
      outerDeadline: this.outerDeadline,
      readOrganization: () => this.run({ method: "GET", path: apiPath`/organization`, response: z.unknown() }, true),
      redactKnown: (text) => this.redactKnown(text),
    });
  }

  /** Base URL the client talks to (no trailing slash). */
  get baseUrl(): string {
    return this.config.baseUrl;
  }

  /** `text` without the token or any secret this client has sent (secret values, passwords, git tokens). */
  redactKnown(text: string): string {
    return redact(text, [this.config.token, ...this.remembered.all()]);
  }

  /**
   * Performs one API call; resolves to the validated body (`undefined` without a response schema).
   *
   * Retry rules: a 429 waits as asked (capped) and retries any method; a connection that certainly never
   * reached the server retries any method; 5xx, timeouts and cut connections retry GET/PUT/DELETE. For a
   * POST with `recover` (a create) they first look the object up: found, it is returned; certainly absent, the
   * POST is sent again (unless `resendAfterLoss` is false); lookup failed, UnconfirmedCreateError and nothing is
   * sent again. Other POSTs (deploy-type actions) are never resent. A 409 on a resent create is looked up too.
   *
   * The whole call, lookups included, ends within `callDeadlineMs` (429 and pacing waits excluded); a create's
   * attempt uses at most half of the time left, so the lookup that may follow has the other half.
   *
   * A 404 is passed on as NotFoundError only once the base URL has been seen to answer as the service
   * (one `GET /organization` per client, shared by concurrent calls; a failed check is repeated on a later 404).
   *
   * @throws BadRequestError (local, before sending) when the body fails `requestSchema`; the mapped
   *   DeployServiceError subclass when retries run out or do not apply; InvalidResponseError for a bad 2xx body;
   *   TimeoutError when the deadline passes; UnconfirmedCreateError; ServiceMismatchError instead of a 404 that
   *   cannot be trusted.
   */
  call<R extends z.ZodType | undefined>(spec: CallSpec<R>): Promise<CallResult<R>> {
    return this.run(spec, false);
  }

  private async run<R extends z.ZodType | undefined>(spec: CallSpec<R>, checkingService: boolean): Promise<CallResult<R>> {
    const body = this.checkedBody(spec);
    this.remembered.addSent(spec.path, body, spec.secretValue === true);
    const secrets = [this.config.token, ...this.remembered.all(), ...sensitiveValues(body), ...sensitiveValues(spec.body)];
    const isCreate = spec.method === "POST" && spec.recover !== undefined;
    const budget: CallBudget = {
      deadline: Math.min(Date.now() + this.config.callDeadlineMs, this.outerDeadline.getStore() ?? Infinity),
      attempts: 0, counted: 0, windowWaitLeft: this.config.retry.maxRateLimitWaitMs, mayHaveApplied: false,
    };
    for (let attempt = 0; ; attempt++) {
      await this.pace(spec, budget);
      const answer = await this.attempt(spec, body, this.attemptTimeout(spec, budget, isCreate), secrets);
      if (answer.ok) return answer.data as CallResult<R>;
      const error = answer.error;
      budget.last = error;
      if (error.code === "not_found" && !checkingService) await this.serviceCheck.confirm(spec, budget.deadline);
      const decision = shouldRetry(error, detailOf(error), {
        method: spec.method, isCreate, mayHaveApplied: budget.mayHaveApplied, attempt, counted: budget.counted,
        windowWaitLeftMs: budget.windowWaitLeft, policy: this.config.retry,
      });
      budget.windowWaitLeft -= decision.windowWaitMs;
      if (decision.lookUp !== undefined) {
        budget.mayHaveApplied ||= decision.lookUp === "then-resend";
        const found = await this.recoverLostCreate(spec, error, budget.deadline);
        if (found !== undefined) return found as CallResult<R>;
        if (decision.lookUp === "then-resend" && spec.resendAfterLoss === false) throw this.unconfirmed(spec, error, undefined);
      }
      await this.waitToRetry(spec, decision, error, budget, answer.raw, attempt);
    }
  }

  /** The body to send: `spec.body` through `requestSchema` when there is one. @throws BadRequestError (local). */
  private checkedBody(spec: CallSpec<z.ZodType | undefined>): unknown {
    if (!spec.requestSchema) return spec.body;
    const { method, path } = spec;
    const checked = check(spec.requestSchema, spec.body ?? {});
    if (checked.ok) return checked.data;
    const more = checked.issueCount > 1 ? ` (and ${checked.issueCount - 1} more)` : "";
    const text = this.redactKnown(redact(`request field "${checked.field}": ${checked.text}${more}`, sensitiveValues(spec.body)));
    throw new BadRequestError(`${method} ${path}: ${text}`, { method, path }, true);
  }

  /** Waits as pacing asks before an attempt (within what the call may still wait); the wait extends the deadline. */
  private async pace(spec: CallSpec<z.ZodType | undefined>, budget: CallBudget): Promise<void> {
    const window = this.config.pacer.window(Date.now());
    const pacing = Math.min(this.config.pacer.delayBeforeNext(Date.now()), budget.windowWaitLeft);
    if (pacing <= 0) return;
    if (window !== undefined && pacing >= this.noticeMs()) {
      this.announceWait("paced", { ...window, method: spec.method, path: spec.path }, Date.now() + window.untilResetMs);
    }
    budget.windowWaitLeft -= pacing;
    await sleep(pacing, spec.signal);
    budget.deadline += pacing;
  }

  /**
   * The next attempt's timeout: what is left of the deadline, at most `timeoutMs`; a create keeps half of what is
   * left for the lookup that must follow if its answer is lost. @throws TimeoutError when the deadline has passed.
   */
  private attemptTimeout(spec: CallSpec<z.ZodType | undefined>, budget: CallBudget, isCreate: boolean): number {
    const remaining = budget.deadline - Date.now();
    if (remaining <= 0) throw deadlinePassed(spec, this.config.callDeadlineMs, budget.attempts, budget.last);
    budget.attempts++;
    return Math.min(this.config.timeoutMs, isCreate ? Math.ceil(remaining / 2) : remaining);
  }

  /** One attempt: the parsed 2xx body, or the error it ended in (with the answer, when there was one). */
  private async attempt(
    spec: CallSpec<z.ZodType | undefined>, body: unknown, timeoutMs: number, secrets: string[],
  ): Promise<{ ok: true; data: unknown } | { ok: false; error: DeployServiceError; raw?: RawResponse }> {
    let raw: RawResponse;
    try {
      raw = await send(this.config, spec, body, timeoutMs, secrets);
    } catch (e) {
      if (!(e instanceof DeployServiceError)) throw e;
      return { ok: false, error: e };
    }
    this.config.pacer.observe(raw.headers);
    if (raw.status >= 200 && raw.status < 300) {
      return { ok: true, data: parseAnswer(spec, raw, secrets, (values) => this.remembered.add(values)) };
    }
    const retryAfterMs = raw.status === 429 ? rateLimitWaitMs(raw.headers, Date.now()) : undefined;
    const serviceMessage = serviceMessageOf(raw.text, secrets);
    const error = errorFromStatus({
      status: raw.status, method: spec.method, path: spec.path,
      ...(serviceMessage !== undefined ? { serviceMessage } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
    return { ok: false, error, raw };
  }

  /**
   * Waits for the retry `decision` names, telling `onRetry` (and announcing a long wait for the window).
   * @throws the attempt's `error` when there is no retry; TimeoutError when the wait would pass the deadline.
   */
  private async waitToRetry(
    spec: CallSpec<z.ZodType | undefined>, decision: RetryDecision, error: DeployServiceError, budget: CallBudget,
    raw: RawResponse | undefined, attempt: number,
  ): Promise<void> {
    const { method, path } = spec;
    const { delayMs, askedByService, resetInMs } = decision;
    if (delayMs === undefined) throw error;
    if (resetInMs !== undefined && delayMs >= this.noticeMs()) {
      this.announceWait("rate-limited", { untilResetMs: resetInMs, remaining: 0, ...this.limitOf(raw), method, path }, Date.now() + resetInMs);
    }
    if (!askedByService && Date.now() + delayMs >= budget.deadline) {
      throw deadlinePassed(spec, this.config.callDeadlineMs, budget.attempts, error);
    }
    if (decision.countsAsRetry) budget.counted++;
    this.config.onRetry?.({ method, path, attempt: attempt + 1, delayMs, reason: decision.reason });
    await sleep(delayMs, spec.signal);
    if (askedByService) budget.deadline += delayMs;
  }

  /** Shortest wait for the window that is announced. */
  private noticeMs(): number {
    return this.config.rateLimitNoticeMs ?? 5_000;
  }

  /** `X-RateLimit-Limit` of an answer, when it carries a usable one. */
  private limitOf(raw: RawResponse | undefined): { limit?: number } {
    const limit = Number(raw?.headers["x-ratelimit-limit"]);
    return Number.isFinite(limit) && limit > 0 ? { limit } : {};
  }

  /** Tells `onRateLimitWait` and the channel about a wait for the window, unless it is one already told. */
  private announceWait(kind: RateLimitWaitKind, wait: Omit<RateLimitWait, "kind">, endMs: number): void {
    if (!this.notices.announce(kind, endMs, Date.now())) return;
    const told: RateLimitWait = { kind, ...wait };
    try {
      this.config.onRateLimitWait?.(told);
      if (rateLimitWaits.hasSubscribers) rateLimitWaits.publish(told);
    } catch {
      // A listener's failure never fails the call.
    }
  }

  /**
   * GETs a list endpoint and returns its `results`. When the answer carries a `pagination` object with
   * more pages, the following pages are fetched too (`page`, same `page_size`), so lookups by name see everything.
   * At most `maxPages` pages are read: a list claiming more fails (at once when its first page claims more) rather
   * than being returned cut short.
   * @throws ResponseLimitError (`limit: "maxPages"`) naming the path, the page reached and the pages claimed.
   */
  async list<T extends z.ZodType>(path: ApiPath, item: T, query: Query = {}): Promise<Array<z.output<T>>> {
    const schema = listOf(item);
    return readAllPages(path, this.config.maxPages, (next) =>
      this.call({ method: "GET", path, query: next ? { ...query, ...next } : query, response: schema }));
  }

  /**
   * Looks a create whose answer was lost up by its natural key, within the call's deadline: the object when found,
   * `undefined` when it certainly does not exist. @throws UnconfirmedCreateError when the lookup fails (cannot tell).
   */
  private async recoverLostCreate(spec: CallSpec<z.ZodType | undefined>, lost: DeployServiceError, deadline: number): Promise<unknown> {
    try {
      return await this.outerDeadline.run(deadline, () => spec.recover?.());
    } catch (e) {
      if (spec.signal?.aborted) throw e;
      throw this.unconfirmed(spec, lost, e);
    }
  }

  private unconfirmed(spec: CallSpec<z.ZodType | undefined>, lost: DeployServiceError, lookupError: unknown): DeployServiceError {
    return unconfirmedCreate(spec, lost, lookupError, (text) => this.redactKnown(text));
  }
}
