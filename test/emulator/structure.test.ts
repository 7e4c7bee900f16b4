/**
 * The emulator's layout: its top level is split by job (folders, plus `index.ts` and `cli.ts` that package.json
 * points at), and no file reaches itself again through runtime imports (an import of types only does not count:
 * it is erased at build). A service kind's collection is read by name only in `models/queries.ts`: every other file
 * reaches services through the service-kind table or asks a named query ("which jobs use this registry").
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

const ROOT = path.join(__dirname, "..", "..", "emulator");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/** The files of emulator/ that `file` imports for a value (type-only imports left out, unless `types`). */
function runtimeImports(file: string, known: Set<string>, types = false): string[] {
  const src = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of src.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly && !types) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause !== undefined && clause.name === undefined && named !== undefined
        && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((el) => el.isTypeOnly);
      if (onlyTypes && !types) continue;
      spec = node.moduleSpecifier;
    } else if (ts.isExportDeclaration(node) && (types || !node.isTypeOnly)) {
      spec = node.moduleSpecifier;
    }
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith(".")) continue;
    const base = path.resolve(path.dirname(file), spec.text);
    const target = [`${base}.ts`, path.join(base, "index.ts")].find((c) => known.has(c));
    if (target) out.push(target);
  }
  return out;
}

/** One runtime import cycle, as relative paths, or undefined. */
function findCycle(files: string[]): string[] | undefined {
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, runtimeImports(f, known)]));
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (f: string): string[] | undefined => {
    const at = stack.indexOf(f);
    if (at >= 0) return [...stack.slice(at), f];
    if (done.has(f)) return undefined;
    stack.push(f);
    for (const g of edges.get(f) ?? []) {
      const cycle = visit(g);
      if (cycle) return cycle;
    }
    stack.pop();
    done.add(f);
    return undefined;
  };
  for (const f of files) {
    const cycle = visit(f);
    if (cycle) return cycle.map((c) => path.relative(ROOT, c));
  }
  return undefined;
}

/** The largest set of files that all reach one another through imports, type-only imports included (Tarjan). */
function largestTypeCycle(files: string[]): string[] {
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, runtimeImports(f, known, true)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  let largest: string[] = [];
  const visit = (f: string): void => {
    index.set(f, index.size);
    low.set(f, index.get(f) as number);
    stack.push(f);
    for (const g of edges.get(f) ?? []) {
      if (!index.has(g)) visit(g);
      if (stack.includes(g)) low.set(f, Math.min(low.get(f) as number, low.get(g) as number));
    }
    if (low.get(f) !== index.get(f)) return;
    const component = stack.splice(stack.indexOf(f));
    if (component.length > largest.length) largest = component;
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return largest.map((c) => path.relative(ROOT, c)).sort();
}

describe("emulator layout", () => {
  it("has no runtime import cycle", () => {
    expect(findCycle(sourceFiles(ROOT))).toBeUndefined();
  });

  it("keeps the state out of the models' import cycle: models reach their slices, not the whole state", () => {
    const cycle = largestTypeCycle(sourceFiles(ROOT));
    // 37 files when every model reached the whole State through the store (models/state.ts imported each model); 30
    // before issue 34, whose Helm kind and Helm repositories sit in it as containers and container registries do (each
    // kind's model names the service-kind table's types, and the table names the kind), and the Terraform kind.
    expect(cycle.length).toBeLessThanOrEqual(33);
    const hub = ["models/state.ts", "models/slices.ts", "models/store.ts"].map((f) => path.join(...f.split("/")));
    expect(cycle.filter((f) => hub.includes(f))).toEqual([]);
  });

  it("reads the service kinds' collections by name only in models/queries.ts", () => {
    // By its name in the state (`.jobs.values()`) or through its slice (`read<...>(store, "jobs").values()`, `jobSlice.of(store).get(...)`).
    const byName = /(\.(applications|containers|jobs|databases)|"(applications|containers|jobs|databases)"\)|(application|container|job|database)Slice\.of\([^)]*\))\.(values|get|has|set|delete|size|keys|entries|forEach)\b/;
    const readers = sourceFiles(ROOT)
      .filter((f) => fs.readFileSync(f, "utf8").split("\n").some((line) => byName.test(line)))
      .map((f) => path.relative(ROOT, f));
    expect(readers).toEqual([path.join("models", "queries.ts")]);
  });

  it("keeps only the entry points at its top level, the rest in folders by job", () => {
    const top = fs.readdirSync(ROOT, { withFileTypes: true });
    expect(top.filter((e) => e.isFile()).map((e) => e.name).sort()).toEqual(["cli.ts", "index.ts"]);
    expect(top.filter((e) => e.isDirectory()).map((e) => e.name).sort())
      .toEqual(["control", "deployments", "models", "persistence", "routes", "schemas", "server"]);
  });
});
