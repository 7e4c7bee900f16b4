/**
 * What the dashboard shows, as the JSON its page polls (`GET /_emulator/ui/feed`): the organization's projects,
 * environments and services with their live states, its variables and secrets, the last API requests, the active
 * faults and each token's rate-limit budget. Secrets are taken from the state dump's redaction ({@link redactedState}),
 * so no secret value, token value or credential is ever in the feed.
 */
import { deploymentStatusOf, serviceState } from "../../deployments/clock";
import type { ControlTarget } from "../control-target";
import { redactedState } from "../state-dump";
import type { Fault, StaleStatusRule } from "../../server/faults";
import { environmentSummary } from "../../models/environments";
import type { RequestLogEntry } from "../../server/request-log";
import type { EmulatorConfig } from "../../models/world";
import type { StrictReport } from "../../server/strict";
import { rateBudgets, type RateBudget } from "./rate-budgets";
import { environmentsOf, servicesWithKindIn } from "../../models/queries";

/** How many of the last API requests the feed carries. */
export const FEED_REQUESTS = 40;

/** How many of strict mode's last mismatches the feed carries. */
export const FEED_MISMATCHES = 20;

/** A service as the dashboard lists it. */
export interface ServiceView {
  id: string;
  name: string;
  /** Its kind's path name: `application`, `database`, `container` or `job`. */
  kind: string;
  /** Its live state (`READY`, `QUEUED`, `BUILDING`, ..., `DEPLOYED`, `*_ERROR`): what the clock says, never a stale read. */
  state: string;
  /** `NEVER_DEPLOYED`, `UP_TO_DATE` or `OUT_OF_DATE`. */
  deployment_status: string;
}

/** An environment with its services. */
export interface EnvironmentView {
  id: string;
  name: string;
  mode: string;
  /** The name of the cluster it runs on (its id when the cluster is unknown). */
  cluster: string;
  /** Aggregated state of its services (as its status read answers it). */
  state: string;
  services: ServiceView[];
}

/** A project with its environments. */
export interface ProjectView {
  id: string;
  name: string;
  environments: EnvironmentView[];
}

/** A variable or secret; a secret's value is always `***`. */
export interface VariableView {
  id: string;
  /** Where it is defined: `project`, `project / environment` or `project / environment / service`. */
  owner: string;
  key: string;
  kind: "VARIABLE" | "SECRET";
  value: string;
}

/** Everything the dashboard page renders. */
export interface DashboardView {
  /** When the feed was built (ISO time). */
  now: string;
  organization: { id: string; name: string; plan: string };
  config: EmulatorConfig;
  projects: ProjectView[];
  variables: VariableView[];
  /** The last {@link FEED_REQUESTS} API requests, newest first. */
  requests: RequestLogEntry[];
  /** How many API requests the log holds. */
  request_count: number;
  /** The request faults and stale-status rules still active. */
  faults: Array<Fault | StaleStatusRule>;
  /** Each token's budget, its value never included. */
  tokens: RateBudget[];
  /**
   * Strict mode (`--strict-against FILE`): the document, how many answers were checked and mismatched, and the last
   * {@link FEED_MISMATCHES} mismatches, newest first; null when the emulator runs without it.
   */
  strict: StrictReport | null;
}

/** The dashboard's view of the emulator at `nowMs` (purging finished deletes first, as the state dump does). */
export function dashboardView(emu: ControlTarget, nowMs: number): DashboardView {
  const store = emu.world.store;
  store.sweep(nowMs);
  const state = store.state;
  const m = { world: emu.world, now: nowMs };
  const clusters = new Map(state.clusters.map((c) => [c.id, c.name]));
  const owners = new Map<string, string>();
  const projects = [...state.projects.values()].map((p): ProjectView => {
    owners.set(p.id, p.name);
    const environments = environmentsOf(store, p.id).map((e): EnvironmentView => {
      owners.set(e.id, `${p.name} / ${e.name}`);
      const services = servicesWithKindIn(store, e.id).map(([kind, s]): ServiceView => {
        owners.set(s.id, `${p.name} / ${e.name} / ${s.name}`);
        return { id: s.id, name: s.name, kind: kind.name, state: serviceState(s, nowMs), deployment_status: deploymentStatusOf(s.runtime, nowMs) };
      });
      return {
        id: e.id, name: e.name, mode: e.mode, cluster: clusters.get(e.cluster_id) ?? e.cluster_id,
        state: environmentSummary(m, e).state, services,
      };
    });
    return { id: p.id, name: p.name, environments };
  });
  const redacted = redactedState(state);
  const variables = Object.values(redacted.variables).map((v): VariableView => ({
    id: v.id, owner: owners.get(v.service_id) ?? v.service_id, key: v.key, kind: v.kind, value: v.value,
  }));
  const log = emu.requests.list();
  const org = state.organization;
  return {
    now: new Date(nowMs).toISOString(),
    organization: { id: org.id, name: org.name, plan: org.plan },
    config: { ...emu.world.config },
    projects,
    variables,
    requests: log.slice(-FEED_REQUESTS).reverse(),
    request_count: log.length,
    faults: emu.faults.list(),
    tokens: rateBudgets(emu, redacted.tokens, nowMs),
    strict: strictView(emu),
  };
}

function strictView(emu: ControlTarget): StrictReport | null {
  if (!emu.strict) return null;
  const r = emu.strict.report();
  return { ...r, mismatches: r.mismatches.slice(-FEED_MISMATCHES).reverse() };
}
