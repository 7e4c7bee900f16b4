/**
 * `npm run plugin:build`: builds the package and writes the provider plugin's archive,
 * `dist-plugin/pulumi-resource-deploy-service-v<version>-linux-amd64.tar.gz`: the executable, `dist/`, `package.json`
 * and the production modules it runs with, copied from the local `node_modules` (nothing is downloaded). Install it
 * with `pulumi plugin install resource deploy-service <version> --file <archive>`. Prints the archive's path and size.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { copyPackages, productionPackages } from "./plugin-build-modules";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "dist-plugin");
const EXECUTABLE = "pulumi-resource-deploy-service";

/** The archive's file name for a version (the name `pulumi plugin install` and a release's download URL use). */
export function archiveName(version: string): string {
  return `${EXECUTABLE}-v${version}-linux-amd64.tar.gz`;
}

/** Builds `dist/` and the archive; answers its path. */
export function buildPluginArchive(options: { build?: boolean } = {}): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  if (options.build !== false) execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "inherit" });
  const stage = path.join(OUT, "stage");
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  fs.copyFileSync(path.join(ROOT, "bin", EXECUTABLE), path.join(stage, EXECUTABLE));
  fs.chmodSync(path.join(stage, EXECUTABLE), 0o755);
  fs.copyFileSync(path.join(ROOT, "package.json"), path.join(stage, "package.json"));
  // Only the package's code: the plugin runs none of the emulator (tests start it themselves).
  for (const part of ["provider", "sdk"]) fs.cpSync(path.join(ROOT, "dist", part), path.join(stage, "dist", part), { recursive: true });
  // @pulumi/pulumi is the package's peer (a program brings its own); the plugin runs alone, so it brings it.
  copyPackages(ROOT, stage, productionPackages(ROOT, ["@pulumi/pulumi"]));
  const archive = path.join(OUT, archiveName(version));
  execFileSync("tar", ["-czf", archive, "-C", stage, "."]);
  fs.rmSync(stage, { recursive: true, force: true });
  return archive;
}

if (require.main === module) {
  const archive = buildPluginArchive({ build: !process.argv.includes("--no-build") });
  console.log(`${path.relative(process.cwd(), archive)}: ${(fs.statSync(archive).size / 1024 / 1024).toFixed(1)} MB`);
}
