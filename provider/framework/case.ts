/** `minRunningInstances` -> `min_running_instances`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `min_running_instances` -> `minRunningInstances`. */
export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * Renames object keys at every depth (lists included) with `rename`; `undefined` members are dropped, and `null`
 * members too when `dropNull` (the service answers `null` for fields never set).
 */
export function renameKeysDeep(v: unknown, rename: (k: string) => string, dropNull = false): unknown {
  if (Array.isArray(v)) return v.map((x) => renameKeysDeep(x, rename, dropNull));
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (x === undefined || (dropNull && x === null)) continue;
      out[rename(k)] = renameKeysDeep(x, rename, dropNull);
    }
    return out;
  }
  return v;
}
