/**
 * Guards for JSON read from outside (request bodies, the `--data` file). `JSON.parse` turns a `"__proto__"` key
 * into an own property, harmless by itself, but any later copy by assignment (`target[key] = value`,
 * `Object.assign`) would then set a prototype; such keys are refused where JSON enters, so no later code has to care.
 */

/** The key that must never reach a plain object through assignment. */
export const UNSAFE_KEY = "__proto__";

/**
 * Path (`a.b[2].__proto__`) of the first `__proto__` key anywhere in a parsed JSON value, or undefined.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeKey(value: unknown): string | undefined {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: "" }];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]` });
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(v, UNSAFE_KEY)) return path === "" ? UNSAFE_KEY : `${path}.${UNSAFE_KEY}`;
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i] as [string, unknown];
      stack.push({ v: child, path: path === "" ? k : `${path}.${k}` });
    }
  }
  return undefined;
}

/** Position of a `JSON.parse` error, when its message gives one (never any excerpt of the text). */
export function jsonErrorPosition(e: unknown): number | undefined {
  const m = /\bposition (\d+)/.exec(e instanceof Error ? e.message : "");
  return m ? Number(m[1]) : undefined;
}
