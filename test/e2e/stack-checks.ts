/**
 * What the engine tests of example programs share: a stack of an example on an emulator, the step of each resource
 * of an operation, and the user's objects of a state dump.
 */
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { DeployServiceClient } from "../../sdk";
import { EngineStack, REPO_ROOT, steps, type OperationResult } from "./harness";

/**
 * The step each resource of the program takes, by resource name: a replacement's several steps
 * (create-replacement, replace, delete-replaced) count as one "replace". Provider resources are left out:
 * the engine passes the whole stack config to the dynamic-provider host, so it "updates" on any config change.
 */
export function opsByName(result: OperationResult): Record<string, string> {
  const ops: Record<string, Set<string>> = {};
  for (const step of steps(result)) {
    if (step.type.startsWith("pulumi:providers:")) continue;
    (ops[step.urn.split("::").pop()!] ??= new Set()).add(step.op);
  }
  return Object.fromEntries(Object.entries(ops).map(([name, set]) => [name, set.has("replace") ? "replace" : [...set][0]!]));
}

/** How many steps of each resource type an operation takes, the default providers left out. */
export function stepTypeCounts(result: OperationResult): Record<string, number> {
  const types: Record<string, number> = {};
  for (const s of steps(result).filter((s) => !s.type.startsWith("pulumi:providers:"))) types[s.type] = (types[s.type] ?? 0) + 1;
  return types;
}

/** The info lines (the provider's progress lines among them) an operation logged under the resource named `name`. */
export function linesOf(result: OperationResult, name: string): string[] {
  return result.events.flatMap((e) => {
    const d = e.diagnosticEvent;
    return d && d.severity === "info" && d.urn?.split("::").pop() === name ? [d.message.trim()] : [];
  });
}

/** The resources an operation changes, as [name, step] sorted by name. */
export function changed(result: OperationResult): Array<[string, string]> {
  return Object.entries(opsByName(result)).filter(([, op]) => !["same", "read", "refresh"].includes(op)).sort();
}

/** The user's objects of an emulator state dump: what a run leaves behind that is not theirs (logs, counters) is dropped. */
export function userObjects(dump: Record<string, unknown>): unknown {
  const drop = new Set(["requests", "requestLog", "faults", "rateLimits", "rateLimit", "clock", "nextId", "config", "deployments", "logs", "webhookDeliveries"]);
  return Object.fromEntries(Object.entries(dump).filter(([k]) => !drop.has(k)));
}

/**
 * A stack of one of `examples/` on an emulator: the service's URL and Admin token, and the program's
 * `organizationId` and `clusterId` (the first cluster) in its config, so it needs no lookup; `secrets` adds secret
 * config keys of the program (without its namespace), `env` variables of the engine's and the providers' environment.
 */
export async function exampleStack(
  emulator: RunningEmulator, program: string, binDir: string, secrets: Record<string, string> = {}, env: Record<string, string> = {},
): Promise<EngineStack> {
  const client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
  const [cluster] = await client.clusters.list(emulator.ids.organizationId);
  return new EngineStack({
    programDir: path.join(REPO_ROOT, "examples", program),
    binDir,
    config: {
      "deploy-service:apiUrl": emulator.url,
      [`${program}:organizationId`]: emulator.ids.organizationId,
      [`${program}:clusterId`]: cluster!.id,
    },
    secretConfig: {
      "deploy-service:apiToken": emulator.tokens.admin,
      ...Object.fromEntries(Object.entries(secrets).map(([key, value]) => [`${program}:${key}`, value])),
    },
    env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true", ...env },
  });
}
