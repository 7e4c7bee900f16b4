/**
 * Benchmark (not a test): per-request cost of the client's machinery (validation, retry bookkeeping,
 * pacing) compared with a bare undici request, against a local emulator. Prints figures only.
 *
 *   npx ts-node --transpile-only test/sdk/bench-client.ts
 */
import { Agent, request } from "undici";
import { startEmulator } from "../../emulator";
import { Application, DeployServiceClient } from "../../sdk";

async function time(label: string, n: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 50; i++) await fn(); // warm-up
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  const perCallUs = Number(process.hrtime.bigint() - started) / 1000 / n;
  console.log(`${label.padEnd(44)} ${perCallUs.toFixed(1).padStart(8)} us/call`);
  return perCallUs;
}

async function main(): Promise<void> {
  const emu = await startEmulator({ stepMs: 0, quiet: true, rateLimitPerHour: 1_000_000_000 });
  const agent = new Agent();
  try {
    const client = new DeployServiceClient({ baseUrl: emu.url, token: emu.tokens.admin, dispatcher: agent });
    const orgId = emu.ids.organizationId;
    const project = await client.projects.create(orgId, { name: "bench" });
    const env = await client.environments.create(project.id, { name: "bench" });
    const app = await client.applications.create(env.id, {
      name: "bench", git_repository: { url: "https://github.com/acme/bench" },
      ports: [{ internal_port: 80, publicly_accessible: true }],
    });
    const n = 2000;
    const raw = await time("bare undici GET /application/{id}", n, async () => {
      const res = await request(`${emu.url}/application/${app.id}`, { dispatcher: agent, headers: { authorization: `Token ${emu.tokens.admin}` } });
      JSON.parse(await res.body.text());
    });
    const viaClient = await time("client.applications.get (validated)", n, () => client.applications.get(app.id));
    console.log(`${"client overhead".padEnd(44)} ${(viaClient - raw).toFixed(1).padStart(8)} us/call`);
    const body = JSON.stringify(await client.applications.get(app.id));
    await time("zod parse of one Application record", 20_000, async () => Application.parse(JSON.parse(body)));
  } finally {
    await emu.close();
    await agent.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
