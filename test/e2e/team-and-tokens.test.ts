/**
 * The team-and-tokens example through the engine: organization settings, a member and an invitation from the stack
 * config, a custom role, a Deploy token per environment written into the environment's CI secret, a Read token.
 * Preview, up (each token authenticates with its scope), a no-op preview that sends no request, refresh with no
 * drift, no token value in plaintext in `pulumi stack export`, a rotation (`up` with a new trigger) after which the
 * old tokens get 401 and the new ones work, and destroy back to the seeded emulator (the organization keeps the
 * settings last set: `OrganizationSettings` lets go of them).
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump, writeRequests } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack, REPO_ROOT } from "./harness";
import { changed, userObjects, stepTypeCounts } from "./stack-checks";
import { secretPlaintexts } from "./secrets";

const DS = "pulumi-nodejs:dynamic/deploy-service:";
const PROGRAM = "team-and-tokens";
const MEMBER = "carol@acme.example";
const INVITEE = "dave@acme.example";
const DESCRIPTION = "Managed by Pulumi: see examples/team-and-tokens";

/** The resources the example declares with one member and one invitation in its config, by type. */
const EXPECTED_TYPES: Record<string, number> = {
  [`${DS}OrganizationSettings`]: 1,
  [`${DS}OrganizationMember`]: 1,
  [`${DS}OrganizationInvitation`]: 1,
  [`${DS}Project`]: 1,
  [`${DS}CustomRole`]: 1,
  [`${DS}Environment`]: 2,
  [`${DS}ApiToken`]: 3,
  [`${DS}Secret`]: 2,
  "pulumi:pulumi:Stack": 1,
};
const TOTAL = Object.values(EXPECTED_TYPES).reduce((a, b) => a + b, 0);

/** The emulator's state without the organization record, whose settings the stack takes over and keeps. */
function withoutOrganization(dump: unknown): unknown {
  const { organization: _organization, ...rest } = dump as Record<string, unknown>;
  return rest;
}

/**
 * The token values by resource name, read from `pulumi stack export --show-secrets` (the stack's outputs show
 * secrets masked), as `pulumi stack output --show-secrets` would show them.
 */
async function tokensOf(stack: EngineStack, type = "ApiToken", output = "token"): Promise<Record<string, string>> {
  const { deployment } = await stack.exportStateWithSecrets();
  const out: Record<string, string> = {};
  for (const r of deployment.resources ?? []) {
    if (r.type !== `${DS}${type}`) continue;
    const v = r.outputs?.[output];
    out[String(r.urn).split("::").pop()!] = typeof v === "string" ? v : (JSON.parse(v.plaintext) as string);
  }
  return out;
}

