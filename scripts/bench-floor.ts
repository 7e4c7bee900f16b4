/** The engine's floor for the benchmarks: a program of do-nothing dynamic resources, what the engine costs by itself. */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./engine-stack";

/**
 * Writes (under .work/) a program of `count` dynamic resources whose provider does nothing; answers its folder.
 * With `padBytes`, each resource carries a string of that length in its inputs (and so in its outputs), so that
 * the engine stores as much per resource as a real stack does: the engine's cost of the state's size alone.
 */
export function floorProgram(count: number, padBytes = 0): string {
  const dir = path.join(REPO_ROOT, ".work", "bench-floor");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: bench-floor\nruntime: nodejs\n");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bench-floor", private: true }));
  fs.writeFileSync(path.join(dir, "index.ts"), `
import * as pulumi from "@pulumi/pulumi";
const nothing: pulumi.dynamic.ResourceProvider = {
  async create(inputs) { return { id: String(inputs.n), outs: inputs }; },
};
const pad = "x".repeat(${padBytes});
for (let n = 0; n < ${count}; n++) new pulumi.dynamic.Resource(nothing, "r" + n, ${padBytes > 0 ? "{ n, pad }" : "{ n }"});
`);
  return dir;
}
