/**
 * Strict mode (`strictAgainst`, the CLI's `--strict-against FILE`): every API answer is checked against the OpenAPI
 * document given, each mismatch told to `onStrictMismatch`, listed by `GET /_emulator/strict` and carried by the
 * dashboard's feed; the answers themselves are unchanged.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator, type RunningEmulator, type StrictMismatch } from "../../../emulator";
import { parseArgs, strictLine } from "../../../emulator/cli";
import { REFERENCE_PATH, readSharedReference } from "../../shared-reference";

/** A document in which the project list matches and the project create does not (it requires a `color`). */
const DOC = {
  openapi: "3.0.0",
  paths: {
    "/organization/{organizationId}/project": {
      get: { responses: { "200": { content: { "application/json": { schema: { type: "object", properties: { results: { type: "array" } } } } } } } },
      post: {
        responses: {
          "200": { content: { "application/json": { schema: { type: "object", required: ["color"], additionalProperties: true } } } },
          "400": { $ref: "#/components/responses/400" },
        },
      },
    },
    "/organization/{organizationId}/cluster/{clusterId}/kubeconfig": {
      get: { responses: { "200": { content: { "application/x-yaml": { schema: { type: "string" } } } } } },
    },
  },
  components: { responses: { "400": { description: "Bad request" } } },
};

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "strict-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function docFile(doc: unknown, name = "openapi.json"): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof doc === "string" ? doc : JSON.stringify(doc));
  return file;
}

async function call(emu: RunningEmulator, method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers: Record<string, string> = { authorization: `Token ${emu.tokens.admin}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(emu.url + p, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text === "" ? undefined : JSON.parse(text) };
}

/** A control endpoint's JSON answer. */
async function control(emu: RunningEmulator, p: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return await (await fetch(emu.url + p)).json();
}

describe("strict mode", () => {
  it("reports the one answer off the document, and an operation the document lacks, without changing any answer", async () => {
    const told: StrictMismatch[] = [];
    const file = docFile(DOC);
    const emu = await startEmulator({ strictAgainst: file, onStrictMismatch: (m) => told.push(m) });
    try {
      const org = emu.ids.organizationId;
      expect((await call(emu, "GET", `/organization/${org}/project`)).status).toBe(200);
      const made = await call(emu, "POST", `/organization/${org}/project`, { name: "shop" });
      expect(made.status).toBe(200);
      expect(made.body).toMatchObject({ name: "shop" });
      expect((await call(emu, "POST", `/organization/${org}/project`, { name: "" })).status).toBe(400);
      expect((await call(emu, "GET", `/project/${made.body.id}`)).status).toBe(200);
      const yaml = await fetch(`${emu.url}/organization/${org}/cluster/${emu.ids.clusterIds[0]}/kubeconfig`, { headers: { authorization: `Token ${emu.tokens.admin}` } });
      expect([yaml.status, yaml.headers.get("content-type")]).toEqual([200, expect.stringContaining("yaml")]);
      expect(told.map((m) => [m.method, m.template, m.status, m.problems])).toEqual([
        ["POST", "/organization/{organizationId}/project", 200, ["$: missing required color"]],
        ["GET", null, 200, [`no GET /project/${made.body.id} in ${file}`]],
      ]);
      expect(strictLine(told[0]!)).toBe(`POST /organization/${org}/project 200: $: missing required color`);

      const report = await control(emu, "/_emulator/strict");
      expect(report).toMatchObject({ file, checked: 5, mismatched: 2 });
      expect(report.mismatches.map((m: StrictMismatch) => m.method)).toEqual(["POST", "GET"]);
      const feed = await control(emu, "/_emulator/ui/feed");
      expect(feed.strict).toMatchObject({ file, checked: 5, mismatched: 2 });
      expect(feed.strict.mismatches.map((m: StrictMismatch) => m.method)).toEqual(["GET", "POST"]); // newest first
      const page = await (await fetch(`${emu.url}/_emulator/ui`)).text();
      expect(page).toContain('id="strict-section"');
    } finally {
      await emu.close();
    }
  });

  it("is off unless asked: no report, and the feed says so", async () => {
    const emu = await startEmulator();
    try {
      expect((await fetch(`${emu.url}/_emulator/strict`)).status).toBe(404);
      expect((await control(emu, "/_emulator/ui/feed")).strict).toBeNull();
    } finally {
      await emu.close();
    }
  });

  it("refuses, naming the option, a file that is not a JSON OpenAPI document; the CLI takes the flag", async () => {
    await expect(startEmulator({ strictAgainst: docFile("{not json", "bad.json") })).rejects.toThrow(/^strictAgainst: cannot read .*bad\.json as JSON/);
    await expect(startEmulator({ strictAgainst: docFile({ openapi: "3.0.0" }, "nopaths.json") })).rejects.toThrow(/^strictAgainst: .*nopaths\.json is not an OpenAPI document: expected a JSON object with "paths"/);
    await expect(startEmulator({ strictAgainst: path.join(dir, "missing.json") })).rejects.toThrow(/^strictAgainst: cannot read/);
    expect(parseArgs(["--strict-against", "api.json"]).options.strictAgainst).toBe("api.json");
    expect(() => parseArgs(["--strict-against"])).toThrow(/^--strict-against: expected the path of an OpenAPI document/);
  });

  it("finds nothing to report against the service's published reference in a short session", async () => {
    if (!readSharedReference("strict mode against the reference")) return;
    const told: StrictMismatch[] = [];
    const emu = await startEmulator({ strictAgainst: REFERENCE_PATH, onStrictMismatch: (m) => told.push(m) });
    try {
      const org = emu.ids.organizationId;
      const project = (await call(emu, "POST", `/organization/${org}/project`, { name: "shop" })).body;
      const env = (await call(emu, "POST", `/project/${project.id}/environment`, { name: "dev", mode: "DEVELOPMENT" })).body;
      await call(emu, "GET", `/environment/${env.id}`);
      await call(emu, "GET", `/environment/${env.id}/deploymentStage`);
      await call(emu, "GET", `/environment/${env.id}/environmentVariable`);
      expect((await call(emu, "GET", "/project/5b1c7a4e-0000-4000-8000-000000000000")).status).toBe(404);
      expect(told.map(strictLine)).toEqual([]);
    } finally {
      await emu.close();
    }
  });
});
