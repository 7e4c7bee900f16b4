/**
 * Keys JavaScript gives a meaning of its own. `constructor`, `prototype`, `toString` ... are ordinary keys of a map
 * as long as it is read by own properties only ({@link hasKey}, {@link entryOf}), never with `in` or a bare index,
 * which would also find `Object.prototype`'s members. `__proto__` cannot be kept at all: assigning it sets an
 * object's prototype instead, so Pulumi's provider protocol (and most JavaScript code) drops it silently on the way
 * to the provider. It is refused with a message instead ({@link droppedKeyPaths}).
 */

/** The key no layer between a program and the service keeps. */
export const DROPPED_KEY = "__proto__";

/** Why {@link DROPPED_KEY} is refused, and what to do. */
export const DROPPED_KEY_REASON =
  `the key "${DROPPED_KEY}" cannot be kept: JavaScript objects and Pulumi's provider protocol drop it on the way, ` +
  "so it would silently never reach the service; use another key";

/** True when `map` holds `key` itself (not through its prototype). */
export function hasKey(map: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(map, key);
}

/** The entry of `key` that `map` holds itself, `undefined` when none (never a member of `Object.prototype`). */
export function entryOf<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasKey(map, key) ? map[key] : undefined;
}

/** A plain object or list (not an `Output`, a resource or a class instance, whose members are not data). */
function isData(v: unknown): v is object {
  if (v === null || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return Array.isArray(v) || proto === Object.prototype || proto === null;
}

/** The paths of every own {@link DROPPED_KEY} key inside `v` (plain objects and lists, at any depth). */
export function droppedKeyPaths(v: unknown, path: PropertyKey[] = [], out: PropertyKey[][] = [], depth = 0): PropertyKey[][] {
  if (depth > 32 || !isData(v)) return out;
  if (Array.isArray(v)) {
    v.forEach((x, i) => droppedKeyPaths(x, [...path, i], out, depth + 1));
    return out;
  }
  for (const key of Object.keys(v)) {
    if (key === DROPPED_KEY) out.push([...path, key]);
    else droppedKeyPaths((v as Record<string, unknown>)[key], [...path, key], out, depth + 1);
  }
  return out;
}
