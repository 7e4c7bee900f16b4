/**
 * Container images and job schedules as the service and Kubernetes read them: which image names, tags and cron
 * expressions are valid. The client's request schemas and the Pulumi provider's checks both use these, so a bad
 * value is refused before any call with one reason, wherever it is written.
 *
 * Each rule returns why a value is refused (a sentence naming what was expected), or `undefined` when it is valid.
 * A reason quotes at most the offending part of the value (a path component, a cron field), never a long text.
 */

/** Longest image name Docker accepts (host excluded here), in characters. */
export const MAX_IMAGE_NAME_LENGTH = 255;
/** Longest image tag Docker accepts, in characters. */
export const MAX_IMAGE_TAG_LENGTH = 128;

/** One path component of an image name (Docker's grammar: separators `.`, `_`, `__` or dashes between alphanumerics). */
const NAME_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
/** An image tag (Docker's grammar). */
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
// eslint-disable-next-line no-control-regex
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

const IMAGE_NAME_EXPECTED =
  `expected an image name of lowercase path components separated by "/" (letters a-z and digits, joined by ".", "_", ` +
  `"__" or "-"), without registry host, tag or digest, e.g. "nginx" or "bitnami/redis"`;

/** A short quotation of part of a value for a message: long parts are cut, so a message never carries a long text. */
function quoted(part: string): string {
  return JSON.stringify(part.length > 40 ? `${part.slice(0, 37)}...` : part);
}

/**
 * Why `name` is not an image name the service can pull from a registry, or `undefined` when it is. The rule is
 * Docker's reference grammar for the repository path: lowercase components `[a-z0-9]+` joined by `.`, `_`, `__` or
 * dashes, separated by `/`, at most 255 characters. The registry is a separate setting, so a registry host prefix
 * (`ghcr.io/acme/api`, `localhost:5000/api`), a tag (`nginx:1.27`) or a digest (`nginx@sha256:...`) is refused
 * with a reason saying where that part goes.
 */
export function imageNameProblem(name: string): string | undefined {
  if (typeof name !== "string") return `${IMAGE_NAME_EXPECTED}; got ${name === null ? "null" : typeof name}`;
  if (name === "") return `${IMAGE_NAME_EXPECTED}; got an empty string`;
  if (BLANK_OR_CONTROL.test(name)) return `${IMAGE_NAME_EXPECTED}; got a name holding whitespace or control characters`;
  if (name.includes("@")) return `${IMAGE_NAME_EXPECTED}; got a digest ("@..."): give the version in the tag instead`;
  const components = name.split("/");
  const first = components[0] ?? "";
  if (components.length > 1 && (first.includes(".") || first.includes(":") || first === "localhost")) {
    return `${IMAGE_NAME_EXPECTED}; ${quoted(first)} is a registry host: the registry is given separately (its URL), so leave the host out`;
  }
  const last = components[components.length - 1] ?? "";
  if (last.includes(":")) return `${IMAGE_NAME_EXPECTED}; got a tag (":${last.split(":").pop() ?? ""}"): give the tag separately`;
  if (name.length > MAX_IMAGE_NAME_LENGTH) {
    return `${IMAGE_NAME_EXPECTED}; got ${name.length} characters, more than the ${MAX_IMAGE_NAME_LENGTH} allowed`;
  }
  for (const component of components) {
    if (component === "") return `${IMAGE_NAME_EXPECTED}; got an empty path component (a leading, trailing or doubled "/")`;
    if (/[A-Z]/.test(component)) return `${IMAGE_NAME_EXPECTED}; ${quoted(component)} holds uppercase letters`;
    if (!NAME_COMPONENT.test(component)) {
      return `${IMAGE_NAME_EXPECTED}; ${quoted(component)} is not one (only a-z, 0-9 and separators between them)`;
    }
  }
  return undefined;
}

const IMAGE_TAG_EXPECTED =
  `expected an image tag of 1 to ${MAX_IMAGE_TAG_LENGTH} characters: letters, digits, "_", "." and "-", not starting ` +
  `with "." or "-", e.g. "1.27" or "v2.3.0-alpine"`;

/**
 * Why `tag` is not an image tag, or `undefined` when it is: Docker's rule `[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}`
 * (1 to 128 characters; letters, digits, `_`, `.`, `-`; not starting with `.` or `-`).
 */
export function imageTagProblem(tag: string): string | undefined {
  if (typeof tag !== "string") return `${IMAGE_TAG_EXPECTED}; got ${tag === null ? "null" : typeof tag}`;
  if (tag === "") return `${IMAGE_TAG_EXPECTED}; got an empty string`;
  if (tag.length > MAX_IMAGE_TAG_LENGTH) return `${IMAGE_TAG_EXPECTED}; got ${tag.length} characters`;
  if (TAG.test(tag)) return undefined;
  if (BLANK_OR_CONTROL.test(tag)) return `${IMAGE_TAG_EXPECTED}; got a tag holding whitespace or control characters`;
  if (tag.startsWith(".") || tag.startsWith("-")) return `${IMAGE_TAG_EXPECTED}; got a tag starting with ${quoted(tag[0] ?? "")}`;
  if (tag.includes("@")) return `${IMAGE_TAG_EXPECTED}; got a digest ("@..."), which is not a tag`;
  const bad = /[^A-Za-z0-9_.-]/.exec(tag)?.[0] ?? "";
  return `${IMAGE_TAG_EXPECTED}; got a tag holding ${quoted(bad)}`;
}

