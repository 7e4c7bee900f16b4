/**
 * examples/preview-per-pull-request/ through the engine on one emulator, one stack per pull request: staging (an
 * API and a frontend built from git) is seeded through the client; the stack pr-1 previews, then clones it into
 * pr-1 in PREVIEW mode with the commit pinned and deploys it, exports the front service's id, and previews no change
 * afterwards with nothing sent but lookups; pr-2 lives beside it; destroying pr-1 leaves pr-2 and staging intact, and
 * after both are destroyed the emulator holds what was seeded.
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump, writeRequests } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";
import { changed, userObjects } from "./stack-checks";

const COMMITS = { 1: "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d", 2: "2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e" } as const;

describeWithEngine("the preview-per-pull-request example through the engine", ({ binDir }) => {
  jest.setTimeout(15 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let projectId: string;
  let stagingId: string;
  let seeded: unknown;
  const stacks: Partial<Record<1 | 2, EngineStack>> = {};

  const stackFor = (pr: 1 | 2) => new EngineStack({
    programDir: path.join(REPO_ROOT, "examples", "preview-per-pull-request"),
    binDir,
    stackName: `pr-${pr}`,
    config: { "deploy-service:apiUrl": emulator.url, "shop-preview:projectId": projectId, "shop-preview:commit": COMMITS[pr] },
    secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
    env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
  });
  const environmentNamed = async (name: string) => (await client.environments.list(projectId)).find((e) => e.name === name);

  let pr1Url: string | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    projectId = (await client.projects.create(emulator.ids.organizationId, { name: "shop" })).id;
    const staging = await client.environments.create(projectId, { name: "staging", mode: "STAGING", cluster: emulator.ids.clusterIds[0] });
    stagingId = staging.id;
    for (const name of ["api", "frontend"]) {
      await client.applications.create(stagingId, {
        name, git_repository: { url: `https://github.com/acme/shop-${name}.git`, provider: "GITHUB", branch: "main" }, healthchecks: {},
        // The front is public: its copy's URL is what the pull request's comment shows.
        ...(name === "frontend" ? { ports: [{ internal_port: 8080, external_port: 443, publicly_accessible: true, protocol: "HTTP" as const }] } : {}),
      });
    }
    seeded = userObjects(await stateDump(emulator));
    stacks[1] = stackFor(1);
    stacks[2] = stackFor(2);
  });

  afterAll(async () => {
    await stacks[1]?.remove().catch(() => undefined);
    await stacks[2]?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("previews pr-1 as creates, writing nothing", async () => {
    await clearRequests(emulator);
    const preview = await stacks[1]!.preview();
    expect(Object.keys(preview.changeSummary)).toEqual(["create"]);
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("clones staging into pr-1 in PREVIEW mode, deploys it and exports the front service's id and URL", async () => {
    const up = await stacks[1]!.up();
    const out = up.outputs as Record<string, string>;
    expect(out.environment).toBe("pr-1");
    expect(out.frontId).toEqual(expect.any(String));
    expect(out.frontId).not.toBe("");
    expect(out.state).toBe("DEPLOYED");
    const env = await environmentNamed("pr-1");
    expect([env?.id, env?.mode]).toEqual([out.environmentId, "PREVIEW"]);
    const copies = await client.applications.list(out.environmentId!);
    expect(copies.map((a) => a.name).sort()).toEqual(["api", "frontend"]);
    expect(copies.find((a) => a.name === "frontend")?.id).toBe(out.frontId);
    // The URL to post on the pull request: the deployed copy's default link, as the service lists it.
    const links = await client.links.ofService("application", out.frontId!);
    expect(out.frontUrl).toMatch(/^https:\/\//);
    expect(out.frontUrl).toBe(links.find((l) => l.is_default)?.url ?? links[0]?.url);
    pr1Url = out.frontUrl;
    expect((await client.applications.status(out.frontId!)).state).toBe("DEPLOYED");
    // The pull request's commit is what runs on both applications built from the repository.
    for (const copy of copies) expect((await client.applications.get(copy.id)).git_repository?.deployed_commit_id).toBe(COMMITS[1]);
  });

  it("previews no change afterwards, sending nothing but lookups", async () => {
    await clearRequests(emulator);
    const preview = await stacks[1]!.preview();
    expect(changed(preview)).toEqual([]);
    expect((await requests(emulator)).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("runs a second pull request's stack beside the first", async () => {
    const up = await stacks[2]!.up();
    const out = up.outputs as Record<string, string>;
    expect([out.environment, out.state]).toEqual(["pr-2", "DEPLOYED"]);
    expect(out.frontId).not.toBe("");
    expect(out.frontUrl).toMatch(/^https:\/\//);
    expect(out.frontUrl).not.toBe(pr1Url);
    const names = (await client.environments.list(projectId)).map((e) => e.name).sort();
    expect(names).toEqual(["pr-1", "pr-2", "staging"]);
  });

  it("destroys pr-1 and leaves pr-2 and staging intact", async () => {
    const pr2 = await environmentNamed("pr-2");
    await stacks[1]!.destroy();
    expect((await client.environments.list(projectId)).map((e) => e.name).sort()).toEqual(["pr-2", "staging"]);
    expect((await client.applications.list(pr2!.id)).map((a) => a.name).sort()).toEqual(["api", "frontend"]);
    expect((await client.applications.list(stagingId)).map((a) => a.git_repository?.branch)).toEqual(["main", "main"]);
  });

  it("leaves the emulator as seeded once both are destroyed", async () => {
    await stacks[2]!.destroy();
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
