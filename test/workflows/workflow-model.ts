/**
 * The GitHub Actions workflows of .github/workflows/, parsed (the `yaml` package) into the few shapes the workflow
 * tests check: triggers, permissions, jobs, steps, and every string with where it sits.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { REPO_ROOT } from "./actionlint";

/** The folder of the workflows. */
export const WORKFLOWS_DIR = path.join(REPO_ROOT, ".github", "workflows");

/** One step of a job. */
export interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string | number | boolean>;
}

/** One job of a workflow. */
export interface Job {
  name?: string;
  needs?: string | string[];
  if?: string;
  "runs-on"?: string;
  permissions?: Record<string, string> | string;
  concurrency?: { group: string; "cancel-in-progress"?: boolean | string } | string;
  outputs?: Record<string, string>;
  env?: Record<string, string>;
  steps: Step[];
}

/** A workflow file, parsed. */
export interface Workflow {
  file: string;
  text: string;
  name?: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string> | string;
  concurrency?: { group: string; "cancel-in-progress"?: boolean | string } | string;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

/** The workflow files, sorted (`*.yml` and `*.yaml`). */
export function workflowFiles(): string[] {
  return fs.readdirSync(WORKFLOWS_DIR).filter((f) => /\.ya?ml$/.test(f)).sort();
}

/** Reads and parses one workflow of .github/workflows/ by file name (see {@link parseWorkflow}). */
export function loadWorkflow(file: string): Workflow {
  return parseWorkflow(file, fs.readFileSync(path.join(WORKFLOWS_DIR, file), "utf8"));
}

/** Parses a workflow's text; `on` is normalized to an object whatever form the file uses. */
export function parseWorkflow(file: string, text: string): Workflow {
  const doc = parse(text) as Omit<Workflow, "file" | "text" | "on"> & { on: unknown };
  let on: Record<string, unknown>;
  if (typeof doc.on === "string") on = { [doc.on]: null };
  else if (Array.isArray(doc.on)) on = Object.fromEntries((doc.on as string[]).map((e) => [e, null]));
  else on = (doc.on ?? {}) as Record<string, unknown>;
  return { ...doc, file, text, on };
}

/** Every step of the workflow with the id of its job. */
export function allSteps(workflow: Workflow): Array<{ job: string; step: Step }> {
  return Object.entries(workflow.jobs).flatMap(([job, j]) => (j.steps ?? []).map((step) => ({ job, step })));
}

/** The steps that use an action whose reference starts with `action` (e.g. `pulumi/actions@`). */
export function stepsUsing(workflow: Workflow, action: string): Array<{ job: string; step: Step }> {
  return allSteps(workflow).filter(({ step }) => step.uses?.startsWith(action));
}

/** Every string value of the parsed document with its path (`jobs.up.steps.3.env.TOKEN`). */
export function stringsWithPaths(workflow: Workflow): Array<{ path: string; value: string }> {
  const found: Array<{ path: string; value: string }> = [];
  const walk = (node: unknown, at: string): void => {
    if (typeof node === "string") found.push({ path: at, value: node });
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}.${i}`));
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) walk(value, at ? `${at}.${key}` : key);
    }
  };
  const { file: _file, text: _text, ...doc } = workflow;
  walk(doc, "");
  return found;
}
