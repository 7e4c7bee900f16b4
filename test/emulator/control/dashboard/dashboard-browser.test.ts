/**
 * The emulator dashboard in a real browser: headless Chromium (Debian's `chromium`, see scripts/ensure-chromium.sh)
 * driven by playwright-core loads `/_emulator/ui` while services deploy, and the test asserts the services appear, a
 * state changes on the page without a reload, and no secret or token value is on it. It takes a screenshot: into
 * `docs/emulator-dashboard.png` when UPDATE_SCREENSHOT=1, else into a temporary directory.
 *
 * In CI (CI=true) a missing browser fails the run; locally the tests are skipped with a message saying why.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { describeWithBrowser, launchChromium } from "../../../browser/chromium";
import { control } from "../../../../emulator/control/control-client";
import { createScenario, SECRET_VALUE, type Scenario } from "./dashboard-scenario";
import { startClient, type Client } from "../../support/helpers";

const STEP_MS = 1500;
const WAIT_MS = 15000;

/** Where the screenshot goes: the README's image when UPDATE_SCREENSHOT=1, a temporary file otherwise. */
function screenshotPath(): string {
  if (process.env.UPDATE_SCREENSHOT === "1") {
    const docs = path.join(__dirname, "..", "..", "..", "..", "docs");
    fs.mkdirSync(docs, { recursive: true });
    return path.join(docs, "emulator-dashboard.png");
  }
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-")), "emulator-dashboard.png");
}

/** The state the page shows for a service (its row's `data-state`), or undefined when it shows no such row. */
function shownState(page: Page, serviceId: string): Promise<string | undefined> {
  return page.evaluate((id) => {
    const row = (globalThis as any).document.querySelector(`tr[data-service-id="${id}"]`); // eslint-disable-line @typescript-eslint/no-explicit-any
    return row ? (row.dataset.state as string) : undefined;
  }, serviceId);
}

/** Waits (bounded) until the page shows the service in one of `states`; answers the state it showed. */
async function waitShown(page: Page, serviceId: string, states: readonly string[]): Promise<string> {
  const handle = await page.waitForFunction(({ id, wanted }) => {
    const row = (globalThis as any).document.querySelector(`tr[data-service-id="${id}"]`); // eslint-disable-line @typescript-eslint/no-explicit-any
    return row && wanted.includes(row.dataset.state) ? (row.dataset.state as string) : false;
  }, { id: serviceId, wanted: [...states] }, { timeout: WAIT_MS, polling: 50 });
  return (await handle.jsonValue()) as string;
}

describeWithBrowser("emulator dashboard in Chromium", () => {
  let c: Client;
  let browser: Browser;
  let page: Page;
  let s: Scenario;
  let shotPath: string;
  const problems: string[] = [];

  beforeAll(async () => {
    shotPath = screenshotPath();
    c = await startClient({ stepMs: 0 });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  }, 60000);

  afterAll(async () => {
    await browser?.close();
    await c?.close();
  });

  it("shows the services deploying, their states changing live, requests, faults and budgets", async () => {
    s = await createScenario(c);
    // a failed deploy and a finished one, at once (stepMs 0), to have every kind of state on the page
    await control(c.emu, "PUT", `/services/${s.services.web}/failure`, { stage: "DEPLOY" });
    expect((await c.call("POST", `/application/${s.services.web}/deploy`, {})).status).toBe(202);
    expect((await c.call("POST", `/application/${s.services.stagingApi}/deploy`, {})).status).toBe(202);
    // answers of every family for the request log, and faults that stay active
    await c.call("GET", `/organization/${c.org}/project`, undefined, "not-a-token");
    await c.call("POST", `/organization/${c.org}/project`, { name: "shop" });
    await c.call("POST", `/organization/${c.org}/project`, { name: "x" }, c.emu.tokens.read);
    await control(c.emu, "POST", "/faults", { method: "POST", path: "/environment/*/deploy", status: 503, retry_after_seconds: 5, times: 2 });
    await control(c.emu, "POST", "/faults", { kind: "stale_status", reads: 2 });

    await page.goto(`${c.emu.url}/_emulator/ui`);
    await page.evaluate(() => { (globalThis as any).__notReloaded = true; }); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(await waitShown(page, s.services.api, ["READY"])).toBe("READY");
    expect(await shownState(page, s.services.web)).toBe("DEPLOYMENT_ERROR");
    expect(await shownState(page, s.services.stagingApi)).toBe("DEPLOYED");
    expect(await shownState(page, s.services.worker)).toBe("READY");

    await control(c.emu, "PUT", "/config", { stepMs: STEP_MS });
    expect((await c.call("POST", `/application/${s.services.api}/deploy`, {})).status).toBe(202);
    expect((await c.call("POST", `/container/${s.services.worker}/deploy`, {})).status).toBe(202);

    // the page follows the deploy: READY, then a state in progress, then DEPLOYED, without reloading
    expect(["QUEUED", "BUILDING", "DEPLOYING"]).toContain(await waitShown(page, s.services.api, ["QUEUED", "BUILDING", "DEPLOYING"]));
    await waitShown(page, s.services.api, ["BUILDING"]);
    await page.screenshot({ path: shotPath, fullPage: true });
    expect(await waitShown(page, s.services.api, ["DEPLOYED"])).toBe("DEPLOYED");
    expect(await waitShown(page, s.services.worker, ["DEPLOYED"])).toBe("DEPLOYED");
    expect(await page.evaluate(() => (globalThis as any).__notReloaded)).toBe(true); // eslint-disable-line @typescript-eslint/no-explicit-any
    const trail = await page.locator(`tr[data-service-id="${s.services.api}"] td.trail`).innerText();
    expect(trail.split(" \u2192 ")).toEqual(expect.arrayContaining(["READY", "BUILDING", "DEPLOYED"]));

    // every service, by name and kind, under its environment
    const production = page.locator(`[data-environment-id="${s.productionId}"]`);
    for (const name of ["api", "web", "worker"]) await expect(production.getByRole("cell", { name, exact: true }).count()).resolves.toBe(1);
    expect(await production.locator("span.kind").allInnerTexts()).toEqual(["application", "application", "container"]);

    // requests with their status codes, the active faults, the budgets
    const requests = await page.locator("#requests").innerText();
    for (const code of ["202", "401", "403", "409"]) expect(requests).toContain(code);
    expect(requests).toContain(`POST /application/${s.services.api}/deploy`);
    const faults = await page.locator("#faults").innerText();
    expect(faults).toContain("POST /environment/*/deploy: answer 503");
    expect(faults).toContain("stale statuses after actions (2 reads)");
    const admin = await page.locator('[data-token="admin"]').innerText();
    expect(admin).toMatch(/\b\d+ \/ 1000 left\b/);
    expect(Number(/(\d+) \/ 1000 left/.exec(admin)![1])).toBeLessThan(1000);

    expect(problems).toEqual([]);
  }, 60000);

  it("shows secrets redacted and no token or secret value anywhere on the page", async () => {
    const row = page.locator("#variables tr", { hasText: "DATABASE_PASSWORD" });
    expect(await row.locator("td").nth(2).innerText()).toBe("***");
    const html = await page.content();
    const text = await page.locator("body").innerText();
    for (const secret of [SECRET_VALUE, ...Object.values(c.emu.tokens)]) {
      expect(html).not.toContain(secret);
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("LOG_LEVEL");
  });

  it("wrote a PNG screenshot of the page", () => {
    const png = fs.readFileSync(shotPath);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.length).toBeGreaterThan(20000);
  });
});
