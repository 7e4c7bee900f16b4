/**
 * The list of families (`provider/families.ts`) is where a family registers itself: the registry of the engine's
 * host, the natural keys, adoption's refusals and the package's exports all follow it, and its providers still
 * load lazily (the host loads only the kinds a program uses).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { FAMILIES, familyOf, type Family } from "../../provider/families";
import { adoptProblem } from "../../provider/framework/adoption";
import { NATURAL_KEYS } from "../../provider/framework/natural-keys";
import * as pkg from "../../provider/index";
import { knownKinds } from "../../provider/runtime";
import { DeployServiceResource } from "../../provider/framework/shim";

const families = Object.entries(FAMILIES as Record<string, Family>);

describe("the list of families", () => {
  it("is what the host serves, in its order", () => {
    expect(knownKinds()).toEqual(families.map(([kind]) => kind));
    expect(knownKinds()).toHaveLength(39);
    expect(familyOf("toString")).toBeUndefined();
  });

  it("gives the natural keys: exactly the families whose line has one", () => {
    expect(Object.keys(NATURAL_KEYS).sort()).toEqual(families.filter(([, f]) => f.key !== undefined).map(([kind]) => kind).sort());
    expect(NATURAL_KEYS["Project"]).toBe(FAMILIES.Project.key);
  });

  it("gives adoption's refusals: exactly the families whose line says why they cannot adopt", () => {
    const refused = families.filter(([kind]) => adoptProblem(kind, { id: "x" }) !== undefined).map(([kind]) => kind);
    expect(refused.sort()).toEqual(families.filter(([, f]) => f.notAdoptable !== undefined).map(([kind]) => kind).sort());
    expect(adoptProblem("ApiToken", { id: "x" })).toBe(`ApiToken takes no adopt: ${(FAMILIES.ApiToken as Family).notAdoptable}`);
  });

  it("is what the package exports: a resource class by each kind's name", () => {
    const exported = Object.entries(pkg).filter(([, v]) => typeof v === "function" && v.prototype instanceof DeployServiceResource).map(([name]) => name);
    expect(exported.sort()).toEqual(families.map(([kind]) => kind).sort());
  });

  it("loads no resource module until a kind is asked for, then only that kind's", () => {
    const root = path.resolve(__dirname, "../..");
    const script = [
      'const loaded = () => Object.keys(require.cache).filter((k) => k.includes("/provider/resources/")).map((k) => k.split("/provider/resources/")[1]);',
      'const runtime = require("./provider/runtime");',
      "const before = loaded();",
      'runtime.providerFor("Webhook");',
      "console.log(JSON.stringify({ before, after: loaded() }));",
    ].join("\n");
    const out = execFileSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], {
      cwd: root, encoding: "utf8", env: { ...process.env, TS_NODE_PROJECT: path.join(root, "tsconfig.json") }, timeout: 120_000,
    });
    const { before, after } = JSON.parse(out.trim().split("\n").pop()!) as { before: string[]; after: string[] };
    expect(before).toEqual([]);
    expect(after).toContain("webhook.ts");
    expect(after).not.toContain("project.ts");
    expect(after).not.toContain("api-token.ts");
  });
});
