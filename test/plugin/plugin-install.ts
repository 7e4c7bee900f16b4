/**
 * The engine tests' plugin: the archive `npm run plugin:build` makes (from the `dist/` a test run builds), installed
 * with `pulumi plugin install --file` into a PULUMI_HOME of its own, and a program folder for it.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildPluginArchive } from "../../scripts/plugin-build";
import { REPO_ROOT } from "../e2e/harness";

/** An installed plugin: where `pulumi plugin install` put it, the archive, and the PULUMI_HOME that holds it. */
export interface InstalledPlugin {
  home: string;
  dir: string;
  archive: string;
  version: string;
}

let archive: string | undefined;

/** Builds the archive once per test process and installs it into a new PULUMI_HOME. */
export function installPlugin(binDir: string): InstalledPlugin {
  archive ??= buildPluginArchive({ build: false });
  const version: string = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).version;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "pds-plugin-home-"));
  execFileSync(path.join(binDir, "pulumi"), ["plugin", "install", "resource", "deploy-service", version, "--file", archive], {
    env: { ...process.env, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" }, stdio: ["ignore", "pipe", "pipe"],
  });
  return { home, dir: path.join(home, "plugins", `resource-deploy-service-v${version}`), archive, version };
}

/** A temp copy of a program folder of `test/plugin/` using the repository's node_modules (it needs @pulumi/pulumi only). */
export function pluginProgram(folder = "engine-program"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pds-plugin-program-"));
  for (const file of ["Pulumi.yaml", "index.ts"]) fs.copyFileSync(path.join(__dirname, folder, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: folder, private: true, version: "0.0.0" }));
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}
