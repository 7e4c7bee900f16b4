/**
 * The rule for tests that need the service's published OpenAPI (`../shared/api/reference-openapi.json`, beside the
 * checkout; read, never copied into the project): with the file, it is read. Without it, in CI (CI=true), where it
 * is always laid beside the checkout, the test that needs it fails; elsewhere it warns what it did not check and the
 * test goes on without it, so the rest of the suite still runs. The same rule as `needs-tool.ts` for tools.
 */
import fs from "node:fs";
import path from "node:path";

/** Where the reference sits relative to this checkout. */
export const REFERENCE_PATH = path.resolve(__dirname, "../../shared/api/reference-openapi.json");

/** The test file running, for the warning (jest sets it per file). */
function currentTest(): string {
  const testPath = (expect as unknown as { getState?: () => { testPath?: string } }).getState?.().testPath;
  return testPath ? path.relative(path.resolve(__dirname, ".."), testPath) : "a test";
}

/**
 * The parsed reference, or undefined when it is absent outside CI (after a warning naming what was skipped).
 *
 * @param skipped what the caller does not check without it (`"answer bodies against the reference"`)
 * @param file the reference's path (tests of this rule give another)
 * @throws in CI (CI=true) when the file is absent: a test that needs it must not pass having checked nothing
 */
export function readSharedReference<T>(skipped: string, file: string = REFERENCE_PATH): T | undefined {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  const reason = `${file} is absent (the shared folder beside the checkout)`;
  if (process.env["CI"]) throw new Error(`${currentTest()} needs the reference in CI, where it is required: ${reason}`);
  // eslint-disable-next-line no-console
  console.warn(`${currentTest()} did not check ${skipped}: ${reason}`);
  return undefined;
}
