/** The errors the request core makes itself: a call's deadline passed, and a create it could not confirm. */
import type { z } from "zod";
import type { CallSpec } from "./call-spec";
import { DeployServiceError, TimeoutError, UnconfirmedCreateError } from "./errors";

/** The text of an error message after its `METHOD /path: ` prefix. */
export function detailOf(error: DeployServiceError): string {
  const prefix = `${error.method} ${error.path}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/**
 * A create whose answer was `lost` and which could not be confirmed: the lookup failed (`lookupError`, its text passed
 * through `redactKnown`), or, `lookupError` undefined, the family has no unique key to prove it was not made.
 */
export function unconfirmedCreate(
  spec: CallSpec<z.ZodType | undefined>, lost: DeployServiceError, lookupError: unknown, redactKnown: (text: string) => string,
): UnconfirmedCreateError {
  const { method, path } = spec;
  const what = spec.what ?? "the object";
  let why: string;
  if (lookupError === undefined) {
    why = "the lookup did not single out one new match; this kind has no unique key to prove it was not made, so it is not sent again";
  } else {
    const text = lookupError instanceof DeployServiceError ? lookupError.message
      : lookupError instanceof Error ? lookupError.message : String(lookupError);
    why = `looking it up failed (${redactKnown(text)})`;
  }
  return new UnconfirmedCreateError(
    `${method} ${path}: could not confirm whether ${what} was created: the answer was lost (${detailOf(lost)}) and ${why}. ` +
      `Nothing was sent again; check whether ${what} exists (GET ${path}) before trying again`,
    { method, path, status: lost.status, cause: lost }, what,
  );
}

/** The call's deadline of `deadlineMs` passed after `attempts` attempts, the `last` of which failed so. */
export function deadlinePassed(
  spec: CallSpec<z.ZodType | undefined>, deadlineMs: number, attempts: number, last: DeployServiceError | undefined,
): TimeoutError {
  const { method, path } = spec;
  const after = `${attempts} attempt${attempts === 1 ? "" : "s"}`;
  const lastText = last ? `; last: ${detailOf(last)}` : "";
  return new TimeoutError(
    `${method} ${path}: the call's deadline of ${deadlineMs} ms passed after ${after}${lastText}`,
    { method, path, ...(last ? { cause: last } : {}) }, deadlineMs,
  );
}
