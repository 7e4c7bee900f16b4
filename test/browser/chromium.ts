/**
 * Headless Chromium for the browser tests: Debian's `chromium` (scripts/ensure-chromium.sh installs it), driven by
 * playwright-core with the flags this machine's closed network needs, and the `describe` that requires it in CI.
 */
import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** The browser binary: CHROMIUM_PATH, else Debian's. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, no sandbox (root in CI), and no background connections (refused here, many at a time). */
export const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync",
];

/** Starts the browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30000 });
}

/** `describe` that needs Chromium: fails in CI (CI=true) without it, skips locally with the reason. */
export function describeWithBrowser(name: string, body: () => void): void {
  if (fs.existsSync(CHROMIUM)) {
    describe(name, body);
    return;
  }
  const reason = `${CHROMIUM} not found: run scripts/ensure-chromium.sh (or set CHROMIUM_PATH)`;
  if (process.env.CI) {
    describe(name, () => {
      it("needs Chromium", () => {
        throw new Error(`the browser tests are required in CI: ${reason}`);
      });
    });
    return;
  }
  // eslint-disable-next-line no-console
  console.warn(`skipping browser tests "${name}": ${reason}`);
  describe.skip(name, body);
}
