/**
 * The check that a 404 comes from the service: once per client, `GET /organization` must answer as the service
 * does before any 404 is passed on as "not found" (a wrong base URL answers 404 to everything).
 */
import type { AsyncLocalStorage } from "node:async_hooks";
import type { z } from "zod";
import type { CallSpec } from "./call-spec";
import { DeployServiceError, ServiceMismatchError } from "./errors";
import { organizationAnswerProblem } from "./service-probe";

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => { signal.removeEventListener("abort", onAbort); resolve(value); },
      (e: unknown) => { signal.removeEventListener("abort", onAbort); reject(e); },
    );
  });
}

/** What the check needs of its client. */
export interface ServiceCheckHost {
  /** The base URL and every place it can come from, for the message asking to check it. */
  baseUrl: string;
  baseUrlPlace: string;
  /** The deadline (epoch ms) nested calls run under. */
  outerDeadline: AsyncLocalStorage<number>;
  /** `GET /organization` through the request core, without the check itself. */
  readOrganization(): Promise<unknown>;
  /** `text` without any secret the client knows. */
  redactKnown(text: string): string;
}

/** One client's check, run once and shared by concurrent calls; a failed check is repeated on a later 404. */
export class ServiceCheck {
  private verified = false;
  private running: Promise<void> | undefined;

  /** @param host what the check needs of its client. */
  constructor(private readonly host: ServiceCheckHost) {}

  /**
   * Resolves when a 404 can be trusted: the base URL has answered `GET /organization` as the service.
   * @throws ServiceMismatchError when it does not; the check's own error for 401/403 and for failures that
   *   leave it open (5xx, network, timeout, 429).
   */
  async confirm(spec: CallSpec<z.ZodType | undefined>, deadline: number): Promise<void> {
    if (this.verified) return;
    if (!this.running) {
      const running = this.host.outerDeadline.run(deadline, () => this.check());
      this.running = running.then(
        () => { this.verified = true; },
        (e: unknown) => { this.running = undefined; throw e; },
      );
      this.running.catch(() => undefined); // callers that gave up (aborted) leave no unhandled rejection
    }
    try {
      await abortable(this.running, spec.signal);
    } catch (e) {
      if (e instanceof ServiceMismatchError) {
        throw new ServiceMismatchError(
          `${spec.method} ${spec.path}: got 404, but ${e.reason}, so it is not trusted as "not found". ${this.whatToCheck()}`,
          { method: spec.method, path: spec.path, cause: e }, e.baseUrl, e.reason,
        );
      }
      throw e;
    }
  }

  private async check(): Promise<void> {
    const where = this.describeBaseUrl();
    const context = { method: "GET", path: "/organization" };
    const mismatch = (saw: string) => {
      const reason = `${where} does not answer as the deployment service (GET /organization ${saw})`;
      return new ServiceMismatchError(`${reason}. ${this.whatToCheck()}`, context, where, reason);
    };
    let data: unknown;
    try {
      data = await this.host.readOrganization();
    } catch (e) {
      if (!(e instanceof DeployServiceError)) throw e;
      if (e.code === "not_found") throw mismatch("answered 404");
      if (e.code === "invalid_response") throw mismatch("answered something that is not JSON");
      if (e.code === "bad_request" || e.code === "conflict") throw mismatch(`answered ${e.status}`);
      throw e;
    }
    const problem = organizationAnswerProblem(data);
    if (problem !== undefined) throw mismatch(problem);
  }

  private whatToCheck(): string {
    return `Check ${this.host.baseUrlPlace}: it must be the service's root, with no version prefix, e.g. https://api.example.com`;
  }

  /** The base URL for messages: scheme, host, port and path (the client refuses credentials, query and fragment). */
  private describeBaseUrl(): string {
    try {
      const url = new URL(this.host.baseUrl);
      return this.host.redactKnown(`${url.origin}${url.pathname.replace(/\/+$/, "")}`);
    } catch {
      return "the base URL";
    }
  }
}