/** The shorthand schedules a cron expression may be instead of five fields (the ones Kubernetes accepts). */
export const CRON_MACROS = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"] as const;

interface CronField {
  name: string;
  min: number;
  max: number;
  /** Names accepted for the values, from `min` on (`JAN` is 1, `SUN` is 0); case does not matter. */
  names?: readonly string[];
  hint?: string;
}

const CRON_FIELDS: readonly CronField[] = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day-of-month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12, names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] },
  { name: "day-of-week", min: 0, max: 6, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"], hint: " (Sunday is 0; 7 is not accepted)" },
];

const CRON_EXPECTED =
  `expected a cron schedule of 5 fields "minute hour day-of-month month day-of-week" (numbers, names such as JAN or ` +
  `MON, "*", ranges "a-b", steps "/n" and lists "a,b"), e.g. "0 3 * * *", or one of ${CRON_MACROS.join(", ")}`;

/** The value of one number or name of a field, or a reason. */
function cronValue(text: string, field: CronField): number | string {
  let value: number;
  if (/^\d+$/.test(text)) value = Number(text);
  else {
    const index = field.names?.indexOf(text.toUpperCase()) ?? -1;
    if (index < 0) {
      const names = field.names ? ` or a name ${field.names[0]}-${field.names[field.names.length - 1]}` : "";
      return `the ${field.name} field holds ${quoted(text)}, not a number${names}`;
    }
    value = index + field.min;
  }
  if (value < field.min || value > field.max) {
    return `the ${field.name} field holds ${value}, outside ${field.min}-${field.max}${field.hint ?? ""}`;
  }
  return value;
}

/** Why one item of a field's list (`*`, `5`, `1-5`, `*\/15`, `10-40/5`, `MON-FRI`) is refused, or `undefined`. */
function cronItemProblem(item: string, field: CronField): string | undefined {
  if (item === "") return `the ${field.name} field has an empty list item (a leading, trailing or doubled ",")`;
  const [range = "", step, extra] = item.split("/");
  if (extra !== undefined) return `the ${field.name} field item ${quoted(item)} has more than one "/"`;
  if (step !== undefined && (!/^\d+$/.test(step) || Number(step) < 1)) {
    return `the ${field.name} field item ${quoted(item)} has step ${quoted(step)}; expected a whole number of at least 1`;
  }
  if (range === "*") return undefined;
  const bounds = range.split("-");
  if (bounds.length > 2 || bounds.some((b) => b === "")) return `the ${field.name} field item ${quoted(item)} is not a value, a range "a-b" or "*"`;
  const values: number[] = [];
  for (const bound of bounds) {
    const value = cronValue(bound, field);
    if (typeof value === "string") return value;
    values.push(value);
  }
  const [start = 0, end = start] = values;
  if (start > end) return `the ${field.name} field range ${quoted(range)} starts after it ends`;
  return undefined;
}

/**
 * Why `expression` is not a schedule a cron job can run on, or `undefined` when it is: five fields separated by
 * spaces, minute (0-59), hour (0-23), day of month (1-31), month (1-12 or `JAN`-`DEC`) and day of week (0-6 or
 * `SUN`-`SAT`), each `*`, a value, a range `a-b`, any of these with a step `/n`, or a comma list of them; or one of
 * {@link CRON_MACROS}. Seconds, `@every`, `?`, `L`, `W`, `#` and a `TZ=` prefix are refused (the timezone is a
 * separate setting).
 */
export function cronProblem(expression: string): string | undefined {
  if (typeof expression !== "string") return `${CRON_EXPECTED}; got ${expression === null ? "null" : typeof expression}`;
  const trimmed = expression.trim();
  if (trimmed === "") return `${CRON_EXPECTED}; got an empty string`;
  if (/^(CRON_)?TZ=/i.test(trimmed)) return `${CRON_EXPECTED}; got a "TZ=" prefix: give the timezone separately`;
  if (trimmed.startsWith("@")) {
    return (CRON_MACROS as readonly string[]).includes(trimmed) ? undefined : `${CRON_EXPECTED}; ${quoted(trimmed)} is not one of them`;
  }
  const fields = trimmed.split(/\s+/);
  if (fields.length !== CRON_FIELDS.length) {
    const seconds = fields.length === 6 ? " (seconds are not supported)" : "";
    return `${CRON_EXPECTED}; got ${fields.length} field${fields.length === 1 ? "" : "s"}${seconds}`;
  }
  for (const [index, field] of CRON_FIELDS.entries()) {
    for (const item of (fields[index] ?? "").split(",")) {
      const problem = cronItemProblem(item, field);
      if (problem !== undefined) return `${CRON_EXPECTED}; ${problem}`;
    }
  }
  return undefined;
}
