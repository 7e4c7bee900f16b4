import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";

/** One request as a test server received it. */
export interface Seen {
  method: string;
  /** Path and query as sent. */
  url: string;
  authorization: string | undefined;
  body: string;
}

/** What a test server does with a request: answer it through `res`, or leave it hanging. */
export type Handler = (req: Seen, res: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 whose behaviour a test swaps through `handle`. */
export interface TestServer {
  url: string;
  seen: Seen[];
  /** A dedicated undici Agent (closed with the server), so no pooled socket outlives the test file. */
  agent: Agent;
  handle: Handler;
  close(): Promise<void>;
}

/** Starts a server on a free loopback port; every request is recorded, then passed to `server.handle`. */
export async function startServer(handle: Handler = (_req, res) => json(res, 404, { message: "not found" })): Promise<TestServer> {
  const seen: Seen[] = [];
  const state: TestServer = {
    url: "", seen, handle, agent: new Agent({ keepAliveTimeout: 500 }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await state.agent.destroy();
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry: Seen = {
        method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      seen.push(entry);
      state.handle(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** Sends a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Sends a text answer. */
export function text(res: ServerResponse, status: number, body: string, type = "text/plain"): void {
  res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** `{results: [one organization]}`, the service's answer to `GET /organization`. */
export const ORGANIZATIONS = { results: [{ id: "org-1", name: "acme", created_at: "2025-01-01T00:00:00Z" }] };
