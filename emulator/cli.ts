#!/usr/bin/env node
/**
 * `deploy-service-emulator [--port N] [--data FILE] [--step-ms N] [--rate-limit N] [--latency-ms N] [--allow-webhook-host HOST]... [--strict-against FILE] [--json] [--help]`:
 * serves the emulator on 127.0.0.1 until SIGINT/SIGTERM and prints its URL, Admin token and ids
 * (or one JSON line with `--json`).
 */
import { startEmulator, type EmulatorOptions, type StrictMismatch } from "./index";
import { normalizeAllowHost } from "./deployments/webhook-targets";

interface CliArgs {
  options: EmulatorOptions;
  json: boolean;
  /** `--help` or `-h`: print {@link HELP} and exit 0. */
  help: boolean;
}

const USAGE = "usage: deploy-service-emulator [--port N] [--data FILE] [--step-ms N] [--rate-limit N] [--latency-ms N] [--allow-webhook-host HOST]... [--strict-against FILE] [--json] [--help]";

/** What `--help` prints. */
export const HELP = [
  USAGE,
  "",
  "Serves a local emulator of the deployment service's API on 127.0.0.1 until SIGINT or SIGTERM, and prints its URL,",
  "the admin token, the organization id and the cluster ids.",
  "",
  "  --port N        listen on port N (default: a free port)",
  "  --data FILE     keep the state in FILE across restarts (mode 0600): each change is on disk before its answer;",
  "                  default: in memory only",
  "  --step-ms N     milliseconds per deployment step (default 300; 0: deployments and deletes finish at once)",
  "  --rate-limit N  requests per hour per token (default 1000, the service's limit)",
  "  --latency-ms N  every API request waits N ms before it is handled, as over a slow network (default 0; the",
  "                  /_emulator control endpoints never wait)",
  "  --allow-webhook-host HOST",
  "                  also deliver webhooks to HOST (a name or an IP address, no port; repeatable). By default webhooks",
  "                  go to loopback hosts only (127.0.0.0/8, ::1, localhost); private, link-local and public hosts",
  "                  need this; cloud metadata hosts (169.254.169.254, metadata.google.internal...) and 0.0.0.0 never",
  "  --strict-against FILE",
  "                  check every API answer against the OpenAPI document FILE (JSON, e.g. the service's published one)",
  "                  and report each mismatch on stderr and the dashboard (GET /_emulator/strict lists them); answers",
  "                  are sent as they are",
  "  --json          print one JSON line (url, tokens, organizationId, clusterIds) instead of the text",
  "  --help, -h      print this help",
  "",
].join("\n");

/** Parses the command line; throws with a usage message on bad input. */
export function parseArgs(argv: string[]): CliArgs {
  const options: EmulatorOptions = { stepMs: 300 };
  let json = false;
  let help = false;
  const int = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < 0) throw new Error(`${flag}: expected a non-negative integer, got ${v ?? "nothing"}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--help" || a === "-h") help = true;
    else if (a === "--json") json = true;
    else if (a === "--quiet") options.quiet = true;
    else if (a === "--port") options.port = int(a, argv[++i]);
    else if (a === "--step-ms") options.stepMs = int(a, argv[++i]);
    else if (a === "--latency-ms") options.latencyMs = int(a, argv[++i]);
    else if (a === "--rate-limit") options.rateLimitPerHour = Math.max(1, int(a, argv[++i]));
    else if (a === "--allow-webhook-host") {
      const h = argv[++i];
      try {
        (options.webhookAllowHosts ??= []).push(normalizeAllowHost(h ?? ""));
      } catch (e) {
        throw new Error(`--allow-webhook-host: ${(e as Error).message}`);
      }
    } else if (a === "--strict-against") {
      const f = argv[++i];
      if (!f) throw new Error("--strict-against: expected the path of an OpenAPI document (JSON)");
      options.strictAgainst = f;
    } else if (a === "--data") {
      const f = argv[++i];
      if (!f) throw new Error("--data: expected a file path");
      options.dataFile = f;
    } else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  return { options, json, help };
}

/** One mismatch of strict mode as the CLI prints it: the request, its status and what does not match. */
export function strictLine(m: StrictMismatch): string {
  return `${m.method} ${m.path} ${m.status}: ${m.problems.join("; ")}`;
}

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  const emu = await startEmulator({
    ...args.options, onSaveError: (m) => process.stderr.write(`emulator: ${m}\n`),
    onStrictMismatch: (m) => process.stderr.write(`emulator: strict: ${strictLine(m)}\n`),
  });
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ url: emu.url, tokens: emu.tokens, organizationId: emu.ids.organizationId, clusterIds: emu.ids.clusterIds })}\n`);
  } else {
    process.stdout.write([
      `Deployment service emulator listening on ${emu.url}`,
      `  Admin token:      ${emu.tokens.admin}`,
      `  Organization id:  ${emu.ids.organizationId}`,
      `  Cluster ids:      ${emu.ids.clusterIds.join(", ")} (eu-west, us-east)`,
      `  Other tokens (read/deploy/write) and the whole state: GET ${emu.url}/_emulator/state (values redacted there; see --json)`,
      `  Dashboard (projects, services, requests, faults, rate-limit budgets): ${emu.url}/_emulator/ui`,
      ...(args.options.strictAgainst === undefined ? [] : [`  Strict mode: every answer checked against ${args.options.strictAgainst} (mismatches on stderr, the dashboard and ${emu.url}/_emulator/strict)`]),
      "",
    ].join("\n"));
  }
  const stop = () => {
    emu.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`emulator failed to start: ${(e as Error).message}\n`);
    process.exit(1);
  });
}
