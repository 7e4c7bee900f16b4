/**
 * Descriptions in the schema: the TSDoc as Markdown, `{@link X}` written as code, and a class's or lookup's
 * `@example` as the TypeScript example block the SDK generators keep for the languages they render examples for.
 */
import ts from "typescript";

/** TSDoc links as Markdown: `{@link X}` gives `` `X` ``, `{@link X | text}` and `{@link X text}` give `text`. */
export function markdownOf(text: string): string {
  return text
    .replace(/\{@link\s+([^}|\s]+)\s*(?:\|\s*)?([^}]*)\}/g, (_m, target: string, label: string) => (label.trim() !== "" ? label.trim() : `\`${target}\``))
    .trim();
}

/** The code of an `@example` without a Markdown fence of its own. */
function exampleCode(example: string): string {
  const fenced = /^```[a-z]*\n([\s\S]*?)\n?```\s*$/.exec(example.trim());
  return (fenced ? fenced[1]! : example).replace(/\s+$/, "");
}

/** The examples in Pulumi's schema form: one TypeScript example per `@example`. */
export function examplesBlock(examples: readonly string[]): string {
  if (examples.length === 0) return "";
  const each = examples.map((e, i) => `{{% example %}}\n### Example ${i + 1}\n\n\`\`\`typescript\n${exampleCode(e)}\n\`\`\`\n{{% /example %}}`);
  return `\n\n{{% examples %}}\n## Example Usage\n${each.join("\n")}\n{{% /examples %}}`;
}

/** A TSDoc comment's text and its `@example` bodies (other tags, `@class` say, left out). */
export function parseDocComment(comment: string): { text: string; examples: string[] } {
  const lines = comment.replace(/^\/\*\*/, "").replace(/\*\/$/, "").split("\n").map((l) => l.replace(/^\s*\* ?/, "").replace(/\s+$/, ""));
  const chunks: string[][] = [[]];
  for (const line of lines) {
    if (/^@\w+/.test(line)) chunks.push([line]);
    else chunks[chunks.length - 1]!.push(line);
  }
  const [text = [], ...tags] = chunks;
  const examples = tags.filter((t) => t[0]!.startsWith("@example")).map((t) => [t[0]!.slice("@example".length), ...t.slice(1)].join("\n").trim());
  return { text: text.join("\n").trim(), examples };
}

/** The TSDoc comment right before `node` (a variable's: before its statement), or undefined. */
function leadingDoc(node: ts.Node): string | undefined {
  const at = ts.isVariableDeclaration(node) && ts.isVariableStatement(node.parent.parent) ? node.parent.parent : node;
  const text = at.getSourceFile().getFullText();
  const ranges = ts.getLeadingCommentRanges(text, at.getFullStart()) ?? [];
  const last = ranges.filter((r) => text.startsWith("/**", r.pos)).pop();
  return last === undefined ? undefined : text.slice(last.pos, last.end);
}

/**
 * The description of an exported value (a class, a lookup): the TSDoc of its value's own declaration (not that of
 * a type of the same name), then its examples.
 */
export function describe(symbol: ts.Symbol): string {
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  const comment = declaration === undefined ? undefined : leadingDoc(declaration);
  if (comment === undefined) return "";
  const { text, examples } = parseDocComment(comment);
  return markdownOf(text) + examplesBlock(examples);
}
