/**
 * The organization's audit events, read from the state: the creation and last edit of its projects, environments,
 * services and clusters, and each action on a service (its trigger, then its outcome once the clock reached it).
 * Newest first; each query filter of the reference applies.
 */
import { finished, stateAt } from "../deployments/clock";
import { catalogueId } from "./cloud-catalogue";
import { deploymentsOf } from "./deployments";
import type { ClusterRec } from "./clusters";
import type { EnvironmentRec } from "./environments";
import type { ProjectRec } from "./projects";
import { parentsOf } from "./queries";
import { iso } from "./records";
import type { DeploymentRec } from "./runtime";
import type { ServiceKind, ServiceRec } from "./service-kinds";
import type { StoreView } from "./store-view";

/** One event, as the reference's `OrganizationEventResponse` gives it. */
export interface OrganizationEvent {
  id: string;
  timestamp: string;
  event_type: string;
  target_id: string;
  target_name: string;
  target_type: string;
  origin: "API";
  triggered_by: string;
  project_id: string | null;
  project_name?: string;
  environment_id: string | null;
  environment_name?: string;
}

/** The filters of the events' query. */
export interface EventFilter {
  from?: number;
  to?: number;
  eventType?: string;
  targetType?: string;
  targetId?: string;
  projectId?: string;
  environmentId?: string;
}

const OUTCOMES: Record<DeploymentRec["action"], [string, string]> = {
  DEPLOY: ["DEPLOYED", "DEPLOY_FAILED"], STOP: ["STOPPED", "STOP_FAILED"], RESTART: ["RESTARTED", "RESTART_FAILED"], UNINSTALL: ["UNINSTALLED", "UNINSTALL_FAILED"],
};

/** A stable uuid for an event (the same on every read). */
function eventId(key: string): string {
  return catalogueId(`event:${key}`);
}

type Place = Pick<OrganizationEvent, "project_id" | "environment_id"> & Partial<Pick<OrganizationEvent, "project_name" | "environment_name">>;

function edits(target: { id: string; name: string; created_at: string; updated_at: string }, type: string, place: Place): OrganizationEvent[] {
  const base = { target_id: target.id, target_name: target.name, target_type: type, origin: "API" as const, triggered_by: "API token", ...place };
  const out = [{ ...base, id: eventId(`${target.id}:create`), timestamp: target.created_at, event_type: "CREATE" }];
  if (target.updated_at !== target.created_at) out.push({ ...base, id: eventId(`${target.id}:update`), timestamp: target.updated_at, event_type: "UPDATE" });
  return out;
}

function actions(svc: ServiceRec, type: string, place: Place, nowMs: number): OrganizationEvent[] {
  const base = { target_id: svc.id, target_name: svc.name, target_type: type, origin: "API" as const, triggered_by: "API token", ...place };
  return deploymentsOf(svc.runtime).flatMap((d) => {
    const out = [{ ...base, id: eventId(`${d.request_id}:trigger`), timestamp: iso(d.requested_at ?? d.start), event_type: `TRIGGER_${d.action === "UNINSTALL" ? "UNINSTALL" : d.action}` }];
    if (finished(d, nowMs)) {
      const [ok, failed] = OUTCOMES[d.action];
      const state = stateAt(d, nowMs);
      out.push({ ...base, id: eventId(`${d.request_id}:end`), timestamp: iso(d.start + d.steps.length * d.stepMs), event_type: state.endsWith("_ERROR") || state === "CANCELED" ? failed : ok });
    }
    return out;
  });
}

function placeOf(store: StoreView, placed: { environment_id: string }): Place {
  const { environment, project } = parentsOf(store, placed);
  return {
    project_id: project?.id ?? null, ...(project ? { project_name: project.name } : {}),
    environment_id: environment?.id ?? null, ...(environment ? { environment_name: environment.name } : {}),
  };
}

/** What the events are read from: the families the store holds. */
export interface EventSources {
  projects: Iterable<ProjectRec>;
  environments: Iterable<EnvironmentRec>;
  clusters: Iterable<ClusterRec>;
  services: Array<[ServiceKind, ServiceRec]>;
}

/** Every event, newest first, that the filter keeps. */
export function organizationEvents(store: StoreView, src: EventSources, nowMs: number, f: EventFilter): OrganizationEvent[] {
  const none = { project_id: null, environment_id: null };
  const all = [
    ...[...src.projects].flatMap((p) => edits(p, "PROJECT", { ...none, project_id: p.id, project_name: p.name })),
    ...[...src.environments].flatMap((e) => edits(e, "ENVIRONMENT", placeOf(store, { environment_id: e.id }))),
    ...[...src.clusters].flatMap((c) => edits(c, "CLUSTER", none)),
    ...src.services.flatMap(([kind, svc]) => [...edits(svc, kind.type, placeOf(store, svc)), ...actions(svc, kind.type, placeOf(store, svc), nowMs)]),
  ];
  return all.filter((e) => {
    const t = Date.parse(e.timestamp);
    return (f.from === undefined || t >= f.from) && (f.to === undefined || t <= f.to) && (f.eventType === undefined || e.event_type === f.eventType)
      && (f.targetType === undefined || e.target_type === f.targetType) && (f.targetId === undefined || e.target_id === f.targetId)
      && (f.projectId === undefined || e.project_id === f.projectId) && (f.environmentId === undefined || e.environment_id === f.environmentId);
  }).sort((a, b) => b.timestamp.localeCompare(a.timestamp) || a.id.localeCompare(b.id));
}
