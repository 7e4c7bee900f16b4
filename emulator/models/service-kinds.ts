/**
 * The service kinds, one open table. Everything that treats services alike (the store's lookups and cascades, the
 * deployment actions and clock, stage placement, the state and data file, the organization's services list and cost,
 * the state dump's redaction, the service routes) reads a kind's entry here instead of naming kinds.
 *
 * A new kind (as `container` was) is: `models/containers.ts` (record type, its slice with the form of its records,
 * entry, create and edit), `schemas/containers.ts` (its requests and response), `routes/containers.ts`
 * (`serviceRoutes(containerKind, ...)` plus any routes of its own: logs, advanced settings, `serviceValueRoutes`, each
 * with its access), its entry in {@link SERVICE_KINDS} below (which gives the state its collection) and its routes in
 * `routes/index.ts`.
 */
import { applicationKind } from "./applications";
import { containerKind } from "./containers";
import { databaseKind } from "./databases";
import { helmKind } from "./helms";
import { jobKind } from "./jobs";
import { terraformKind } from "./terraforms";
import type { ModelContext } from "./records";
import type { CommitRec, DeploymentRec } from "./runtime";
import type { ServiceRecBase } from "./services";
import type { Slice } from "./slice";

/**
 * What a deploy request may name as the version to roll out: a git commit (`git_commit_id`), an image tag
 * (`image_tag`), either one but not both (a job: which one its source takes), a chart version or a git commit (a
 * Helm service: which one its source takes), or nothing.
 */
export type DeploySource = "git-commit" | "image-tag" | "image-tag-or-git-commit" | "chart-version-or-git-commit" | "none";

/** What a deploy request names for one service: `POST /<kind>/{id}/deploy`'s body, or one item of an environment's `service/deploy`. */
export interface DeployBody {
  git_commit_id?: string | undefined;
  image_tag?: string | undefined;
  chart_version?: string | undefined;
}

/** The version a deploy request names for a kind deploying from `from`, if any (an empty string names none). */
export function deployVersion(from: DeploySource, body: DeployBody): string | undefined {
  const commit = body.git_commit_id || undefined;
  const tag = body.image_tag || undefined;
  if (from === "image-tag-or-git-commit") return commit ?? tag;
  if (from === "chart-version-or-git-commit") return commit ?? (body.chart_version || undefined);
  return from === "git-commit" ? commit : from === "image-tag" ? tag : undefined;
}

/** One kind of service of an environment. `C` is its collection in the state, `R` its record type. */
export interface ServiceKind<C extends string = string, R extends ServiceRecBase = ServiceRecBase> {
  /** Path segment and label: items at `/<name>/{<name>Id}`, collections at `/environment/{environmentId}/<name>`. */
  readonly name: string;
  /** `service_type` on the wire (stage entries, the organization's services list). */
  readonly type: string;
  /** Its collection in the state, and in the data file. */
  readonly collection: C;
  /** That collection's slice, with the form of its records. */
  readonly slice: Slice<C, Map<string, R>>;
  /** States a deploy of the service walks between QUEUED and DEPLOYING (services built from git build first). */
  buildSteps(rec: R): readonly string[];
  /** What its deploy request names. */
  readonly deploysFrom: DeploySource;
  /**
   * What is wrong with a deploy request's body for this service, as [field of the body, message] (a 400), checked
   * before anything changes; absent or undefined: nothing.
   */
  deployProblem?(rec: R, body: DeployBody): [string, string] | undefined;
  /** What a deploy request's body changes on the service before its deploy starts (a new image tag, which it keeps). */
  applyDeploy?(m: ModelContext, rec: R, body: DeployBody): void;
  /** Whether it has a `restart-service` action (jobs run to their end and have none). */
  readonly restarts: boolean;
  /** Monthly cost in cents, counted by `currentCost`. */
  readonly monthlyCostCents: number;
  /** Fields of its record holding secrets, redacted in the state dump. */
  readonly secretFields: readonly string[];
  /** Log lines an action writes, as [clock step, message]; absent when the kind keeps no log. */
  logLines?(rec: R, d: DeploymentRec, version: string): Array<[number, string]>;
  /**
   * The git commit a deploy begun at `atMs` rolls out, from the version its request names (if any); absent (or
   * undefined) for services not built from git. (Every kind's deploys send webhook events: see `deployment-events.ts`.)
   */
  commitOf?(rec: R, requested: string | undefined, atMs: number): CommitRec | undefined;
  /**
   * What else a deploy rolls out, kept on the deployment and shown in its history entries (a container's image name,
   * tag, arguments and entrypoint; a job's schedule too); absent for kinds whose history shows no more.
   */
  releaseOf?(rec: R): Record<string, unknown>;
  /** False for kinds an environment's deployment history has no key for (the reference lists no `terraforms` there). */
  readonly inEnvironmentHistory?: false;
}

/** Every service kind, in the order lists and cascades visit them. */
export const SERVICE_KINDS = [applicationKind, databaseKind, containerKind, jobKind, helmKind, terraformKind] as const;

/** Any entry of {@link SERVICE_KINDS}, with its own collection and record types. */
export type AnyServiceKind = (typeof SERVICE_KINDS)[number];

/** The record type of a kind. */
export type RecordOf<K> = K extends ServiceKind<string, infer R> ? R : never;

/** A service of any kind. */
export type ServiceRec = RecordOf<AnyServiceKind>;

/** The state's collections of services, one per kind. */
export type ServiceCollections = { [K in AnyServiceKind as K["collection"]]: Map<string, RecordOf<K>> };
