/**
 * A request path whose interpolated values have been checked and percent-encoded.
 *
 * Only {@link path} produces values of this type, so a raw string with an unchecked id
 * cannot reach the request core by accident.
 */
export type ApiPath = string & {
  /** Type-only brand: no value carries it; it keeps plain strings out. */
  readonly __apiPath: unique symbol;
};

/**
 * Why `value` cannot be one id (one path segment) of a request, or `undefined` when it can.
 *
 * Percent-encoding alone is not enough: `encodeURIComponent` leaves `.` alone and URL parsers remove
 * dot segments (`%2e%2e` too), so an id of `..` would address the parent object, e.g. turn
 * `DELETE /application/<id>/secret/..` into `DELETE /application/<id>/`. So ids are refused, not
 * escaped, when they are empty, `.` or `..`, or hold `/`, `\`, `?`, `#`, `%`, whitespace or control characters.
 * The provider's `check` uses the same rule on every id input.
 */
export function invalidIdReason(value: unknown): string | undefined {
  if (typeof value === "number") {
    return Number.isSafeInteger(value) && value >= 0 ? undefined : "expected a non-negative whole number or a string id";
  }
  if (typeof value !== "string") return `expected a string id, got ${value === null ? "null" : typeof value}`;
  if (value === "") return "is empty; expected an id";
  if (value === "." || value === "..") return `is "${value}", which would address another object; expected an id`;
  // eslint-disable-next-line no-control-regex
  const bad = /[/\\?#%\s\u0000-\u001f\u007f]/.exec(value);
  if (bad) return `holds ${describeChar(bad[0])}, which no id holds; expected an id such as a UUID`;
  return undefined;
}

function describeChar(ch: string): string {
  if (ch === " ") return "a space";
  if (/\s/.test(ch)) return "whitespace";
  if (/[\u0000-\u001f\u007f]/.test(ch)) return "a control character";
  return `"${ch}"`;
}

/** The name of the id at `index` in a path template: `/application/{}/secret/{}` gives `applicationId`, `secretId`. */
function segmentName(strings: TemplateStringsArray, index: number): string {
  const before = (strings[index] ?? "").split("/").filter((s) => s !== "");
  const word = before[before.length - 1];
  return word ? `${word}Id` : `segment ${index + 1}`;
}

/**
 * Builds a request path, checking and percent-encoding every interpolated value as one path segment.
 *
 * `path\`/project/${id}\`` gives `/project/<id>`; an id can never change which endpoint is called.
 *
 * @throws TypeError naming the argument (`secretId in /application/{}/secret/{}`) when an interpolated
 *   value is not a valid id (see {@link invalidIdReason}); nothing is sent.
 */
export function path(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number>): ApiPath {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    const reason = invalidIdReason(value);
    if (reason !== undefined) throw invalidId({ name: segmentName(strings, index), template: strings.join("{}"), reason });
    out += encodeURIComponent(String(value)) + (strings[index + 1] ?? "");
  });
  return out as ApiPath;
}

/** What an invalid-id TypeError of {@link path} names: the id, the path template (`{}` for each id) and why. */
interface InvalidId {
  name: string;
  template: string;
  reason: string;
}

const invalidIds = new WeakMap<Error, InvalidId>();

function invalidId(at: InvalidId): TypeError {
  const error = new TypeError(`${at.name} in ${at.template}: ${at.reason}; nothing was sent`);
  invalidIds.set(error, at);
  return error;
}

/**
 * The path `build` makes followed by one fixed segment of the API: `under(() => path\`/database/${id}\`, "deploy")`.
 * An invalid id is reported against the whole path (`databaseId in /database/{}/deploy`).
 *
 * @throws TypeError as {@link path} does.
 */
export function under(build: () => ApiPath, segment: string): ApiPath {
  try {
    return `${build()}/${encodeURIComponent(segment)}` as ApiPath;
  } catch (e) {
    const at = e instanceof Error ? invalidIds.get(e) : undefined;
    throw at ? invalidId({ ...at, template: `${at.template}/${segment}` }) : e;
  }
}
