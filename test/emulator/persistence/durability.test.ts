/**
 * With `--data`, a change is on disk before its answer or is answered 5xx and undone; a save that fails (the data
 * file's folder removed) never kills the emulator, nor does one a timer made; a symlinked data file is refused.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { control } from "../../../emulator/control/control-client";

let root: string;
beforeAll(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), "emu-durable-")); });
afterAll(() => { fs.rmSync(root, { recursive: true, force: true }); });

async function call(emu: RunningEmulator, method: string, p: string, body?: unknown, token = emu.tokens.admin): Promise<{ status: number; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await fetch(emu.url + p, {
    method, headers: { authorization: `Token ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : undefined };
}

describe("a save that fails", () => {
  it("answers 503 naming the data file, leaves the state as it was, and the emulator serves on", async () => {
    const dir = path.join(root, "removed");
    fs.mkdirSync(dir);
    const file = path.join(dir, "state.json");
    const emu = await startEmulator({ dataFile: file, stepMs: 0 });
    const org = `/organization/${emu.ids.organizationId}`;
    try {
      expect((await call(emu, "POST", `${org}/project`, { name: "kept" })).status).toBe(200);
      fs.rmSync(dir, { recursive: true });

      const lost = await call(emu, "POST", `${org}/project`, { name: "lost" });
      expect(lost.status).toBe(503);
      expect(lost.json.message).toContain(file);
      expect(lost.json.message).toMatch(/could not be written \(ENOENT\); the change was not applied/);
      const token = await call(emu, "POST", `${org}/apiToken`, { name: "lost", scope: "ADMIN", role_id: null });
      expect(token.status).toBe(503);
      expect(JSON.stringify(token.json)).not.toMatch(/"token"/);
      const names = async () => (await call(emu, "GET", `${org}/project`)).json.results.map((p: { name: string }) => p.name);
      expect(await names()).toEqual(["kept"]);
      expect((await call(emu, "GET", `${org}/apiToken`)).json.results.map((t: { name: string }) => t.name)).not.toContain("lost");

      // control endpoints that change the state are durable too
      expect((await control(emu, "POST", "/reset")).status).toBe(503);
      expect(await names()).toEqual(["kept"]);
      expect((await control(emu, "POST", "/tokens/read/revoke")).status).toBe(503);
      expect((await call(emu, "GET", org, undefined, emu.tokens.read)).status).toBe(200);

      fs.mkdirSync(dir);
      expect((await call(emu, "POST", `${org}/project`, { name: "after" })).status).toBe(200);
      const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { state: { projects: Record<string, { name: string }> } };
      expect(Object.values(stored.state.projects).map((p) => p.name).sort()).toEqual(["after", "kept"]);
    } finally {
      await emu.close();
    }
  });

  it("made by a timer is reported, not thrown, and retried by the next save", async () => {
    const dir = path.join(root, "timer");
    fs.mkdirSync(dir);
    const file = path.join(dir, "state.json");
    const errors: string[] = [];
    const emu = await startEmulator({ dataFile: file, stepMs: 40, onSaveError: (m) => errors.push(m) });
    try {
      const org = `/organization/${emu.ids.organizationId}`;
      const project = (await call(emu, "POST", `${org}/project`, { name: "p" })).json;
      const env = (await call(emu, "POST", `/project/${project.id}/environment`, { name: "e", cluster_id: emu.ids.clusterIds[0] })).json;
      const app = (await call(emu, "POST", `/environment/${env.id}/application`, {
        name: "a", git_repository: { url: "https://github.com/acme/api", provider: "GITHUB" }, healthchecks: {},
      })).json;
      expect((await call(emu, "POST", `/application/${app.id}/deploy`, {})).status).toBe(202);
      fs.rmSync(dir, { recursive: true });
      // the deploy's end event (at 3 steps) is recorded by a timer, whose save fails
      for (let i = 0; i < 40 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 400));
      expect(errors.length).toBeGreaterThan(0);
      expect(new Set(errors)).toEqual(new Set([`the data file ${file} could not be written (ENOENT); the change was not applied`]));
      fs.mkdirSync(dir);
      expect((await call(emu, "POST", `${org}/project`, { name: "q" })).status).toBe(200);
      const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { state: { applications: Record<string, any> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(stored.state.applications[app.id].runtime.deployment.notified).toBe("ended");
    } finally {
      await emu.close();
    }
  });
});

describe("a symlinked data file", () => {
  it("is refused at start, and the file it points at is neither read into use nor chmodded", async () => {
    const real = path.join(root, "real.json");
    await (await startEmulator({ dataFile: real })).close();
    fs.chmodSync(real, 0o644);
    const link = path.join(root, "link.json");
    fs.symlinkSync(real, link);
    await expect(startEmulator({ dataFile: link })).rejects.toThrow(`${link}: is a symbolic link; give the path of the data file itself`);
    expect(fs.statSync(real).mode & 0o777).toBe(0o644);
    const dangling = path.join(root, "dangling.json");
    fs.symlinkSync(path.join(root, "nowhere.json"), dangling);
    await expect(startEmulator({ dataFile: dangling })).rejects.toThrow(/is a symbolic link/);
    expect(fs.existsSync(path.join(root, "nowhere.json"))).toBe(false);
  });
});
