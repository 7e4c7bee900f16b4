/**
 * The production modules a plugin archive needs: the package's dependencies and, transitively, theirs (optional ones
 * when installed, peers unless optional), found in the local `node_modules` as Node.js would resolve them. Nothing is
 * downloaded.
 */
import * as fs from "fs";
import * as path from "path";

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as Manifest;

/** The directory of package `name` as seen from `fromDir` (its own node_modules, then each one above), or undefined. */
function resolvePackage(name: string, fromDir: string, rootDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === rootDir || path.dirname(dir) === dir) return undefined;
  }
}

/** What a package needs at run time: dependencies, installed optional ones, and peers not marked optional. */
function needs(manifest: Manifest): Array<{ name: string; optional: boolean }> {
  const optionalPeer = (n: string): boolean => manifest.peerDependenciesMeta?.[n]?.optional === true;
  return [
    ...Object.keys(manifest.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(manifest.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(manifest.peerDependencies ?? {}).filter((n) => !optionalPeer(n)).map((name) => ({ name, optional: false })),
  ];
}

/**
 * Every package directory (relative to `rootDir`, e.g. `node_modules/zod` or `node_modules/a/node_modules/b`) the
 * package at `rootDir` needs at run time, with `extra` names needed beyond its `dependencies` (a peer it relies on).
 * @throws naming a required package that is not installed.
 */
export function productionPackages(rootDir: string, extra: readonly string[] = []): string[] {
  const found = new Set<string>();
  const queue: Array<{ name: string; from: string; optional: boolean }> = [
    ...needs({ ...readManifest(rootDir), peerDependencies: {} }).map((n) => ({ ...n, from: rootDir })),
    ...extra.map((name) => ({ name, from: rootDir, optional: false })),
  ];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const dir = resolvePackage(item.name, item.from, rootDir);
    if (dir === undefined) {
      if (item.optional) continue;
      throw new Error(`plugin:build: ${item.name} (needed from ${path.relative(rootDir, item.from) || "the package"}) is not installed`);
    }
    const real = path.relative(rootDir, dir);
    if (found.has(real)) continue;
    found.add(real);
    for (const n of needs(readManifest(dir))) queue.push({ ...n, from: dir });
  }
  return [...found].sort();
}

/** Copies each package directory into `stageDir` at the same relative path, without its own nested node_modules. */
export function copyPackages(rootDir: string, stageDir: string, packages: readonly string[]): void {
  for (const rel of packages) {
    const from = fs.realpathSync(path.join(rootDir, rel));
    const nested = path.join(from, "node_modules");
    fs.cpSync(from, path.join(stageDir, rel), { recursive: true, dereference: true, filter: (src) => src !== nested && !src.startsWith(nested + path.sep) });
  }
}
