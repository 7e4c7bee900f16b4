/**
 * The environment's requests on selected services (`POST /environment/{id}/service/deploy`, `/service/stop`,
 * `/service/restart-service`) and its `cancelDeployment`. The selected services run stage by stage like a whole
 * environment's deploy (see `actions.ts`); a service a stage skips (`is_skipped`) is acted on when a request lists it.
 *
 * A request lists services per kind under the kind's plural (`applications`, `databases`, `containers`, `jobs`, `helms`: the
 * service deploy) or `<kind>_ids` (`application_ids`...: stop and restart). Each listed id must be a service of that
 * kind in the environment, listed once (else 400 naming the item), not being deleted (else 409). Everything is
 * checked before anything changes.
 */
import { assertActionable, cancelAction, checkDeploy, planByStage, runEnvironmentRequest } from "./actions";
import { finished } from "./clock";
import { badRequest, conflict } from "../server/errors";
import { lastDeployed } from "../models/deployments";
import type { EnvironmentActionRec, EnvironmentRec } from "../models/environments";
import type { ModelContext } from "../models/records";
import type { ServiceAction } from "../models/runtime";
import { SERVICE_KINDS, deployVersion, type DeployBody, type ServiceKind, type ServiceRec } from "../models/service-kinds";
import { servicesOf } from "../models/queries";

/**
 * One service a request lists: its kind, its id, where the request lists it (`jobs[0]`) and names its id
 * (`jobs[0].id`), and its deploy body.
 */
interface Listed {
  kind: ServiceKind;
  id: string;
  item: string;
  at: string;
  body: DeployBody;
}

/** A listed service found in the environment. */
interface Found extends Listed {
  svc: ServiceRec;
}

/**
 * The services a `DeployAllRequest` lists: under each kind's plural, an id, or an object naming the id as
 * `<kind>_id` (applications) or `id`, with its pins (`git_commit_id`, `image_tag`).
 */
function listedForDeploy(body: Record<string, unknown>): Listed[] {
  const out: Listed[] = [];
  for (const kind of SERVICE_KINDS) {
    const key = `${kind.name}s`;
    const items = body[key];
    if (!Array.isArray(items)) continue;
    items.forEach((item: unknown, i) => {
      if (typeof item === "string") {
        out.push({ kind, id: item, item: `${key}[${i}]`, at: `${key}[${i}]`, body: {} });
        return;
      }
      const o = item as Record<string, unknown>;
      const idKey = typeof o[`${kind.name}_id`] === "string" ? `${kind.name}_id` : "id";
      const pins: DeployBody = {};
      if (typeof o["git_commit_id"] === "string") pins.git_commit_id = o["git_commit_id"];
      if (typeof o["image_tag"] === "string") pins.image_tag = o["image_tag"];
      if (typeof o["chart_version"] === "string") pins.chart_version = o["chart_version"];
      out.push({ kind, id: String(o[idKey]), item: `${key}[${i}]`, at: `${key}[${i}].${idKey}`, body: pins });
    });
  }
  return out;
}

/** The services an `EnvironmentServiceIdsAllRequest` or a `RebootServicesRequest` lists (`<kind>_ids`). */
function listedByIds(body: Record<string, unknown>): Listed[] {
  const out: Listed[] = [];
  for (const kind of SERVICE_KINDS) {
    const key = `${kind.name}_ids`;
    const ids = body[key];
    if (Array.isArray(ids)) ids.forEach((id: unknown, i) => out.push({ kind, id: String(id), item: `${key}[${i}]`, at: `${key}[${i}]`, body: {} }));
  }
  return out;
}

