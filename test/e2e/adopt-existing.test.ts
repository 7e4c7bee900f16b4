/**
 * The adopt-existing example through the engine: a git token, a project, an environment, a database and an
 * application with a variable are made with the API client first (as the console or Terraform would have made them),
 * then taken over by `adopt: { id }`. The preview writes nothing; the `up` keeps every id, sends no create request of
 * those families and deploys nothing, and nothing is duplicated; a preview afterwards has no change; a variable
 * changes in place; destroy deletes the adopted objects; and a second stack with `retainOnDelete` leaves them.
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump, writeRequests, type LoggedRequest } from "../../emulator/control/control-client";
import { DeployServiceClient, isNotFound } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT, type OperationResult } from "./harness";
import { changed, userObjects, stepTypeCounts } from "./stack-checks";

const DS = "pulumi-nodejs:dynamic/deploy-service:";
const PROGRAM = "adopt-existing";
const GIT_TOKEN = "ghp_engineTestAdoptToken0123456789abcdef";

/** The resources the example declares, by type. */
const EXPECTED_TYPES: Record<string, number> = {
  [`${DS}GitToken`]: 1,
  [`${DS}Project`]: 1,
  [`${DS}Environment`]: 1,
  [`${DS}Database`]: 1,
  [`${DS}Application`]: 1,
  [`${DS}Variable`]: 1,
  "pulumi:pulumi:Stack": 1,
};
const TOTAL = Object.values(EXPECTED_TYPES).reduce((a, b) => a + b, 0);

/** The creates of the adopted families: `POST` to their collections. */
const ADOPTED_CREATE = [
  /^\/organization\/[^/]+\/(project|gitToken)$/,
  /^\/project\/[^/]+\/environment$/,
  /^\/environment\/[^/]+\/(application|database)$/,
];
/** Calls that deploy, redeploy, restart or stop a service or an environment. */
const ACTION = /\/(deploy|redeploy|restart|restart-service|stop)$/;

/** The ids of the objects made outside Pulumi. */
interface Existing {
  gitTokenId: string;
  projectId: string;
  environmentId: string;
  databaseId: string;
  applicationId: string;
}

/** The paths of the `method` requests of a log, sorted (the engine runs independent steps in any order). */
const pathsOf = (log: LoggedRequest[], method: string) => log.filter((r) => r.method === method).map((r) => r.path).sort();

