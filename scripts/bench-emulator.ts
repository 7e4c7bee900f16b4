/**
 * Benchmark of the emulator: starts it in process with a high rate limit, drives a mixed
 * create/read/update/delete load from one keep-alive client and prints requests per second.
 *
 * Run: npx ts-node scripts/bench-emulator.ts [totalRequests] [concurrency]
 */
import { Pool } from "undici";
import { startEmulator } from "../emulator";

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 20000);
  const concurrency = Number(process.argv[3] ?? 16);
  const emu = await startEmulator({ rateLimitPerHour: 10_000_000, stepMs: 0 });
  const pool = new Pool(emu.url, { connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
  const headers = { authorization: `Token ${emu.tokens.admin}`, "content-type": "application/json" };
  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<{ status: number; json: any }> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const r = await pool.request({ method, path, headers, body: body === undefined ? null : JSON.stringify(body) });
    const text = await r.body.text();
    return { status: r.statusCode, json: text ? JSON.parse(text) : undefined };
  };
  const org = emu.ids.organizationId;
  const project = (await call("POST", `/organization/${org}/project`, { name: "bench" })).json;
  const env = (await call("POST", `/project/${project.id}/environment`, { name: "bench" })).json;

  let done = 0;
  let errors = 0;
  let seq = 0;
  // One unit = 6 requests: create app, read it, edit it, add a variable, list apps, delete app.
  const unit = async (): Promise<void> => {
    const n = seq++;
    const app = await call("POST", `/environment/${env.id}/application`, {
      name: `app-${n}`, git_repository: { url: "https://github.com/acme/api", provider: "GITHUB" }, healthchecks: {},
      ports: [{ internal_port: 8080, publicly_accessible: true }],
    });
    const id = app.json.id as string;
    const steps = [
      () => call("GET", `/application/${id}`),
      () => call("PUT", `/application/${id}`, { healthchecks: {}, cpu: 750 }),
      () => call("POST", `/application/${id}/environmentVariable`, { key: "K", value: String(n) }),
      () => call("GET", `/environment/${env.id}/database`),
      () => call("DELETE", `/application/${id}`),
    ];
    let ok = app.status === 201;
    for (const s of steps) ok = (await s()).status < 300 && ok;
    done += 6;
    if (!ok) errors++;
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (seq * 6 < total) await unit();
  }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`requests: ${done}, failed units: ${errors}, time: ${seconds.toFixed(2)} s, throughput: ${Math.round(done / seconds)} req/s (concurrency ${concurrency}, keep-alive)`);
  await pool.close();
  await emu.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
