/**
 * The package's TypeScript, as the compiler sees it: the exported classes and lookups of `provider/index.ts`,
 * their types and their TSDoc. The schema generator reads the types from here and the field facts (secret,
 * replace, default, integer) from the zod schemas at run time.
 */
import * as path from "node:path";
import ts from "typescript";

/** The compiler's view of the package's entry. */
export interface PackageProgram {
  checker: ts.TypeChecker;
  /** The exported symbol `name` of `provider/index.ts` (aliases resolved), or undefined. */
  exported(name: string): ts.Symbol | undefined;
  /** The exported symbol `name` of the module at `file` (relative to the package root), or undefined. */
  exportedFrom(file: string, name: string): ts.Symbol | undefined;
}

/** The package's root folder (where `package.json` is). */
export const PACKAGE_ROOT = path.resolve(__dirname, "..", "..", "..");

/** Compiles (type-checks only) `provider/index.ts` with the package's own compiler options. */
export function loadProgram(root: string = PACKAGE_ROOT): PackageProgram {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const entry = path.join(root, "provider", "index.ts");
  const program = ts.createProgram({ rootNames: [entry], options: { ...parsed.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const exportsOf = (file: string): Map<string, ts.Symbol> => {
    const source = program.getSourceFile(file);
    const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`plugin schema: ${file} is not a module the compiler can read`);
    return new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
  };
  const resolve = (s: ts.Symbol | undefined): ts.Symbol | undefined =>
    s !== undefined && (s.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(s) : s;
  const entryExports = exportsOf(entry);
  return {
    checker,
    exported: (name) => resolve(entryExports.get(name)),
    exportedFrom: (file, name) => resolve(exportsOf(path.join(root, file)).get(name)),
  };
}

/** The TSDoc text of a symbol (without its tags), `""` when it has none. */
export function docOf(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

/** The texts of a symbol's `@tag` tags (`@example` bodies, say), in order. */
export function tagsOf(checker: ts.TypeChecker, symbol: ts.Symbol, tag: string): string[] {
  return symbol.getJsDocTags(checker).filter((t) => t.name === tag).map((t) => ts.displayPartsToString(t.text ?? []).trim());
}
