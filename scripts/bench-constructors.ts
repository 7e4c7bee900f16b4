/**
 * What a program pays per resource before any request (issue 38): the CPU of constructing the 213 resources of the
 * `bench:scale` stack (a project, two environments, 10 databases, 100 applications with variables and a secret, 100
 * advanced settings) with this package's classes, against the same number of bare `pulumi.CustomResource`s holding
 * the same inputs (the Pulumi SDK's own cost), under Pulumi's mocks (no engine). Each runs in a fresh process the
 * way `pulumi` runs a program: TypeScript under ts-node, type-checked (pulumi's default: the program and the types it
 * imports are checked at every run) or transpiled only (`PULUMI_NODEJS_TRANSPILE_ONLY=true`, or `noCheck` in the
 * program's tsconfig), JavaScript with the `source-map-support` the Node.js language host registers, and JavaScript
 * without source maps. The Pulumi SDK reads a stack trace at every resource's registration (its source position), and
 * source maps are applied to every frame of it. It also prints each process's whole CPU, loading included.
 *
 * Run (the package must be built): npm run build && npx ts-node --transpile-only scripts/bench-constructors.ts [--runs 3]
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./engine-stack";

const DIR = path.join(REPO_ROOT, ".work", "bench-constructors");
const PACKAGE = path.join(REPO_ROOT, "dist", "provider", "index.js");

/** The typed program's first lines: it imports the package and its types, as a user's TypeScript program does. */
const TYPED_HEAD = `import * as pulumi from "@pulumi/pulumi";
import * as ds from ${JSON.stringify(PACKAGE.replace(/\.js$/, ""))};
pulumi.runtime.setMocks({ newResource: (a: pulumi.runtime.MockResourceArgs) => ({ id: a.name + "-id", state: a.inputs }), call: (a: pulumi.runtime.MockCallArgs) => a.inputs }, "bench", "bench", false);
function make(Kind: string, name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions): any {
  if (!bare) return new (ds as any)[Kind](name, args, opts);
  return new (pulumi.CustomResource as any)("pulumi-nodejs:dynamic/deploy-service:" + Kind, name, { ...args, __provider: PROVIDER }, opts);`;

/** The untyped program's first lines (valid JavaScript and TypeScript). */
const PLAIN_HEAD = `// @ts-nocheck
const pulumi = require("@pulumi/pulumi");
pulumi.runtime.setMocks({ newResource: (a) => ({ id: a.name + "-id", state: a.inputs }), call: (a) => a.inputs }, "bench", "bench", false);
const ds = require(${JSON.stringify(PACKAGE)});
function make(Kind, name, args, opts) {
  if (!bare) return new ds[Kind](name, args, opts);
  return new pulumi.CustomResource("pulumi-nodejs:dynamic/deploy-service:" + Kind, name, { ...args, __provider: PROVIDER }, opts);`;

/** The program: constructs the stack's resources and prints the CPU it took. */
function programText(typed: boolean): string {
  return `${typed ? TYPED_HEAD : PLAIN_HEAD}
}
const bare = process.argv[2] === "bare";
const PROVIDER = "exports.handler=()=>require(\\"module\\").createRequire(process.cwd()+\\"/\\")(\\"pulumi-deploy-service/runtime\\").providerFor(\\"X\\")";
function build() {
  let n = 0;
  const project = make("Project", "bench", { organizationId: "org", name: "bench" }); n++;
  for (let e = 0; e < 2; e++) {
    const environment = make("Environment", "env" + e, { projectId: project.id, name: "env" + e, mode: "DEVELOPMENT", clusterId: "cluster" }); n++;
    for (let d = 0; d < 5; d++) { make("Database", "env" + e + "-db" + d, { environmentId: environment.id, name: "db" + d, type: "POSTGRESQL", version: "16", mode: "CONTAINER", readMasterCredentials: false }); n++; }
    for (let a = 0; a < 50; a++) {
      const app = make("Application", "env" + e + "-app" + a, {
        environmentId: environment.id, name: "app" + a,
        gitRepository: { url: "https://github.com/acme/app-" + a + ".git", branch: "main", rootPath: "/" },
        buildMode: "DOCKER", dockerfilePath: "Dockerfile", cpu: 250, memory: 256, minRunningInstances: 1, maxRunningInstances: 2,
        ports: [{ internalPort: 8080, externalPort: 443, publiclyAccessible: true, protocol: "HTTP", name: "http" }],
        environmentVariables: { LOG_LEVEL: "info", REGION: "eu-west", APP_INDEX: String(a) },
        secrets: { API_KEY: pulumi.secret("bench-secret-" + e + "-" + a) }, readBuiltInVariables: false,
      }); n++;
      make("ApplicationAdvancedSettings", "env" + e + "-app" + a + "-settings", { applicationId: app.id, settings: { "network.ingress.proxy_body_size_mb": 25 } }); n++;
    }
  }
  return n;
}
const before = process.cpuUsage();
const resources = build();
const used = process.cpuUsage(before);
const whole = process.cpuUsage();
console.log(JSON.stringify({ resources, cpuMs: (used.user + used.system) / 1000, processMs: (whole.user + whole.system) / 1000 }));
`;
}

