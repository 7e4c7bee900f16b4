/**
 * Benchmark of the emulator: starts it in process with a high rate limit, once in memory and once with a data file
 * (`--data`: every change written, fsynced and renamed before its answer), and prints requests per second of
 * - a create burst (projects, from `concurrency` keep-alive clients), and
 * - a mixed create/read/update/delete load (units of 6 requests: create an application, read, edit, add a variable,
 *   list, delete),
 * with the ratio of the two modes: the cost of durability.
 *
 * Run: npm run bench:emulator -- [creates] [mixedRequests] [concurrency]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Pool } from "undici";
import { startEmulator, type RunningEmulator } from "../emulator";
import { writeDataText } from "../emulator/persistence/persistence";

type Call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Figures { creates: number; createRate: number; mixed: number; mixedRate: number; failed: number; fileBytes: number }

function client(emu: RunningEmulator, concurrency: number): { pool: Pool; call: Call } {
  const pool = new Pool(emu.url, { connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
  const headers = { authorization: `Token ${emu.tokens.admin}`, "content-type": "application/json" };
  const call: Call = async (method, p, body) => {
    const r = await pool.request({ method, path: p, headers, body: body === undefined ? null : JSON.stringify(body) });
    const text = await r.body.text();
    return { status: r.statusCode, json: text ? JSON.parse(text) : undefined };
  };
  return { pool, call };
}

async function timed(concurrency: number, work: () => Promise<boolean>): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (await work()) { /* next */ }
  }));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function run(creates: number, mixed: number, concurrency: number, dataFile?: string): Promise<Figures> {
  const emu = await startEmulator({ rateLimitPerHour: 10_000_000, stepMs: 0, ...(dataFile ? { dataFile } : {}) });
  const { pool, call } = client(emu, concurrency);
  const org = emu.ids.organizationId;
  let failed = 0;
  let made = 0;
  const createSeconds = await timed(concurrency, async () => {
    if (made >= creates) return false;
    const n = made++;
    if ((await call("POST", `/organization/${org}/project`, { name: `burst-${n}` })).status !== 200) failed++;
    return true;
  });

  const project = (await call("POST", `/organization/${org}/project`, { name: "bench" })).json;
  const env = (await call("POST", `/project/${project.id}/environment`, { name: "bench" })).json;
  let seq = 0;
  const unit = async (): Promise<boolean> => {
    if (seq * 6 >= mixed) return false;
    const n = seq++;
    const app = await call("POST", `/environment/${env.id}/application`, {
      name: `app-${n}`, git_repository: { url: "https://github.com/acme/api", provider: "GITHUB" }, healthchecks: {},
      ports: [{ internal_port: 8080, publicly_accessible: true }],
    });
    const id = app.json.id as string;
    let ok = app.status === 201;
    for (const step of [
      () => call("GET", `/application/${id}`),
      () => call("PUT", `/application/${id}`, { healthchecks: {}, cpu: 750 }),
      () => call("POST", `/application/${id}/environmentVariable`, { key: "K", value: String(n) }),
      () => call("GET", `/environment/${env.id}/database`),
      () => call("DELETE", `/application/${id}`),
    ]) ok = (await step()).status < 300 && ok;
    if (!ok) failed++;
    return true;
  };
  const mixedSeconds = await timed(concurrency, unit);
  await pool.close();
  await emu.close();
  return {
    creates, createRate: creates / createSeconds, mixed: seq * 6, mixedRate: (seq * 6) / mixedSeconds, failed,
    fileBytes: dataFile ? fs.statSync(dataFile).size : 0,
  };
}

/** What one save of the final state costs: serializing it, and writing + fsyncing + renaming + syncing the folder. */
function saveCost(file: string): string {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
  const rounds = 20;
  let text = "";
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) text = JSON.stringify(data);
  const t1 = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) writeDataText(file, text);
  const t2 = process.hrtime.bigint();
  const ms = (ns: bigint) => (Number(ns) / 1e6 / rounds).toFixed(2);
  return `one save of the final state: serializing ${ms(t1 - t0)} ms, writing + fsync + rename + folder fsync ${ms(t2 - t1)} ms`;
}

async function main(): Promise<void> {
  const creates = Number(process.argv[2] ?? 1000);
  const mixed = Number(process.argv[3] ?? 6000);
  const concurrency = Number(process.argv[4] ?? 16);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-emulator-"));
  try {
    const memory = await run(creates, mixed, concurrency);
    const durable = await run(creates, mixed, concurrency, path.join(dir, "state.json"));
    const line = (label: string, f: Figures) =>
      `${label.padEnd(25)} create burst: ${Math.round(f.createRate)} req/s (${f.creates} projects)   mixed: ${Math.round(f.mixedRate)} req/s (${f.mixed} requests)   failed: ${f.failed}`;
    console.log(`concurrency ${concurrency}, keep-alive, data file in ${dir}`);
    console.log(line("in memory", memory));
    console.log(line("--data (fsync per write)", durable) + `   final data file: ${Math.round(durable.fileBytes / 1024)} KiB`);
    console.log(`cost of durability: create burst ${(durable.createRate / memory.createRate * 100).toFixed(1)}% of in-memory throughput`
      + ` (x${(memory.createRate / durable.createRate).toFixed(1)} slower), mixed ${(durable.mixedRate / memory.mixedRate * 100).toFixed(1)}%`
      + ` (x${(memory.mixedRate / durable.mixedRate).toFixed(1)} slower)`);
    console.log(saveCost(path.join(dir, "state.json")));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
