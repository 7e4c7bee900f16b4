/**
 * Deployment rules: what a project does with the environments made in it (`/project/{id}/deploymentRule`, ordered:
 * the first rule whose pattern matches a new environment's name applies) and an environment's own schedule
 * (`/environment/{id}/deploymentRule`, read and edited, never created): its mode and cluster, whether it stops at
 * night and starts in the morning (weekdays, start and stop time, time zone) and whether previews are on demand.
 */
import { z } from "zod";
import { records } from "./crud";
import { REPORTED_ENVIRONMENT_MODES } from "./environments";
import { path } from "./path";
import { maybe, openEnum, record, ruledString } from "./schema";

/** The days a rule's schedule names. */
export const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
/** A day of a rule's schedule. */
export type Weekday = (typeof WEEKDAYS)[number];

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** The date the service puts before a rule's time of day (`1970-01-01T08:00:00.000Z` is 08:00). */
const EPOCH_DAY = "1970-01-01T";

/** Why `time` is not a time of day `HH:MM` (00:00 to 23:59), or `undefined`. */
export function ruleTimeProblem(time: string): string | undefined {
  return HH_MM.test(time) ? undefined : `expected a time of day "HH:MM" from 00:00 to 23:59, got ${JSON.stringify(time.slice(0, 16))}`;
}

/** A time of day `HH:MM` in the service's spelling: `08:00` is `1970-01-01T08:00:00.000Z`. */
export function ruleTimeToWire(time: string): string {
  return `${EPOCH_DAY}${time}:00.000Z`;
}

/** The time of day `HH:MM` of the service's date-time (`1970-01-01T08:00:00.000Z` is `08:00`); other text as given. */
export function ruleTimeFromWire(value: string): string {
  const m = /T(\d{2}:\d{2})/.exec(value);
  return m ? (m[1] as string) : value;
}

/** Why `zone` is not an IANA time zone this runtime knows (`Europe/Paris`, `UTC`), or `undefined`. */
export function timeZoneProblem(zone: string): string | undefined {
  const known = new Set<string>(Intl.supportedValuesOf("timeZone"));
  known.add("UTC");
  if (known.has(zone)) return undefined;
  try {
    // Aliases (`Etc/UTC`, `Asia/Calcutta`) are valid though not listed.
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return undefined;
  } catch {
    return `expected an IANA time zone such as "Europe/Paris" or "UTC", got ${JSON.stringify(zone.slice(0, 40))}`;
  }
}

/** The schedule fields of both kinds of rule, in the service's spelling (times as date-times of 1970-01-01). */
const SCHEDULE_REQUEST_FIELDS = {
  auto_stop: z.boolean().optional(),
  timezone: ruledString(timeZoneProblem),
  start_time: z.string().min(1),
  stop_time: z.string().min(1),
  weekdays: z.array(z.enum(WEEKDAYS)),
};

/** Body of a project's rule create or edit (an edit is the whole request again). */
export const ProjectDeploymentRuleRequest = z.looseObject({
  name: z.string().min(1),
  description: z.string().nullable().optional(),
  mode: z.enum(REPORTED_ENVIRONMENT_MODES),
  cluster_id: z.string().min(1),
  ...SCHEDULE_REQUEST_FIELDS,
  /** `?` and `*` pattern of the names of new environments the rule applies to. */
  wildcard: z.string().min(1),
});
/** Body of a project's rule create or edit. */
export type ProjectDeploymentRuleRequest = z.input<typeof ProjectDeploymentRuleRequest>;

const SCHEDULE_RECORD_FIELDS = {
  auto_stop: maybe(z.boolean()),
  timezone: maybe(z.string()),
  start_time: maybe(z.string()),
  stop_time: maybe(z.string()),
  weekdays: maybe(z.array(openEnum(WEEKDAYS))),
};

/** A project's rule as the service answers it, with its place in the project's order (`priority_index`). */
export const ProjectDeploymentRule = record({
  name: z.string(),
  description: maybe(z.string()),
  mode: maybe(openEnum(REPORTED_ENVIRONMENT_MODES)),
  cluster_id: maybe(z.string()),
  ...SCHEDULE_RECORD_FIELDS,
  wildcard: maybe(z.string()),
  /** Where the rule is in the project's order (the first that matches applies). */
  priority_index: maybe(z.number()),
});
/** A project's rule as the service answers it. */
export type ProjectDeploymentRule = z.infer<typeof ProjectDeploymentRule>;

/** Body of an environment's rule edit. */
export const EnvironmentDeploymentRuleEditRequest = z.looseObject({
  on_demand_preview: z.boolean().optional(),
  auto_preview: z.boolean().optional(),
  ...SCHEDULE_REQUEST_FIELDS,
});
/** Body of an environment's rule edit. */
export type EnvironmentDeploymentRuleEditRequest = z.input<typeof EnvironmentDeploymentRuleEditRequest>;

/** An environment's rule as the service answers it. */
export const EnvironmentDeploymentRule = record({
  on_demand_preview: maybe(z.boolean()),
  auto_preview: maybe(z.boolean()),
  ...SCHEDULE_RECORD_FIELDS,
});
/** An environment's rule as the service answers it. */
export type EnvironmentDeploymentRule = z.infer<typeof EnvironmentDeploymentRule>;

/** Body of a project's rules order. */
const OrderRequest = z.looseObject({ project_deployment_rule_ids_in_order: z.array(z.string().min(1)) });

/**
 * A project's deployment rules (list, create, get, edit, delete, order) and an environment's rule (get, edit).
 * A rule's name is unique in its project (case aside): a lost create is found by it.
 */
export class DeploymentRulesApi extends records({
  what: "deployment rule", naturalKey: "name", record: ProjectDeploymentRule,
  createRequest: ProjectDeploymentRuleRequest, editRequest: ProjectDeploymentRuleRequest,
  list: (projectId: string) => path`/project/${projectId}/deploymentRule`,
  item: (projectId: string, deploymentRuleId: string) => path`/project/${projectId}/deploymentRule/${deploymentRuleId}`,
}) {
  /** Puts a project's rules in this order (every rule's id, the first applied first). */
  async order(projectId: string, ruleIdsInOrder: readonly string[]): Promise<void> {
    await this.core.call({
      method: "PUT", path: path`/project/${projectId}/deploymentRule/order`,
      body: { project_deployment_rule_ids_in_order: [...ruleIdsInOrder] }, requestSchema: OrderRequest,
    });
  }

  /** Reads an environment's rule (every environment has one). */
  ofEnvironment(environmentId: string): Promise<EnvironmentDeploymentRule> {
    return this.core.call({ method: "GET", path: path`/environment/${environmentId}/deploymentRule`, response: EnvironmentDeploymentRule });
  }

  /** Edits an environment's rule (`deploymentRuleId` as {@link ofEnvironment} answers it). */
  editOfEnvironment(environmentId: string, deploymentRuleId: string, request: EnvironmentDeploymentRuleEditRequest): Promise<EnvironmentDeploymentRule> {
    return this.core.call({
      method: "PUT", path: path`/environment/${environmentId}/deploymentRule/${deploymentRuleId}`, body: request,
      requestSchema: EnvironmentDeploymentRuleEditRequest, response: EnvironmentDeploymentRule,
    });
  }
}

