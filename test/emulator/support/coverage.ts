/**
 * How much of the reference the emulator serves: its operations (method and path, path parameters' names left out)
 * matched against the reference's, counted by the operation's first tag. `scripts/emulator-coverage.ts` prints it.
 */

/** The paths of an OpenAPI document, as far as coverage reads them. */
export interface PathsDoc {
  paths: Record<string, Record<string, { tags?: string[]; operationId?: string } | unknown>>;
}

const METHODS = ["get", "post", "put", "delete", "patch"];

/** `GET /application/{}`: an operation with its path parameters' names left out. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, "{}")}`;
}

/** Every operation of a document: its key, its first tag and its id. */
export function operationsOf(doc: PathsDoc): Array<{ key: string; tag: string; id: string; method: string; path: string }> {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops)
    .filter(([m]) => METHODS.includes(m))
    .map(([m, op]) => {
      const o = op as { tags?: string[]; operationId?: string };
      return { key: operationKey(m, path), tag: o.tags?.[0] ?? "(no tag)", id: o.operationId ?? "", method: m.toUpperCase(), path };
    }));
}

/** One tag's count: operations served of the reference's, and those missing. */
export interface TagCoverage {
  served: number;
  total: number;
  missing: string[];
}

/** The reference's operations the emulator's document serves, by tag, with the total. */
export function coverage(reference: PathsDoc, served: PathsDoc): { served: number; total: number; byTag: Map<string, TagCoverage> } {
  const mine = new Set(operationsOf(served).map((o) => o.key));
  const byTag = new Map<string, TagCoverage>();
  let count = 0;
  const all = operationsOf(reference);
  for (const o of all) {
    const t = byTag.get(o.tag) ?? { served: 0, total: 0, missing: [] };
    byTag.set(o.tag, t);
    t.total += 1;
    if (mine.has(o.key)) {
      t.served += 1;
      count += 1;
    } else {
      t.missing.push(`${o.method} ${o.path} (${o.id})`);
    }
  }
  return { served: count, total: all.length, byTag };
}
