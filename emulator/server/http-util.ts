import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import { ApiError } from "./errors";
import { findUnsafeKey, jsonErrorPosition } from "./json-safety";

const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the whole request body (at most 1 MiB). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(413, "body: larger than 1 MiB"));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * Parses a JSON body: empty = `{}`; malformed, not an object, or holding a `__proto__` key anywhere = 400.
 * The message of a malformed body gives at most a position: the parser's own message quotes the text, which may be a secret.
 */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  const text = raw.toString("utf8");
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const at = jsonErrorPosition(e);
    throw new ApiError(400, `body: request body is not valid JSON${at === undefined ? "" : ` (error at position ${at})`}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ApiError(400, "body: expected a JSON object");
  const unsafe = findUnsafeKey(value);
  if (unsafe !== undefined) throw new ApiError(400, `${unsafe}: the key "__proto__" is not accepted`);
  return value;
}

/** Sends a text answer of the given media type (a YAML kubeconfig). */
export function sendText(res: ServerResponse, status: number, text: string, contentType: string, headers: Record<string, string | number> = {}): void {
  res.writeHead(status, { ...headers, "content-type": contentType, "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Sends a JSON answer (or no body for 204). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const data = JSON.stringify(body);
  res.writeHead(status, { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(data) });
  res.end(data);
}

/** The service's error body. */
export function errorBody(status: number, message: string): { status: number; error: string; message: string } {
  return { status, error: STATUS_CODES[status] ?? "Error", message };
}

/** Sends the error body. */
export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string | number> = {}): void {
  sendJson(res, status, errorBody(status, message), headers);
}
