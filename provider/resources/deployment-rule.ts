import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  REPORTED_ENVIRONMENT_MODES, ruleTimeFromWire, ruleTimeProblem, ruleTimeToWire, timeZoneProblem, WEEKDAYS,
  type Weekday,
} from "../../sdk";
import { argsSchema } from "../framework/args";
import { addressedCalls, computedOutputs, defineResource, type Props } from "../framework/define";
import { field } from "../framework/fields";
import { idInput, nameInput, ruledInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import type { AdoptableArgs } from "../framework/adoption";

/** The weekly schedule of a {@link DeploymentRule} (its environments') and of an {@link EnvironmentDeploymentRule}. */
export interface DeploymentScheduleArgs {
  /** Stop the environments outside the weekly schedule (`weekdays`, `startTime` to `stopTime`). Default: `false`. Wire: `auto_stop`. */
  autoStop?: pulumi.Input<boolean>;
  /** IANA time zone of `startTime` and `stopTime`, e.g. `"Europe/Paris"` or `"UTC"`. Wire: `timezone`. */
  timeZone: pulumi.Input<string>;
  /** Time of day the environments start, `"HH:MM"` (00:00 to 23:59). Wire: `start_time` (`1970-01-01THH:MM:00.000Z`). */
  startTime: pulumi.Input<string>;
  /** Time of day the environments stop, `"HH:MM"`. Wire: `stop_time`. */
  stopTime: pulumi.Input<string>;
  /** Days the environments run, e.g. `["MONDAY", "TUESDAY"]`. Wire: `weekdays`. */
  weekdays: pulumi.Input<pulumi.Input<Weekday>[]>;
}

/** Inputs of a {@link DeploymentRule}. */
export interface DeploymentRuleArgs extends AdoptableArgs, DeploymentScheduleArgs {
  /** Project whose new environments the rule applies to (wire: the `{projectId}` of the path). Changing it replaces the rule. */
  projectId: pulumi.Input<string>;
  /** Rule name, unique in the project (case aside). Wire: `name`. */
  name: pulumi.Input<string>;
  /** Free text. Default: none. Wire: `description`. */
  description?: pulumi.Input<string>;
  /**
   * Names of the new environments the rule applies to: a pattern of `?` (one character) and `*` (any), e.g.
   * `"pr-*"`; not empty. Wire: `wildcard`.
   */
  environmentNamePattern: pulumi.Input<string>;
  /** Mode given to the environments it applies to: `DEVELOPMENT`, `PREVIEW`, `PRODUCTION` or `STAGING`. Wire: `mode`. */
  mode: pulumi.Input<(typeof REPORTED_ENVIRONMENT_MODES)[number]>;
  /** Cluster the environments it applies to run on. Wire: `cluster_id`. */
  clusterId: pulumi.Input<string>;
}

/** What the service says of a rule beyond its inputs: outputs of a {@link DeploymentRule}. */
export interface DeploymentRuleComputed {
  /**
   * Where the rule is in its project's order (0 first: the first rule whose pattern matches a new environment's
   * name applies), as the service answers it; set the order with a {@link DeploymentRuleOrder}.
   */
  priorityIndex?: number;
}

/** A time of day input, checked before any call. */
const timeOfDay = () => ruledInput(ruleTimeProblem);

/** The schedule's fields of a project's rule and an environment's: auto stop, time zone, times, weekdays. */
export const scheduleFields = {
  autoStop: z.boolean().default(false),
  timeZone: field(ruledInput(timeZoneProblem), { wire: "timezone" }),
  startTime: timeOfDay(),
  stopTime: timeOfDay(),
  weekdays: z.array(z.enum(WEEKDAYS)).min(1),
};

/**
 * The wire mapping of a rule with {@link scheduleFields} (a project's and an environment's): its times `HH:MM` in the
 * program, date-times of 1970-01-01 on the wire, on top of the derived body and inputs.
 */
export const scheduleWire = {
  toWire: (inputs: { startTime: string; stopTime: string }, _purpose: "create" | "update", derived: Props): Props =>
    ({ ...derived, start_time: ruleTimeToWire(inputs.startTime), stop_time: ruleTimeToWire(inputs.stopTime) }),
  fromWire: (record: { id: string; start_time?: string | null | undefined; stop_time?: string | null | undefined }, _previous: Props, derived: Props): Props => ({
    ...derived,
    ...(record.start_time ? { startTime: ruleTimeFromWire(record.start_time) } : {}),
    ...(record.stop_time ? { stopTime: ruleTimeFromWire(record.stop_time) } : {}),
  }),
};

/** Validated rule inputs: the single source of field names, types, defaults and wire spellings. */
export const deploymentRuleSchema = argsSchema<DeploymentRuleArgs>()(z.strictObject({
  projectId: field(idInput(), { parent: "project" }),
  name: nameInput(255),
  description: field(z.string().optional(), { cleared: null }),
  environmentNamePattern: field(ruledInput((v) => (v.trim() === "" ? "expected a pattern of new environments' names, e.g. \"pr-*\", got an empty string" : undefined)), { wire: "wildcard" }),
  mode: z.enum(REPORTED_ENVIRONMENT_MODES),
  clusterId: idInput(),
  ...scheduleFields,
}));
/** Rule inputs after validation (defaults applied). */
export type DeploymentRuleInputs = z.output<typeof deploymentRuleSchema>;

/** {@link DeploymentRuleComputed} read from a rule's record. */
export const deploymentRuleComputed = computedOutputs<DeploymentRuleComputed>("priorityIndex");

/** The deployment rule family: times are `HH:MM` in the program and date-times of 1970-01-01 on the wire. */
export const deploymentRule = defineResource({
  kind: "DeploymentRule",
  noun: "deployment rule",
  schema: deploymentRuleSchema,
  ...deploymentRuleComputed,
  ...scheduleWire,
  // Every call names the project and the rule.
  calls: addressedCalls((client) => client.deploymentRules, "projectId"),
});

/** The dynamic provider of {@link DeploymentRule}. */
export const deploymentRuleProvider = deploymentRule.provider;

/**
 * A project's deployment rule: the mode, cluster and weekly schedule the service gives the environments made later
 * in the project whose names match `environmentNamePattern` (previews of pull requests, say), the first matching
 * rule of the project's order applying. Requests: create one POST; refresh one GET; update one PUT; delete one DELETE.
 *
 * @example
 * new DeploymentRule("previews", {
 *   projectId: project.id, name: "previews", environmentNamePattern: "pr-*", mode: "PREVIEW", clusterId: cluster.id,
 *   autoStop: true, timeZone: "Europe/Paris", startTime: "08:00", stopTime: "19:00",
 *   weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
 * });
 *
 * @class
 */
export const DeploymentRule = serviceObjectClass<DeploymentRuleArgs, typeof deploymentRuleSchema, DeploymentRuleComputed>(deploymentRule);
/** {@link DeploymentRule} as a type: its outputs are every input as stored and what the service computes. */
export type DeploymentRule = InstanceType<typeof DeploymentRule>;
