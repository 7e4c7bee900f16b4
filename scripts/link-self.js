/**
 * Links this repository into its own node_modules (`node_modules/pulumi-deploy-service` -> `..`), run by `npm
 * install` and `npm ci` here (the `prepare` script; never where the package is installed from a registry).
 *
 * Every resource's serialized provider requires the package by name from the program's folder (`shim.ts`), as a
 * user's program finds it in its own node_modules; the programs of this repository (the root program, the examples,
 * the tests' and benchmarks' stacks) find it through this link.
 */
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const name = require(path.join(root, "package.json")).name;
const link = path.join(root, "node_modules", name);

const existing = fs.lstatSync(link, { throwIfNoEntry: false });
if (existing === undefined) {
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync("..", link, "junction");
} else if (!existing.isSymbolicLink() || fs.realpathSync(link) !== fs.realpathSync(root)) {
  console.warn(`link-self: ${link} exists and is not a link to this repository; left as it is`);
}
