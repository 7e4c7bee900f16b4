/**
 * Makes a temp Pulumi program folder that depends on this package the way a user's does: installed from
 * the tarball `npm pack` makes (a real copy in node_modules, not a symlink), next to @pulumi/pulumi.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./harness";

let tarball: string | undefined;

/** Packs the package once per test process (dist/ is built by `npm test` before jest runs). */
export function packPackage(): string {
  if (tarball) return tarball;
  const dest = fs.mkdtempSync(path.join(os.tmpdir(), "pds-pack-"));
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", dest, "--json"], { cwd: REPO_ROOT, encoding: "utf8" });
  const [packed] = JSON.parse(out) as Array<{ filename: string }>;
  if (!packed) throw new Error(`npm pack printed no file: ${out}`);
  tarball = path.join(dest, packed.filename);
  return tarball;
}

/** Writes the program's files and installs its dependencies; returns the folder. */
export function makePackedProgram(name: string, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pds-${name}-`));
  const pulumiVersion: string = require(path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi", "package.json")).version;
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, version: "0.0.0" }, null, 2));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\ndescription: engine test program\n`);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error",
    packPackage(), `@pulumi/pulumi@${pulumiVersion}`], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return dir;
}
