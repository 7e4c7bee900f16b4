import { isAuthError, isNotFound } from "../../sdk";

/**
 * Runs a read; `undefined` when the object does not exist (404). A refused token (401/403) is rethrown as an
 * error saying so: it must never look like "not found", or a refresh would drop live objects from the state.
 */
export async function readOrGone<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (e) {
    if (isNotFound(e)) return undefined;
    if (isAuthError(e)) throw tokenRefused(e);
    throw e;
  }
}

/** Runs a delete; an object already gone counts as deleted. */
export async function ignoreGone(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (isNotFound(e)) return;
    throw e;
  }
}

/**
 * An error for a failed `action` ("creating project \"web\""): the service's message and HTTP status, no secrets
 * (the client's messages already carry no token; values sent are never quoted).
 */
export function describeFailure(e: unknown, action: string): Error {
  if (isAuthError(e)) return tokenRefused(e, action);
  const record = (e ?? {}) as { message?: unknown; status?: unknown; serviceMessage?: unknown };
  const status = typeof record.status === "number" && record.status > 0 ? ` (HTTP ${record.status})` : "";
  const detail = typeof record.message === "string" ? record.message : String(e);
  const err = new Error(`deploy-service: ${action} failed${status}: ${detail}`, { cause: e });
  return err;
}

/** An error the engine reads as "created, but not finished": it keeps `id` (and `properties`) in the state. */
export interface PartialCreateError extends Error {
  id: string;
  properties: Record<string, unknown>;
  reasons: string[];
}

/**
 * Wraps a failure that happened after the object was created (a later step of a multi-step create, or of an
 * update), so the engine records the object under `id` with `properties` instead of losing it.
 */
export function partialFailure(
  e: unknown,
  action: string,
  id: string,
  properties: Record<string, unknown>,
): PartialCreateError {
  const err = describeFailure(e, action) as PartialCreateError;
  err.id = id;
  err.properties = properties;
  err.reasons = [err.message];
  return err;
}

function tokenRefused(e: unknown, action?: string): Error {
  const record = (e ?? {}) as { status?: unknown; message?: unknown };
  const status = record.status === 403 ? 403 : 401;
  const why = status === 403 ? "its scope lacks the permission for this operation" : "it is missing, invalid or revoked";
  const where = action ? ` while ${action}` : "";
  const detail = typeof record.message === "string" ? ` [${record.message}]` : "";
  return new Error(`deploy-service: the API token was refused (${status})${where}: ${why}${detail}`, { cause: e });
}
