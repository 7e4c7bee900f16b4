/**
 * The service kinds, one open table. Everything that treats services alike (the store's lookups and cascades, the
 * deployment actions and clock, stage placement, the state and data file, the organization's services list and cost,
 * the state dump's redaction, the service routes) reads a kind's entry here instead of naming kinds.
 *
 * A new kind (say `container`) is: `models/containers.ts` (record type, entry, create and edit),
 * `schemas/containers.ts` (its requests and response), `routes/containers.ts` (`serviceRoutes(containerKind, ...)`
 * plus any routes of its own), its entry in {@link SERVICE_KINDS} below and its routes in `routes/index.ts`.
 */
import { applicationKind } from "./applications";
import { databaseKind } from "./databases";
import type { CommitRec, DeploymentRec } from "./runtime";
import type { ServiceRecBase } from "./services";

/** What a deploy request may name as the version to roll out. */
export type DeploySource = "git-commit" | "image-tag" | "none";

/** One kind of service of an environment. `C` is its collection in the state, `R` its record type. */
export interface ServiceKind<C extends string = string, R extends ServiceRecBase = ServiceRecBase> {
  /** Path segment and label: items at `/<name>/{<name>Id}`, collections at `/environment/{environmentId}/<name>`. */
  readonly name: string;
  /** `service_type` on the wire (stage entries, the organization's services list). */
  readonly type: string;
  /** Its collection in the state, and in the data file. */
  readonly collection: C;
  /** States a deploy walks between QUEUED and DEPLOYING (an application builds its image first). */
  readonly buildSteps: readonly string[];
  /** What its deploy request names. */
  readonly deploysFrom: DeploySource;
  /** Monthly cost in cents, counted by `currentCost`. */
  readonly monthlyCostCents: number;
  /** Fields of its record holding secrets, redacted in the state dump. */
  readonly secretFields: readonly string[];
  /** Log lines an action writes, as [clock step, message]; absent when the kind keeps no log. */
  logLines?(rec: R, d: DeploymentRec, version: string): Array<[number, string]>;
  /**
   * The git commit a deploy begun at `atMs` rolls out, from the version its request names (if any); absent for kinds
   * not built from git. (Every kind's deploys send webhook events: see `deployment-events.ts`.)
   */
  commitOf?(rec: R, requested: string | undefined, atMs: number): CommitRec;
}

/** Every service kind, in the order lists and cascades visit them. */
export const SERVICE_KINDS = [applicationKind, databaseKind] as const;

/** Any entry of {@link SERVICE_KINDS}, with its own collection and record types. */
export type AnyServiceKind = (typeof SERVICE_KINDS)[number];

/** The record type of a kind. */
export type RecordOf<K> = K extends ServiceKind<string, infer R> ? R : never;

/** A service of any kind. */
export type ServiceRec = RecordOf<AnyServiceKind>;

/** The state's collections of services, one per kind. */
export type ServiceCollections = { [K in AnyServiceKind as K["collection"]]: Map<string, RecordOf<K>> };
