/**
 * One stack per customer: provisions, updates and tears down a fleet of customer stacks through the Pulumi
 * Automation API, a few at a time, and prints one line per customer.
 *
 *   export DEPLOY_SERVICE_API_URL=https://...  DEPLOY_SERVICE_API_TOKEN=...  PULUMI_CONFIG_PASSPHRASE=...
 *   npx ts-node --transpile-only examples/per-customer/index.ts up --customers customers.json
 *   npx ts-node --transpile-only examples/per-customer/index.ts up --count 20 --parallel 4
 *   npx ts-node --transpile-only examples/per-customer/index.ts list --customers customers.json
 *   npx ts-node --transpile-only examples/per-customer/index.ts destroy --customers customers.json
 *
 * Options: --customers FILE | --count N (the customers), --parallel N (stacks at once, default 4), --shard K/N (this
 * machine's share of the list: every N-th customer from the K-th), --state DIR (journal and workspaces, default
 * `.work/` next to this file), --organization ID (default: the token's only organization), --cluster NAME (default
 * cluster of customers that name none; default: the organization's first cluster).
 * Environment: PULUMI_BACKEND_URL (default a local backend in the state folder), PULUMI_BIN_DIR (the folder holding
 * `pulumi`; default PATH).
 * Exit code 1 when any customer failed; run the same command again to resume (see README.md).
 */
import * as path from "node:path";
import * as fs from "node:fs";
import * as automation from "@pulumi/pulumi/automation";
import { DeployServiceClient } from "pulumi-deploy-service/sdk";
import { generatedCustomers, readCustomers, type Customer } from "./customers";
import { runCustomer, type FleetSettings } from "./fleet";
import { Journal } from "./journal";
import { inPool } from "./pool";

type Command = "up" | "destroy" | "list";

interface Options {
  command: Command;
  customers?: Customer[];
  parallel: number;
  shard?: { index: number; of: number };
  stateDir: string;
  organizationId?: string;
  cluster?: string;
}

function parseArgs(argv: string[]): Options {
  const [command, ...rest] = argv;
  if (command !== "up" && command !== "destroy" && command !== "list") throw new Error(`expected a command: up, destroy or list; got ${JSON.stringify(command)}`);
  const options: Options = { command, parallel: 4, stateDir: path.join(__dirname, ".work") };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    const value = (): string => {
      const v = rest[++i];
      if (v === undefined) throw new Error(`${flag}: expected a value`);
      return v;
    };
    switch (flag) {
      case "--customers": options.customers = readCustomers(path.resolve(value())); break;
      case "--count": options.customers = generatedCustomers(Number(value())); break;
      case "--parallel": options.parallel = wholeNumber(flag, value(), 1, 64); break;
      case "--shard": options.shard = shard(value()); break;
      case "--state": options.stateDir = path.resolve(value()); break;
      case "--organization": options.organizationId = value(); break;
      case "--cluster": options.cluster = value(); break;
      default: throw new Error(`unknown option ${JSON.stringify(flag)}`);
    }
  }
  if (command !== "list" && !options.customers) throw new Error(`${command}: give the customers: --customers FILE or --count N`);
  return options;
}

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${flag}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
  return n;
}

function shard(text: string): { index: number; of: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const of = Number(match?.[2]);
  if (!match || of < 1 || index < 1 || index > of) throw new Error(`--shard: expected K/N with 1 <= K <= N, e.g. 2/4; got ${JSON.stringify(text)}`);
  return { index, of };
}

/** The `pulumi` CLI: PULUMI_BIN_DIR's, else the one on PATH. */
async function pulumiCommand(): Promise<automation.PulumiCommand> {
  const binDir = process.env.PULUMI_BIN_DIR;
  return binDir ? automation.PulumiCommand.get({ root: path.dirname(binDir), skipVersionCheck: true }) : automation.PulumiCommand.get({ skipVersionCheck: true });
}

/** The organization and each customer's cluster id, with two requests for the whole fleet. */
async function placement(options: Options, customers: Customer[]): Promise<{ organizationId: string; clusterFor: (c: Customer) => string }> {
  const client = new DeployServiceClient();
  let organizationId = options.organizationId;
  if (!organizationId) {
    const organizations = await client.organizations.list();
    if (organizations.length !== 1) throw new Error(`the token sees ${organizations.length} organizations: name one with --organization ID`);
    organizationId = organizations[0]!.id;
  }
  const clusters = await client.clusters.list(organizationId);
  const byName = new Map(clusters.map((c) => [c.name, c.id]));
  const fallback = options.cluster ?? clusters[0]?.name;
  for (const name of new Set(customers.map((c) => c.cluster ?? fallback))) {
    if (name === undefined || !byName.has(name)) throw new Error(`no cluster named ${JSON.stringify(name)} in the organization (has: ${[...byName.keys()].join(", ")})`);
  }
  return { organizationId, clusterFor: (c) => byName.get((c.cluster ?? fallback)!)! };
}

function list(options: Options, journal: Journal): void {
  const ids = [...new Set([...(options.customers ?? []).map((c) => c.id), ...journal.ids()])];
  const listed = new Set((options.customers ?? []).map((c) => c.id));
  for (const id of ids) {
    const entry = journal.get(id);
    const status = entry ? `${entry.state} (${entry.op}${entry.detail ? `: ${entry.detail}` : ""}, ${entry.at})` : "not provisioned";
    const note = options.customers && !listed.has(id) ? " [not in the customer list]" : "";
    process.stdout.write(`${id}: ${status}${note}\n`);
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const journal = new Journal(path.join(options.stateDir, "fleet.json"));
  if (options.command === "list") return list(options, journal);

  const customers = options.customers!.filter((_, i) => !options.shard || i % options.shard.of === options.shard.index - 1);
  const backend = process.env.PULUMI_BACKEND_URL ?? `file://${path.join(options.stateDir, "backend")}`;
  if (backend.startsWith("file://")) fs.mkdirSync(backend.slice("file://".length), { recursive: true });
  const settings: FleetSettings = {
    stateDir: options.stateDir,
    env: { PULUMI_BACKEND_URL: backend, PULUMI_SKIP_UPDATE_CHECK: "true" },
    pulumiCommand: await pulumiCommand(),
    journal,
    ...(options.command === "up" ? await placement(options, customers) : {}),
  };
  let failed = 0;
  await inPool(customers, options.parallel, async (customer) => {
    const result = await runCustomer(options.command as "up" | "destroy", customer, settings);
    if (!result.ok) failed++;
    process.stdout.write(`${result.line}\n`);
  });
  process.stdout.write(`${options.command}: ${customers.length - failed} of ${customers.length} customers done${failed ? `, ${failed} failed: run the same command again to retry them` : ""}\n`);
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`per-customer: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
