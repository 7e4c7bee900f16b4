/** A local HTTP server that records the `Authorization` header of each request and answers an empty list. */
import * as http from "node:http";

/** A running recorder: its URL, the headers seen, and `close`. */
export interface HeaderRecorder {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

/** Starts a recorder on 127.0.0.1 (a free port). */
export async function recordAuthorization(): Promise<HeaderRecorder> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(String(req.headers.authorization ?? ""));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ results: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
