/**
 * The weekly schedule both kinds of deployment rule carry, and its checks (400 naming the field):
 * - `timezone`: an IANA time zone the runtime knows (`Europe/Paris`, `UTC`);
 * - `start_time`, `stop_time`: ISO date-times of which only the time of day counts, read as a wall-clock time in
 *   `timezone` (the reference's examples are `1970-01-01T08:00:00.000Z`); with `auto_stop` they must differ;
 * - `weekdays`: each day at most once, at least one with `auto_stop`.
 */
import { badRequest } from "../server/errors";

/** A weekly schedule, as stored and answered. */
export interface ScheduleRec {
  auto_stop: boolean;
  timezone: string;
  start_time: string;
  stop_time: string;
  weekdays: string[];
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** True when the runtime knows the IANA time zone `tz`. */
export function knownTimeZone(tz: string): boolean {
  if (tz === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Minutes after midnight of a schedule time (its UTC time of day: `1970-01-01T08:30:00Z` is 510), or undefined. */
export function minuteOfDay(time: string): number | undefined {
  const m = DATE_TIME.exec(time);
  if (!m || Number.isNaN(Date.parse(time))) return undefined;
  const d = new Date(time);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

/** Throws a 400 naming the first field of the schedule that is not valid. */
export function checkSchedule(s: ScheduleRec): void {
  if (!knownTimeZone(s.timezone)) throw badRequest("timezone", `expected an IANA time zone such as 'UTC' or 'Europe/Paris', got '${s.timezone}'`);
  for (const field of ["start_time", "stop_time"] as const) {
    if (minuteOfDay(s[field]) === undefined) {
      throw badRequest(field, `expected an ISO date-time whose time of day counts, such as '1970-01-01T08:00:00.000Z', got '${s[field]}'`);
    }
  }
  const twice = s.weekdays.find((d, i) => s.weekdays.indexOf(d) !== i);
  if (twice !== undefined) throw badRequest("weekdays", `${twice} is named twice`);
  if (!s.auto_stop) return;
  if (s.weekdays.length === 0) throw badRequest("weekdays", "an auto-stopped schedule needs at least one day");
  if (minuteOfDay(s.start_time) === minuteOfDay(s.stop_time)) throw badRequest("stop_time", "must differ from start_time when auto_stop is true");
}

/** The schedule fields of a request (`auto_stop` left out is false). */
export function scheduleOf(b: { auto_stop?: boolean | undefined; timezone: string; start_time: string; stop_time: string; weekdays: string[] }): ScheduleRec {
  return { auto_stop: b.auto_stop ?? false, timezone: b.timezone, start_time: b.start_time, stop_time: b.stop_time, weekdays: [...b.weekdays] };
}

/** A day in ms: the rules' clock's day when it runs at real speed. */
export const DAY_MS = 86_400_000;

/**
 * The rules' clock (`PUT /_emulator/config` sets it): at real time `realAt` it read `ruleAt`, and one of its days
 * lasts `dayMs` of real time. Absent, it is real time.
 */
export interface RuleClock {
  dayMs: number;
  realAt: number;
  ruleAt: number;
}

/** The instant of the rules' clock at real time `nowMs`. */
export function ruleNow(clock: RuleClock | undefined, nowMs: number): number {
  if (clock === undefined) return nowMs;
  return clock.ruleAt + Math.floor((nowMs - clock.realAt) * (DAY_MS / clock.dayMs));
}

/** The clock from real time `nowMs` on: a new day length and, when given, a new current instant (else it goes on). */
export function retimedClock(clock: RuleClock | undefined, nowMs: number, change: { dayMs?: number | undefined; at?: number | undefined }): RuleClock {
  return { dayMs: change.dayMs ?? clock?.dayMs ?? DAY_MS, realAt: nowMs, ruleAt: change.at ?? ruleNow(clock, nowMs) };
}
