/**
 * The engine scenario every language's program goes through against the emulator (the Go and YAML programs declare the
 * same resources): preview, up, a no-op preview with no request beyond the lookups', an update in place, refresh with
 * no drift, no secret in plaintext in the state, destroy leaving the emulator as seeded.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump, writeRequests } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { userObjects } from "../e2e/stack-checks";
import { leakedSecrets } from "./support";

/** The secret the programs give their application (stack config `apiKey`). */
export const API_KEY = "program-api-key-0123456789abcdef";
/** The programs' resources, by name. */
const OURS = ["shop", "staging", "stage-database", "stage-api", "db", "api", "deploy"];

/** What one operation did: the change summary, each resource's step by name, the stack's outputs. */
export interface ProgramResult {
  changeSummary: Record<string, number>;
  steps: Record<string, string>;
  outputs: Record<string, string>;
}

/** Runs a language's program: its operations, `config` setting the program's own stack config first. */
export interface ProgramDriver {
  run(op: "preview" | "up" | "refresh" | "destroy", config?: Record<string, string>): Promise<ProgramResult>;
  /** The state as the engine stores it, and as `--show-secrets` exports it. */
  exportState(): Promise<{ encrypted: string; withSecrets: unknown }>;
  close(): Promise<void>;
}

/**
 * The scenario's tests, in order, on the driver `start` makes for a fresh emulator (the service's URL and Admin token
 * go in the stack config `deploy-service:apiUrl` and secret `deploy-service:apiToken`, and `apiKey` as a secret).
 */
export function programScenario(project: string, start: (emulator: RunningEmulator) => Promise<ProgramDriver>): void {
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let seeded: unknown;
  let program: ProgramDriver;
  const changed = (r: ProgramResult) => Object.entries(r.steps).filter(([, op]) => op !== "same").sort();

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    program = await start(emulator);
  });

  afterAll(async () => {
    await program?.close();
    await emulator?.close();
  });

  it("previews every create, with nothing written to the service", async () => {
    const preview = await program.run("preview");
    expect(preview.changeSummary).toEqual({ create: OURS.length + 1 });
    for (const name of OURS) expect(preview.steps[name]).toBe("create");
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("creates the project, environment, stages, database, application with its variables and secret, and deploys", async () => {
    const up = await program.run("up");
    expect(up.changeSummary).toEqual({ create: OURS.length + 1 });
    const out = up.outputs;
    expect((await client.projects.list(emulator.ids.organizationId)).map((p) => p.name)).toContain(project);
    const [environment] = await client.environments.list(out.projectId!);
    expect(environment).toMatchObject({ id: out.environmentId, name: "staging", mode: "STAGING" });
    expect((await client.deploymentStages.list(out.environmentId!)).map((s) => s.name)).toEqual(expect.arrayContaining(["database", "api"]));
    expect((await client.databases.list(out.environmentId!)).map((d) => d.name)).toEqual(["shop-db"]);
    const variables = await client.environmentVariables.list(out.applicationId!);
    expect(variables.find((v) => v.key === "LOG_LEVEL")?.value).toBe("info");
    expect(variables.find((v) => v.key === "DATABASE_HOST")?.value).toEqual(expect.stringMatching(/\S/));
    expect((await client.secrets.list(out.applicationId!)).map((s) => s.key)).toContain("API_KEY");
    expect((await client.environments.status(out.environmentId!)).state).toBe("DEPLOYED");
  });

  it("previews no change a second time, with no request but the lookups'", async () => {
    await clearRequests(emulator);
    const preview = await program.run("preview");
    expect(preview.changeSummary).toEqual({ same: OURS.length + 1 });
    const sent = await requests(emulator);
    expect(sent.filter((r) => r.method !== "GET")).toEqual([]);
    const lookups = ["/organization", `/organization/${emulator.ids.organizationId}/cluster`];
    expect([...new Set(sent.map((r) => r.path))].sort()).toEqual(lookups.sort());
  });

  it("updates the application in place when a variable changes", async () => {
    await clearRequests(emulator);
    const up = await program.run("up", { logLevel: "warn" });
    expect(changed(up)).toEqual([["api", "update"]]);
    expect(up.changeSummary).toEqual({ same: OURS.length, update: 1 });
    expect((await writeRequests(emulator)).map((w) => w.method)).toEqual(["PUT"]);
    const variables = await client.environmentVariables.list(up.outputs.applicationId!);
    expect(variables.find((v) => v.key === "LOG_LEVEL")?.value).toBe("warn");
  });

  it("refreshes with no drift, and previews no change after", async () => {
    const refresh = await program.run("refresh");
    expect(Object.keys(refresh.changeSummary)).toEqual(["same"]);
    expect((await program.run("preview")).changeSummary).toEqual({ same: OURS.length + 1 });
  });

  it("keeps every secret out of the state in plaintext", async () => {
    const { encrypted, withSecrets } = await program.exportState();
    expect(encrypted).toContain("deploy-service:index:Application");
    expect(leakedSecrets(encrypted, withSecrets, [API_KEY, emulator.tokens.admin])).toEqual([]);
    // The secrets were there to find: the API key at least, which --show-secrets decrypts.
    expect(JSON.stringify(withSecrets)).toContain(API_KEY);
  });

  it("destroys everything, leaving the emulator as seeded", async () => {
    const destroy = await program.run("destroy");
    expect(destroy.changeSummary).toEqual({ delete: OURS.length + 1 });
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
}
