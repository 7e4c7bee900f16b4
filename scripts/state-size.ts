/**
 * What a stack's state holds per resource, from `pulumi stack export` (secrets as the engine stores them): the bytes
 * of the custom resources' inputs and outputs (what the engine writes at every checkpoint), and within them the
 * serialized providers (`__provider`) and the secrets' envelopes, per resource type.
 */

/** The signature key of a secret value in an exported state. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** Bytes of one part of the state. */
export interface StateBytes {
  resources: number;
  inputs: number;
  outputs: number;
  /** The serialized provider, in inputs and outputs together. */
  provider: number;
  /** The secrets' envelopes (signature and ciphertext), in inputs and outputs together. */
  secrets: number;
}

function secretBytes(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + secretBytes(v), 0);
  if (value === null || typeof value !== "object") return 0;
  if (SECRET_SIG in value) return JSON.stringify(value).length;
  return Object.values(value).reduce((n: number, v) => n + secretBytes(v), 0);
}

function add(into: StateBytes, r: Record<string, any>): void {
  const inputs = (r["inputs"] ?? {}) as Record<string, unknown>;
  const outputs = (r["outputs"] ?? {}) as Record<string, unknown>;
  into.resources++;
  into.inputs += JSON.stringify(inputs).length;
  into.outputs += JSON.stringify(outputs).length;
  for (const side of [inputs, outputs]) {
    if (typeof side["__provider"] === "string") into.provider += JSON.stringify(side["__provider"]).length;
    into.secrets += secretBytes(side);
  }
}

const empty = (): StateBytes => ({ resources: 0, inputs: 0, outputs: 0, provider: 0, secrets: 0 });

/** The custom resources' bytes (provider resources left out), in all and by type. */
export function stateBytes(resources: ReadonlyArray<Record<string, any>>): { all: StateBytes; byType: Map<string, StateBytes> } {
  const all = empty();
  const byType = new Map<string, StateBytes>();
  for (const r of resources) {
    if (r["custom"] !== true || String(r["type"]).startsWith("pulumi:providers:")) continue;
    add(all, r);
    const type = String(r["type"]).replace(/^pulumi-nodejs:dynamic\/(deploy-service:)?/, "");
    if (!byType.has(type)) byType.set(type, empty());
    add(byType.get(type)!, r);
  }
  return { all, byType };
}

/** Bytes per resource (inputs and outputs), 0 for none. */
export function perResource(b: StateBytes): number {
  return b.resources === 0 ? 0 : Math.round((b.inputs + b.outputs) / b.resources);
}

/** A table of the state's bytes per resource by type (mean inputs, outputs, serialized provider, secrets). */
export function stateTable(byType: Map<string, StateBytes>): string[] {
  const mean = (n: number, b: StateBytes) => Math.round(n / b.resources);
  const lines = ["| type | resources | bytes per resource | inputs | outputs | of which __provider | of which secrets |", "|---|---|---|---|---|---|---|"];
  for (const [type, b] of [...byType].sort(([a], [c]) => a.localeCompare(c))) {
    lines.push(`| ${type} | ${b.resources} | ${perResource(b)} | ${mean(b.inputs, b)} | ${mean(b.outputs, b)} | ${mean(b.provider, b)} | ${mean(b.secrets, b)} |`);
  }
  return lines;
}
