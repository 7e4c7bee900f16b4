/**
 * `npm run docs` fails on what a user of the reference would miss: typedoc.json turns every warning into a failure,
 * and scripts/docs-plugin.mjs requires TSDoc on every hand-written field and constructor. The full reference is
 * built by CI (`npm run docs`); these tests run typedoc with the same options on a small fixture program, so they
 * show that an undocumented field, constructor or name, and a broken link, fail the run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const typedocBin = join(root, "node_modules", "typedoc", "bin", "typedoc");

/** typedoc.json of the repository. */
function repositoryOptions(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, "typedoc.json"), "utf8")) as Record<string, unknown>;
}

/** Runs typedoc with the repository's typedoc.json on `source` (one entry point); answers its exit code and output. */
function typedoc(source: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "docs-fixture-"));
  try {
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "docs-fixture", version: "0.0.0" }));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: { target: "ES2022", module: "commonjs", strict: true, skipLibCheck: true, types: [] },
      include: ["index.ts"],
    }));
    writeFileSync(join(dir, "index.ts"), source);
    // The repository's options, but for the fixture's program and names.
    const { entryPoints: _e, tsconfig: _t, out: _o, intentionallyNotExported: _i, plugin: _p, ...options } = repositoryOptions();
    writeFileSync(join(dir, "typedoc.json"), JSON.stringify({
      ...options, entryPoints: ["index.ts"], tsconfig: "tsconfig.json", plugin: [join(root, "scripts", "docs-plugin.mjs")],
    }));
    const run = spawnSync(process.execPath, [typedocBin, "--options", join(dir, "typedoc.json"), "--emit", "none"], { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, timeout: 120_000 });
    return { status: run.status, output: `${run.stdout}${run.stderr}`.replace(/\u001b\[[0-9;]*m/g, "") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const header = "/**\n * Fixture.\n *\n * @packageDocumentation\n */\n";

/** Every kind the checks look at, documented: the run must pass. */
const documented = `${header}
/** Inputs. */
export interface Args {
  /** A documented field. */
  name: string;
  /** A field of an inline type. */
  nested: {
    /** Documented too. */
    inner: number;
  };
}
/** The value {@link Derived} is derived from (its key is an object literal's, like a zod shape's). */
export const shape = { derived: 1 };
/** A type derived from a value: its fields are TypeScript's, not written by hand, and are not required. */
export type Derived = { -readonly [K in keyof typeof shape]: (typeof shape)[K] };
/** A class whose constructor documents its parameters only, as the resources do. */
export class Thing {
  /** The name given. */
  readonly name: string;
  /** @param name the name. */
  constructor(name: string) {
    this.name = name;
  }
}
/** Makes a {@link Thing}. */
export function make(args: Args): Thing {
  return new Thing(args.name);
}
`;

describe("npm run docs (typedoc.json and scripts/docs-plugin.mjs)", () => {
  jest.setTimeout(240_000);

  test("typedoc.json makes every warning fail and validates names, links and exports", () => {
    const options = repositoryOptions();
    expect(options.treatWarningsAsErrors).toBe(true);
    expect(options.treatValidationWarningsAsErrors).toBe(true);
    expect(options.validation).toMatchObject({ notExported: true, invalidLink: true, notDocumented: true });
    expect(options.requiredToBeDocumented).toEqual(expect.arrayContaining(["Class", "Interface", "Function", "Variable", "TypeAlias", "Method"]));
    expect(options.entryPoints).toEqual(["provider/index.ts", "sdk/index.ts", "emulator/index.ts"]);
    expect(options.out).toBe("docs/api");
    expect(options.plugin).toEqual(["./scripts/docs-plugin.mjs"]);
  });

  test("a fixture with everything documented passes, derived fields included", () => {
    const run = typedoc(documented);
    expect(run.output).not.toMatch(/\[warning\]|\[error\]/);
    expect(run.status).toBe(0);
  });

  test("an undocumented hand-written field fails, named with where it is declared", () => {
    const run = typedoc(documented.replace("  /** Documented too. */\n", ""));
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/Args\.nested\.__type\.inner \(Property\), declared at .*index\.ts:\d+, does not have any documentation/);
  });

  test("a constructor with an undocumented parameter fails", () => {
    const run = typedoc(documented.replace("  /** @param name the name. */\n", ""));
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/Thing\.constructor \(Constructor\), declared at .*index\.ts:\d+, has neither a summary nor a comment on every parameter/);
  });

  test("an undocumented exported name fails", () => {
    const run = typedoc(documented.replace("/** Makes a {@link Thing}. */\n", ""));
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/make \(CallSignature\).*does not have any documentation/);
  });

  test("a broken {@link} fails", () => {
    const run = typedoc(documented.replace("{@link Thing}", "{@link Nothing}"));
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/Failed to resolve link to "Nothing"/);
  });
});
