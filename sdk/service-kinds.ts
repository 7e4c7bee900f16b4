/**
 * The service kinds, one table the client and the Pulumi provider both read. Everything that treats services alike
 * (the waits, the logs of a failed deployment, an environment's stage-by-stage progress, the provider's deploy part,
 * which kinds take variables, advanced settings or custom domains) looks a kind up here instead of naming kinds.
 *
 * A new kind is one entry below plus its own family file (`sdk/<kind>s.ts`: records, requests, endpoint group); a
 * kind with `advancedSettings: true` also needs its catalogue in `advanced-settings.ts` (the compiler asks for it).
 */
import { path, type ApiPath } from "./path";

/** What a kind may have: the parts, endpoints and sources some kinds have and others lack. */
export const SERVICE_KIND_CAPABILITIES = [
  /** Takes ports (and so probes). */
  "ports",
  /** Takes volumes. */
  "storage",
  /** Builds from a git repository (always or as one of its sources). */
  "gitSource",
  /** Runs an image from a container registry (always or as one of its sources). */
  "imageSource",
  /** Runs on a schedule (cron) or on lifecycle events. */
  "schedule",
  /** Has advanced settings, with its catalogue in `advanced-settings.ts`. */
  "advancedSettings",
  /** Has variables and secrets of its own (`/<kind>/{id}/environmentVariable`, `/<kind>/{id}/secret`). */
  "values",
  /** Serves custom domains (`/<kind>/{id}/customDomain`). */
  "customDomains",
  /** Has a log endpoint (`/<kind>/{id}/log`), quoted when a deployment fails. */
  "logs",
  /** Has deployment restrictions (`/<kind>/{id}/deploymentRestriction`): deploy only when given paths change. */
  "deploymentRestrictions",
  /** Has links (`/<kind>/{id}/link`): the URLs the service is reached at. */
  "links",
  /** Has deploy and redeploy (`/<kind>/{id}/deploy`, ...; stop too, but for Terraform services) and a deployment status. */
  "deploys",
] as const;

/** A yes-or-no capability of a kind (`ports`, `logs`, `deploys`, ...). */
export type ServiceKindCapability = (typeof SERVICE_KIND_CAPABILITIES)[number];

/** What one service kind is and has. */
export interface ServiceKindInfo {
  /** One service's path: `/application/{id}`. */
  readonly item: (id: string) => ApiPath;
  /** Plural as the service spells it in lists (`DeploymentStageWithServicesStatuses.applications`). */
  readonly plural: string;
  /** Its `service_type` and its values' `scope` on the wire: `APPLICATION`. */
  readonly type: string;
  /** The client's endpoint group (`client.applications`); absent for kinds the client only reports. */
  readonly group?: "applications" | "containers" | "jobs" | "databases" | "helms" | "terraforms";
  /** What it has, of {@link SERVICE_KIND_CAPABILITIES}. */
  readonly has: ReadonlyArray<ServiceKindCapability>;
  /** What its deploy request may name by default: an image tag (`image_tag`); absent: nothing by default. */
  readonly deployVersion?: "image_tag";
}

/** Every service kind, by the first segment of its paths (`/application/{id}`), in the order lists show them. */
export const SERVICE_KINDS = {
  application: {
    /** `/application/{id}`. */
    item: (id: string) => path`/application/${id}`, plural: "applications", type: "APPLICATION", group: "applications",
    has: ["ports", "storage", "gitSource", "advancedSettings", "values", "customDomains", "logs", "deploymentRestrictions", "links", "deploys"],
  },
  container: {
    /** `/container/{id}`. */
    item: (id: string) => path`/container/${id}`, plural: "containers", type: "CONTAINER", group: "containers",
    has: ["ports", "storage", "imageSource", "advancedSettings", "values", "customDomains", "logs", "links", "deploys"], deployVersion: "image_tag",
  },
  job: {
    /** `/job/{id}`. */
    item: (id: string) => path`/job/${id}`, plural: "jobs", type: "JOB", group: "jobs",
    has: ["gitSource", "imageSource", "schedule", "advancedSettings", "values", "deploymentRestrictions", "deploys"],
  },
  database: {
    /** `/database/{id}`. */
    item: (id: string) => path`/database/${id}`, plural: "databases", type: "DATABASE", group: "databases", has: ["deploys"],
  },
  helm: {
    /** `/helm/{id}`. */
    item: (id: string) => path`/helm/${id}`, plural: "helms", type: "HELM", group: "helms",
    has: ["gitSource", "advancedSettings", "customDomains", "deploymentRestrictions", "links", "deploys"],
  },
  terraform: {
    /** `/terraform/{id}`. */
    item: (id: string) => path`/terraform/${id}`, plural: "terraforms", type: "TERRAFORM", group: "terraforms",
    has: ["gitSource", "advancedSettings", "deploymentRestrictions", "deploys"],
  },
} as const satisfies Readonly<Record<string, ServiceKindInfo>>;

/** The kinds of service an environment deploys: `application`, `container`, `job`, `database`, `helm`, `terraform`. */
export type ServiceKindName = keyof typeof SERVICE_KINDS;

/** Every kind name, in the table's order. */
export const SERVICE_KIND_NAMES = Object.keys(SERVICE_KINDS) as ServiceKindName[];

/** The kinds that have `capability`, as a type: `KindsWith<"values">` is `"application" | "container" | "job"`. */
export type KindsWith<F extends ServiceKindCapability> = {
  [K in ServiceKindName]: F extends (typeof SERVICE_KINDS)[K]["has"][number] ? K : never;
}[ServiceKindName];

/** Whether `kind` has `capability` (false for a name that is no kind). */
export function kindHas<F extends ServiceKindCapability>(kind: string, capability: F): kind is KindsWith<F> {
  return Object.hasOwn(SERVICE_KINDS, kind) && (SERVICE_KINDS[kind as ServiceKindName] as ServiceKindInfo).has.includes(capability);
}

/** The kinds that have `capability`, in the table's order (a non-empty tuple, as `z.enum` takes). */
export function kindsWith<F extends ServiceKindCapability>(capability: F): readonly [KindsWith<F>, ...Array<KindsWith<F>>] {
  const kinds = SERVICE_KIND_NAMES.filter((kind) => kindHas(kind, capability));
  return kinds as unknown as readonly [KindsWith<F>, ...Array<KindsWith<F>>];
}

/**
 * `kind`, checked to be one of the kinds with `capability` before a request names it in a path: a kind without it is
 * a TypeError naming those that have it (`serviceKind: expected one of application, container, helm, got "database"`),
 * and nothing is sent.
 */
export function kindWith<F extends ServiceKindCapability>(capability: F, kind: KindsWith<F>): KindsWith<F> {
  if (kindHas(kind, capability)) return kind;
  const got = typeof kind === "string" ? JSON.stringify(kind) : typeof kind;
  throw new TypeError(`serviceKind: expected one of ${kindsWith(capability).join(", ")}, got ${got}; nothing was sent`);
}

/** The kinds the client deploys and follows (`client.waitForService`): `application`, `container`, `job`, `database`, `helm`, `terraform`. */
export type DeployableServiceKind = KindsWith<"deploys">;
/** The kinds with variables and secrets of their own. */
export type ValueServiceKind = KindsWith<"values">;
