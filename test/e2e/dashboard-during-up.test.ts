/**
 * The emulator dashboard during a real `pulumi up`: headless Chromium shows `/_emulator/ui` while the engine creates
 * the containers-and-jobs example, whose container deploys in the up. The page shows the services as the engine
 * creates them, follows the container's deployment to DEPLOYED without a reload, and a screenshot is taken.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { describeWithBrowser, launchChromium } from "../browser/chromium";
import { describeWithEngine, type EngineStack } from "./harness";
import { exampleStack } from "./stack-checks";

const PROGRAM = "containers-and-jobs";
/** The clock step: the container's deployment takes several, so the page can see it in progress. */
const STEP_MS = 400;

/** The states the page's rows have shown, by service name, sampled until `done` settles. */
async function sampleStates(page: Page, done: Promise<unknown>): Promise<Record<string, string[]>> {
  const seen: Record<string, string[]> = {};
  let finished = false;
  void done.finally(() => { finished = true; });
  for (let i = 0; i < 2400 && !finished; i++) {
    const rows = await page.evaluate(() => [...(globalThis as any).document.querySelectorAll("tr[data-service-id]")] // eslint-disable-line @typescript-eslint/no-explicit-any
      .map((tr: any) => [tr.querySelector("td")?.textContent ?? "", tr.dataset.state as string])); // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const [name, state] of rows as Array<[string, string]>) {
      const trail = (seen[name] ??= []);
      if (trail[trail.length - 1] !== state) trail.push(state);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return seen;
}

describeWithEngine("the emulator dashboard during pulumi up", ({ binDir }) => {
  describeWithBrowser("in Chromium", () => {
    jest.setTimeout(10 * 60 * 1000);
    let emulator: RunningEmulator;
    let stack: EngineStack;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      emulator = await startEmulator({ stepMs: STEP_MS, rateLimitPerHour: 1_000_000 });
      stack = await exampleStack(emulator, PROGRAM, binDir);
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    });

    afterAll(async () => {
      await browser?.close();
      await stack?.destroy().catch(() => undefined);
      await stack?.remove().catch(() => undefined);
      await emulator?.close();
    });

    it("shows the services the up creates and follows the container's deployment live", async () => {
      await page.goto(`${emulator.url}/_emulator/ui`);
      await page.evaluate(() => { (globalThis as any).__notReloaded = true; }); // eslint-disable-line @typescript-eslint/no-explicit-any
      const up = stack.up();
      const seen = await sampleStates(page, up);
      await up;
      // The page caught up with the end of the up: the container deployed, the jobs configured.
      await page.waitForFunction(() => [...(globalThis as any).document.querySelectorAll("tr[data-service-id]")] // eslint-disable-line @typescript-eslint/no-explicit-any
        .some((tr: any) => tr.querySelector("td")?.textContent === "web" && tr.dataset.state === "DEPLOYED"), undefined, { timeout: 15000 }); // eslint-disable-line @typescript-eslint/no-explicit-any
      const shot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-up-")), "dashboard.png");
      await page.screenshot({ path: shot, fullPage: true });
      expect(fs.readFileSync(shot).subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");

      expect(Object.keys(seen).sort()).toEqual(expect.arrayContaining(["migrate", "nightly-report", "reports-db", "web"]));
      // The container went through a state in progress before DEPLOYED, seen by one page that never reloaded.
      const web = seen["web"]!;
      expect(web.some((s) => ["QUEUED", "BUILDING", "DEPLOYING"].includes(s))).toBe(true);
      expect(await page.evaluate(() => (globalThis as any).__notReloaded)).toBe(true); // eslint-disable-line @typescript-eslint/no-explicit-any
      const text = await page.locator("body").innerText();
      for (const token of Object.values(emulator.tokens)) expect(text).not.toContain(token);
    });
  });
});
