/** A webhook receiver on 127.0.0.1 for tests: it records every request and answers the status a test chooses. */
import http from "node:http";

/** One request the receiver got. */
export interface Received {
  /** When it arrived (epoch ms). */
  at: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (what a signature is computed over). */
  raw: string;
  /** The body parsed (`{}` when it is not JSON). */
  body: { event_type?: string; payload?: Record<string, unknown>; text?: string };
}

/** A running receiver. */
export interface Receiver {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Every request so far, in arrival order. */
  received: Received[];
  /** The status answered to the request at `index` (0-based, over the receiver's life); default 200. */
  answer: (request: Received, index: number) => number;
  /** The body answered with a status (default `ok` for a 2xx, `try again` otherwise). */
  text: (status: number) => string;
  close(): Promise<void>;
}

/** Starts a receiver on a free port of 127.0.0.1. */
export async function startReceiver(): Promise<Receiver> {
  let count = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => { raw += d; });
    req.on("end", () => {
      let body: Received["body"] = {};
      try {
        body = JSON.parse(raw) as Received["body"];
      } catch {
        // not JSON: kept raw only
      }
      const r: Received = { at: Date.now(), headers: req.headers, raw, body };
      receiver.received.push(r);
      const status = receiver.answer(r, count++);
      res.writeHead(status, { "content-type": "text/plain" }).end(receiver.text(status));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const receiver: Receiver = {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    received: [],
    answer: () => 200,
    text: (status) => (status >= 200 && status < 300 ? "ok" : "try again"),
    close: () => new Promise((r) => server.close(() => r())),
  };
  return receiver;
}
