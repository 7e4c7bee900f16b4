import type { AnyServiceKind, RecordOf, ServiceKind, ServiceRec } from "./service-kinds";
import type { StateHolder } from "./slice";

/**
 * What a model may use of the store (`store.ts`): the state, reached through slices (`slice.ts`), and the lookups and
 * cascades across the service kinds. A model depends on this, never on the whole state.
 */
export interface StoreView extends StateHolder {
  /** The collection of a service kind. */
  collection<K extends AnyServiceKind>(kind: K): Map<string, RecordOf<K>>;
  /** The kind of a stored service. */
  kindOf(id: string): ServiceKind | undefined;
  /** A service of any kind by id. */
  service(id: string): ServiceRec | undefined;
  /** Every service with its kind, kind after kind. */
  servicesWithKind(): Array<[ServiceKind, ServiceRec]>;
  /** Removes a service with what it holds (see `Store.removeService`). */
  removeService(id: string): void;
  /** Removes an environment with its services, stages, variables and secrets. */
  removeEnvironment(id: string): void;
  /** Removes a project with all its environments, variables and secrets. */
  removeProject(id: string): void;
}