describeWithEngine("the team-and-tokens example through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let stack: EngineStack;
  let seeded: unknown;
  let out: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
  let firstTokens: Record<string, string> = {};
  let tokens: Record<string, string> = {};

  /** The HTTP status of a read (and of a write) with `token`: 200 when it succeeds. */
  const statusWith = async (token: string, write = false): Promise<number> => {
    const c = new DeployServiceClient({ baseUrl: emulator.url, token, maxRetries: 0, pacing: false });
    try {
      await (write ? c.projects.create(emulator.ids.organizationId, { name: `probe-${Date.now()}` }) : c.projects.list(emulator.ids.organizationId));
      return 200;
    } catch (e) {
      return (e as { status?: number }).status ?? -1;
    }
  };

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    // Someone who accepted an invitation before the stack exists: the stack manages their role.
    const invitation = await client.invitations.create(emulator.ids.organizationId, { email: MEMBER, role: "VIEWER" });
    await client.invitations.accept(emulator.ids.organizationId, invitation.id);
    const [cluster] = await client.clusters.list(emulator.ids.organizationId);
    stack = new EngineStack({
      programDir: path.join(REPO_ROOT, "examples", PROGRAM),
      binDir,
      config: {
        "deploy-service:apiUrl": emulator.url,
        [`${PROGRAM}:organizationId`]: emulator.ids.organizationId,
        [`${PROGRAM}:clusterId`]: cluster!.id,
        [`${PROGRAM}:members`]: JSON.stringify([{ email: MEMBER, role: "Deploy" }]),
        [`${PROGRAM}:invitations`]: JSON.stringify([{ email: INVITEE, role: "Read" }]),
      },
      secretConfig: { "deploy-service:apiToken": emulator.tokens.admin },
      env: { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" },
    });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    await emulator?.close();
  });

  it("previews every create before anything exists", async () => {
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ create: TOTAL });
    expect(stepTypeCounts(preview)).toEqual(EXPECTED_TYPES);
  });

  it("creates it all: each token works with its scope, each environment's CI secret holds its token", async () => {
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: TOTAL });
    out = up.outputs as Record<string, unknown>;
    // The stack's outputs show the secrets masked.
    expect([out.dashboardToken, out.ciTokens]).toEqual(["[secret]", "[secret]"]);
    tokens = await tokensOf(stack);
    firstTokens = tokens;
    expect(Object.keys(tokens).sort()).toEqual(["ci-production", "ci-staging", "dashboard"]);
    for (const token of Object.values(tokens)) expect(await statusWith(token)).toBe(200);
    // Deploy and Read tokens may not create a project.
    for (const token of Object.values(tokens)) expect(await statusWith(token, true)).toBe(403);
    for (const [name, id] of Object.entries(out.environmentIds as Record<string, string>)) {
      const secrets = await client.variables.list({ parentId: id, scope: "ENVIRONMENT" });
      const ci = secrets.filter((v) => v.key === "DEPLOY_SERVICE_API_TOKEN" && v.scope === "ENVIRONMENT");
      expect([name, ci.length, ci[0]?.is_secret]).toEqual([name, 1, true]);
    }
    const members = await client.members.list(emulator.ids.organizationId);
    expect(members.find((m) => m.email === MEMBER)?.role_name).toBe("Deploy");
    expect(out.invitationStatuses).toEqual({ [INVITEE]: "PENDING" });
    const role = await client.customRoles.get(emulator.ids.organizationId, out.customRoleId);
    expect(role.name).toBe("staging-deployers");
    expect((await client.organizations.get(emulator.ids.organizationId)).description).toBe(DESCRIPTION);
  });

  it("keeps every token value out of the state in plaintext", async () => {
    const exported = await stack.exportState();
    const decrypted = await stack.exportStateWithSecrets();
    const plaintexts = [...secretPlaintexts(decrypted.deployment)];
    expect(plaintexts).toEqual(expect.arrayContaining(Object.values(tokens)));
    for (const token of Object.values(tokens)) expect([token.slice(0, 6), exported.text.includes(token)]).toEqual([token.slice(0, 6), false]);
  });

  it("previews no change without sending a single request", async () => {
    await clearRequests(emulator);
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: TOTAL });
    expect(await requests(emulator)).toEqual([]);
  });

  it("refreshes with no drift, writing nothing", async () => {
    await clearRequests(emulator);
    const refresh = await stack.refresh();
    expect(refresh.changeSummary).toEqual({ same: TOTAL });
    expect(await writeRequests(emulator)).toEqual([]);
  });

  it("rotates every token on a new trigger: new ones in the CI secrets, the old ones refused", async () => {
    await stack.setConfig(`${PROGRAM}:tokenGeneration`, "2");
    const up = await stack.up();
    expect(changed(up)).toEqual([
      ["ci-production", "replace"], ["ci-staging", "replace"], ["ci-token-production", "update"], ["ci-token-staging", "update"],
      ["dashboard", "replace"],
    ]);
    const next = await tokensOf(stack);
    // Each environment's CI secret holds its new token.
    expect(await tokensOf(stack, "Secret", "value")).toEqual({ "ci-token-production": next["ci-production"], "ci-token-staging": next["ci-staging"] });
    for (const name of Object.keys(firstTokens)) {
      expect([name, next[name] === firstTokens[name]]).toEqual([name, false]);
      expect([name, await statusWith(firstTokens[name]!)]).toEqual([name, 401]);
      expect([name, await statusWith(next[name]!)]).toEqual([name, 200]);
    }
    const exported = await stack.exportState();
    for (const token of Object.values(next)) expect(exported.text.includes(token)).toBe(false);
  });

  it("leaves the emulator as seeded after destroy, the organization keeping the settings last set", async () => {
    const destroy = await stack.destroy();
    expect(destroy.changeSummary).toEqual({ delete: TOTAL });
    expect(withoutOrganization(userObjects(await stateDump(emulator)))).toEqual(withoutOrganization(seeded));
    expect((await client.organizations.get(emulator.ids.organizationId)).description).toBe(DESCRIPTION);
  });
});
