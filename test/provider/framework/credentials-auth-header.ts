/** A local HTTP server that records the `Authorization` header of each request and answers an empty list. */
import * as http from "node:http";
import { resetCredentials } from "../../../provider/framework/credentials";

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

/**
 * Jest hooks for a credentials test: a recorder for the suite, and for each test the variables `names` unset (and
 * put back afterwards) and the provider's cached credentials reset. Returns the suite's recorder.
 */
export function useCredentialsSandbox(names: readonly string[]): () => HeaderRecorder {
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  let recorder: HeaderRecorder | undefined;
  beforeAll(async () => {
    recorder = await recordAuthorization();
  });
  afterAll(async () => {
    await recorder?.close();
  });
  beforeEach(() => {
    for (const n of names) delete process.env[n];
    recorder!.seen.length = 0;
  });
  afterEach(() => {
    resetCredentials();
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  });
  return () => recorder!;
}
