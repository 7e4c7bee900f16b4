/**
 * Small files with one job: no source file of sdk/, provider/ or emulator/ over 400 lines, and no function there
 * over 80 lines (function declarations, methods, constructors, accessors, arrow functions and function expressions,
 * each measured with the TypeScript compiler from its first line to its last, nested functions counting in their
 * parent too). A failure names every offender with its size, so the split it asks for is plain.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

const REPO = path.resolve(__dirname, "..", "..");
const FOLDERS = ["sdk", "provider", "emulator"];
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

/** The .ts files under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** The lines of a text, a final line break not counting as one more. */
function lineCount(text: string): number {
  if (text === "") return 0;
  return text.replace(/\r?\n$/, "").split(/\r?\n/).length;
}

type FunctionLike =
  | ts.FunctionDeclaration | ts.MethodDeclaration | ts.ConstructorDeclaration | ts.AccessorDeclaration
  | ts.ArrowFunction | ts.FunctionExpression;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)
    || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)
    || ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** A readable name for a function: its own, or the variable, property or parameter it is given to. */
function nameOf(node: FunctionLike, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `a function given to ${parent.expression.getText(source).slice(0, 40)}`;
  return "an anonymous function";
}

/** The functions of a source text longer than `max` lines, as `name (N lines, from line L)`. */
function longFunctions(file: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push(`${nameOf(node, source)} (${lines} lines, from line ${first + 1})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(REPO, folder)));
const relative = (file: string) => path.relative(REPO, file).split(path.sep).join("/");

describe("the size of source files and functions in sdk/, provider/ and emulator/", () => {
  it("finds the source files", () => {
    for (const folder of FOLDERS) expect(files.some((f) => relative(f).startsWith(`${folder}/`))).toBe(true);
  });

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const over = files
      .map((f) => ({ file: relative(f), lines: lineCount(fs.readFileSync(f, "utf8")) }))
      .filter((f) => f.lines > MAX_FILE_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(over).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const over = files.flatMap((f) =>
      longFunctions(f, fs.readFileSync(f, "utf8"), MAX_FUNCTION_LINES).map((fn) => `${relative(f)}: ${fn}`));
    expect(over).toEqual([]);
  });
});

describe("the measures themselves", () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");

  it("counts a file's lines, a final line break not counting", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("")).toBe(0);
  });

  it("measures every form of function from its first line to its last, and names it", () => {
    const text = [
      `function declared() {\n${body(79)}\n}`, // 81 lines
      `function short() {\n${body(78)}\n}`, // 80 lines: allowed
      `const arrow = () => {\n${body(79)}\n};`,
      `const expressed = function () {\n${body(79)}\n};`,
      `class K {\n  method() {\n${body(79)}\n  }\n  constructor() {\n${body(79)}\n  }\n  get value() {\n${body(79)}\n    return 1;\n  }\n}`,
      `register(() => {\n${body(79)}\n});`,
    ].join("\n");
    const found = longFunctions("x.ts", text, 80);
    expect(found).toEqual([
      "declared (81 lines, from line 1)",
      "arrow (81 lines, from line 162)",
      "expressed (81 lines, from line 243)",
      "method (81 lines, from line 325)",
      "constructor (81 lines, from line 406)",
      "value (82 lines, from line 487)",
      "a function given to register (81 lines, from line 570)",
    ]);
  });
});
