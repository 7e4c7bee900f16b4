/**
 * Headless Chromium for the browser tests: Debian's `chromium` (scripts/ensure-chromium.sh installs it), driven by
 * playwright-core with the flags this machine's closed network needs, and the `describe` that requires it in CI.
 */
import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { describeNeeding } from "../needs-tool";

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

/** `describe` that needs Chromium: fails in CI (CI=true) without it; locally a test says why (see test/needs-tool.ts). */
export function describeWithBrowser(name: string, body: () => void): void {
  const lookup = fs.existsSync(CHROMIUM)
    ? { found: CHROMIUM }
    : { reason: `${CHROMIUM} not found: run scripts/ensure-chromium.sh (or set CHROMIUM_PATH)` };
  describeNeeding("Chromium", name, lookup, () => body());
}
