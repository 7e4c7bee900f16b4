/**
 * The README's "Using it from Python, Go, C# and YAML": its Go and YAML programs are the ones the engine tests run
 * (go/program.go, yaml/Pulumi.yaml without its comment lines), its Python program byte-compiles, and what its Python
 * and C# programs name (classes, functions, enum members, arguments and properties) is in the generated SDKs, which
 * cannot be installed here to run them.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./support";

const README = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
const SECTION = README.split("\n## Using it from Python, Go, C# and YAML\n")[1]?.split("\n## ")[0] ?? "";
const block = (language: string): string | undefined => SECTION.match(new RegExp("```" + language + "\\n([\\s\\S]*?)```"))?.[1];
const here = (...parts: string[]) => fs.readFileSync(path.join(REPO_ROOT, "test", "plugin-languages", ...parts), "utf8");

/** The text of every file of a generated SDK, joined. */
function sdkText(language: string): string {
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [fs.readFileSync(path.join(dir, e.name), "utf8")]);
  return walk(path.join(REPO_ROOT, "sdk-gen", language)).join("\n");
}
const matches = (text: string, pattern: RegExp): string[] => [...new Set([...text.matchAll(pattern)].map((m) => m.slice(1).join(".")))];
/** The names of `wanted` of which the SDK's text has none of the definitions `defined(name)`. */
const missing = (wanted: string[], sdk: string, defined: (name: string) => string | string[]): string[] =>
  wanted.filter((name) => ![defined(name)].flat().some((d) => sdk.includes(d)));

describe("the README's programs in other languages", () => {
  test("the section has a program in each of Go, YAML, Python and C#", () => {
    for (const language of ["go", "yaml", "python", "csharp"]) expect(block(language)).toEqual(expect.stringMatching(/\S/));
  });

  test("its Go program is go/program.go, which the engine test runs", () => {
    expect(block("go")).toBe(here("go", "program.go"));
  });

  test("its YAML program is yaml/Pulumi.yaml, which the engine test runs", () => {
    const program = here("yaml", "Pulumi.yaml").split("\n").filter((line) => !line.startsWith("#")).join("\n");
    expect(block("yaml")).toBe(program);
  });

  test("its Python program byte-compiles", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pds-readme-py-"));
    try {
      const file = path.join(dir, "__main__.py");
      fs.writeFileSync(file, block("python") ?? "");
      execFileSync("python3", ["-m", "py_compile", file], { env: { ...process.env, PYTHONPYCACHEPREFIX: dir } });
      expect(block("python")).toMatch(/import pulumi_deploy_service as ds/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("what its Python program names is in the Python SDK", () => {
    const program = block("python") ?? "";
    const sdk = sdkText("python");
    const names = matches(program, /\bds\.([A-Za-z_]\w*)/g);
    expect(names).toEqual(expect.arrayContaining(["Project", "get_cluster", "ApplicationGitRepositoryArgs"]));
    expect(missing(names, sdk, (n) => (/^[A-Z]/.test(n) ? [`class ${n}(`, `class ${n}:`] : `def ${n}(`))).toEqual([]);
    const members = matches(program, /\bds\.([A-Z]\w*)\.([A-Z_]+)\b/g);
    expect(missing(members, sdk, (m) => `    ${m.split(".")[1]} = "`)).toEqual([]);
    const keywords = matches(program, /[(,\s]([a-z_]+)=/g).filter((k) => k !== "opts" && k !== "depends_on");
    expect(missing(keywords, sdk, (k) => ` ${k}: pulumi.Input[`)).toEqual([]);
  });

  test("what its C# program names is in the .NET SDK", () => {
    const program = block("csharp") ?? "";
    const sdk = sdkText("dotnet");
    const pulumiTypes = ["Config", "Dictionary", "CustomResourceOptions"];
    const classes = matches(program, /\bnew ([A-Z]\w*)\b/g).filter((c) => !pulumiTypes.includes(c));
    expect(classes).toEqual(expect.arrayContaining(["Project", "ApplicationArgs", "ApplicationGitRepositoryArgs"]));
    expect(missing(classes, sdk, (c) => ` class ${c} `)).toEqual([]);
    expect(missing(matches(program, /\b(\w+)\.InvokeAsync\b/g), sdk, (f) => `public static class ${f}\n`)).toEqual([]);
    const members = matches(program, /\b([A-Z]\w*(?:Mode|Type))\.([A-Z]\w*)\b/g);
    expect(missing(members, sdk, (m) => `public static ${m.split(".")[0]} ${m.split(".")[1]} { get; }`)).toEqual([]);
    const properties = matches(program, /\b([A-Z]\w*) = /g).filter((p) => p !== "DependsOn");
    expect(properties).toEqual(expect.arrayContaining(["OrganizationId", "GitRepository"]));
    expect(missing(properties, sdk, (p) => [` ${p}\n`, ` ${p} {`])).toEqual([]);
  });
});
