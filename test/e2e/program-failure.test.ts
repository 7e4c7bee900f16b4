import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";

/** A program whose Output throws, the way a lookup with a wrong URL does. */
const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
export const value = pulumi.output(1).apply(() => {
  throw new Error("the program's own failure");
});
`;

describeWithEngine("the stack runner when the program throws", ({ binDir }) => {
  // Bounded: a runner that hangs fails here instead of holding CI for the harness's 10-minute limit.
  jest.setTimeout(3 * 60 * 1000);
  let programDir: string;
  let stack: EngineStack;

  beforeAll(() => {
    programDir = fs.mkdtempSync(path.join(os.tmpdir(), "pds-throwing-program-"));
    fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), "name: throwing-program\nruntime: nodejs\n");
    fs.writeFileSync(path.join(programDir, "package.json"), JSON.stringify({ name: "throwing-program", private: true }));
    fs.writeFileSync(path.join(programDir, "index.ts"), PROGRAM);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(programDir, "node_modules"), "dir");
    stack = new EngineStack({ programDir, binDir });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    if (programDir) fs.rmSync(programDir, { recursive: true, force: true });
  });

  it("fails the operation with the program's error, and leaves the stack unlocked", async () => {
    await expect(stack.up()).rejects.toThrow(/the program's own failure/);
    // The next operation would say "the stack is currently locked" had the failed one left its lock behind.
    await expect(stack.refresh()).resolves.toMatchObject({ op: "refresh" });
  });
});
