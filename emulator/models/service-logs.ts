/**
 * The log lines a service's actions write, as [clock step, message]: the lines every kind's stop, restart and
 * uninstall write, and a deploy's lines for services run from an image (containers, jobs).
 */
import type { DeploymentRec } from "./runtime";

/** Log lines of an action. */
export type LogLines = Array<[number, string]>;

/** The lines of a stop, restart or uninstall of the service labelled `label` ("Application api"); undefined for a deploy. */
export function actionLogLines(label: string, d: DeploymentRec): LogLines | undefined {
  if (d.action === "STOP") return [[0, `Stop request ${d.request_id} queued`], [2, `${label} stopped`]];
  if (d.action === "RESTART") return [[0, `Restart request ${d.request_id} queued`], [2, `${label} restarted`]];
  if (d.action === "UNINSTALL") return [[0, `Uninstall request ${d.request_id} queued`], [2, `${label} uninstalled (its configuration is kept)`]];
  return undefined;
}

/** The line of a deploy's last step that failed (the failure injected by the emulator at `stage`). */
export function failureLine(step: number, final: string, what: string): [number, string] | undefined {
  if (final === "BUILD_ERROR") return [step, "Build failed: the image build exited with code 1 (failure injected by the emulator at stage BUILD)"];
  if (final === "DEPLOYMENT_ERROR") return [step, `${what} (failure injected by the emulator at stage DEPLOY)`];
  return undefined;
}

/**
 * The lines of an action on a service run from an image: pulling `image` then starting it, or its build from git
 * first (`built`), then `done` when it succeeded.
 */
export function imageLogLines(label: string, image: string, d: DeploymentRec, done: string, failed: string, built?: string): LogLines {
  const other = actionLogLines(label, d);
  if (other) return other;
  const last = d.steps.length - 1;
  const lines: LogLines = [[0, `Deployment request ${d.request_id} queued`]];
  if (built !== undefined) lines.push([1, built]);
  const final = d.steps[last] as string;
  const failure = failureLine(last, final, failed);
  if (final === "BUILD_ERROR" && failure) return [...lines, failure];
  lines.push([last - 1, `Pulling image ${image}`]);
  lines.push(failure ?? [last, done]);
  return lines;
}
