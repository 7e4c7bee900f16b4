// STAND-IN for the @pulumi/random resource plugin (`pulumi-resource-random`), for offline machines and tests only.
// The real plugin cannot be built or downloaded here. This one serves the resource provider gRPC interface with the
// Node SDK's `@pulumi/pulumi/provider` module, for RandomPassword and RandomString only, and reports the version of
// the installed @pulumi/random package so the engine accepts it. Started by bin/pulumi-resource-random.
"use strict";

const path = require("node:path");
const { createRequire } = require("node:module");
const standin = require("./standin-random");

// @pulumi/pulumi and @pulumi/random come from the repository's node_modules, two folders up from this file.
const repoRequire = createRequire(path.join(__dirname, "..", "..", "package.json"));

function log(message) {
  // stdout carries only the port the engine reads; everything else goes to stderr.
  process.stderr.write(`[random-standin] ${message}\n`);
}

function loadDependencies() {
  try {
    return {
      provider: repoRequire("@pulumi/pulumi/provider"),
      version: repoRequire("@pulumi/random/package.json").version,
    };
  } catch (error) {
    throw new Error(`random stand-in: needs @pulumi/pulumi and @pulumi/random in ${path.resolve(__dirname, "..", "..", "node_modules")} (run npm ci): ${error.message}`);
  }
}

/** The Provider object served to the engine; every method delegates to standin-random.js. */
function standinProvider(version) {
  return {
    // Claims the installed @pulumi/random version: it is a stand-in, not that release.
    version,
    async check(urn, _olds, news) {
      return standin.check(standin.typeOfUrn(urn), news);
    },
    async diff(_id, urn, olds, news) {
      standin.typeOfUrn(urn);
      return standin.diff(olds, news);
    },
    async create(urn, inputs) {
      const type = standin.typeOfUrn(urn);
      const created = standin.create(type, inputs);
      log(`created ${type} ${String(urn).split("::").pop()}`);
      return created;
    },
    async read(id, _urn, props) {
      return standin.read(id, props);
    },
    async update() {
      throw new Error("random stand-in: update is never expected (every change replaces)");
    },
    async delete() {
      // Nothing exists outside the state.
    },
  };
}

async function run() {
  const { provider, version } = loadDependencies();
  log(`stand-in for pulumi-resource-random, claiming v${version} (RandomPassword, RandomString only)`);
  await provider.main(standinProvider(version), process.argv.slice(2));
}

run().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
