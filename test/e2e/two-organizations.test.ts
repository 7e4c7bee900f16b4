import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump } from "../../emulator/control/control-client";
import { serializedProvider } from "../../provider/framework/shim";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";
import { userObjects } from "./stack-checks";

const PROGRAM = "two-organizations";
const DS = "pulumi-nodejs:dynamic/deploy-service:";
/** Stack, the org-b provider, two components, and a project and an environment in each. */
const TOTAL = 8;

/** The program's dynamic resources in an exported state: type, name, provider reference, inputs and outputs. */
function dynamicResources(deployment: { resources?: Array<Record<string, any>> }) {
  return (deployment.resources ?? []).filter((r) => String(r.type).startsWith(DS)).map((r) => ({
    kind: String(r.type).slice(DS.length), name: String(r.urn).split("::").pop()!, provider: String(r.provider ?? ""),
    inputs: r.inputs as Record<string, unknown>, outputs: r.outputs as Record<string, unknown>,
  }));
}

describeWithEngine("one program, two organizations, two tokens, through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  // Each emulator is one organization with its own tokens: A is the stack's, B is the credentials set "org-b".
  let orgA: RunningEmulator;
  let orgB: RunningEmulator;
  let seeded: { a: unknown; b: unknown };
  let stack: EngineStack;
  let tokens: string[];

  beforeAll(async () => {
    [orgA, orgB] = await Promise.all([startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 }), startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 })]);
    seeded = { a: userObjects(await stateDump(orgA)), b: userObjects(await stateDump(orgB)) };
    // Organization B's resources are written with its Write token, as a JWT would be sent: `Bearer`.
    tokens = [orgA.tokens.admin, orgB.tokens.write];
    stack = new EngineStack({
      programDir: path.join(REPO_ROOT, "examples", PROGRAM),
      binDir,
      config: {
        "deploy-service:apiUrl": orgA.url,
        [`${PROGRAM}:orgAId`]: orgA.ids.organizationId,
        [`${PROGRAM}:orgAClusterId`]: orgA.ids.clusterIds[0],
        [`${PROGRAM}:orgBApiUrl`]: orgB.url,
        [`${PROGRAM}:orgBId`]: orgB.ids.organizationId,
        [`${PROGRAM}:orgBClusterId`]: orgB.ids.clusterIds[0],
        [`${PROGRAM}:orgBTokenScheme`]: "Bearer",
      },
      secretConfig: { "deploy-service:apiToken": orgA.tokens.admin },
      env: {
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        DEPLOY_SERVICE_API_TOKEN_ORG_B: orgB.tokens.write,
        // Neither falls back to these: the stack's come from its config, org-b's from its own variable.
        DEPLOY_SERVICE_API_URL: "http://127.0.0.1:9",
        DEPLOY_SERVICE_API_TOKEN: "not-a-token-of-either",
      },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await Promise.all([orgA?.close(), orgB?.close()]);
  });

  /**
   * The token names each emulator saw since the last clear. Every request was answered 2xx, but for the reads of a
   * delete's wait, which end on 404; a request with the other organization's token would be a 401.
   */
  async function callers(): Promise<{ a: string[]; b: string[] }> {
    const [a, b] = await Promise.all([requests(orgA), requests(orgB)]);
    for (const r of [...a, ...b]) expect(r.status < 300 || (r.method === "GET" && r.status === 404)).toBe(true);
    return { a: [...new Set(a.map((r) => r.token_name))] as string[], b: [...new Set(b.map((r) => r.token_name))] as string[] };
  }

  it("creates each shop in its own organization, each with its own token", async () => {
    await Promise.all([clearRequests(orgA), clearRequests(orgB)]);
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: TOTAL });
    expect(await callers()).toEqual({ a: ["admin"], b: ["write"] });
    const out = up.outputs as Record<string, string>;
    const clientA = new DeployServiceClient({ baseUrl: orgA.url, token: orgA.tokens.admin });
    const clientB = new DeployServiceClient({ baseUrl: orgB.url, token: orgB.tokens.admin, tokenScheme: "Bearer" });
    expect(await clientA.projects.get(out.orgAProjectId!)).toMatchObject({ name: "shop", organization: { id: orgA.ids.organizationId } });
    expect(await clientB.projects.get(out.orgBProjectId!)).toMatchObject({ name: "shop", organization: { id: orgB.ids.organizationId } });
    expect(await clientA.environments.get(out.orgAEnvironmentId!)).toMatchObject({ name: "staging" });
    expect(await clientB.environments.get(out.orgBEnvironmentId!)).toMatchObject({ name: "staging" });
  });

  it("keeps both tokens out of the state, and every resource on its kind's thin serialized provider", async () => {
    const exported = await stack.exportState();
    for (const token of tokens) expect(exported.text).not.toContain(token);
    // With --show-secrets: org-b's token (an environment variable) is nowhere. The stack's token is stack config, which
    // the engine records, encrypted, as the inputs of the default dynamic provider (every stack did so before sets).
    const decrypted = await stack.exportStateWithSecrets();
    expect(decrypted.text).not.toContain(orgB.tokens.write);
    const holders = (decrypted.deployment.resources ?? []).filter((r) => JSON.stringify(r).includes(orgA.tokens.admin)).map((r) => String(r.urn));
    expect(holders).toEqual([expect.stringMatching(/::pulumi:providers:pulumi-nodejs::default$/)]);
    const resources = dynamicResources(exported.deployment);
    expect(resources.map((r) => r.name).sort()).toEqual(["org-a-shop", "org-a-staging", "org-b-shop", "org-b-staging"]);
    for (const r of resources) {
      expect(r.inputs["__provider"]).toBe(serializedProvider(r.kind));
      expect(r.outputs["__provider"]).toBe(serializedProvider(r.kind));
      expect(r.provider).toMatch(r.name.startsWith("org-b") ? /::pulumi:providers:pulumi-nodejs::org-b::/ : /::pulumi:providers:pulumi-nodejs::default/);
    }
    const set = (exported.deployment.resources ?? []).find((r) => String(r.urn).endsWith("::pulumi:providers:pulumi-nodejs::org-b"));
    expect(set?.inputs).toEqual({
      "deploy-service:credentials": "org-b", "deploy-service:apiTokenEnv": "DEPLOY_SERVICE_API_TOKEN_ORG_B",
      "deploy-service:apiUrl": orgB.url, "deploy-service:tokenScheme": "Bearer",
    });
  });

  it("previews no change without sending a single request", async () => {
    await Promise.all([clearRequests(orgA), clearRequests(orgB)]);
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: TOTAL });
    expect(await callers()).toEqual({ a: [], b: [] });
  });

  it("refreshes each resource with its own organization's token, finding no drift", async () => {
    await Promise.all([clearRequests(orgA), clearRequests(orgB)]);
    const refresh = await stack.refresh();
    expect(refresh.changeSummary).toEqual({ same: TOTAL });
    expect(await callers()).toEqual({ a: ["admin"], b: ["write"] });
    expect((await stack.preview()).changeSummary).toEqual({ same: TOTAL });
  });

  it("destroys both shops, each with its own token, leaving both organizations as seeded", async () => {
    await Promise.all([clearRequests(orgA), clearRequests(orgB)]);
    await stack.destroy();
    expect(await callers()).toEqual({ a: ["admin"], b: ["write"] });
    expect(userObjects(await stateDump(orgA))).toEqual(seeded.a);
    expect(userObjects(await stateDump(orgB))).toEqual(seeded.b);
  });
});
