/**
 * Errors raised by emulator handlers. Each carries the HTTP status the server answers with;
 * the server turns it into the service's error body `{status, error, message}`.
 */
export class ApiError extends Error {
  /** HTTP status code to answer with. */
  readonly status: number;
  /** Extra response headers (e.g. `Retry-After`). */
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/** 400 naming the failing field. */
export function badRequest(field: string, problem: string): ApiError {
  return new ApiError(400, `${field}: ${problem}`);
}

/** 404 for an unknown id of the given kind. */
export function notFound(kind: string, id: string): ApiError {
  return new ApiError(404, `${kind} ${id} not found`);
}

/** 409 for a name (or key) already taken in its scope. */
export function conflict(message: string): ApiError {
  return new ApiError(409, message);
}
