/**
 * The value the Pulumi engine passes for inputs that are not known yet (during preview), at any depth and for
 * any type: a string where a number, object or list is expected is normal at preview time.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when `v` is the engine's "not known yet" value. */
export function isUnknown(v: unknown): boolean {
  return v === UNKNOWN;
}

/** True when `v` is, or contains at any depth (object values, list items), the engine's "not known yet" value. */
export function containsUnknown(v: unknown): boolean {
  if (isUnknown(v)) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v !== null && typeof v === "object") return Object.values(v as Record<string, unknown>).some(containsUnknown);
  return false;
}
