/**
 * The deployment rule of an environment: every environment has exactly one, answered by
 * `GET /environment/{id}/deploymentRule` and replaced by `PUT /environment/{id}/deploymentRule/{ruleId}`.
 *
 * - Its id is derived from the environment's (so an environment made by any path has one, and it never changes);
 *   until it is edited, or a project rule gave it a schedule, it is not stored and answers the defaults below.
 * - Defaults (the reference's defaults and examples): no auto stop, no preview flags, `UTC`, 08:00 to 19:00, Monday
 *   to Friday.
 * - A new environment whose name matches a project rule's wildcard takes that rule's schedule (`fromProjectRule`).
 * - `schedule_checked_at`: the instant of the rules' clock up to which its schedule was applied (see
 *   `deployments/rule-clock.ts`); set when the schedule is set, so a schedule never acts on the past.
 * - Deleting the environment deletes its rule (`Store.removeEnvironment`).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { notFound } from "../server/errors";
import type { environmentRuleRequest } from "../schemas/deployment-rules";
import { touch, type BaseRec, type ModelContext } from "./records";
import { base, num, str } from "./record-forms";
import { checkSchedule, scheduleOf, type ScheduleRec } from "./rule-schedule";
import { slice } from "./slice";

/** An environment's deployment rule. */
export interface EnvironmentRuleRec extends BaseRec, ScheduleRec {
  environment_id: string;
  on_demand_preview: boolean;
  auto_preview: boolean;
  /** Epoch ms of the rules' clock up to which the schedule was applied. */
  schedule_checked_at: number;
}

/** The environmentDeploymentRules of the state (see `slice.ts`). */
export const environmentRuleSlice = slice<EnvironmentRuleRec>().keyed("environmentDeploymentRules", z.looseObject({
  ...base, environment_id: str, on_demand_preview: z.boolean(), auto_preview: z.boolean(), auto_stop: z.boolean(),
  timezone: str, start_time: str, stop_time: str, weekdays: z.array(str), schedule_checked_at: num,
}));

/** What the rule reads of its environment. */
export interface RuledEnvironment {
  id: string;
  created_at: string;
}

/** The schedule an environment's rule has until it is edited. */
export const DEFAULT_SCHEDULE: Readonly<ScheduleRec> = {
  auto_stop: false, timezone: "UTC", start_time: "1970-01-01T08:00:00.000Z", stop_time: "1970-01-01T19:00:00.000Z",
  weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
};

/** The id of an environment's rule: a uuid derived from the environment's id. */
export function environmentRuleId(environmentId: string): string {
  const h = createHash("sha1").update(`deploymentRule:${environmentId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function stored(m: ModelContext, environmentId: string): EnvironmentRuleRec | undefined {
  return environmentRuleSlice.of(m.world.store).get(environmentRuleId(environmentId));
}

/** The rule of an environment: the stored one, else the defaults (not stored). */
export function ruleOfEnvironment(m: ModelContext, e: RuledEnvironment): EnvironmentRuleRec {
  return stored(m, e.id) ?? {
    id: environmentRuleId(e.id), created_at: e.created_at, updated_at: e.created_at, environment_id: e.id,
    on_demand_preview: false, auto_preview: false, ...DEFAULT_SCHEDULE, weekdays: [...DEFAULT_SCHEDULE.weekdays], schedule_checked_at: 0,
  };
}

/** Replaces an environment's rule (404 when `ruleId` is not its rule); `ruleNow` is the rules' clock. */
export function editEnvironmentRule(
  m: ModelContext, e: RuledEnvironment, ruleId: string, b: z.output<typeof environmentRuleRequest>, ruleNow: number,
): EnvironmentRuleRec {
  if (ruleId !== environmentRuleId(e.id)) throw notFound("deployment rule", ruleId);
  const schedule = scheduleOf(b);
  checkSchedule(schedule);
  const r = ruleOfEnvironment(m, e);
  Object.assign(r, schedule, { on_demand_preview: b.on_demand_preview ?? false, auto_preview: b.auto_preview ?? false, schedule_checked_at: ruleNow });
  touch(r, m.now);
  environmentRuleSlice.of(m.world.store).set(r.id, r);
  return r;
}

/** Gives a new environment a project rule's schedule (`ruleNow`: the rules' clock). */
export function fromProjectRule(m: ModelContext, e: RuledEnvironment, rule: ScheduleRec, ruleNow: number): EnvironmentRuleRec {
  const r = ruleOfEnvironment(m, e);
  Object.assign(r, scheduleOf(rule), { schedule_checked_at: ruleNow });
  environmentRuleSlice.of(m.world.store).set(r.id, r);
  return r;
}

/** Every stored rule that stops and starts its environment on a schedule. */
export function autoStoppedRules(m: ModelContext): EnvironmentRuleRec[] {
  return [...environmentRuleSlice.of(m.world.store).values()].filter((r) => r.auto_stop);
}
