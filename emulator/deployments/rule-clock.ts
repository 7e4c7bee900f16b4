/**
 * Environments' schedules on the rules' clock: an environment whose deployment rule has `auto_stop` is stopped at its
 * `stop_time` and deployed again at its `start_time` on each of its `weekdays`, wall-clock times in its `timezone`.
 * Like the deployment clock, nothing runs on a timer: before each request, the last start or stop boundary each
 * schedule crossed since it was last applied is applied (a stop when a service of the environment runs, a deploy
 * when the environment was stopped as a whole), so the outcome depends only on the clock's instants, whatever the
 * requests in between. The rules' clock is real time unless `PUT /_emulator/config` shortens its day
 * (`ruleDayMs`) or sets it (`ruleTime`); a week is looked back at most, so the work is bounded.
 */
import { runEnvironmentAction } from "./actions";
import type { ModelContext } from "../models/records";
import { autoStoppedRules, type EnvironmentRuleRec } from "../models/environment-rules";
import { DAY_MS, minuteOfDay, ruleNow } from "../models/rule-schedule";
import { read } from "../models/slice";
import { servicesOf } from "../models/queries";
import type { environmentSlice } from "../models/environments";

const DAY_NAMES = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];

/** A schedule's boundary: when it starts or stops its environment. */
export interface Boundary {
  kind: "START" | "STOP";
  at: number;
}

/** The wall-clock date and time in `tz` of the instant `ms`, as if it were UTC. */
function wallAsUtc(tz: string, ms: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: tz, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
  }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}

/** The instant at which the wall clock of `tz` shows `wall` (a wall time written as UTC). */
function instantOfWall(tz: string, wall: number): number {
  const first = wall - (wallAsUtc(tz, wall) - wall);
  return wall - (wallAsUtc(tz, first) - first);
}

/** The latest boundary of a schedule in `(from, to]`, looking back a week and a day at most. */
export function lastBoundary(r: Pick<EnvironmentRuleRec, "timezone" | "start_time" | "stop_time" | "weekdays">, from: number, to: number): Boundary | undefined {
  const today = Math.floor(wallAsUtc(r.timezone, to) / DAY_MS) * DAY_MS;
  let best: Boundary | undefined;
  for (let back = 0; back <= 8; back++) {
    const day = today - back * DAY_MS;
    if (!r.weekdays.includes(DAY_NAMES[new Date(day).getUTCDay()] as string)) continue;
    for (const [kind, time] of [["START", r.start_time], ["STOP", r.stop_time]] as const) {
      const at = instantOfWall(r.timezone, day + (minuteOfDay(time) ?? 0) * 60_000);
      if (at > from && at <= to && (best === undefined || at > best.at)) best = { kind, at };
    }
  }
  return best;
}

/** Applies the boundary each auto-stop schedule crossed since it was last applied; answers how many acted. */
export function applySchedules(m: ModelContext): number {
  const now = ruleNow(m.world.config.ruleClock, m.now);
  const environments = read<typeof environmentSlice>(m.world.store, "environments");
  let acted = 0;
  for (const rule of autoStoppedRules(m)) {
    const env = environments.get(rule.environment_id);
    const boundary = now > rule.schedule_checked_at ? lastBoundary(rule, rule.schedule_checked_at, now) : undefined;
    rule.schedule_checked_at = Math.max(rule.schedule_checked_at, now);
    if (env === undefined || env.deleting || boundary === undefined) continue;
    const running = servicesOf(m.world.store, env.id).some((s) => s.runtime.deployment !== null && !["STOP", "UNINSTALL"].includes(s.runtime.deployment.action));
    if (boundary.kind === "STOP" && running) runEnvironmentAction(m, env, "STOP");
    else if (boundary.kind === "START" && env.last_action?.action === "STOP") runEnvironmentAction(m, env, "DEPLOY");
    else continue;
    acted++;
  }
  if (acted > 0) m.world.changed?.();
  return acted;
}
