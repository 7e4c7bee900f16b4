/** The engine's floor for the benchmarks: a program of do-nothing dynamic resources, what the engine costs by itself. */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./engine-stack";

/**
 * Writes (under .work/) a program of `count` dynamic resources whose provider does nothing; answers its folder.
 * With `padBytes`, each resource carries a string of that length in its inputs (and so in its outputs), so that
 * the engine stores as much per resource as a real stack does: the engine's cost of the state's size alone.
 * With `changeable`, each resource also takes the value of BENCH_CHANGE (default "0") and can be updated in place,
 * so that an `up` with BENCH_CHANGE=1 is an update of every resource.
 */
export function floorProgram(count: number, padBytes = 0, changeable = false): string {
  const dir = path.join(REPO_ROOT, ".work", changeable ? "bench-floor-changeable" : "bench-floor");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: bench-floor\nruntime: nodejs\n");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bench-floor", private: true }));
  fs.writeFileSync(path.join(dir, "index.ts"), `
import * as pulumi from "@pulumi/pulumi";
const nothing: pulumi.dynamic.ResourceProvider = {
  async create(inputs) { return { id: String(inputs.n), outs: inputs }; },${changeable ? `
  async update(id, olds, news) { return { outs: news }; },` : ""}
};
const pad = "x".repeat(${padBytes});
${changeable ? 'const v = process.env["BENCH_CHANGE"] ?? "0";\n' : ""}for (let n = 0; n < ${count}; n++) new pulumi.dynamic.Resource(nothing, "r" + n, { n${padBytes > 0 ? ", pad" : ""}${changeable ? ", v" : ""} });
`);
  return dir;
}

/** The signature key the engine gives a secret value in an exported state. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** A value of `pulumi stack export --show-secrets` with its secrets decoded; whether it held one. */
function decoded(value: unknown): { value: unknown; secret: boolean } {
  if (Array.isArray(value)) {
    const items = value.map(decoded);
    return { value: items.map((i) => i.value), secret: items.some((i) => i.secret) };
  }
  if (value === null || typeof value !== "object") return { value, secret: false };
  const record = value as Record<string, unknown>;
  if (SECRET_SIG in record) return { value: decoded(JSON.parse(String(record["plaintext"] ?? "null"))).value, secret: true };
  const entries = Object.entries(record).map(([k, v]) => [k, decoded(v)] as const);
  return { value: Object.fromEntries(entries.map(([k, d]) => [k, d.value])), secret: entries.some(([, d]) => d.secret) };
}

/** One resource of a stack as the replica floor declares it again. */
export interface Replica {
  name: string;
  type: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  secretInputs: string[];
  secretOutputs: string[];
  dependsOn: number[];
}

/** A property map decoded, with the keys that held a secret. */
function decodedMap(map: Record<string, unknown> | undefined, leaveOut: readonly string[] = []): { values: Record<string, unknown>; secrets: string[] } {
  const values: Record<string, unknown> = {};
  const secrets: string[] = [];
  for (const [k, v] of Object.entries(map ?? {})) {
    if (leaveOut.includes(k)) continue;
    const d = decoded(v);
    values[k] = d.value;
    if (d.secret) secrets.push(k);
  }
  return { values, secrets };
}

/** The custom resources of an exported state (`--show-secrets`), in its order, as the replica floor declares them. */
export function replicasOf(resources: ReadonlyArray<Record<string, any>>): Replica[] {
  const custom = resources.filter((r) => r["custom"] === true && !String(r["type"]).startsWith("pulumi:providers:"));
  const index = new Map(custom.map((r, i) => [String(r["urn"]), i]));
  return custom.map((r) => {
    const inputs = decodedMap(r["inputs"], ["__provider"]);
    const outputs = decodedMap(r["outputs"], ["__provider"]);
    return {
      name: String(r["urn"]).split("::").at(-1)!,
      type: String(r["type"]),
      inputs: inputs.values,
      outputs: outputs.values,
      secretInputs: inputs.secrets,
      secretOutputs: outputs.secrets.filter((k) => !inputs.secrets.includes(k)),
      dependsOn: ((r["dependencies"] ?? []) as string[]).flatMap((urn) => (index.has(urn) ? [index.get(urn)!] : [])),
    };
  });
}

/**
 * Writes (under .work/) a program declaring again every custom resource of an exported state (`pulumi stack export
 * --show-secrets`) as a do-nothing dynamic resource of the same shape: the same inputs and outputs (their names,
 * values and secrets), the same dependencies; its provider answers the recorded outputs without any request. Its
 * `up` is what the engine and the Pulumi SDK cost for that stack by themselves, so the ratio of the real `up` to it
 * is what the provider costs (its requests, its checks, its program-side classes). Answers the program's folder.
 */
export function replicaFloorProgram(resources: ReadonlyArray<Record<string, any>>): string {
  const dir = path.join(REPO_ROOT, ".work", "bench-replica");
  fs.mkdirSync(dir, { recursive: true });
  const replicas = replicasOf(resources);
  const data = path.join(dir, "replicas.json");
  fs.writeFileSync(data, JSON.stringify(replicas));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: bench-replica\nruntime: nodejs\n");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bench-replica", private: true }));
  // The provider the engine's host loads, as this package's own resources carry it: a module text, no closure.
  const provider = `exports.handler = function () { return { async create(inputs) {
  const host = globalThis; host.replicas = host.replicas || JSON.parse(require("fs").readFileSync(${JSON.stringify(data)}, "utf8"));
  return { id: String(inputs.replica), outs: Object.assign({}, host.replicas[inputs.replica].outputs, { replica: inputs.replica }) };
} }; };`;
  fs.writeFileSync(path.join(dir, "index.ts"), `
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
interface Replica { name: string; type: string; inputs: Record<string, unknown>; outputs: Record<string, unknown>; secretInputs: string[]; secretOutputs: string[]; dependsOn: number[] }
const replicas = JSON.parse(fs.readFileSync(${JSON.stringify(data)}, "utf8")) as Replica[];
const declared: pulumi.Resource[] = [];
replicas.forEach((r, i) => {
  const inputs: Record<string, unknown> = { ...Object.fromEntries(Object.keys(r.outputs).map((k) => [k, undefined])), ...r.inputs, replica: i };
  for (const k of r.secretInputs) inputs[k] = pulumi.secret(inputs[k]);
  inputs["__provider"] = ${JSON.stringify(provider)};
  declared.push(new pulumi.CustomResource(r.type, r.name, inputs, {
    dependsOn: r.dependsOn.map((d) => declared[d]!), additionalSecretOutputs: r.secretOutputs,
  }));
});
`);
  return dir;
}
