import http from "node:http";
import type { ServiceRecBase } from "./models/services";
import type { World } from "./world";

/** Event names of the reference, as stored and delivered. */
export type WebhookEvent = "DEPLOYMENT_STARTED" | "DEPLOYMENT_SUCCESSFUL" | "DEPLOYMENT_FAILURE" | "DEPLOYMENT_CANCELLED";

/**
 * POSTs `{event_type, payload}` to every enabled webhook listening to `event` whose filters match the
 * service's project and environment. Fire and forget: http only, 2 s timeout, errors swallowed.
 */
export function emitDeploymentEvent(world: World, event: WebhookEvent, svc: ServiceRecBase, extra: Record<string, unknown>): void {
  const s = world.store.state;
  const env = s.environments.get(svc.environment_id);
  const project = env ? s.projects.get(env.project_id) : undefined;
  const payload = {
    application_id: svc.id,
    application_name: svc.name,
    environment_id: svc.environment_id,
    project_id: env?.project_id ?? null,
    organization_id: s.organization.id,
    ...extra,
  };
  for (const hook of s.webhooks.values()) {
    if (!hook.enabled || !hook.events.includes(event)) continue;
    if (hook.project_names_filter.length > 0 && !(project && hook.project_names_filter.includes(project.name))) continue;
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
