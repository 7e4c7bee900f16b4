/**
 * The configuration example through the engine: variables at the project, the environment and a container (a value,
 * an override, aliases of a database's built-ins, a file), a standalone variable and secret, labels and annotations groups, an
 * autoscaling policy and a custom domain. Preview, up, a no-op preview that sends no request, refresh with no drift,
 * an in-place change of a project variable, and destroy back to the seeded emulator.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequests, requests, stateDump, writeRequests } from "../../emulator/control/control-client";
import { DeployServiceClient } from "../../sdk";
import { describeWithEngine, EngineStack } from "./harness";
import { changed, exampleStack, userObjects, stepTypeCounts } from "./stack-checks";
import { secretPlaintexts } from "./secrets";

const DS = "pulumi-nodejs:dynamic/deploy-service:";
const PROGRAM = "configuration";
const STRIPE_KEY = "sk_test_engineTestStripeKey0123456789";

/** The resources the example declares, by type. */
const EXPECTED_TYPES: Record<string, number> = {
  [`${DS}LabelsGroup`]: 1,
  [`${DS}AnnotationsGroup`]: 1,
  [`${DS}Project`]: 1,
  [`${DS}Environment`]: 1,
  [`${DS}Database`]: 1,
  [`${DS}ContainerRegistry`]: 1,
  [`${DS}Container`]: 1,
  [`${DS}Variable`]: 1,
  [`${DS}Secret`]: 1,
  [`${DS}CustomDomain`]: 1,
  "pulumi:pulumi:Stack": 1,
};
const TOTAL = Object.values(EXPECTED_TYPES).reduce((a, b) => a + b, 0);

describeWithEngine("the configuration example through the engine", ({ binDir }) => {
  jest.setTimeout(10 * 60 * 1000);
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let stack: EngineStack;
  let seeded: unknown;
  let out: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, rateLimitPerHour: 1_000_000 });
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    seeded = userObjects(await stateDump(emulator));
    stack = await exampleStack(emulator, PROGRAM, binDir, { stripeKey: STRIPE_KEY });
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

  it("creates it all: the container sees every scope's variables, resolved as the nearest scope says", async () => {
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ create: TOTAL });
    out = up.outputs as Record<string, unknown>;
    const visible = await client.variables.list({ parentId: out.webId, scope: "CONTAINER" });
    const byKey = (key: string) => visible.filter((v) => v.key === key).map((v) => ({ scope: v.scope, type: v.variable_type, value: v.value }));
    expect(byKey("COMPANY")).toEqual([{ scope: "PROJECT", type: "VALUE", value: "acme" }]);
    expect(byKey("APP_ENV")).toEqual([{ scope: "ENVIRONMENT", type: "VALUE", value: "staging" }]);
    // The project's LOG_LEVEL and staging's override of it
    expect(byKey("LOG_LEVEL")).toEqual(expect.arrayContaining([
      { scope: "PROJECT", type: "VALUE", value: "info" }, { scope: "ENVIRONMENT", type: "OVERRIDE", value: "debug" },
    ]));
    const database = await client.databases.get(out.databaseId);
    expect(byKey("DATABASE_HOST")).toEqual([{ scope: "CONTAINER", type: "ALIAS", value: database.host }]);
    expect(visible.find((v) => v.key === "DATABASE_PASSWORD")).toMatchObject({ scope: "CONTAINER", variable_type: "ALIAS", is_secret: true });
    expect(byKey("FEATURE_FLAGS")).toEqual([{ scope: "ENVIRONMENT", type: "VALUE", value: "checkout-v2" }]);
    expect(visible.find((v) => v.key === "STRIPE_KEY")).toMatchObject({ scope: "ENVIRONMENT", is_secret: true, value: null });
    expect(visible.find((v) => v.key === "NGINX_CONF")).toMatchObject({ scope: "CONTAINER", mount_path: "/etc/nginx/conf.d/status.conf" });
    // The container's own built-ins and its environment's and project's; the database's are on the database.
    const webShort = `Z${out.webId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    expect(out.webBuiltInVariables[`QOVERY_CONTAINER_${webShort}_ID`]).toBe(out.webId);
    expect(Object.keys(out.webBuiltInVariables)).toEqual(expect.arrayContaining([`QOVERY_CONTAINER_${webShort}_HOST_INTERNAL`, "QOVERY_PROJECT_ID"]));
    expect(Object.keys(out.webBuiltInVariables).filter((k) => k.startsWith("QOVERY_POSTGRESQL_"))).toEqual([]);

    const web = (await client.containers.get(out.webId)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(web.labels_groups.map((g: { id: string }) => g.id)).toEqual([out.labelsGroupId]);
    expect(web.annotations_groups.map((g: { id: string }) => g.id)).toEqual([out.annotationsGroupId]);
    expect(web.autoscaling).toMatchObject({ polling_interval_seconds: 30, cooldown_period_seconds: 300 });
    expect(((database as Record<string, any>).labels_groups ?? []).map((g: { id: string }) => g.id)).toEqual([out.labelsGroupId]); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(out.cnameTarget).toEqual(expect.any(String));
    expect(out.cnameTarget.length).toBeGreaterThan(0);
  });

  it("keeps the standalone secret and the autoscaling policy out of the state in plaintext", async () => {
    const exported = await stack.exportState();
    const decrypted = await stack.exportStateWithSecrets();
    // Short leaves of a secret object (the scaler type "prometheus", "KEDA") stand in plain fields too, such as the
    // annotation key "prometheus.io/scrape": the values that would matter are the long ones.
    const plaintexts = [...secretPlaintexts(decrypted.deployment)].filter((s) => s.length >= 16);
    expect(plaintexts).toEqual(expect.arrayContaining([STRIPE_KEY, "sum(rate(nginx_http_requests_total[1m]))"]));
    for (const secret of plaintexts) expect([secret.slice(0, 6), exported.text.includes(secret)]).toEqual([secret.slice(0, 6), false]);
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

  it("changes the project's LOG_LEVEL in place, with one write", async () => {
    await stack.setConfig(`${PROGRAM}:logLevel`, "warn");
    await clearRequests(emulator);
    const up = await stack.up();
    expect(changed(up)).toEqual([["storefront", "update"]]);
    const writes = await writeRequests(emulator);
    expect(writes).toHaveLength(1);
    const own = await client.projects.variables.list(out.projectId);
    expect(own.find((v) => v.key === "LOG_LEVEL")?.value).toBe("warn");
  });

  it("leaves the emulator as seeded after destroy", async () => {
    const destroy = await stack.destroy();
    expect(destroy.changeSummary).toEqual({ delete: TOTAL });
    expect(userObjects(await stateDump(emulator))).toEqual(seeded);
  });
});
