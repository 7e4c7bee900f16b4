import { deletionDone } from "../deployments/clock";
import { sweepClusters } from "./cluster-lifecycle";
import { SERVICE_KINDS, type AnyServiceKind, type RecordOf, type ServiceKind, type ServiceRec } from "./service-kinds";
import type { State } from "./state";
import type { StoreView } from "./store-view";
import type { ModelWorld } from "./world";
import { environmentsOf, servicesOf } from "./queries";

/**
 * In-memory records of the emulator. Knows nothing of HTTP: lookups return `undefined`,
 * removals cascade to children (the live service deletes an environment's services with it,
 * a project's environments with it, a service's variables, secrets and logs with it).
 * Services are looked up through the service-kind table, never by naming a kind.
 */
export class Store implements StoreView {
  /** The records. Replaced wholesale on reset or load. */
  state: State;

  constructor(state: State) {
    this.state = state;
  }

  /** Purges records whose asynchronous delete has finished. */
  sweep(nowMs: number): void {
    for (const env of [...this.state.environments.values()]) {
      if (deletionDone(env.deleting, nowMs)) this.removeEnvironment(env.id);
    }
    for (const [, svc] of this.servicesWithKind()) {
      if (deletionDone(svc.deleting, nowMs)) this.removeService(svc.id);
    }
    sweepClusters(this, nowMs);
  }

  /** The collection of a service kind. */
  collection<K extends AnyServiceKind>(kind: K): Map<string, RecordOf<K>> {
    return this.state[kind.collection] as Map<string, RecordOf<K>>;
  }

  /** The kind of a stored service. */
  kindOf(id: string): ServiceKind | undefined {
    return SERVICE_KINDS.find((k) => this.collection(k).has(id));
  }

  /** A service of any kind by id. */
  service(id: string): ServiceRec | undefined {
    for (const k of SERVICE_KINDS) {
      const svc = this.collection(k).get(id);
      if (svc) return svc;
    }
    return undefined;
  }

  /** Every service with its kind, kind after kind. */
  servicesWithKind(): Array<[ServiceKind, ServiceRec]> {
    return SERVICE_KINDS.flatMap((k) => [...this.collection(k).values()].map((svc): [ServiceKind, ServiceRec] => [k, svc]));
  }

  /** Removes the variables and secrets held by a project, an environment or a service. */
  private removeValuesOf(parentId: string): void {
    const vars = this.state.variables;
    for (const v of [...vars.values()]) if (v.service_id === parentId) vars.delete(v.id);
  }

  /** Removes a service with its variables, secrets, custom domains, deployment restrictions, logs and stage placement. */
  removeService(id: string): void {
    const s = this.state;
    for (const k of SERVICE_KINDS) this.collection(k).delete(id);
    this.removeValuesOf(id);
    for (const d of [...s.customDomains.values()]) if (d.service_id === id) s.customDomains.delete(d.id);
    for (const r of [...s.deploymentRestrictions.values()]) if (r.service_id === id) s.deploymentRestrictions.delete(r.id);
    if (s.logs.some((l) => l.service_id === id)) s.logs = s.logs.filter((l) => l.service_id !== id);
    for (const st of s.stages.values()) st.services = st.services.filter((x) => x.service_id !== id);
  }

  /** Removes an environment with its services, stages, variables, secrets and deployment rule. */
  removeEnvironment(id: string): void {
    for (const svc of servicesOf(this, id)) this.removeService(svc.id);
    this.removeValuesOf(id);
    for (const r of [...this.state.environmentDeploymentRules.values()]) if (r.environment_id === id) this.state.environmentDeploymentRules.delete(r.id);
    for (const st of [...this.state.stages.values()]) if (st.environment_id === id) this.state.stages.delete(st.id);
    this.state.environments.delete(id);
  }

  /** Removes a project with all its environments, variables, secrets and deployment rules. */
  removeProject(id: string): void {
    for (const env of environmentsOf(this, id)) this.removeEnvironment(env.id);
    this.removeValuesOf(id);
    for (const r of [...this.state.projectDeploymentRules.values()]) if (r.project_id === id) this.state.projectDeploymentRules.delete(r.id);
    this.state.projects.delete(id);
  }
}

/** Everything a route handler may use: a model's world with the whole store. */
export interface World extends ModelWorld {
  store: Store;
}
