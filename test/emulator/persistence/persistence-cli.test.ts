import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { startEmulator } from "../../../emulator";
import { HELP, parseArgs } from "../../../emulator/cli";

const root = path.resolve(__dirname, "../../..");
let dir: string;
beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-data-")); });
afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

describe("persistence with --data", () => {
  it("keeps seed, tokens and records across restarts; writes atomically", async () => {
    const file = path.join(dir, "state.json");
    const first = await startEmulator({ dataFile: file, stepMs: 0 });
    const h = { authorization: `Token ${first.tokens.admin}`, "content-type": "application/json" };
    const p = await fetch(`${first.url}/organization/${first.ids.organizationId}/project`, { method: "POST", headers: h, body: JSON.stringify({ name: "kept" }) });
    expect(p.status).toBe(200);
    await first.close();
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { version: number };
    expect(stored.version).toBe(1);

    const second = await startEmulator({ dataFile: file, stepMs: 0 });
    try {
      expect(second.tokens).toEqual(first.tokens);
      expect(second.ids).toEqual(first.ids);
      const list = await fetch(`${second.url}/organization/${second.ids.organizationId}/project`, { headers: h });
      const body = await list.json() as { results: Array<{ name: string }> };
      expect(body.results.map((x) => x.name)).toEqual(["kept"]);
    } finally {
      await second.close();
    }
  });
});

describe("CLI", () => {
  it("prints one JSON line with --json and serves until SIGTERM", async () => {
    const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", "emulator/cli.ts", "--json", "--step-ms", "0"], {
      cwd: root, stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`no output; stderr so far`)), 25000);
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const nl = out.indexOf("\n");
          if (nl !== -1) { clearTimeout(timer); resolve(out.slice(0, nl)); }
        });
        child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`exited early with ${code}`)); });
      });
      const info = JSON.parse(line) as { url: string; tokens: Record<string, string>; organizationId: string; clusterIds: string[] };
      expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Object.keys(info.tokens).sort()).toEqual(["admin", "deploy", "read", "write"]);
      expect(info.clusterIds).toHaveLength(2);
      const r = await fetch(`${info.url}/organization/${info.organizationId}`, { headers: { authorization: `Token ${info.tokens.admin}` } });
      expect(r.status).toBe(200);
    } finally {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  }, 30000);

  it("--help prints what each option does and exits 0 without serving", () => {
    const run = spawnSync(process.execPath, ["-r", "ts-node/register/transpile-only", "emulator/cli.ts", "--help"], {
      cwd: root, encoding: "utf8", timeout: 25000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(HELP);
    for (const option of ["--port N", "--data FILE", "--step-ms N", "--rate-limit N", "--json", "--help"]) expect(HELP).toContain(`  ${option}`);
    expect(run.stdout).not.toContain("listening");
  }, 30000);

  it("refuses an unknown argument with the usage line", () => {
    expect(() => parseArgs(["--verbose"])).toThrow(/unknown argument --verbose\nusage: deploy-service-emulator \[--port N\]/);
    expect(parseArgs(["-h"]).help).toBe(true);
    expect(parseArgs(["--rate-limit", "60"]).options.rateLimitPerHour).toBe(60);
  });
});
