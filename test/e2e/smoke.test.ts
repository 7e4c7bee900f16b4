import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { describeWithEngine, EngineStack, steps } from "./harness";
import { makePackedProgram } from "./packed-program";
import { serializedProvider } from "../../provider/framework/shim";

const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
import { Project } from "pulumi-deploy-service";

const config = new pulumi.Config();
const project = new Project("smoke", {
  organizationId: config.require("organizationId"),
  name: config.get("projectName") ?? "smoke-project",
  description: "engine smoke test",
});
export const projectId = project.id;
export const projectName = project.name;
`;

describeWithEngine("engine smoke test: one resource from the packed package", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let programDir: string;
  let stack: EngineStack;

  const projects = async () => {
    const res = await fetch(`${emulator.url}/organization/${emulator.ids.organizationId}/project`, {
      headers: { Authorization: `Token ${emulator.tokens.admin}` },
    });
    return ((await res.json()) as { results: Array<{ id: string; name: string }> }).results;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 100000 });
    programDir = makePackedProgram("smoke", { "index.ts": PROGRAM });
    stack = new EngineStack({
      programDir,
      binDir,
      config: { "smoke:organizationId": emulator.ids.organizationId, "deploy-service:apiUrl": emulator.url },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
    if (programDir) fs.rmSync(programDir, { recursive: true, force: true });
  });

  it("installs the package as a real copy, not a symlink", () => {
    const installed = path.join(programDir, "node_modules", "pulumi-deploy-service");
    expect(fs.lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(fs.existsSync(path.join(installed, "dist", "provider", "runtime.js"))).toBe(true);
  });

  it("previews one create and changes nothing", async () => {
    const preview = await stack.preview();
    expect(preview.changeSummary.create).toBe(2); // the stack and the project
    expect(steps(preview).filter((s) => s.type === "pulumi-nodejs:dynamic/deploy-service:Project").map((s) => s.op)).toEqual(["create"]);
    expect(await projects()).toEqual([]);
  });

  it("creates the project on up", async () => {
    const up = await stack.up();
    expect(up.changeSummary.create).toBe(2);
    const [created] = await projects();
    expect(created?.name).toBe("smoke-project");
    expect(up.outputs?.projectId).toBe(created?.id);
  });

  it("changes nothing on a second up", async () => {
    const again = await stack.up();
    expect(again.changeSummary).toEqual({ same: 2 });
  });

  it("stores a thin provider without the token", async () => {
    const { deployment, text } = await stack.exportState();
    const project = deployment.resources?.find((r) => r.type === "pulumi-nodejs:dynamic/deploy-service:Project");
    const provider: string = project?.outputs?.__provider ?? project?.inputs?.__provider;
    expect(typeof provider).toBe("string");
    expect(provider).toBe(serializedProvider("Project"));
    expect(Buffer.byteLength(provider)).toBeLessThan(80);
    expect(text).not.toContain(emulator.tokens.admin);
  });

  it("refreshes without changes, then destroys everything", async () => {
    const refresh = await stack.refresh();
    expect(refresh.changeSummary.update ?? 0).toBe(0);
    const destroy = await stack.destroy();
    expect(destroy.changeSummary.delete).toBe(2);
    expect(await projects()).toEqual([]);
  });
});
