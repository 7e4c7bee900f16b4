/**
 * The rule for tests that need a tool of the machine (the Pulumi CLI, Chromium, actionlint): with the tool, the
 * block runs. Without it, the block is replaced by one test that fails in CI (CI=true), where every tool is
 * required, and elsewhere passes after saying what is missing and how to get it, so the rest of the suite still runs.
 */

/** Where a tool is, or why it is not there. */
export interface ToolLookup<T> {
  /** The tool (a path, a directory), when found. */
  found?: T | undefined;
  /** Why it is missing and how to get it. */
  reason?: string | undefined;
}

/** `describe(name, body)` when `tool` is found; otherwise the one test of the rule above. */
export function describeNeeding<T>(tool: string, name: string, lookup: ToolLookup<T>, body: (found: T) => void): void {
  const found = lookup.found;
  if (found !== undefined && found !== "") {
    describe(name, () => body(found));
    return;
  }
  const reason = lookup.reason ?? `${tool} not found`;
  describe(name, () => {
    it(`needs ${tool} (required in CI)`, () => {
      if (process.env["CI"]) throw new Error(`${tool} is required in CI: ${reason}`);
      // eslint-disable-next-line no-console
      console.warn(`"${name}" did not run: ${reason}`);
      expect(process.env["CI"]).toBeFalsy();
    });
  });
}
