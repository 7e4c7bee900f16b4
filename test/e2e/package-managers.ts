/**
 * The package managers users install this package with, and how each installs it into a program folder: npm (as
 * Node ships it), pnpm, Yarn and Bun as an installer (fetched from the npm registry into a temp cache at pinned
 * versions, never into this repository), each run the way its users run it, build-script policy included.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** A package manager the install tests cover. */
export type PackageManager = "npm" | "pnpm" | "yarn" | "bun";

/** The pnpm release the tests install with (the npm registry's `pnpm` package). */
export const PNPM_VERSION = "12.21.0";
/** The Yarn release the tests install with (Yarn 4, from the npm registry's `@yarnpkg/cli-dist` package). */
export const YARN_VERSION = "4.18.1";
/**
 * The Bun release the tests install with (the npm registry's `bun` package). Bun only installs here: the program
 * still runs on Node.js (`runtime: nodejs`), since dynamic providers do not work on the Bun runtime.
 */
export const BUN_VERSION = "1.4.5";

/** Where fetched package managers and their stores live between runs: a temp folder, outside the repository. */
const CACHE = path.join(os.tmpdir(), "pds-package-managers");

/** The command that runs one package manager: an executable and the arguments before the manager's own. */
export interface ManagerCommand {
  manager: PackageManager;
  /** The executable: the manager's binary, or node for Yarn's single-file release. */
  file: string;
  /** Arguments before the manager's own (the script node runs). */
  prefix: string[];
}

/** Runs a command to completion; rejects with its last output on a non-zero exit. */
export function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd: options.cwd, env: options.env ?? userEnv(), maxBuffer: 32 * 1024 * 1024, timeout: 5 * 60 * 1000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${path.basename(file)} ${args.join(" ")} failed in ${options.cwd}: ${error.message}\n${stderr.slice(-4000)}\n${stdout.slice(-4000)}`));
        else resolve(stdout);
      });
  });
}

/**
 * The environment of a user's shell: this process's, without the `npm_*` variables `npx jest` adds (pnpm and Yarn
 * would read them as their own settings).
 */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return { ...env, ...extra };
}

/** Installs `spec` (an npm package at a pinned version) into the cache once, and returns its folder. */
async function fetchTool(spec: string): Promise<string> {
  const dir = path.join(CACHE, spec.replace(/\//g, "+"));
  if (fs.existsSync(path.join(dir, "done"))) return dir;
  fs.mkdirSync(dir, { recursive: true });
  await run("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error", "--no-save", spec], { cwd: dir });
  fs.writeFileSync(path.join(dir, "done"), `${spec}\n`);
  return dir;
}

/** Finds or fetches the command of `manager`; fails with the reason when the registry cannot be reached. */
export async function managerCommand(manager: PackageManager): Promise<ManagerCommand> {
  switch (manager) {
    case "npm":
      return { manager, file: "npm", prefix: [] };
    case "pnpm": {
      const dir = await fetchTool(`pnpm@${PNPM_VERSION}`);
      return { manager, file: path.join(dir, "node_modules", ".bin", "pnpm"), prefix: [] };
    }
    case "yarn": {
      const dir = await fetchTool(`@yarnpkg/cli-dist@${YARN_VERSION}`);
      return { manager, file: process.execPath, prefix: [path.join(dir, "node_modules", "@yarnpkg", "cli-dist", "bin", "yarn.js")] };
    }
    case "bun": {
      const dir = await fetchTool(`bun@${BUN_VERSION}`);
      return { manager, file: path.join(dir, "node_modules", ".bin", "bun"), prefix: [] };
    }
  }
}

/**
 * Installs the packed package and `@pulumi/pulumi@pulumiVersion` into the program folder `dir` with one package
 * manager, as its users do: `npm install`, `pnpm add`, `yarn add`, `bun add`, with install scripts left to each
 * manager's defaults (npm caches with `--prefer-offline`, which changes nothing in what it installs). What each needs
 * beside package.json is written first:
 * - pnpm 11+ fails an install whose dependencies have build scripts nobody allowed or denied; @pulumi/pulumi
 *   depends on protobufjs, whose postinstall only checks versions, so pnpm-workspace.yaml denies it.
 * - Yarn 4 defaults to Plug'n'Play, which the Pulumi language and dynamic-provider hosts do not support (they load
 *   packages from node_modules), so .yarnrc.yml sets `nodeLinker: node-modules`.
 */
export async function installInto(dir: string, command: ManagerCommand, tarball: string, pulumiVersion: string): Promise<void> {
  const { manager, file, prefix } = command;
  const pulumi = `@pulumi/pulumi@${pulumiVersion}`;
  switch (manager) {
    case "npm":
      await run(file, [...prefix, "install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", tarball, pulumi], { cwd: dir });
      return;
    case "pnpm":
      fs.writeFileSync(path.join(dir, "pnpm-workspace.yaml"), "allowBuilds:\n  protobufjs: false\n");
      await run(file, [...prefix, "add", "--store-dir", path.join(CACHE, "pnpm-store"), tarball, pulumi], { cwd: dir });
      return;
    case "yarn":
      fs.writeFileSync(path.join(dir, ".yarnrc.yml"), [
        "nodeLinker: node-modules",
        "enableTelemetry: false",
        "enableImmutableInstalls: false",
        `cacheFolder: ${JSON.stringify(path.join(CACHE, "yarn-cache"))}`,
        "enableGlobalCache: false",
        "",
      ].join("\n"));
      fs.writeFileSync(path.join(dir, "yarn.lock"), "");
      await run(file, [...prefix, "add", `pulumi-deploy-service@file:${tarball}`, pulumi], { cwd: dir });
      return;
    case "bun":
      await run(file, [...prefix, "add", tarball, pulumi], { cwd: dir, env: userEnv({ BUN_INSTALL_CACHE_DIR: path.join(CACHE, "bun-cache") }) });
      return;
  }
}
