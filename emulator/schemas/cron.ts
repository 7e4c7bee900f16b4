/**
 * Cron expressions as a cron job's `schedule.cronjob.scheduled_at` takes them (Kubernetes CronJob syntax, no seconds):
 * five fields (minute, hour, day of month, month, day of week), each `*`, a number, a range `a-b`, with an optional
 * step `/n`, or a comma-separated list of those; months and weekdays also by name (`JAN`, `MON`); or one of the
 * macros `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly`.
 */

const MACROS = new Set(["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]);
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

/** Each field: its name, bounds, and the names it takes for values (the first name being `min`). */
const FIELDS: ReadonlyArray<{ name: string; min: number; max: number; names?: readonly string[] }> = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12, names: MONTHS },
  { name: "day of week", min: 0, max: 7, names: DAYS },
];

function valueOf(raw: string, f: (typeof FIELDS)[number]): number | undefined {
  const named = f.names?.indexOf(raw.toUpperCase()) ?? -1;
  if (named !== -1) return named + f.min;
  if (!/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= f.min && n <= f.max ? n : undefined;
}

function itemProblem(item: string, f: (typeof FIELDS)[number]): string | undefined {
  const [range, step, extra] = item.split("/");
  if (extra !== undefined || range === undefined || range === "") return `'${item}' is not a value, a range or a step`;
  if (step !== undefined && !/^[1-9]\d*$/.test(step)) return `step '${step}' is not a positive integer`;
  if (range === "*") return undefined;
  const bounds = range.split("-");
  if (bounds.length > 2) return `'${range}' is not a value or a range`;
  const values = bounds.map((b) => valueOf(b, f));
  if (values.some((v) => v === undefined)) {
    return `'${range}' is out of range (${f.min}-${f.max}${f.names ? ` or ${f.names[0]}-${f.names[f.names.length - 1]}` : ""})`;
  }
  const [lo, hi] = values as number[];
  if (hi !== undefined && (lo as number) > hi) return `range '${range}' runs backwards`;
  return undefined;
}

/** Why an expression is not a cron schedule, or undefined when it is one. */
export function cronProblem(expr: string): string | undefined {
  const trimmed = expr.trim();
  if (trimmed.startsWith("@")) return MACROS.has(trimmed.toLowerCase()) ? undefined : `unknown macro '${trimmed}' (expected one of ${[...MACROS].join(", ")})`;
  const parts = trimmed.split(/\s+/);
  if (parts.length !== 5) return `expected 5 fields (minute hour day-of-month month day-of-week), got ${trimmed === "" ? 0 : parts.length}`;
  for (const [i, part] of parts.entries()) {
    const f = FIELDS[i] as (typeof FIELDS)[number];
    for (const item of part.split(",")) {
      const p = itemProblem(item, f);
      if (p) return `${f.name}: ${p}`;
    }
  }
  return undefined;
}

/** Why a time zone is not an IANA time zone identifier, or undefined when it is one. */
export function timezoneProblem(tz: string): string | undefined {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return undefined;
  } catch {
    return `unknown time zone '${tz}' (expected an IANA identifier such as Etc/UTC or Europe/Paris)`;
  }
}
