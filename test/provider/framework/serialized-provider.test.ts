/**
 * The text every resource stores as `__provider` (shim.ts), evaluated as the engine's dynamic-provider host does (a
 * module with no file name, compiled by `require-from-string`, then `handler()`), in a program's folder: this
 * repository's (through the link of `scripts/link-self.js`) and a user's outside it, whose node_modules has the
 * package. The texts of states written by 0.1 and 0.2 keep loading the provider. Needs the build (`npm test` makes it).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { olderSerializedProviders, serializedProvider } from "../../../provider/framework/shim";

const ROOT = path.resolve(__dirname, "../../..");
const HOST_DIR = path.join(ROOT, "node_modules", "@pulumi", "pulumi", "cmd", "dynamic-provider");

/** Evaluates `text` in a child process whose folder is `cwd`, as the host does; answers the provider's methods, or the error. */
function evaluate(text: string, cwd: string): string {
  const script = [
    `const requireFromString = require(require.resolve("require-from-string", { paths: [${JSON.stringify(HOST_DIR)}] }));`,
    "try {",
    "  const provider = requireFromString(process.argv[1]).handler();",
    '  console.log(["check", "diff", "create", "read", "update", "delete"].filter((m) => typeof provider[m] === "function").join(","));',
    "} catch (e) { console.log(`error: ${e.message}`); }",
  ].join("\n");
  return execFileSync(process.execPath, ["-e", script, text], { cwd, encoding: "utf8", timeout: 60_000 }).trim().split("\n").pop()!;
}

const ALL_METHODS = "check,diff,create,read,update,delete";

describe("the serialized provider", () => {
  fs.mkdirSync(path.join(ROOT, ".work"), { recursive: true });
  const repoProgram = fs.mkdtempSync(path.join(ROOT, ".work", "serialized-provider-"));
  const userProgram = fs.mkdtempSync(path.join(os.tmpdir(), "serialized-provider-"));
  beforeAll(() => {
    fs.mkdirSync(path.join(userProgram, "node_modules"));
    fs.symlinkSync(ROOT, path.join(userProgram, "node_modules", "pulumi-deploy-service"), "dir");
    fs.writeFileSync(path.join(userProgram, "package.json"), JSON.stringify({ name: "a-user-program", private: true }));
  });
  afterAll(() => {
    fs.rmSync(repoProgram, { recursive: true, force: true });
    fs.rmSync(userProgram, { recursive: true, force: true });
  });

  it("is the package's name and the kind, about 66 bytes", () => {
    expect(serializedProvider("Application")).toBe('module.exports=require("pulumi-deploy-service/kind").Application');
    expect(() => serializedProvider("a.b")).toThrow('"a.b" is no resource kind');
    expect(() => serializedProvider("project")).toThrow('"project" is no resource kind');
  });

  it.each([
    ["this repository's programs", () => repoProgram],
    ["a user's program", () => userProgram],
  ])("loads the kind's provider in %s", (_, cwd) => {
    expect(evaluate(serializedProvider("Application"), cwd())).toBe(ALL_METHODS);
    expect(evaluate(serializedProvider("Project"), cwd())).toBe(ALL_METHODS);
  });

  it.each(["0.1", "0.2"] as const)("still loads from the text of a state written by %s", (version) => {
    expect(evaluate(olderSerializedProviders("Environment")[version], repoProgram)).toBe(ALL_METHODS);
    expect(evaluate(olderSerializedProviders("Environment")[version], userProgram)).toBe(ALL_METHODS);
  });

  it("serves kinds only: the entry's other keys are undefined, so module interop never takes it for a kind", () => {
    const script = 'const k = require("pulumi-deploy-service/kind"); console.log([k.__esModule, k.then, k.default, typeof k.Project.handler].map(String).join(","));';
    expect(execFileSync(process.execPath, ["-e", script], { cwd: repoProgram, encoding: "utf8", timeout: 60_000 }).trim()).toBe("undefined,undefined,undefined,function");
  });

  it("names a kind this version does not serve, and what to do", () => {
    expect(evaluate(serializedProvider("Spaceship"), userProgram)).toMatch(/^error: deploy-service: unknown resource kind "Spaceship".*upgrade the package/);
  });
});
