/** The plugin as `@pulumi/pulumi/provider` serves it: its version, its schema, resources and functions. */
import { readFileSync } from "fs";
import * as path from "path";
import type * as plugin from "@pulumi/pulumi/provider";
import schema from "../schema.json";
import { invoke } from "./functions";
import { check, create, diff, read, remove, update } from "./resources";

/** The package's version (its package.json, found above this file both from the sources and from `dist/`). */
export function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "pulumi-deploy-service" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // no package.json here: look further up
    }
    if (path.dirname(dir) === dir) throw new Error("deploy-service: the plugin cannot find the package's package.json");
  }
}

/** The schema the plugin publishes: `provider/plugin/schema.json` (imported, so the build writes it to `dist/`), as text. */
export function schemaText(): string {
  return JSON.stringify(schema);
}

/** The plugin's provider: every operation delegates to `resources.ts` or `functions.ts`. */
export function pluginProvider(): plugin.Provider {
  return {
    version: packageVersion(),
    getSchema: async () => schemaText(),
    check,
    diff,
    create,
    read,
    update,
    delete: remove,
    invoke,
  };
}
