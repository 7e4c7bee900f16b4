import { z } from "zod";
import { baseResponse, uuidString } from "./common";

/** The days a rule's schedule names (the reference's `WeekdayEnum`). */
export const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;

/** The environment modes a project rule gives (the reference's `EnvironmentModeEnum`, PREVIEW included). */
export const RULE_MODES = ["DEVELOPMENT", "PREVIEW", "PRODUCTION", "STAGING"] as const;

/** A schedule's fields, as both kinds of rule send them; their values are checked by the model (`rule-schedule.ts`). */
const schedule = {
  timezone: z.string(),
  start_time: z.string(),
  stop_time: z.string(),
  weekdays: z.array(z.enum(WEEKDAYS)),
};

/** Create or replace a project deployment rule (the reference's `ProjectDeploymentRuleRequest`). */
export const projectRuleRequest = z.object({
  name: z.string().min(1, "must not be empty"),
  description: z.string().nullable().optional(),
  mode: z.enum(RULE_MODES),
  cluster_id: uuidString,
  auto_stop: z.boolean().optional(),
  wildcard: z.string(),
  ...schedule,
});

/** The new order of a project's rules (`ProjectDeploymentRulesPriorityOrderRequest`): every rule of it, once. */
export const ruleOrderRequest = z.object({ project_deployment_rule_ids_in_order: z.array(uuidString) });

/** Replace an environment's deployment rule (`EnvironmentDeploymentRuleEditRequest`): flags left out are false. */
export const environmentRuleRequest = z.object({
  on_demand_preview: z.boolean().optional(),
  auto_preview: z.boolean().optional(),
  auto_stop: z.boolean().optional(),
  ...schedule,
});

const scheduleResponse = {
  timezone: z.string(), start_time: z.string(), stop_time: z.string(), weekdays: z.array(z.enum(WEEKDAYS)), auto_stop: z.boolean(),
};

/** A project deployment rule: its request's fields and its place in the project's order. */
export const projectRuleResponse = baseResponse.extend({
  name: z.string(), description: z.string().nullable(), mode: z.enum(RULE_MODES), cluster_id: z.string(), wildcard: z.string(),
  priority_index: z.number().int(), ...scheduleResponse,
});

/** An environment's deployment rule. */
export const environmentRuleResponse = baseResponse.extend({
  on_demand_preview: z.boolean(), auto_preview: z.boolean(), ...scheduleResponse,
});
