import type { ApplicationRec } from "./applications";
import type { DeploymentRec } from "./runtime";

/** The log lines an action on an application writes, as [clock step, message]. */
export function applicationLogLines(app: ApplicationRec, d: DeploymentRec, version: string): Array<[number, string]> {
  if (d.action === "STOP") return [[0, `Stop request ${d.request_id} queued`], [2, `Application ${app.name} stopped`]];
  if (d.action === "RESTART") return [[0, `Restart request ${d.request_id} queued`], [2, `Application ${app.name} restarted`]];
  const last = d.steps.length - 1;
  const repo = app.git_repository;
  const lines: Array<[number, string]> = [
    [0, `Deployment request ${d.request_id} queued`],
    [1, `Cloning ${repo.url} (branch ${repo.branch})`],
    [1, `Building image from ${app.dockerfile_path ?? "Dockerfile"}`],
  ];
  const final = d.steps[last];
  if (final === "BUILD_ERROR") {
    lines.push([last, "Build failed: the image build exited with code 1 (failure injected by the emulator at stage BUILD)"]);
    return lines;
  }
  lines.push([2, `Image built; deploying version ${version}`]);
  if (final === "DEPLOYMENT_ERROR") {
    lines.push([last, "Deployment failed: the container exited with code 1 and never became ready (failure injected by the emulator at stage DEPLOY)"]);
  } else {
    lines.push([last, `Application ${app.name} deployed and running (${app.min_running_instances} instance(s))`]);
  }
  return lines;
}
