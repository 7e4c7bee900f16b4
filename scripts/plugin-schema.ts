/**
 * `npm run plugin:schema`: generates the plugin's Pulumi package schema from the definitions and writes it to
 * provider/plugin/schema.json (`--check`: writes nothing, fails when the committed file differs). Prints the file's
 * size and how long generation took.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { generateSchema, SCHEMA_FILE, schemaText } from "../provider/plugin/schema/index";
import { PACKAGE_ROOT } from "../provider/plugin/schema/program";

async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const text = schemaText(await generateSchema());
  const took = `${text.length} bytes, generated in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`;
  const file = path.join(PACKAGE_ROOT, SCHEMA_FILE);
  if (!process.argv.includes("--check")) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    console.log(`wrote ${SCHEMA_FILE}: ${took}`);
  } else if ((fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "") !== text) {
    console.error(`${SCHEMA_FILE} is stale: run npm run plugin:schema and commit it`);
    process.exitCode = 1;
  } else {
    console.log(`${SCHEMA_FILE} is up to date (${took})`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
});
