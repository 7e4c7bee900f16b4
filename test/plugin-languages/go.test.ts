/**
 * The Go program through the real engine against the emulator: program.go of test/plugin-languages/go/ (the README's
 * Go example) uses the Go SDK generated in sdk-gen/go and runs through the Go Automation API with an inline program,
 * a local file backend and a PULUMI_HOME of its own (main.go); the engine starts the plugin
 * pulumi-resource-deploy-service from PATH. The scenario is scenario.ts's.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describeNeeding } from "../needs-tool";
import { API_KEY, programScenario, type ProgramResult } from "./scenario";
import { engineTools, findGo, goEnv, pathWith, PLUGIN_BIN, REPO_ROOT } from "./support";

const PROGRAM_DIR = path.join(REPO_ROOT, "test", "plugin-languages", "go");

const go = findGo();
const tools = go.found ? engineTools() : { reason: go.reason };
describeNeeding("Go, the Pulumi CLI and the built plugin", "the Go program through the engine", tools, ({ pulumiBin }) => {
  jest.setTimeout(20 * 60 * 1000);
  programScenario("shop-go", async (emulator) => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "pds-go-"));
    const binary = path.join(work, "go-program");
    // The first build compiles the generated SDK and the Automation API (minutes when Go's build cache is cold).
    execFileSync("go", ["build", "-o", binary, "."], { cwd: PROGRAM_DIR, env: goEnv(), stdio: ["ignore", "ignore", "inherit"] });
    let first = true;
    const run = (op: string, args: string[]): Promise<Record<string, unknown>> => new Promise((resolve, reject) => {
      execFile(binary, ["-op", op, "-work", work, ...args], {
        env: { ...process.env, PATH: pathWith(pulumiBin, PLUGIN_BIN) }, maxBuffer: 64 * 1024 * 1024, timeout: 10 * 60 * 1000,
      }, (error, stdout, stderr) => (error
        ? reject(new Error(`go-program -op ${op}: ${error.message}\n${stderr.slice(-6000)}`))
        : resolve(JSON.parse(stdout) as Record<string, unknown>)));
    });
    return {
      async run(op, config = {}) {
        const args = Object.entries(config).flatMap(([k, v]) => ["-config", `${k}=${v}`]);
        if (first) {
          args.push("-config", `deploy-service:apiUrl=${emulator.url}`, "-secret", `deploy-service:apiToken=${emulator.tokens.admin}`, "-secret", `apiKey=${API_KEY}`);
          first = false;
        }
        const result = await run(op, args);
        return { steps: {}, outputs: {}, ...result } as ProgramResult;
      },
      async exportState() {
        const encrypted = JSON.stringify((await run("export", [])).deployment);
        return { encrypted, withSecrets: (await run("export-secrets", [])).deployment };
      },
      async close() { fs.rmSync(work, { recursive: true, force: true }); },
    };
  });
});
