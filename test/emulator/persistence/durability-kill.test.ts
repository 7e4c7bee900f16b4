/**
 * Nothing acknowledged is lost: the built emulator CLI runs with `--data` on a temporary file and takes a burst of
 * creates (projects and API tokens) from a few parallel clients; it is killed with SIGKILL at a random point of the
 * burst (right after a random number of answers), then restarted on the same file. Every project and token that was
 * answered 2xx is there (each token still authenticates: not 401). Bounded: a few rounds of at most 48 creates each,
 * on 127.0.0.1 only. Uses `dist/` (`npm run build` first, as `npm test` does).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { emulatorInfoFrom } from "../../../scripts/emulator-process";

const CLI = path.resolve(__dirname, "../../../dist/emulator/cli.js");
const ROUNDS = 4;
const CREATES_PER_ROUND = 48;
const CLIENTS = 6;

interface Info { url: string; tokens: { admin: string }; organizationId: string }
interface Running { child: ChildProcess; info: Info; exited: Promise<void> }

let dir: string;
beforeAll(() => {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-kill-"));
});
afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

async function start(file: string): Promise<Running> {
  const child = spawn(process.execPath, [CLI, "--json", "--step-ms", "0", "--rate-limit", "100000", "--data", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    return { child, info: await emulatorInfoFrom<Info>(child), exited };
  } catch (e) {
    child.kill("SIGKILL");
    throw e;
  }
}

async function post(info: Info, p: string, body: unknown): Promise<{ status: number; json: any } | undefined> { // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    const r = await fetch(info.url + p, {
      method: "POST", body: JSON.stringify(body),
      headers: { authorization: `Token ${info.tokens.admin}`, "content-type": "application/json", connection: "close" },
    });
    return { status: r.status, json: await r.json() };
  } catch {
    return undefined; // killed before answering: not acknowledged
  }
}

describe("SIGKILL during a burst of creates with --data", () => {
  it("loses nothing that was acknowledged", async () => {
    const file = path.join(dir, "state.json");
    const projects: string[] = [];
    const tokens: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const emu = await start(file);
      const killAfter = 1 + Math.floor(Math.random() * (CREATES_PER_ROUND - 8));
      let answered = 0;
      let next = 0;
      const client = async (): Promise<void> => {
        while (next < CREATES_PER_ROUND && emu.child.exitCode === null && emu.child.signalCode === null) {
          const n = next++;
          const token = n % 3 === 2;
          const r = token
            ? await post(emu.info, `/organization/${emu.info.organizationId}/apiToken`, { name: `t-${round}-${n}`, scope: "ADMIN", role_id: null })
            : await post(emu.info, `/organization/${emu.info.organizationId}/project`, { name: `p-${round}-${n}` });
          if (r === undefined) return;
          expect([n, r.status]).toEqual([n, token ? 201 : 200]);
          if (token) tokens.push(r.json.token as string);
          else projects.push(r.json.id as string);
          if (++answered === killAfter) emu.child.kill("SIGKILL");
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
      emu.child.kill("SIGKILL");
      await emu.exited;
    }
    expect(projects.length + tokens.length).toBeGreaterThanOrEqual(ROUNDS);
    const emu = await start(file);
    try {
      const get = (p: string, token = emu.info.tokens.admin) => fetch(emu.info.url + p, { headers: { authorization: `Token ${token}` } });
      const missing: string[] = [];
      for (const id of projects) if ((await get(`/project/${id}`)).status !== 200) missing.push(`project ${id}`);
      for (const [i, t] of tokens.entries()) {
        if ((await get(`/organization/${emu.info.organizationId}`, t)).status !== 200) missing.push(`token #${i}`);
      }
      expect(missing).toEqual([]);
    } finally {
      emu.child.kill("SIGKILL");
      await emu.exited;
    }
  }, 60_000);
});
