/**
 * `/openapi.json` lists exactly the operations the emulator serves (every route, nothing else: each one listed is
 * answered by a route and not by the router's 404), and those cover at least 450 of the reference's 555 operations
 * (`scripts/emulator-coverage.ts` prints the count by tag; the README lists the rest and why).
 */
import { allRoutes } from "../../../emulator/routes";
import { coverage, operationKey, operationsOf, type PathsDoc } from "../support/coverage";
import { loadReference } from "../support/reference-check";
import { useEmulator } from "../support/helpers";

const c = useEmulator({ resetEach: false });

async function served(): Promise<PathsDoc> {
  const r = await fetch(`${c.emu.url}/openapi.json`);
  expect(r.status).toBe(200);
  return (await r.json()) as PathsDoc;
}

it("/openapi.json lists exactly the routes, and the router answers each one it lists", async () => {
  const doc = await served();
  const listed = operationsOf(doc).map((o) => `${o.method} ${o.path}`).sort();
  expect(listed).toEqual(allRoutes.map((r) => `${r.method} ${r.path}`).sort());
  const unknown = await c.call("GET", "/no-such-route");
  expect(unknown.body.message).toMatch(/^no route for/);
  for (const o of operationsOf(doc)) {
    const r = await c.call(o.method, o.path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000"), o.method === "GET" || o.method === "DELETE" ? undefined : {});
    expect([o.key, r.status === 404 && /^no route for/.test(String(r.body?.message))]).toEqual([o.key, false]);
  }
});

it("serves at least 450 of the reference's operations", async () => {
  const reference = loadReference("the served-operations count");
  if (!reference) return;
  const { served: count, total, byTag } = coverage(reference as unknown as PathsDoc, await served());
  console.log(`served ${count} of the reference's ${total} operations; ${[...byTag].map(([t, x]) => `${t} ${x.served}/${x.total}`).join(", ")}`);
  expect(total).toBe(555);
  expect(count).toBeGreaterThanOrEqual(450);
  expect(byTag.get("Environment Main Calls")?.missing).toEqual([]);
  expect(operationKey("get", "/environment/{environmentId}/statuses")).toBe("GET /environment/{}/statuses");
});