describeWithEngine("the adopt-existing example through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let organizationId: string;
  let clusterId: string;
  let seeded: unknown;
  let existing: Existing;
  let stack: EngineStack;
  let retaining: EngineStack | undefined;

  /** The objects a Terraform-managed environment would have: the project's description is the one thing that differs. */
  async function makeExisting(): Promise<Existing> {
    const token = await client.gitTokens.create(organizationId, { name: "shop-github", type: "GITHUB", token: GIT_TOKEN, description: "Builds the shop" });
    const project = await client.projects.create(organizationId, { name: "shop", description: "The shop, managed by Terraform" });
    const environment = await client.environments.create(project.id, { name: "production", cluster: clusterId, mode: "PRODUCTION" });
    const database = await client.databases.create(environment.id, {
      name: "shop-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE",
    });
    const application = await client.applications.create(environment.id, {
      name: "api",
      git_repository: { url: "https://github.com/acme/shop-api.git", provider: "GITHUB", branch: "main", git_token_id: token.id },
      healthchecks: {},
      auto_preview: false,
      ports: [{ internal_port: 8080, publicly_accessible: true }],
    });
    await client.environmentVariables.create(application.id, { key: "LOG_LEVEL", value: "info" });
    return { gitTokenId: token.id, projectId: project.id, environmentId: environment.id, databaseId: database.id, applicationId: application.id };
  }

  /** A stack of the example adopting `ids`, with `config` added (keys of the program, without its namespace). */
  function adoptingStack(ids: Existing, config: Record<string, string> = {}): EngineStack {
    return new EngineStack({
      programDir: path.join(REPO_ROOT, "examples", PROGRAM),
      binDir,
      config: Object.fromEntries([
        ["deploy-service:apiUrl", emulator.url],
        ...Object.entries({ organizationId, clusterId, ...ids, ...config }).map(([k, v]) => [`${PROGRAM}:${k}`, v]),
      ]),
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin, [`${PROGRAM}:gitToken`]: GIT_TOKEN },
      env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
  }

  /** How many objects of each adopted family exist with the example's names. */
  async function counts(ids: Existing): Promise<Record<string, number>> {
    const named = <T extends { name: string }>(all: T[], name: string) => all.filter((o) => o.name.toLowerCase() === name).length;
    const own = (await client.environmentVariables.list(ids.applicationId)).filter((v) => v.scope === "APPLICATION" && v.key === "LOG_LEVEL");
    return {
      gitTokens: named(await client.gitTokens.list(organizationId), "shop-github"),
      projects: named(await client.projects.list(organizationId), "shop"),
      environments: named(await client.environments.list(ids.projectId), "production"),
      databases: named(await client.databases.list(ids.environmentId), "shop-db"),
      applications: named(await client.applications.list(ids.environmentId), "api"),
      logLevels: own.length,
    };
  }
  const ONE_OF_EACH = { gitTokens: 1, projects: 1, environments: 1, databases: 1, applications: 1, logLevels: 1 };

  /** The ids a stack's outputs name, in the shape of {@link Existing}. */
  const adoptedIds = (result: OperationResult): Existing => {
    const out = result.outputs as Record<string, string>;
    return {
      gitTokenId: out.gitTokenId!, projectId: out.projectId!, environmentId: out.environmentId!,
      databaseId: out.databaseId!, applicationId: out.applicationId!,
    };
  };

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    organizationId = emulator.ids.organizationId;
    clusterId = (await client.clusters.list(organizationId))[0]!.id;
    seeded = userObjects(await stateDump(emulator));
    existing = await makeExisting();
    stack = adoptingStack(existing);
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await retaining?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("previews the adopted objects as creates, replaces and deletes nothing, and writes nothing", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ create: TOTAL });
    expect(stepTypeCounts(preview)).toEqual(EXPECTED_TYPES);
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("takes them over: the same ids, no create request of their families, no deployment, nothing duplicated", async () => {
    await clearRequests(emulator);
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: TOTAL });
    expect(adoptedIds(up)).toEqual(existing);

    const log = await requests(emulator);
    const posts = pathsOf(log, "POST");
    expect(posts.filter((p) => ADOPTED_CREATE.some((re) => re.test(p)))).toEqual([]);
    // The one object only the program has is the one created (a standalone variable: `POST /variable`).
    expect(posts).toEqual(["/variable"]);
    expect(log.filter((r) => ACTION.test(r.path)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(pathsOf(log, "DELETE")).toEqual([]);
    // The service never returns a git token's value, so the adoption sets it again from the program.
    expect(pathsOf(log, "PUT")).toContain(`/organization/${organizationId}/gitToken/${existing.gitTokenId}`);

    expect(await counts(existing)).toEqual(ONE_OF_EACH);
    // What differed is updated: the project's description; what did not (the variable's value) is left as it was.
    expect((await client.projects.get(existing.projectId)).description).toBe("The shop, managed by Pulumi");
    const logLevel = (await client.environmentVariables.list(existing.applicationId)).find((v) => v.scope === "APPLICATION" && v.key === "LOG_LEVEL");
    expect(logLevel?.value).toBe("info");
  });

  it("keeps the git token's value out of the state in plaintext", async () => {
    const exported = await stack.exportState();
    expect(exported.text).toContain(existing.gitTokenId);
    expect(exported.text.includes(GIT_TOKEN)).toBe(false);
  });

  it("previews no change afterwards, writing nothing", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: TOTAL });
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("changes the application's LOG_LEVEL in place, with one write and no deployment", async () => {
    await stack.setConfig(`${PROGRAM}:logLevel`, "debug");
    await clearRequests(emulator);
    const up = await stack.up();
    expect(changed(up)).toEqual([["api", "update"]]);
    const writes = await writeRequests(emulator);
    expect(writes.map((r) => r.method)).toEqual(["PUT"]);
    expect(writes.filter((r) => ACTION.test(r.path))).toEqual([]);
    const own = (await client.environmentVariables.list(existing.applicationId)).filter((v) => v.scope === "APPLICATION" && v.key === "LOG_LEVEL");
    expect(own.map((v) => v.value)).toEqual(["debug"]);
  });

  it("deletes the adopted objects on destroy, leaving the emulator as seeded", async () => {
    const destroy = await stack.destroy();
    expect(destroy.changeSummary).toEqual({ delete: TOTAL });
    const gone = async (read: () => Promise<unknown>) => read().then(() => false, (e: unknown) => isNotFound(e));
    expect(await gone(() => client.projects.get(existing.projectId))).toBe(true);
    expect(await gone(() => client.gitTokens.get(organizationId, existing.gitTokenId))).toBe(true);
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });

  it("lets go of them on destroy with retainOnDelete: every object stays, no delete request is sent", async () => {
    const second = await makeExisting();
    // This stack's LOG_LEVEL differs from the application's: the adoption updates the key, it does not add another.
    retaining = adoptingStack(second, { retainOnDelete: "true", logLevel: "warn" });
    const up = await retaining.up();
    expect(adoptedIds(up)).toEqual(second);
    const logLevels = (await client.environmentVariables.list(second.applicationId)).filter((v) => v.scope === "APPLICATION" && v.key === "LOG_LEVEL");
    expect(logLevels.map((v) => v.value)).toEqual(["warn"]);

    await clearRequests(emulator);
    await retaining.destroy();
    expect(pathsOf(await requests(emulator), "DELETE")).toEqual([]);
    expect(await counts(second)).toEqual(ONE_OF_EACH);
    expect((await client.variables.list({ parentId: second.environmentId, scope: "ENVIRONMENT" })).map((v) => v.key)).toContain("RELEASE_CHANNEL");

    // The stack has forgotten them: removing them is now the service's business (here, the API client's).
    await client.projects.delete(second.projectId);
    await client.gitTokens.delete(organizationId, second.gitTokenId);
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
