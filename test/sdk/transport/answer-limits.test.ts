import type { ServerResponse } from "node:http";
import { DeployServiceClient, isDeployServiceError, isLimitExceeded, isRetryable, type ClientOptions } from "../../../sdk";
import { rejectionOf } from "../support/helpers";
import { json, startServer, type TestServer } from "../support/http-server";

const TOKEN = "tok_answer_limits_0123456789";
const MB = 1024 * 1024;

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server.close(); });
beforeEach(() => { server.seen.length = 0; });

function client(options: Partial<ClientOptions> = {}) {
  return new DeployServiceClient({
    baseUrl: server.url, token: TOKEN, dispatcher: server.agent, pacing: false,
    retryBaseDelayMs: 1, retryMaxDelayMs: 2, random: () => 1, timeoutMs: 10_000, ...options,
  });
}

const project = (n: number) => ({ id: `p${n}`, name: `name-${n}`, created_at: "2025-01-01T00:00:00Z" });
const pageOf = (url: string) => Number(new URL(`http://x${url}`).searchParams.get("page") ?? "1");

/** Answers the project list of o1 page by page, claiming `totalPages(page)` pages. */
function servePages(totalPages: (page: number) => number) {
  server.handle = (req, res) => {
    const page = pageOf(req.url);
    json(res, 200, { results: [project(page)], pagination: { page, page_size: 1, total_count: totalPages(page), total_pages: totalPages(page) } });
  };
}

describe("paging stops at maxPages and fails loudly", () => {
  test("a first page claiming 1e9 pages fails at once: one request, not a hunt through the budget", async () => {
    servePages(() => 1e9);
    const e = await rejectionOf(client().projects.list("o1"));
    expect(isDeployServiceError(e)).toBe(true);
    expect(isLimitExceeded(e)).toBe(true);
    expect(e.code).toBe("limit_exceeded");
    expect(e.limit).toBe("maxPages");
    expect(e.message).toContain("GET /organization/o1/project");
    expect(e.message).toContain("1000000000 pages");
    expect(e.message).toMatch(/maxPages/);
    expect(e.message).toMatch(/50/);
    expect(isRetryable(e)).toBe(false);
    expect(server.seen).toHaveLength(1);
  });

  test("50 pages are read whole; pages that keep claiming one more: exactly 50 requests, then the error names the page reached", async () => {
    servePages(() => 50);
    expect(await client().projects.list("o1")).toHaveLength(50);
    server.seen.length = 0;
    servePages((page) => page + 1);
    const e = await rejectionOf(client().projects.list("o1"));
    expect(e.code).toBe("limit_exceeded");
    expect(server.seen).toHaveLength(50);
    expect(e.message).toContain("GET /organization/o1/project");
    expect(e.message).toMatch(/page 50 /);
    expect(e.message).toMatch(/51 pages/);
    expect(e.message).toMatch(/raise the client option maxPages/);
    expect(e.message).not.toContain(TOKEN);
  });

  test("maxPages is honoured: 5 requests at most, and a list of exactly 5 pages is returned whole", async () => {
    servePages((page) => page + 1);
    expect((await rejectionOf(client({ maxPages: 5 }).projects.list("o1"))).code).toBe("limit_exceeded");
    expect(server.seen).toHaveLength(5);
    server.seen.length = 0;
    servePages(() => 5);
    const all = await client({ maxPages: 5 }).projects.list("o1");
    expect(all.map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4", "p5"]);
    expect(server.seen).toHaveLength(5);
  });

  test.each([0, -1, 1.5, Number.NaN])("maxPages %p is refused at construction", (value) => {
    expect(() => client({ maxPages: value })).toThrow(/option "maxPages": expected a whole number >= 1/);
  });
});

/** Streams `total` bytes of a JSON string lazily (respecting back-pressure); resolves with what it wrote when the socket closes. */
function streamHuge(res: ServerResponse, total: number, status = 200): Promise<{ written: number; finished: boolean }> {
  return new Promise((resolve) => {
    let written = 0;
    res.on("close", () => resolve({ written, finished: res.writableFinished }));
    res.writeHead(status, { "content-type": "application/json" });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (written < total) {
        written += chunk.length;
        if (!res.write(chunk)) { res.once("drain", pump); return; }
      }
      res.end();
    };
    res.write('{"id":"');
    pump();
  });
}

describe("answers have a size cap (maxResponseBytes)", () => {
  test("a 100 MB answer is refused with a clear error, and the connection is closed early", async () => {
    let outcome: Promise<{ written: number; finished: boolean }> | undefined;
    server.handle = (_req, res) => { outcome = streamHuge(res, 100 * MB); };
    const e = await rejectionOf(client().projects.get("p1"));
    expect(e.code).toBe("limit_exceeded");
    expect(e.limit).toBe("maxResponseBytes");
    expect(e.message).toContain("GET /project/p1");
    expect(e.message).toMatch(/8388608 bytes/);
    expect(e.message).toMatch(/maxResponseBytes/);
    expect(isRetryable(e)).toBe(false);
    const seen = await outcome!;
    expect(seen.finished).toBe(false);
    expect(seen.written).toBeLessThan(40 * MB);
    expect(server.seen).toHaveLength(1);
  });

  test("a Content-Length above the cap is refused before the body is read", async () => {
    let outcome: Promise<{ written: number; finished: boolean }> | undefined;
    // Promises 100 MB but sends only a little and then stalls: only the header can end this call in time.
    server.handle = (_req, res) => {
      outcome = new Promise((resolve) => {
        res.on("close", () => resolve({ written: 0, finished: res.writableFinished }));
        res.writeHead(200, { "content-type": "application/json", "content-length": 100 * MB });
        res.write('{"id":"p1"');
      });
    };
    const e = await rejectionOf(client({ timeoutMs: 5_000, maxRetries: 0 }).projects.get("p1"));
    expect(e.code).toBe("limit_exceeded");
    expect(e.message).toMatch(/Content-Length of 104857600 bytes/);
    expect(e.message).toMatch(/maxResponseBytes/);
    expect((await outcome!).finished).toBe(false);
  });

  test("the cap is configurable: an answer over it is refused, one under it accepted", async () => {
    const padded = { ...project(1), description: "x".repeat(2_000) };
    server.handle = (_req, res) => json(res, 200, padded);
    const e = await rejectionOf(client({ maxResponseBytes: 1_000 }).projects.get("p1"));
    expect(e.code).toBe("limit_exceeded");
    expect(e.message).toMatch(/1000 bytes/);
    expect((await client({ maxResponseBytes: 4_000 }).projects.get("p1")).id).toBe("p1");
  });

  test("an error answer is capped too (a chunked 404 body of 100 MB)", async () => {
    let outcome: Promise<{ written: number; finished: boolean }> | undefined;
    server.handle = (_req, res) => { outcome = streamHuge(res, 100 * MB, 404); };
    const e = await rejectionOf(client({ maxResponseBytes: MB }).projects.get("p1"));
    expect(e.code).toBe("limit_exceeded");
    expect((await outcome!).finished).toBe(false);
  });

  test.each([0, -5, Number.POSITIVE_INFINITY])("maxResponseBytes %p is refused at construction", (value) => {
    expect(() => client({ maxResponseBytes: value })).toThrow(/option "maxResponseBytes": expected a whole number >= 1/);
  });
});
