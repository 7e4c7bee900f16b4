/**
 * The bounds on what one server can make the client do: how many pages one list may read and how many bytes one
 * answer may hold. A server that claims more is refused loudly; nothing is silently cut short.
 */
import type { Dispatcher } from "undici";
import { DeployServiceError, isDeployServiceError, type ErrorContext } from "./errors";
import { header } from "./retry";

/** Most pages one `list` reads (the first included) unless `maxPages` says otherwise: 5% of a 1000-request hour. */
export const DEFAULT_MAX_PAGES = 50;
/** Most bytes one answer may hold unless `maxResponseBytes` says otherwise (8 MiB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Which bound an answer went past: the client option that sets it. */
export type LimitName = "maxPages" | "maxResponseBytes";

/**
 * A server went past one of the client's bounds: a list claiming more pages than `maxPages`, or an answer larger
 * than `maxResponseBytes`. Nothing partial is returned. Not retryable: the same server answers the same way; raise
 * the option named by `limit` if the answer is genuine.
 */
export class ResponseLimitError extends DeployServiceError {
  /** The client option whose bound was passed. */
  readonly limit: LimitName;
  /** The bound in force (pages or bytes). */
  readonly max: number;
  /** @param message full text; @param context request details; @param limit the option; @param max its value. */
  constructor(message: string, context: ErrorContext, limit: LimitName, max: number) {
    super("limit_exceeded", message, context);
    this.limit = limit;
    this.max = max;
  }
}

function tooLarge(context: ErrorContext, what: string, maxBytes: number): ResponseLimitError {
  const applied = context.method === "GET" ? "" : " (the request itself may have been carried out)";
  return new ResponseLimitError(
    `${context.method} ${context.path}: the answer ${what} maxResponseBytes = ${maxBytes} bytes; it was refused and ` +
      `the connection closed${applied}. If such answers are expected, raise the client option maxResponseBytes`,
    { ...context, status: 0 }, "maxResponseBytes", maxBytes,
  );
}

/** Stops reading a body and closes its connection; undici's "aborted" error is expected, so it is swallowed. */
function drop(body: Dispatcher.ResponseData["body"]): void {
  body.on("error", () => undefined);
  body.destroy();
}

/**
 * Reads an answer's body as UTF-8 text, at most `maxBytes` of it: a `Content-Length` above the cap is refused
 * before reading, and a body that grows past it is dropped as soon as it does (the connection is closed, so the
 * server stops sending).
 * @throws ResponseLimitError naming the request, the size and the option to raise.
 */
export async function readCapped(res: Dispatcher.ResponseData, maxBytes: number, context: ErrorContext): Promise<string> {
  const declared = Number(header(res.headers as Record<string, string | string[] | undefined>, "content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    drop(res.body);
    throw tooLarge(context, `announces a Content-Length of ${declared} bytes, more than`, maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > maxBytes) {
      drop(res.body);
      throw tooLarge(context, "is larger than", maxBytes);
    }
    chunks.push(bytes);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** True for a {@link ResponseLimitError} from any loaded copy of this module. */
export function isLimitExceeded(e: unknown): boolean {
  return isDeployServiceError(e) && e.code === "limit_exceeded";
}
