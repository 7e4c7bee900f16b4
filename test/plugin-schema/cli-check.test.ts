/**
 * The Pulumi CLI accepts the plugin's schema: `pulumi schema check` binds it as the engine and the SDK generators do
 * (every type, reference and language setting). Required in CI; skipped elsewhere when the CLI is missing.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describeWithEngine } from "../e2e/harness";
import { committedSchema, SCHEMA_PATH } from "./committed";

/** `pulumi schema check <file>`: its exit status and what it printed. */
function schemaCheck(binDir: string, file: string, home: string): { status: number | null; output: string } {
  const run = spawnSync(path.join(binDir, "pulumi"), ["schema", "check", file], {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true", PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describeWithEngine("pulumi schema check", ({ binDir }) => {
  let scratch: string;
  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-schema-"));
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it("accepts the committed schema", () => {
    const { status, output } = schemaCheck(binDir, SCHEMA_PATH, path.join(scratch, "home"));
    expect({ status, output }).toEqual({ status: 0, output: "" });
  }, 120_000);

  it("refuses a copy whose property refers to a type it does not have (so the check above can fail)", () => {
    const broken = committedSchema();
    broken.resources["deploy-service:index:Project"]!.inputProperties["name"] = { $ref: "#/types/deploy-service:index:Missing" };
    const file = path.join(scratch, "broken.json");
    fs.writeFileSync(file, JSON.stringify(broken));
    const { status, output } = schemaCheck(binDir, file, path.join(scratch, "home"));
    expect(status).not.toBe(0);
    expect(output).toContain("deploy-service:index:Missing not found");
  }, 120_000);
});
