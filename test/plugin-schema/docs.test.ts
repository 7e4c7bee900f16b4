/** The schema's descriptions from TSDoc: links as Markdown, tags left out, `@example` bodies as TypeScript blocks. */
import { examplesBlock, markdownOf, parseDocComment } from "../../provider/plugin/schema/docs";

describe("descriptions from TSDoc", () => {
  it("writes links as code or as their text", () => {
    expect(markdownOf("See {@link Project} and {@link ENV_API_URL | the variable}.")).toBe("See `Project` and the variable.");
  });

  it("keeps the text, drops @class and other tags, and collects each @example", () => {
    const comment = "/**\n * A project.\n *\n * @example\n * new Project(\"web\", {});\n *\n * @example\n * ```ts\n * getProject({ id });\n * ```\n *\n * @class\n */";
    expect(parseDocComment(comment)).toEqual({ text: "A project.", examples: ["new Project(\"web\", {});", "```ts\ngetProject({ id });\n```"] });
  });

  it("turns examples into Pulumi's examples block, one TypeScript fence each (an example's own fence dropped)", () => {
    const block = examplesBlock(["new Project(\"web\", {});", "```ts\ngetProject({ id });\n```"]);
    expect(block).toContain("{{% examples %}}\n## Example Usage\n{{% example %}}\n### Example 1\n\n```typescript\nnew Project(\"web\", {});\n```\n{{% /example %}}");
    expect(block).toContain("```typescript\ngetProject({ id });\n```");
    expect(block).not.toContain("```ts\n");
    expect(examplesBlock([])).toBe("");
  });
});
