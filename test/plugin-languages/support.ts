/**
 * What the other languages' tests share: where the tools are (the Pulumi CLI, the generators and the YAML language
 * host of scripts/build-language-hosts.sh, Go, the plugin), and the checks every engine run makes.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { findEngine, REPO_ROOT } from "../../scripts/engine-stack";
import type { ToolLookup } from "../needs-tool";
import { secretPlaintexts } from "../e2e/secrets";

export { REPO_ROOT };

const PULUMI_VERSION: string = require(path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi", "package.json")).version;

/** The folder of what scripts/build-language-hosts.sh builds. */
export const LANGUAGE_HOSTS_BIN = path.join(REPO_ROOT, ".tools", "language-hosts", PULUMI_VERSION, "bin");

/** The folder of the plugin's executable, `bin/pulumi-resource-deploy-service` (it runs the built `dist/`). */
export const PLUGIN_BIN = path.join(REPO_ROOT, "bin");

/** The Pulumi CLI, the language hosts' folder and the built plugin, or what is missing and how to get it. */
export function engineTools(needs: "generators" | "yaml" | "none" = "none"): ToolLookup<{ pulumiBin: string; hostsBin: string }> {
  const engine = findEngine();
  if (!engine.binDir) return { reason: engine.reason };
  const wanted = needs === "yaml" ? "pulumi-language-yaml" : "sdk-gen";
  if (needs !== "none" && !fs.existsSync(path.join(LANGUAGE_HOSTS_BIN, wanted))) {
    return { reason: `no ${wanted} in ${LANGUAGE_HOSTS_BIN}: run \`bash scripts/build-language-hosts.sh\`` };
  }
  if (!fs.existsSync(path.join(REPO_ROOT, "dist", "provider", "plugin", "server", "main.js"))) {
    return { reason: "the plugin runs dist/: run `npm run build`" };
  }
  return { found: { pulumiBin: engine.binDir, hostsBin: LANGUAGE_HOSTS_BIN } };
}

/** The `go` command, or why there is none. */
export function findGo(): ToolLookup<string> {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
    return { found: "go" };
  } catch {
    return { reason: "no `go` on PATH: install Go 1.25 or later" };
  }
}

/**
 * The environment of a Go build: modules from the module proxy, go.mod and go.sum as committed, and the flags
 * scripts/build-pulumi.sh builds the CLI with, so the Pulumi SDK packages it compiled come from Go's build cache.
 */
export function goEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=readonly -trimpath -tags=osusergo,grpcnotrace",
    GONOSUMDB: process.env.GONOSUMDB ?? "github.com/pulumi",
  };
}

/** PATH with the CLI, the language hosts and the plugin first: the engine finds the plugin as an ambient plugin. */
export function pathWith(...dirs: string[]): string {
  return [...dirs, process.env.PATH ?? ""].join(path.delimiter);
}

/**
 * The plaintexts a state must not show: every secret of the `--show-secrets` export (secrets the service or the
 * provider made too), and the ones the test set itself.
 */
export function leakedSecrets(encrypted: string, withSecrets: unknown, known: string[]): string[] {
  const plaintexts = new Set([...secretPlaintexts(withSecrets), ...known]);
  return [...plaintexts].filter((p) => encrypted.includes(p));
}
