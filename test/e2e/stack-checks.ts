/**
 * What the engine tests of example programs read from an operation and from the emulator: the step of each resource
 * and the user's objects of a state dump.
 */
import { steps, type OperationResult } from "./harness";

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

/** The resources an operation changes, as [name, step] sorted by name. */
export function changed(result: OperationResult): Array<[string, string]> {
  return Object.entries(opsByName(result)).filter(([, op]) => !["same", "read", "refresh"].includes(op)).sort();
}

/** The user's objects of an emulator state dump: what a run leaves behind that is not theirs (logs, counters) is dropped. */
export function userObjects(dump: Record<string, unknown>): unknown {
  const drop = new Set(["requests", "requestLog", "faults", "rateLimits", "rateLimit", "clock", "nextId", "config", "deployments", "logs", "webhookDeliveries"]);
  return Object.fromEntries(Object.entries(dump).filter(([k]) => !drop.has(k)));
}
