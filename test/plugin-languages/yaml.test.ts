/**
 * The YAML program through the real engine against the emulator: test/plugin-languages/yaml/Pulumi.yaml (the README's
 * YAML example, `runtime: yaml`) runs from its folder, as `pulumi up` runs it, with pulumi-language-yaml
 * (scripts/build-language-hosts.sh) and the plugin pulumi-resource-deploy-service from PATH, whose schema types the
 * program; a local file backend and a PULUMI_HOME of its own. The scenario is scenario.ts's.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand, type EngineEvent, type Stack } from "@pulumi/pulumi/automation";
import { describeNeeding } from "../needs-tool";
import { API_KEY, programScenario, type ProgramResult } from "./scenario";
import { engineTools, pathWith, PLUGIN_BIN, REPO_ROOT } from "./support";

const PROGRAM_DIR = path.join(REPO_ROOT, "test", "plugin-languages", "yaml");
const PROJECT = "deploy-service-yaml";

/** Each resource's step by name, from the engine events of an operation. */
function stepRecorder(): { steps: Record<string, string>; onEvent: (e: EngineEvent) => void } {
  const steps: Record<string, string> = {};
  return {
    steps,
    onEvent: (e) => {
      const m = e.resourcePreEvent?.metadata;
      if (m) steps[m.urn.slice(m.urn.lastIndexOf("::") + 2)] = m.op;
    },
  };
}

async function yamlStack(pulumiBin: string, hostsBin: string, work: string): Promise<{ stack: Stack; env: Record<string, string> }> {
  const env = {
    PATH: pathWith(pulumiBin, hostsBin, PLUGIN_BIN),
    PULUMI_BACKEND_URL: `file://${path.join(work, "backend")}`,
    PULUMI_CONFIG_PASSPHRASE: "plugin-languages",
    PULUMI_HOME: path.join(work, "home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  fs.mkdirSync(path.join(work, "backend"));
  const pulumiCommand = await PulumiCommand.get({ root: path.dirname(pulumiBin), skipVersionCheck: true });
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: `t${process.pid}`, workDir: PROGRAM_DIR },
    { envVars: env, pulumiHome: env.PULUMI_HOME, pulumiCommand },
  );
  return { stack, env };
}

describeNeeding("the Pulumi CLI, pulumi-language-yaml and the built plugin", "the YAML program through the engine", engineTools("yaml"), ({ pulumiBin, hostsBin }) => {
  jest.setTimeout(15 * 60 * 1000);
  programScenario("shop-yaml", async (emulator) => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "pds-yaml-"));
    const { stack, env } = await yamlStack(pulumiBin, hostsBin, work);
    await stack.setAllConfig({
      "deploy-service:apiUrl": { value: emulator.url },
      "deploy-service:apiToken": { value: emulator.tokens.admin, secret: true },
      [`${PROJECT}:apiKey`]: { value: API_KEY, secret: true },
    });
    const exported = (showSecrets: boolean) => new Promise<string>((resolve, reject) => {
      const args = ["stack", "export", "--stack", stack.name, ...(showSecrets ? ["--show-secrets"] : [])];
      execFile(path.join(pulumiBin, "pulumi"), args, { cwd: PROGRAM_DIR, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => (error ? reject(new Error(`pulumi stack export: ${stderr}`)) : resolve(stdout)));
    });
    return {
      async run(op, config = {}): Promise<ProgramResult> {
        for (const [key, value] of Object.entries(config)) await stack.setConfig(`${PROJECT}:${key}`, { value });
        const { steps, onEvent } = stepRecorder();
        if (op === "preview") return { changeSummary: (await stack.preview({ onEvent })).changeSummary as Record<string, number>, steps, outputs: {} };
        if (op === "up") {
          const up = await stack.up({ onEvent });
          const outputs = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value as string]));
          return { changeSummary: up.summary.resourceChanges as Record<string, number>, steps, outputs };
        }
        const result = op === "refresh" ? await stack.refresh({ onEvent }) : await stack.destroy({ onEvent });
        return { changeSummary: result.summary.resourceChanges as Record<string, number>, steps, outputs: {} };
      },
      async exportState() {
        return { encrypted: await exported(false), withSecrets: JSON.parse(await exported(true)) as unknown };
      },
      async close() {
        await stack.workspace.removeStack(stack.name).catch(() => undefined);
        fs.rmSync(path.join(PROGRAM_DIR, `Pulumi.${stack.name}.yaml`), { force: true });
        fs.rmSync(work, { recursive: true, force: true });
      },
    };
  });
});
