/** The engine's floor for the benchmarks: a program of do-nothing dynamic resources, what the engine costs by itself. */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./engine-stack";

/** Writes (under .work/) a program of `count` dynamic resources whose provider does nothing; answers its folder. */
export function floorProgram(count: number): string {
  const dir = path.join(REPO_ROOT, ".work", "bench-floor");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: bench-floor\nruntime: nodejs\n");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bench-floor", private: true }));
  fs.writeFileSync(path.join(dir, "index.ts"), `
import * as pulumi from "@pulumi/pulumi";
const nothing: pulumi.dynamic.ResourceProvider = {
  async create(inputs) { return { id: String(inputs.n), outs: inputs }; },
};
for (let n = 0; n < ${count}; n++) new pulumi.dynamic.Resource(nothing, "r" + n, { n });
`);
  return dir;
}
