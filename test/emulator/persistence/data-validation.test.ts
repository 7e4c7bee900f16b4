/**
 * Records of a data file are checked at load: a bad record is refused at start with the file, the collection, the
 * record (id, or index in a list) and the field named, instead of loading and answering 500 later.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator } from "../../../emulator";

let dir: string;
let good: any; // eslint-disable-line @typescript-eslint/no-explicit-any
let ids: { project: string; app: string };
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-valid-"));
  const file = path.join(dir, "good.json");
  const emu = await startEmulator({ dataFile: file });
  const post = async (p: string, body: unknown) => (await (await fetch(emu.url + p, {
    method: "POST", body: JSON.stringify(body), headers: { authorization: `Token ${emu.tokens.admin}`, "content-type": "application/json" },
  })).json()) as { id: string };
  const project = await post(`/organization/${emu.ids.organizationId}/project`, { name: "p" });
  const env = await post(`/project/${project.id}/environment`, { name: "e", cluster_id: emu.ids.clusterIds[0] });
  const app = await post(`/environment/${env.id}/application`, {
    name: "a", git_repository: { url: "https://github.com/acme/api", provider: "GITHUB" }, healthchecks: {},
  });
  await post(`/application/${app.id}/environmentVariable`, { key: "K", value: "v" });
  await emu.close();
  good = JSON.parse(fs.readFileSync(file, "utf8"));
  ids = { project: project.id, app: app.id };
});
afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

async function refusal(name: string, spoil: (state: any) => void): Promise<string> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const data = JSON.parse(JSON.stringify(good));
  spoil(data.state);
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(data));
  const started = await startEmulator({ dataFile: file }).then(async (emu) => { await emu.close(); return "started"; }, (e: Error) => e.message);
  expect(started).not.toBe("started");
  expect(started.startsWith(`${file}: not an emulator data file (state.`)).toBe(true);
  return started;
}

describe("records of a data file", () => {
  it("a good file loads", async () => {
    const file = path.join(dir, "copy.json");
    fs.writeFileSync(file, JSON.stringify(good));
    await (await startEmulator({ dataFile: file })).close();
  });

  it("a bad record is refused at start, naming the collection, the record and the field", async () => {
    expect(await refusal("name.json", (s) => { s.projects[ids.project].name = 42; }))
      .toContain(`state.projects.${ids.project}.name: Invalid input: expected string, received number`);
    expect(await refusal("scope.json", (s) => { s.tokens[1].scope = "Root"; })).toContain("state.tokens.1.scope: ");
    expect(await refusal("runtime.json", (s) => { s.applications[ids.app].runtime.failure = "SOMETIMES"; }))
      .toContain(`state.applications.${ids.app}.runtime.failure: `);
    expect(await refusal("ports.json", (s) => { s.applications[ids.app].ports = {}; }))
      .toContain(`state.applications.${ids.app}.ports: Invalid input: expected array, received object`);
    const variable = Object.keys(good.state.variables)[0] as string;
    expect(await refusal("key.json", (s) => { delete s.variables[variable].key; })).toContain(`state.variables.${variable}.key: `);
    expect(await refusal("org.json", (s) => { s.organization.owner = null; })).toContain("state.organization.owner: ");
  });
});
