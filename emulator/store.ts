import { randomUUID } from "node:crypto";
import type {
  ApplicationRec, DatabaseRec, EnvironmentRec, ServiceRec, StageRec, State, DeletionRec,
} from "./types";

/** Name of the deployment stage every new environment gets. */
export const DEFAULT_STAGE_NAME = "DEFAULT";

/** ISO timestamp of an epoch-ms instant. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Fresh base fields for a record created at `ms`. */
export function baseFields(ms: number): { id: string; created_at: string; updated_at: string } {
  const t = iso(ms);
  return { id: randomUUID(), created_at: t, updated_at: t };
}

/** True once a pending delete has run its course. */
export function deletionDone(d: DeletionRec | undefined, nowMs: number): boolean {
  return d !== undefined && nowMs - d.start >= 2 * d.stepMs;
}

/**
 * In-memory records of the emulator. Knows nothing of HTTP: lookups return `undefined`,
 * removals cascade to children (the live service deletes an environment's services with it,
 * a project's environments with it, an application's variables, secrets and logs with it).
 */
export class Store {
  /** The records. Replaced wholesale on reset or load. */
  state: State;

  constructor(state: State) {
    this.state = state;
  }

  /** Purges records whose asynchronous delete has finished. */
  sweep(nowMs: number): void {
    const s = this.state;
    for (const env of [...s.environments.values()]) {
      if (deletionDone(env.deleting, nowMs)) this.removeEnvironment(env.id);
    }
    for (const app of [...s.applications.values()]) {
      if (deletionDone(app.deleting, nowMs)) this.removeService(app.id);
    }
    for (const db of [...s.databases.values()]) {
      if (deletionDone(db.deleting, nowMs)) this.removeService(db.id);
    }
  }

  /** Application or database by id. */
  service(id: string): ServiceRec | undefined {
    return this.state.applications.get(id) ?? this.state.databases.get(id);
  }

  /** Applications and databases of an environment. */
  servicesOf(envId: string): ServiceRec[] {
    const apps: ServiceRec[] = this.applicationsOf(envId);
    return apps.concat(this.databasesOf(envId));
  }

  /** Applications of an environment. */
  applicationsOf(envId: string): ApplicationRec[] {
    return [...this.state.applications.values()].filter((a) => a.environment_id === envId);
  }

  /** Databases of an environment. */
  databasesOf(envId: string): DatabaseRec[] {
    return [...this.state.databases.values()].filter((d) => d.environment_id === envId);
  }

  /** Environments of a project. */
  environmentsOf(projectId: string): EnvironmentRec[] {
    return [...this.state.environments.values()].filter((e) => e.project_id === projectId);
  }

  /** Stages of an environment in `deployment_order`. */
  stagesOf(envId: string): StageRec[] {
    return [...this.state.stages.values()]
      .filter((st) => st.environment_id === envId)
      .sort((a, b) => a.deployment_order - b.deployment_order);
  }

  /** The stage a service sits in. */
  stageOfService(serviceId: string): StageRec | undefined {
    return [...this.state.stages.values()].find((st) => st.services.some((x) => x.service_id === serviceId));
  }

  /** Creates a stage at the end of the environment's order. */
  addStage(envId: string, name: string, description: string | null, ms: number): StageRec {
    const order = this.stagesOf(envId).length;
    const stage: StageRec = {
      ...baseFields(ms), environment_id: envId, name, description, deployment_order: order, services: [],
    };
    this.state.stages.set(stage.id, stage);
    return stage;
  }

  /** Renumbers stages 0..n-1 in the given order. */
  renumber(ordered: StageRec[], ms: number): void {
    ordered.forEach((st, i) => {
      if (st.deployment_order !== i) {
        st.deployment_order = i;
        st.updated_at = iso(ms);
      }
    });
  }

  /** Moves a service into a stage (out of any other), creating the default stage when the environment has none. */
  attach(service: ServiceRec, stageId: string | undefined, isSkipped: boolean, ms: number): StageRec {
    const envId = service.environment_id;
    let stage = stageId === undefined ? this.stagesOf(envId)[0] : this.state.stages.get(stageId);
    if (stage === undefined) stage = this.addStage(envId, DEFAULT_STAGE_NAME, null, ms);
    this.detach(service.id, ms);
    const type = this.state.applications.has(service.id) ? "APPLICATION" : "DATABASE";
    stage.services.push({ ...baseFields(ms), service_id: service.id, service_type: type, is_skipped: isSkipped });
    stage.updated_at = iso(ms);
    return stage;
  }

  /** Removes a service from its stage. */
  detach(serviceId: string, ms: number): void {
    for (const st of this.state.stages.values()) {
      const before = st.services.length;
      st.services = st.services.filter((x) => x.service_id !== serviceId);
      if (st.services.length !== before) st.updated_at = iso(ms);
    }
  }

  /** Removes an application or database with its variables, secrets, logs and stage placement. */
  removeService(id: string): void {
    const s = this.state;
    s.applications.delete(id);
    s.databases.delete(id);
    for (const v of [...s.variables.values()]) if (v.application_id === id) s.variables.delete(v.id);
    if (s.logs.some((l) => l.service_id === id)) s.logs = s.logs.filter((l) => l.service_id !== id);
    for (const st of s.stages.values()) st.services = st.services.filter((x) => x.service_id !== id);
  }

  /** Removes an environment with its services and stages. */
  removeEnvironment(id: string): void {
    for (const svc of this.servicesOf(id)) this.removeService(svc.id);
    for (const st of [...this.state.stages.values()]) if (st.environment_id === id) this.state.stages.delete(st.id);
    this.state.environments.delete(id);
  }

  /** Removes a project with all its environments. */
  removeProject(id: string): void {
    for (const env of this.environmentsOf(id)) this.removeEnvironment(env.id);
    this.state.projects.delete(id);
  }
}
