/**
 * One customer's operation through the Automation API: its stack (an inline program built from
 * {@link CustomerEnvironment}), run in a workspace folder of its own, and the one line the fleet prints about it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as automation from "@pulumi/pulumi/automation";
import { CustomerEnvironment } from "./customer";
import type { Customer } from "./customers";
import type { Journal } from "./journal";

/** The Pulumi project every customer's stack belongs to; the stack is named after the customer. */
export const PROJECT = "per-customer";

/** What every customer's operation shares. */
export interface FleetSettings {
  /** The fleet's folder: the journal, and one workspace folder per customer under `stacks/`. */
  stateDir: string;
  /** The engine's environment (backend URL, passphrase); the CLI and the provider hosts also inherit this process's. */
  env: Record<string, string>;
  /** The `pulumi` CLI to run. */
  pulumiCommand: automation.PulumiCommand;
  /** The service's organization (for `up`). */
  organizationId?: string;
  /** The id of the cluster each customer's environment goes to (for `up`). */
  clusterFor?: (customer: Customer) => string;
  /** What the fleet last did to each customer. */
  journal: Journal;
}

/** The engine's outcome of one customer's operation. */
export interface CustomerResult {
  ok: boolean;
  /** The line printed for the customer, e.g. `acme-03: up 4 created in 12s`. */
  line: string;
}

const WORDS: Array<[string, string]> = [["create", "created"], ["update", "updated"], ["replace", "replaced"], ["delete", "deleted"]];

/** `4 created, 1 updated`, or `no change`, from an operation's summary of resource changes. */
export function describeChanges(changes: Record<string, number> | undefined): string {
  const parts = WORDS.flatMap(([op, word]) => ((changes?.[op] ?? 0) > 0 ? [`${changes![op]} ${word}`] : []));
  return parts.length > 0 ? parts.join(", ") : "no change";
}

/**
 * Brings one customer's stack up (`up`) or tears it down and removes it (`destroy`), records the outcome in the
 * journal and returns the line to print. Never throws: a failure is the result's `ok: false` and its reason.
 * A customer the journal shows `running` (a run that stopped in the middle) has its stack's lock removed first.
 */
export async function runCustomer(op: "up" | "destroy", customer: Customer, settings: FleetSettings): Promise<CustomerResult> {
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)}s`;
  const errors: string[] = [];
  const onEvent = (event: automation.EngineEvent) => {
    const diag = event.diagnosticEvent;
    if (diag?.severity === "error" && !diag.ephemeral) errors.push(diag.message);
  };
  const interrupted = settings.journal.get(customer.id)?.state === "running";
  try {
    const workDir = path.join(settings.stateDir, "stacks", customer.id);
    fs.mkdirSync(workDir, { recursive: true });
    const args: automation.InlineProgramArgs = { stackName: customer.id, projectName: PROJECT, program: programOf(customer, settings, op) };
    const workspace: automation.LocalWorkspaceOptions = {
      workDir, envVars: settings.env, pulumiCommand: settings.pulumiCommand, projectSettings: { name: PROJECT, runtime: "nodejs" },
    };
    let stack: automation.Stack;
    if (op === "up") {
      stack = await automation.LocalWorkspace.createOrSelectStack(args, workspace);
    } else {
      // The backend knows which stacks exist (the folder may be on another machine, e.g. a CI runner).
      const found = await automation.LocalWorkspace.selectStack(args, workspace).catch((error: unknown) => {
        if (error instanceof automation.StackNotFoundError) return undefined;
        throw error;
      });
      if (!found) {
        fs.rmSync(workDir, { recursive: true, force: true });
        return { ok: true, line: `${customer.id}: destroy nothing to do (no stack) in ${seconds()}` };
      }
      stack = found;
    }
    settings.journal.set(customer.id, "running", op);
    if (interrupted) await stack.cancel().catch(() => undefined);
    let detail: string;
    if (op === "up") {
      const result = await stack.up({ onEvent, color: "never" });
      detail = describeChanges(result.summary.resourceChanges);
      settings.journal.set(customer.id, "done", op, detail);
    } else {
      const result = await stack.destroy({ onEvent, color: "never" });
      detail = describeChanges(result.summary.resourceChanges);
      await stack.workspace.removeStack(customer.id);
      fs.rmSync(workDir, { recursive: true, force: true });
      settings.journal.set(customer.id, "destroyed", op, detail);
    }
    return { ok: true, line: `${customer.id}: ${op} ${detail} in ${seconds()}` };
  } catch (error) {
    const reason = firstReason(errors, error);
    settings.journal.set(customer.id, "failed", op, reason);
    return { ok: false, line: `${customer.id}: ${op} failed in ${seconds()}: ${reason}` };
  }
}

/** The inline program of one customer's stack; `destroy` never runs it. */
function programOf(customer: Customer, settings: FleetSettings, op: "up" | "destroy"): automation.PulumiFn {
  return async () => {
    if (op !== "up" || !settings.organizationId || !settings.clusterFor) throw new Error("the customer program runs only for up");
    const env = new CustomerEnvironment(customer.id, {
      organizationId: settings.organizationId,
      clusterId: settings.clusterFor(customer),
      projectName: customer.id,
      description: `Customer ${customer.id} (${customer.plan})`,
    });
    return { projectId: env.project.id, environmentId: env.environment.id };
  };
}

/** One line saying why an operation failed: the engine's first error about a resource, else the error's first line. */
function firstReason(diagnostics: string[], error: unknown): string {
  const lines = diagnostics.map(firstLine).filter((l) => l !== "" && !/^update failed$|^preview failed$/i.test(l));
  const specific = lines.find((l) => !/^[a-z]+ failed$/i.test(l));
  if (specific) return specific;
  const message = error instanceof Error ? error.message : String(error);
  const stderr = /stderr:\s*([\s\S]*)$/.exec(message)?.[1] ?? message;
  return firstLine(stderr.split("\n").find((l) => /error:/i.test(l)) ?? stderr);
}

function firstLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return (text.replace(/\u001b\[[0-9;]*m/g, "").trim().split("\n")[0] ?? "").trim().slice(0, 300);
}
