/**
 * The SDKs in sdk-gen/ are generated from provider/plugin/schema.json and up to date (a stale one names the command
 * that regenerates it), and each builds as far as this machine allows: the Python SDK byte-compiles, the Go SDK
 * builds with the module proxy, the Node.js SDK type-checks with this repo's TypeScript. The .NET SDK is generated and
 * compared but not compiled here (no NuGet).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describeNeeding } from "../needs-tool";
import { findGo, goEnv, LANGUAGE_HOSTS_BIN, REPO_ROOT } from "./support";

const SDK_GEN = path.join(REPO_ROOT, "sdk-gen");
const LANGUAGES = ["go", "python", "nodejs", "dotnet"];

/** Every file below `dir`, by its path relative to `dir`, with its content. */
function filesOf(dir: string, prefix = ""): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) for (const [k, v] of filesOf(path.join(dir, entry.name), rel)) found.set(k, v);
    else found.set(rel, fs.readFileSync(path.join(dir, entry.name)));
  }
  return found;
}

/** What differs between the committed SDK and a fresh one: `+ file` missing, `- file` extra, `~ file` changed. */
function differences(committed: Map<string, Buffer>, fresh: Map<string, Buffer>): string[] {
  const out: string[] = [];
  for (const [file, content] of fresh) {
    const old = committed.get(file);
    if (old === undefined) out.push(`+ ${file}`);
    else if (!old.equals(content)) out.push(`~ ${file}`);
  }
  for (const file of committed.keys()) if (!fresh.has(file)) out.push(`- ${file}`);
  return out.sort();
}

const generators = fs.existsSync(path.join(LANGUAGE_HOSTS_BIN, "sdk-gen"))
  ? { found: LANGUAGE_HOSTS_BIN }
  : { reason: `no SDK generators in ${LANGUAGE_HOSTS_BIN}: run \`bash scripts/build-language-hosts.sh\`` };

describeNeeding("the SDK generators", "sdk-gen/ against the schema", generators, () => {
  jest.setTimeout(10 * 60 * 1000);
  let fresh: string;
  beforeAll(() => {
    fresh = fs.mkdtempSync(path.join(os.tmpdir(), "pds-sdk-gen-"));
    execFileSync("bash", [path.join(REPO_ROOT, "scripts", "sdk-gen.sh"), fresh], { stdio: ["ignore", "ignore", "pipe"] });
  });
  afterAll(() => fs.rmSync(fresh, { recursive: true, force: true }));

  test.each(LANGUAGES)("sdk-gen/%s is what `npm run sdk:gen` makes of provider/plugin/schema.json", (language) => {
    const generated = filesOf(path.join(fresh, language));
    expect(generated.size).toBeGreaterThan(10);
    const stale = differences(filesOf(path.join(SDK_GEN, language)), generated);
    if (stale.length > 0) {
      throw new Error(`sdk-gen/${language} is stale (${stale.length} files differ: ${stale.slice(0, 8).join(", ")}): run \`npm run sdk:gen\` and commit sdk-gen/`);
    }
  });
});

describe("the generated SDKs build", () => {
  jest.setTimeout(15 * 60 * 1000);

  test("the Python SDK byte-compiles", () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "pds-pyc-"));
    try {
      // The byte code goes to a temp folder, not into sdk-gen/python.
      execFileSync("python3", ["-m", "compileall", "-q", path.join(SDK_GEN, "python")], { env: { ...process.env, PYTHONPYCACHEPREFIX: cache } });
      expect(filesOf(cache).size).toBeGreaterThan(10);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  test("the Node.js SDK type-checks with this repo's TypeScript", () => {
    expect(fs.existsSync(path.join(SDK_GEN, "nodejs", "index.ts"))).toBe(true);
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "--noEmit", "-p", path.join(SDK_GEN, "nodejs", "tsconfig.json")], { cwd: REPO_ROOT });
  });

  describeNeeding("Go", "the Go SDK", findGo(), () => {
    test("builds, every package, with the module proxy (through the Go program's module, which replaces it by sdk-gen/go)", () => {
      const module = fs.readFileSync(path.join(SDK_GEN, "go", "go.mod"), "utf8").match(/^module (\S+)/m)?.[1];
      expect(module).toBeDefined();
      execFileSync("go", ["build", `${module}/...`], { cwd: path.join(REPO_ROOT, "test", "plugin-languages", "go"), env: goEnv() });
    });
  });
});
