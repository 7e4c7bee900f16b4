import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startEmulator } from "../../../emulator";
import { control } from "../../../emulator/control/control-client";
import { useEmulator } from "../support/helpers";

const c = useEmulator();
let port: number;
beforeAll(() => { port = Number(new URL(c.emu.url).port); });

/** A request with exactly the given headers (`host` included: fetch would not let a test choose it). */
function send(method: string, p: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: p, headers, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => { text += d; });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const json = { "content-type": "application/json" };
const loopback = () => ({ host: `127.0.0.1:${port}` });

async function projectCount(): Promise<number> {
  return ((await c.call("GET", `/organization/${c.org}/project`)).body.results as unknown[]).length;
}

describe("control endpoints: Host", () => {
  it("answer loopback hosts, with or without port, in any letter case", async () => {
    for (const host of [`127.0.0.1:${port}`, "127.0.0.1", `localhost:${port}`, "localhost", `LocalHost:${port}`, `[::1]:${port}`, "[::1]"]) {
      expect([host, (await send("GET", "/_emulator/state", { host })).status]).toEqual([host, 200]);
    }
  });

  it("refuse any other host (403) and change nothing", async () => {
    await c.call("POST", `/organization/${c.org}/project`, { name: "kept" });
    const hosts = ["evil.example", `evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `localhost.evil.example`, `127.0.0.2:${port}`, ""];
    for (const host of hosts) {
      const reset = await send("POST", "/_emulator/reset", { host, ...json });
      expect([host, reset.status]).toEqual([host, 403]);
      expect(JSON.parse(reset.text)).toMatchObject({ status: 403, message: expect.stringMatching(/^host: /) });
      expect([host, (await send("GET", "/_emulator/state", { host })).status]).toEqual([host, 403]);
    }
    // without any Host, Node's HTTP server answers 400 itself before the emulator sees the request
    expect([400, 403]).toContain((await send("GET", "/_emulator/state", {})).status);
    expect(await projectCount()).toBe(1);
  });
});

describe("control endpoints: content type", () => {
  it("refuse what a browser sends cross-origin without preflight (415), bodiless requests included", async () => {
    await c.call("POST", `/organization/${c.org}/project`, { name: "kept" });
    const cases: Array<[string, string, Record<string, string>, string | undefined]> = [
      ["POST", "/_emulator/reset", {}, undefined],
      ["POST", "/_emulator/reset", { "content-type": "text/plain" }, "x"],
      ["POST", "/_emulator/reset", { "content-type": "application/x-www-form-urlencoded" }, "a=b"],
      ["POST", "/_emulator/reset", { "content-type": "multipart/form-data; boundary=x" }, "--x--"],
      ["PUT", "/_emulator/config", { "content-type": "text/plain;charset=UTF-8" }, '{"stepMs":999}'],
      ["POST", "/_emulator/faults", { "content-type": "text/plain" }, '{"method":"GET","path":"/organization","status":500}'],
      ["POST", "/_emulator/tokens/admin/revoke", {}, undefined],
      ["DELETE", "/_emulator/faults", {}, undefined],
    ];
    for (const [method, p, headers, body] of cases) {
      const r = await send(method, p, { ...loopback(), ...headers }, body);
      expect([method, p, headers, r.status]).toEqual([method, p, headers, 415]);
      expect(JSON.parse(r.text).message).toMatch(/^content-type: /);
    }
    expect(await projectCount()).toBe(1);
    const state = JSON.parse((await send("GET", "/_emulator/state", loopback())).text);
    expect(state.config.stepMs).toBe(0);
    expect(state.faults).toEqual([]);
    expect((await c.call("GET", "/organization")).status).toBe(200);
  });

  it("accept application/json (parameters allowed) for bodiless and body requests; GETs need no type", async () => {
    expect((await send("GET", "/_emulator/requests", loopback())).status).toBe(200);
    await c.call("POST", `/organization/${c.org}/project`, { name: "gone" });
    expect((await send("POST", "/_emulator/reset", { ...loopback(), "content-type": "Application/JSON; charset=utf-8" })).status).toBe(200);
    expect(await projectCount()).toBe(0);
    const cfg = await send("PUT", "/_emulator/config", { ...loopback(), ...json }, '{"stepMs":0}');
    expect(cfg.status).toBe(200);
  });

  it("refuse a non-loopback Origin (403), `null` included; a loopback Origin passes", async () => {
    await c.call("POST", `/organization/${c.org}/project`, { name: "kept" });
    for (const origin of ["https://evil.example", "null", `http://127.0.0.1.evil.example:${port}`, "file://"]) {
      const r = await send("POST", "/_emulator/reset", { ...loopback(), ...json, origin });
      expect([origin, r.status]).toEqual([origin, 403]);
    }
    expect(await projectCount()).toBe(1);
    expect((await send("POST", "/_emulator/reset", { ...loopback(), ...json, origin: "http://localhost:3000" })).status).toBe(200);
    expect(await projectCount()).toBe(0);
  });

  it("never grant a CORS preflight", async () => {
    const r = await send("OPTIONS", "/_emulator/reset", {
      ...loopback(), origin: "https://evil.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type",
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
  });
});

describe("malformed JSON", () => {
  const secret = "sk_live_5f3c9a0e1b2d";
  it("API answers 400 without echoing any of the body", async () => {
    for (const body of [`{"name":"${secret}`, secret, `{"name": ${secret}}`, `{"token":"${secret}",}`]) {
      const r = await c.raw("POST", `/organization/${c.org}/gitToken`, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^body: request body is not valid JSON( \(error at position \d+\))?$/);
      expect(JSON.stringify(r.body)).not.toContain("sk_live");
    }
  });

  it("control endpoints answer 400 without echoing either", async () => {
    const r = await send("PUT", "/_emulator/config", { ...loopback(), ...json }, `{"stepMs": ${secret}}`);
    expect(r.status).toBe(400);
    expect(r.text).not.toContain("sk_live");
    expect(JSON.parse(r.text).message).toMatch(/^body: request body is not valid JSON/);
  });
});

describe("--data file mode", () => {
  let dir: string;
  beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-mode-")); });
  afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });
  const mode = (f: string) => fs.statSync(f).mode & 0o777;

  it("a new file is written 0600, and stays 0600 after later writes", async () => {
    const file = path.join(dir, "new.json");
    const emu = await startEmulator({ dataFile: file });
    try {
      expect(mode(file)).toBe(0o600);
      const r = await fetch(`${emu.url}/organization/${emu.ids.organizationId}/project`, {
        method: "POST", headers: { authorization: `Token ${emu.tokens.admin}`, ...json }, body: JSON.stringify({ name: "p" }),
      });
      expect(r.status).toBe(200);
    } finally {
      await emu.close();
    }
    expect(fs.readFileSync(file, "utf8")).toContain('"name":"p"');
    expect(mode(file)).toBe(0o600);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("an existing file with wider permissions is narrowed to 0600 on start", async () => {
    const file = path.join(dir, "wide.json");
    await (await startEmulator({ dataFile: file })).close();
    fs.chmodSync(file, 0o644);
    const emu = await startEmulator({ dataFile: file });
    try {
      expect(mode(file)).toBe(0o600);
    } finally {
      await emu.close();
    }
    fs.chmodSync(file, 0o666);
    const again = await startEmulator({ dataFile: file });
    try {
      await control(again, "POST", "/reset");
    } finally {
      await again.close();
    }
    expect(mode(file)).toBe(0o600);
  });
});
