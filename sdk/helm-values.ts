/**
 * A check of inline Helm values before they are sent: the service hands them to Helm as a values file, which must
 * be a YAML mapping. This is no YAML parser (the package has none of its own and takes none as a dependency): it
 * reads the block structure line by line and refuses what YAML never accepts, naming the line: a tab in an
 * indentation, a document that is not a mapping, a line that is neither `key: value` nor a list item where the
 * block expects one, an indentation matching no enclosing level, a key given twice in one mapping, a flow
 * collection (`[...]`, `{...}`) or a quoted scalar never closed. Block scalars (`|`, `>`) are skipped as text.
 * Messages name lines and keys' positions, never a value.
 */

/** A mapping being read: its indentation and the keys seen in it. */
interface Level {
  indent: number;
  keys: Set<string>;
}

/** `key:` or `key: value` (plain or quoted key), the key and what follows the colon. */
const KEY_LINE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"\-?:,[\]{}][^#]*?|-[^\s#][^#]*?)\s*:(?:\s+(.*))?$/;

/** A comment or a blank line. */
const NOTHING = /^\s*(#.*)?$/;

/** The text of a line without a trailing comment (a `#` after a space, outside quotes). */
function withoutComment(line: string): string {
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1] ?? ""))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** How far open flow collections are after `text`, and the quote left open, starting from `depth` and `quote`. */
function flowDepth(text: string, depth: number, quote = ""): { depth: number; quote: string } {
  for (const c of text) {
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === '"' || (c === "'" && depth > 0)) quote = c;
    else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") depth--;
  }
  return { depth, quote };
}

/** Whether a value opens a block scalar (`|`, `>-`, `|+2`). */
const BLOCK_SCALAR = /^[|>][-+0-9]*$/;

/**
 * Why `text` is not a YAML mapping Helm takes as a values file, as `line N: ...`, or `undefined`. An empty text
 * (or comments only) is accepted: Helm reads it as no values.
 */
export function helmValuesYamlProblem(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const levels: Level[] = [];
  let blockIndent = -1; // inside a block scalar: lines indented deeper than this are its text
  let flow = { depth: 0, quote: "", line: 0 };
  let sawContent = false;
  for (let n = 1; n <= lines.length; n++) {
    const raw = lines[n - 1] ?? "";
    const indent = raw.length - raw.trimStart().length;
    if (blockIndent >= 0 && (NOTHING.test(raw) || indent > blockIndent)) continue;
    blockIndent = -1;
    if (flow.depth > 0 || flow.quote !== "") {
      const next = flowDepth(raw, flow.depth, flow.quote);
      flow = { ...flow, ...next };
      if (flow.depth < 0) return `line ${n}: a closing bracket without an opening one`;
      continue;
    }
    if (NOTHING.test(raw) || /^(---|\.\.\.)\s*(#.*)?$/.test(raw)) continue;
    if (/^ *\t/.test(raw)) return `line ${n}: a tab in the indentation (YAML indents with spaces only)`;
    const problem = readLine(withoutComment(raw).trimStart(), indent, levels, sawContent);
    if (typeof problem === "string") return `line ${n}: ${problem}`;
    sawContent = true;
    if (problem.blockScalar) blockIndent = indent;
    const opened = flowDepth(problem.value, 0);
    if (opened.depth < 0) return `line ${n}: a closing bracket without an opening one`;
    if (opened.depth > 0 || (opened.quote !== "" && /^["']/.test(problem.value))) flow = { ...opened, line: n };
  }
  if (flow.depth > 0) return `line ${flow.line}: a flow collection ([...] or {...}) opened here is never closed`;
  if (flow.quote !== "") return `line ${flow.line}: a quoted value opened here is never closed`;
  return undefined;
}

/** Reads one line of content into `levels`: a problem, or the value after the key (or the item) to scan further. */
function readLine(content: string, indent: number, levels: Level[], sawContent: boolean): string | { value: string; blockScalar: boolean } {
  if (!sawContent) {
    if (indent > 0) return "expected the first key at the start of the line";
    if (content.startsWith("- ") || content === "-") return "expected a mapping of values (key: value), not a list";
    if (!KEY_LINE.test(content)) return "expected a mapping of values (key: value)";
  }
  let popped = false;
  while (levels.length > 0 && (levels[levels.length - 1]?.indent ?? 0) > indent) {
    levels.pop();
    popped = true;
  }
  let level = levels[levels.length - 1];
  if (popped && level?.indent !== indent) return "the indentation matches no enclosing level";
  if (level === undefined || level.indent < indent) {
    level = { indent, keys: new Set() };
    levels.push(level);
  }
  if (content.startsWith("- ") || content === "-") {
    const rest = content.slice(1).trimStart();
    if (rest === "") return { value: "", blockScalar: false };
    // The item's own mapping (or value) starts where its text does.
    return readLine(rest, indent + (content.length - rest.length), levels, true);
  }
  const key = KEY_LINE.exec(content);
  if (key === null) {
    if (indent === 0) return "expected `key: value` (a mapping's key followed by a colon)";
    // Deeper than the document's keys: a list's scalar item or the continuation of a plain value.
    return { value: content, blockScalar: false };
  }
  const name = (key[1] ?? "").replace(/^["']|["']$/g, "");
  if (level.keys.has(name)) return "a key given twice in the same mapping (the key on this line is already set above)";
  level.keys.add(name);
  const value = (key[2] ?? "").trim();
  return { value, blockScalar: BLOCK_SCALAR.test(value) };
}
