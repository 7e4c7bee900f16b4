/**
 * The README's "Using it from Python, Go, C# and YAML": its Go and YAML programs are the ones the engine tests run
 * (go/program.go, yaml/Pulumi.yaml without its comment lines), and its Python program byte-compiles.
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
});