/** How a program is run: the extra Node arguments and the file. */
const VARIANTS = {
  "TypeScript under ts-node, type-checked (pulumi's default)": { args: ["-r", "ts-node/register"], file: "typed.ts" },
  "TypeScript under ts-node, transpile only (PULUMI_NODEJS_TRANSPILE_ONLY=true)": { args: ["-r", "ts-node/register/transpile-only"], file: "program.ts" },
  "JavaScript with source-map-support": { args: ["-r", "source-map-support/register"], file: "program.js" },
  "JavaScript without source maps": { args: [], file: "program.js" },
} as const;

/** One run's figures: the constructors' CPU, and the whole process's (loading included) when they are done. */
interface Run { resources: number; cpuMs: number; processMs: number }

function run(variant: keyof typeof VARIANTS, mode: "package" | "bare"): Run {
  const { args, file } = VARIANTS[variant];
  const env = { ...process.env };
  delete env["TS_NODE_TRANSPILE_ONLY"];
  const out = execFileSync(process.execPath, [...args, path.join(DIR, file), mode], { cwd: DIR, encoding: "utf8", env });
  return JSON.parse(out.trim().split("\n").at(-1)!) as Run;
}

function main(): void {
  const i = process.argv.indexOf("--runs");
  const runs = i >= 0 ? Number(process.argv[i + 1]) : 3;
  fs.mkdirSync(DIR, { recursive: true });
  for (const f of ["program.ts", "program.js"]) fs.writeFileSync(path.join(DIR, f), programText(false));
  fs.writeFileSync(path.join(DIR, "typed.ts"), programText(true));
  const lines = [
    "| program | package's classes: ms CPU per resource | bare CustomResource (the SDK's own) | difference | the program's process, s CPU (loading included) |",
    "|---|---|---|---|---|",
  ];
  for (const variant of Object.keys(VARIANTS) as Array<keyof typeof VARIANTS>) {
    const median = (mode: "package" | "bare", pick: (r: Run) => number) => {
      const all = Array.from({ length: runs }, () => run(variant, mode)).map(pick).sort((a, b) => a - b);
      return all[Math.floor(all.length / 2)]!;
    };
    const pkg = median("package", (r) => r.cpuMs / r.resources);
    const bare = median("bare", (r) => r.cpuMs / r.resources);
    const whole = median("package", (r) => r.processMs / 1000);
    lines.push(`| ${variant} | ${pkg.toFixed(2)} | ${bare.toFixed(2)} | ${(pkg - bare).toFixed(2)} | ${whole.toFixed(2)} |`);
    process.stderr.write(`${variant}: ${pkg.toFixed(2)} / ${bare.toFixed(2)} ms per resource\n`);
  }
  console.log([`# bench-constructors ${new Date().toISOString()} (213 resources, median of ${runs} fresh processes)`, "", ...lines].join("\n"));
}

main();
