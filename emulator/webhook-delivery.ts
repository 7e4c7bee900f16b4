import http from "node:http";
import type { ServiceRecBase } from "./models/services";
import type { World } from "./world";

/** Event names of the reference, as stored and delivered. */
export type WebhookEvent = "DEPLOYMENT_STARTED" | "DEPLOYMENT_SUCCESSFUL" | "DEPLOYMENT_FAILURE" | "DEPLOYMENT_CANCELLED";

/**
 * Whether a webhook's project filter lets a project's events through: no filter lets everything through; else a
 * name matches ignoring case, `*` matching any run of characters (as the reference describes `project_names_filter`).
 */
export function projectMatches(filter: readonly string[], projectName: string | undefined): boolean {
  if (filter.length === 0) return true;
  if (projectName === undefined) return false;
  return filter.some((f) => {
    const pattern = f.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*");
    return new RegExp(`^${pattern}$`, "i").test(projectName);
  });
}

/**
 * POSTs `{event_type, payload}` to every enabled webhook listening to `event` whose filters match the
 * service's project and environment. The payload names the service (`service_id`, `service_name`, `service_type`,
 * and `<kind>_id`, `<kind>_name`: `application_id` for an application, as the published description shows),
 * its environment, project and organization. Fire and forget: http only, 2 s timeout, errors swallowed.
 */
export function emitDeploymentEvent(world: World, event: WebhookEvent, svc: ServiceRecBase, extra: Record<string, unknown>): void {
  const s = world.store.state;
  const kind = world.store.kindOf(svc.id);
  const env = s.environments.get(svc.environment_id);
  const project = env ? s.projects.get(env.project_id) : undefined;
  const payload = {
    ...(kind ? { [`${kind.name}_id`]: svc.id, [`${kind.name}_name`]: svc.name } : {}),
    service_id: svc.id,
    service_name: svc.name,
    service_type: kind?.type ?? null,
    environment_id: svc.environment_id,
    project_id: env?.project_id ?? null,
    organization_id: s.organization.id,
    ...extra,
  };
  for (const hook of s.webhooks.values()) {
    if (!hook.enabled || !hook.events.includes(event)) continue;
    if (!projectMatches(hook.project_names_filter, project?.name)) continue;
    if (hook.environment_types_filter.length > 0 && !(env && hook.environment_types_filter.includes(env.mode))) continue;
    post(hook.target_url, { event_type: event, payload });
  }
}

function post(target: string, body: unknown): void {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return;
  }
  if (url.protocol !== "http:") return;
  const data = JSON.stringify(body);
  try {
    const req = http.request(url, {
      method: "POST",
      timeout: 2000,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data) },
    });
    req.on("error", () => undefined);
    req.on("timeout", () => req.destroy());
    req.on("response", (res) => res.resume());
    req.end(data);
  } catch {
    // delivery is best effort
  }
}
