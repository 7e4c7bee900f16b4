/*
 * Preloaded (NODE_OPTIONS=--require) by scripts/bench-walltime.ts into every Node process of a benchmark run; acts
 * only in the engine's dynamic-provider host when BENCH_HOST_PROBE_FILE is set. It appends one JSON line to that file
 * with the host's start (performance.timeOrigin) when the host first evaluates a serialized provider (the engine's
 * first call for a resource: up to there the time is the engine's and its host's own, the same for any dynamic
 * provider, the benchmark's do-nothing ones included), and again when it opens its first connection to the API (port
 * BENCH_HOST_PROBE_PORT): the host's time to its first request. (The engine kills its hosts: nothing can be written
 * at their exit.)
 */
"use strict";
const file = process.env.BENCH_HOST_PROBE_FILE;
if (file && process.argv.some((a) => a.includes("dynamic-provider"))) {
  const fs = require("fs");
  const net = require("net");
  const Module = require("module");
  const record = { pid: process.pid, startedAt: performance.timeOrigin };
  const write = () => fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
  const load = Module._load;
  Module._load = function (request, ...rest) {
    const loaded = load.call(this, request, ...rest);
    if (request !== "require-from-string" || typeof loaded !== "function") return loaded;
    return function evaluateProvider(...args) {
      if (record.providerAskedAt === undefined) {
        record.providerAskedAt = Date.now();
        write();
      }
      return loaded.apply(this, args);
    };
  };
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (...args) {
    // net.connect() passes its normalized arguments as one array.
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    const target = first !== null && typeof first === "object" ? Number(first.port) : Number(first);
    if (target === Number(process.env.BENCH_HOST_PROBE_PORT) && record.firstRequestAt === undefined) {
      record.firstRequestAt = Date.now();
      write();
    }
    return connect.apply(this, args);
  };
}
