import { createServer } from "node:net";
import { ConnectionError, DeployServiceClient, type RetryInfo } from "../../../sdk";
import { JSON_HEADERS, mockClient, project, rejectionOf, status } from "../support/helpers";

/** A loopback port with nothing listening (bound then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("real sockets", () => {
  test("connection refused is known to be unsent, so even a deploy is retried, then reported", async () => {
    const port = await closedPort();
    const retries: RetryInfo[] = [];
    const client = new DeployServiceClient({
      baseUrl: `http://127.0.0.1:${port}`, token: "tok_abcdef", maxRetries: 2, retryBaseDelayMs: 1, retryMaxDelayMs: 2,
      onRetry: (info) => retries.push(info),
    });
    const e = await rejectionOf(client.applications.deploy("a1"));
    expect(e).toBeInstanceOf(ConnectionError);
    expect(e.beforeSend).toBe(true);
    expect(e.status).toBe(0);
    expect(e.code).toBe("connection");
    expect(e.message).not.toContain("tok_abcdef");
    expect(retries).toHaveLength(2);
  });
});

describe("pagination", () => {
  test("lists follow further pages when the answer says there are more", async () => {
    const { pool, client } = mockClient();
    const seen: string[] = [];
    const page = (n: number) => ({
      results: [project(`p${n}`, `name-${n}`)],
      pagination: { page: n, page_size: 1, total_count: 3, total_pages: 3 },
    });
    pool.intercept({ path: (p) => p.startsWith("/organization/o1/project"), method: "GET" }).reply((opts) => {
      seen.push(String(opts.path));
      const n = Number(new URL(`http://x${opts.path}`).searchParams.get("page") ?? "1");
      return { statusCode: 200, data: page(n), responseOptions: { headers: JSON_HEADERS } };
    }).times(3);
    const all = await client.projects.list("o1");
    expect(all.map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
    expect(seen).toEqual(["/organization/o1/project", "/organization/o1/project?page=2&page_size=1", "/organization/o1/project?page=3&page_size=1"]);
  });

  test("logs send tail and cut client-side as well", async () => {
    const { pool, client } = mockClient();
    pool.intercept({ path: "/application/a1/log?tail=2", method: "GET" })
      .reply(200, { results: [1, 2, 3].map((i) => ({ id: `l${i}`, created_at: "t", message: `m${i}` })) }, { headers: JSON_HEADERS });
    expect((await client.applications.logs("a1", { tail: 2 })).map((l) => l.message)).toEqual(["m2", "m3"]);
    await expect(client.applications.logs("a1", { tail: -1 })).rejects.toThrow(/tail/);
  });

  test("deploy with a commit sends it; without one sends no body", async () => {
    const { pool, client } = mockClient();
    const bodies: unknown[] = [];
    pool.intercept({ path: "/application/a1/deploy", method: "POST" }).reply((opts) => {
      bodies.push(opts.body ?? null);
      return { statusCode: 202, data: status("DEPLOYMENT_QUEUED"), responseOptions: { headers: JSON_HEADERS } };
    }).times(2);
    await client.applications.deploy("a1", { git_commit_id: "abc123" });
    await client.applications.deploy("a1");
    expect(bodies).toEqual(['{"git_commit_id":"abc123"}', null]);
  });

  test("application create sends the derived provider and healthchecks {}", async () => {
    const { pool, client } = mockClient();
    let sent: any;
    pool.intercept({ path: "/environment/e1/application", method: "POST" }).reply((opts) => {
      sent = JSON.parse(String(opts.body));
      return { statusCode: 201, data: { id: "a1", name: "web" }, responseOptions: { headers: JSON_HEADERS } };
    });
    await client.applications.create("e1", { name: "web", git_repository: { url: "https://bitbucket.org/acme/web.git" }, maximun_gpu: 1 } as never);
    expect(sent.git_repository.provider).toBe("BITBUCKET");
    expect(sent.healthchecks).toEqual({});
    expect(sent.maximun_gpu).toBe(1); // unknown keys pass through untouched
  });
});