/** Finds the listed services (400 for one not of the environment, listed twice, or none listed; 409 while being deleted). */
function findListed(m: ModelContext, env: EnvironmentRec, listed: Listed[], verb: string): Found[] {
  if (listed.length === 0) throw badRequest("body", `lists no service to ${verb}`);
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const l of listed) {
    const svc = m.world.store.service(l.id);
    if (!svc || m.world.store.kindOf(l.id) !== l.kind || svc.environment_id !== env.id) throw badRequest(l.at, `no ${l.kind.name} ${l.id} in environment ${env.id}`);
    if (seen.has(svc.id)) throw badRequest(l.at, `${l.kind.name} ${l.id} is listed twice`);
    seen.add(svc.id);
    found.push({ ...l, svc });
  }
  for (const f of found) assertActionable(m, f.svc);
  return found;
}

/** Runs `action` on the found services, stage by stage, as one request of the environment. */
function runOnFound(m: ModelContext, env: EnvironmentRec, action: ServiceAction, found: Found[], requested: (f: Found) => string | undefined): EnvironmentActionRec {
  const byId = new Map(found.map((f) => [f.svc.id, f]));
  const plan = planByStage(m.world.store, env.id, (svc) => {
    const f = byId.get(svc.id);
    return f ? { svc, requested: requested(f) } : undefined;
  });
  return runEnvironmentRequest(m, env, action, plan);
}

/**
 * `POST /environment/{id}/service/deploy`: deploys only the listed services, stage by stage, with their pins: the git
 * commit of an application or of a job built from git (rolled out, and shown as its deployed commit once DEPLOYED),
 * the image tag of a container or of a job run from an image (kept by the service, as its own deploy does). A pin
 * left out (or empty) keeps the service's version: the commit it deployed last (its branch's head when it never
 * deployed one), the tag it has. A pin that does not fit the service (an image tag for a job built from git) is a 400
 * naming it.
 */
export function deployServices(ctx: ModelContext, env: EnvironmentRec, body: Record<string, unknown>): EnvironmentActionRec {
  const found = findListed(ctx, env, listedForDeploy(body), "deploy");
  for (const f of found) checkDeploy(f.kind, f.svc, f.body, `${f.item}.`);
  for (const f of found) f.kind.applyDeploy?.(ctx, f.svc, f.body);
  return runOnFound(ctx, env, "DEPLOY", found, (f) => (
    deployVersion(f.kind.deploysFrom, f.body) ?? lastDeployed(f.svc.runtime, ctx.now)?.commit?.git_commit_id
  ));
}

/** `POST /environment/{id}/service/stop` and `/service/restart-service`: the listed services, stage by stage (400 for a kind that does not restart). */
export function actOnServices(m: ModelContext, env: EnvironmentRec, action: "STOP" | "RESTART", body: Record<string, unknown>): EnvironmentActionRec {
  const found = findListed(m, env, listedByIds(body), action === "STOP" ? "stop" : "restart");
  if (action === "RESTART") {
    const norestart = found.find((f) => !f.kind.restarts);
    if (norestart) throw badRequest(norestart.at, `a ${norestart.kind.name} has no restart`);
  }
  return runOnFound(m, env, action, found, () => undefined);
}

/**
 * `POST /environment/{id}/cancelDeployment`: every deploy of the environment's services that has not finished ends
 * CANCELED now (those of later stages still waiting included), with its final webhook event (none for those that had
 * not begun); with `force_cancel`, every other unfinished action too (stops, restarts, uninstalls). 409 when there is
 * nothing to cancel ("already cancelled", as the reference's 409 says) or the environment is being deleted. Answers
 * how many actions it cancelled.
 */
export function cancelEnvironmentDeployment(m: ModelContext, env: EnvironmentRec, force: boolean): number {
  if (env.deleting) throw conflict(`environment ${env.id} is being deleted`);
  let cancelled = 0;
  for (const svc of servicesOf(m.world.store, env.id)) {
    const d = svc.runtime.deployment;
    if (!d || svc.deleting || finished(d, m.now) || (!force && d.action !== "DEPLOY")) continue;
    cancelAction(m.world, svc, d, m.now, force ? "the environment's actions were cancelled (force_cancel)" : "the environment's deployment was cancelled");
    cancelled += 1;
  }
  if (cancelled === 0) throw conflict(`environment ${env.id} has no deployment in progress to cancel`);
  return cancelled;
}
