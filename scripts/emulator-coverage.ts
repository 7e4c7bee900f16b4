/**
 * Prints how many of the reference's operations the emulator serves, by tag (with `--missing`, which ones it does
 * not). Reads `../shared/api/reference-openapi.json` beside the checkout. Run: `npx ts-node scripts/emulator-coverage.ts`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { allRoutes } from "../emulator/routes/index";
import { buildOpenApi } from "../emulator/server/openapi";
import { coverage, type PathsDoc } from "../test/emulator/support/coverage";

const reference = JSON.parse(readFileSync(path.resolve(__dirname, "../../shared/api/reference-openapi.json"), "utf8")) as PathsDoc;
const { served, total, byTag } = coverage(reference, buildOpenApi(allRoutes) as unknown as PathsDoc);
console.log(`served ${served} of the reference's ${total} operations`);
for (const [tag, t] of [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${tag}: ${t.served}/${t.total}`);
  if (process.argv.includes("--missing")) for (const m of t.missing) console.log(`  - ${m}`);
}
