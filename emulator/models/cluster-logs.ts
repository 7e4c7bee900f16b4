/**
 * A cluster's infrastructure log: one line per step its last action has reached on the clock (what the step does,
 * in the service's step names), and an error line while its credentials are invalid.
 */
import { credentialsInvalid } from "./cluster-lifecycle";
import type { ClusterRec } from "./clusters";
import { iso, type ModelContext } from "./records";

/** One line of the log. */
export interface ClusterLogLine {
  type: string;
  timestamp: string;
  step: string;
  message: { safe_message: string };
  details: { provider_kind: string; region: string; transmitter: { type: string; id: string; name: string } };
}

/** Each action's steps: the service's step name and what it says, one per state of `CLUSTER_STEPS`. */
function stepLines(c: ClusterRec, action: string): Array<[string, string]> {
  const s = c.spec;
  const nodes = s ? `${s.min_running_nodes} to ${s.max_running_nodes} x ${s.instance_type}` : "1 to 3 x t3a.large";
  if (action === "STOP") return [["LoadConfiguration", "Stop requested"], ["Pause", "Scaling node groups to zero"], ["Paused", "Cluster stopped"]];
  if (action === "UNINSTALL") {
    return [["LoadConfiguration", "Delete requested"], ["Delete", "Uninstalling charts"], ["Delete", "Deleting node groups and the control plane"], ["Deleted", "Cluster deleted"]];
  }
  return [
    ["LoadConfiguration", "Deploy requested: loading the cluster configuration"],
    ["Create", "Creating the network and the Kubernetes control plane"],
    ["Create", `Creating the node group: ${nodes}`],
    ["Create", "Installing the ingress controller, cert-manager and metrics"],
    ["Created", `Cluster ${c.name} deployed (Kubernetes ${c.version})`],
  ];
}

/** The log of a cluster's last action up to now (empty when it never ran one). */
export function clusterLog(m: ModelContext, c: ClusterRec): ClusterLogLine[] {
  const details = {
    provider_kind: c.spec?.cloud_provider ?? "AWS", region: c.region, transmitter: { type: "Kubernetes", id: c.id, name: c.name },
  };
  const run = c.run;
  const lines: ClusterLogLine[] = [];
  if (run) {
    const all = stepLines(c, run.action);
    const reached = run.stepMs <= 0 ? all.length : Math.min(all.length, Math.floor((m.now - run.start) / run.stepMs) + 1);
    all.slice(0, Math.max(reached, 0)).forEach(([step, text], i) => {
      lines.push({ type: "info", timestamp: iso(run.start + i * run.stepMs), step, message: { safe_message: text }, details });
    });
  }
  if (credentialsInvalid(m, c)) {
    lines.push({
      type: "error", timestamp: iso(m.now), step: "CreateError", details,
      message: { safe_message: "The cloud provider refused the cluster's credentials: they were deleted or are no longer valid" },
    });
  }
  return lines;
}
