import type { ApplicationRec } from "./applications";
import type { DeploymentRec } from "./runtime";
import { actionLogLines, failureLine, type LogLines } from "./service-logs";

/** The log lines an action on an application writes, as [clock step, message]. */
export function applicationLogLines(app: ApplicationRec, d: DeploymentRec, version: string): LogLines {
  const other = actionLogLines(`Application ${app.name}`, d);
  if (other) return other;
  const last = d.steps.length - 1;
  const repo = app.git_repository;
  const lines: LogLines = [
    [0, `Deployment request ${d.request_id} queued`],
    [1, `Cloning ${repo.url} (branch ${repo.branch})`],
    [1, `Building image from ${app.dockerfile_path ?? "Dockerfile"}`],
  ];
  const final = d.steps[last] as string;
  const failure = failureLine(last, final, "Deployment failed: the container exited with code 1 and never became ready");
  if (final === "BUILD_ERROR" && failure) return [...lines, failure];
  lines.push([2, `Image built; deploying version ${version}`]);
  lines.push(failure ?? [last, `Application ${app.name} deployed and running (${app.min_running_instances} instance(s))`]);
  return lines;
}
