import { applicationProvider as p } from "../../../provider/resources/application/index";
import { CHANGED_OUTSIDE } from "../../../provider/framework/common";
import { environmentProvider } from "../../../provider/resources/environment";
import { projectProvider } from "../../../provider/resources/project";
import { secretProvider } from "../../../provider/resources/secret";
import { variableProvider } from "../../../provider/resources/variable";
import type { Variable } from "../../../sdk";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, injectFault, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture({ clearFaultsAfterEach: true });
let counter = 0;

const SECRET = "app-s3cr3t-file-content";

beforeAll(async () => {
  await fx.client.projects.variables.create(fx.projectId, { key: "SHARED_REGION", value: "eu" });
  await fx.client.projects.secrets.create(fx.projectId, { key: "SHARED_TOKEN", value: "project-token" });
  await fx.client.environments.variables.create(fx.envId, { key: "ENV_LEVEL", value: "info" });
});

function appInputs(extra: Props = {}): Props {
  counter += 1;
  return {
    environmentId: fx.envId,
    name: `values-app-${counter}`,
    gitRepository: { url: "https://github.com/acme/api.git" },
    ports: [{ internalPort: 8080, publiclyAccessible: true }],
    environmentVariables: { PLAIN: "1" },
    environmentVariableAliases: { PROJECT_ID: "QOVERY_PROJECT_ID", LEVEL: "ENV_LEVEL" },
    environmentVariableOverrides: { SHARED_REGION: "us" },
    environmentVariableFiles: { CONF: { mountPath: "/etc/app.conf", value: "x=1" } },
    secretFiles: { CERT: { mountPath: "/etc/tls/cert.pem", value: SECRET } },
    secretAliases: { APP_TOKEN: "SHARED_TOKEN" },
    secretOverrides: { SHARED_TOKEN: "app-token" },
    ...extra,
  };
}

const checked = (inputs: Props): Promise<Props> => checkedInputs(p, inputs);
const own = async (id: string, scope = "APPLICATION"): Promise<Variable[]> =>
  (await fx.client.variables.list({ parentId: id, scope: scope as "APPLICATION" })).filter((v) => v.scope === scope);
const byKey = (list: Variable[], key: string) => list.find((v) => v.key === key);

async function failureOf(run: () => Promise<unknown>): Promise<{ message: string; id?: string; properties?: Props }> {
  try {
    await run();
  } catch (e) {
    return e as { message: string };
  }
  throw new Error("expected a failure");
}

describe("an application's aliases, overrides and files", () => {
  let id: string;
  let outs: Props;
  let inputs: Props;

  beforeAll(async () => {
    inputs = await checked(appInputs());
    ({ id, outs } = (await p.create!(inputs)) as { id: string; outs: Props });
  });

  it("makes each entry at the application with the service's type, resolving targets by key", async () => {
    const mine = await own(id);
    expect(byKey(mine, "PROJECT_ID")?.variable_type).toBe("ALIAS");
    expect(byKey(mine, "PROJECT_ID")?.aliased_variable?.key).toBe("QOVERY_PROJECT_ID");
    expect(byKey(mine, "LEVEL")?.aliased_variable?.key).toBe("ENV_LEVEL");
    expect([byKey(mine, "SHARED_REGION")?.variable_type, byKey(mine, "SHARED_REGION")?.value]).toEqual(["OVERRIDE", "us"]);
    expect([byKey(mine, "CONF")?.variable_type, byKey(mine, "CONF")?.mount_path]).toEqual(["FILE", "/etc/app.conf"]);
    expect([byKey(mine, "CERT")?.is_secret, byKey(mine, "CERT")?.value ?? null]).toEqual([true, null]);
    expect([byKey(mine, "APP_TOKEN")?.is_secret, byKey(mine, "APP_TOKEN")?.variable_type]).toEqual([true, "ALIAS"]);
    expect([byKey(mine, "SHARED_TOKEN")?.is_secret, byKey(mine, "SHARED_TOKEN")?.variable_type]).toEqual([true, "OVERRIDE"]);
    expect(Object.keys(outs["variableAliasRefs"] as Props).sort()).toEqual(["LEVEL", "PROJECT_ID"]);
  });

  it("outputs the built-in variables it sees, without secrets", async () => {
    const builtIns = outs["builtInVariables"] as Record<string, string>;
    expect(builtIns["QOVERY_PROJECT_ID"]).toBe(fx.projectId);
    expect(Object.keys(builtIns).some((k) => /^QOVERY_APPLICATION_Z[0-9A-F]{8}_HOST_INTERNAL$/.test(k))).toBe(true);
    expect(JSON.stringify(builtIns)).not.toContain("PASSWORD");
  });

  it("outputs its own built-ins and its environment's and project's only: a sibling added later changes nothing", async () => {
    const short = `Z${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const builtIns = outs["builtInVariables"] as Record<string, string>;
    expect(builtIns[`QOVERY_APPLICATION_${short}_ID`]).toBe(id);
    expect(builtIns["QOVERY_ENVIRONMENT_ID"]).toBe(fx.envId);
    const shared = ["QOVERY_PROJECT_ID", "QOVERY_ENVIRONMENT_ID", "QOVERY_KUBERNETES_NAMESPACE_NAME"];
    expect(Object.keys(builtIns).filter((k) => !k.startsWith(`QOVERY_APPLICATION_${short}_`) && !shared.includes(k))).toEqual([]);

    const sibling = (await p.create!(await checked({ environmentId: fx.envId, name: `values-sibling-${counter}`, gitRepository: { url: "https://github.com/acme/web.git" }, ports: [{ internalPort: 80, publiclyAccessible: true }] }))) as { id: string };
    const visible = await fx.client.variables.list({ parentId: id, scope: "APPLICATION" });
    expect(visible.some((v) => v.scope === "BUILT_IN" && v.service_id === sibling.id)).toBe(true);
    const r = await p.read!(id, outs);
    expect((r.props as Props)["builtInVariables"]).toEqual(builtIns);
    await p.delete!(sibling.id, {});
  });

  it("reads back what it wrote: a refresh shows no drift", async () => {
    const r = await p.read!(id, outs);
    expect((r.inputs as Props)["environmentVariableFiles"]).toEqual({ CONF: { mountPath: "/etc/app.conf", value: "x=1" } });
    expect((r.inputs as Props)["secretFiles"]).toEqual({ CERT: { mountPath: "/etc/tls/cert.pem", value: SECRET } });
    expect((await p.diff!(id, r.props as Props, inputs)).changes).toBe(false);
    outs = r.props as Props;
  });

  it("changes an override's value with exactly one call", async () => {
    const news = await checked({ ...inputs, environmentVariableOverrides: { SHARED_REGION: "ap" } });
    await clearRequests(fx.emulator);
    outs = (await p.update!(id, outs, news)).outs as Props;
    const log = await requests(fx.emulator);
    expect(log.map((r) => r.method)).toEqual(["PUT"]);
    expect(log[0]!.path).toMatch(new RegExp(`^/application/${id}/environmentVariable/`));
    expect(byKey(await own(id), "SHARED_REGION")?.value).toBe("ap");
    inputs = news;
  });

  it("points an alias elsewhere by deleting it and aliasing the new target", async () => {
    const news = await checked({ ...inputs, environmentVariableAliases: { PROJECT_ID: "QOVERY_PROJECT_ID", LEVEL: "QOVERY_ENVIRONMENT_ID" } });
    await clearRequests(fx.emulator);
    outs = (await p.update!(id, outs, news)).outs as Props;
    const writes = (await requests(fx.emulator)).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, "X")}`);
    expect(writes).toEqual(["DELETE /application/X/environmentVariable/X", "POST /application/X/environmentVariable/X/alias"]);
    expect(byKey(await own(id), "LEVEL")?.aliased_variable?.key).toBe("QOVERY_ENVIRONMENT_ID");
    inputs = news;
  });

  it("moves a file to a new mount path, and reads a secret file changed outside as changed", async () => {
    const news = await checked({ ...inputs, environmentVariableFiles: { CONF: { mountPath: "/etc/app/v2.conf", value: "x=1" } } });
    outs = (await p.update!(id, outs, news)).outs as Props;
    expect(byKey(await own(id), "CONF")?.mount_path).toBe("/etc/app/v2.conf");
    inputs = news;
    const cert = byKey(await own(id), "CERT")!;
    await fx.client.secrets.update(id, cert.id, { key: "CERT", value: "outside", mount_path: "/etc/tls/cert.pem" });
    const r = await p.read!(id, outs);
    expect((r.inputs as Props)["secretFiles"]).toEqual({ CERT: { mountPath: "/etc/tls/cert.pem", value: CHANGED_OUTSIDE } });
    expect((await p.diff!(id, r.props as Props, inputs)).changes).toBe(true);
    outs = (await p.update!(id, r.props as Props, inputs)).outs as Props;
    expect(JSON.stringify(outs["secretFileRefs"])).not.toContain(SECRET);
  });

  it("sees a key deleted outside as gone, and the next update makes it again", async () => {
    const conf = byKey(await own(id), "SHARED_REGION")!;
    await fx.client.variables.delete(conf.id);
    const r = await p.read!(id, outs);
    expect((r.inputs as Props)["environmentVariableOverrides"]).toEqual({});
    outs = (await p.update!(id, r.props as Props, inputs)).outs as Props;
    expect(byKey(await own(id), "SHARED_REGION")?.value).toBe("ap");
  });
});

describe("alias targets", () => {
  it("an unknown target fails, naming the key and the nearest keys the owner sees", async () => {
    const inputs = await checked(appInputs({ environmentVariableAliases: { LEVEL: "ENV_LEVLE" } }));
    const error = await failureOf(() => p.create!(inputs));
    expect(error.message).toContain("environmentVariableAliases.LEVEL");
    expect(error.message).toContain('"ENV_LEVLE"');
    expect(error.message).toContain('nearest: "ENV_LEVEL"');
    // The application exists: the engine keeps it with what was done.
    expect(error.id).toBeDefined();
    expect((error.properties!["environmentVariableAliases"] as Props | undefined) ?? {}).toEqual({});
  });

  it("an alias may target a value or a secret the same run makes, on either side", async () => {
    const inputs = await checked(appInputs({
      environmentVariables: { BASE: "x" }, environmentVariableAliases: { BASE_ALIAS: "BASE" },
      secrets: { OWN_SECRET: "own-s3cr3t" }, secretAliases: { OWN_SECRET_ALIAS: "OWN_SECRET" },
    }));
    const { id, outs } = await p.create!(inputs);
    const mine = await own(id);
    expect(byKey(mine, "BASE_ALIAS")?.aliased_variable?.id).toBe(byKey(mine, "BASE")?.id);
    expect(byKey(mine, "OWN_SECRET_ALIAS")?.aliased_variable?.id).toBe(byKey(mine, "OWN_SECRET")?.id);
    // Added by an update: values are made before the aliases that point at them.
    const news = await checked({ ...inputs, environmentVariables: { BASE: "x", LATER: "y" }, environmentVariableAliases: { BASE_ALIAS: "BASE", LATER_ALIAS: "LATER" } });
    const updated = (await p.update!(id, outs as Props, news)).outs as Props;
    expect(Object.keys(updated["variableAliasRefs"] as Props).sort()).toEqual(["BASE_ALIAS", "LATER_ALIAS"]);
    expect(byKey(await own(id), "LATER_ALIAS")?.aliased_variable?.key).toBe("LATER");
  });

  it("an override of a key no higher scope has fails, naming it", async () => {
    const inputs = await checked(appInputs({ environmentVariableOverrides: { NOT_DEFINED_ABOVE: "x" } }));
    const error = await failureOf(() => p.create!(inputs));
    expect(error.message).toContain('environmentVariableOverrides.NOT_DEFINED_ABOVE: no variable "NOT_DEFINED_ABOVE"');
  });
});

describe("maps and standalone Variable / Secret together", () => {
  let id: string;
  let outs: Props;
  let inputs: Props;
  let name: string;

  beforeAll(async () => {
    inputs = await checked(appInputs());
    name = String(inputs["name"]);
    ({ id, outs } = (await p.create!(inputs)) as { id: string; outs: Props });
  });

  it("a standalone Variable on a key the owner's map holds fails at create, naming the owner, the key and the map", async () => {
    const v = await checkedInputs(variableProvider, { scope: "APPLICATION", parentId: id, key: "PLAIN", value: "other" });
    const error = await failureOf(() => variableProvider.create!(v));
    expect(error.message).toContain('key "PLAIN" is taken');
    expect(error.message).toContain(`application "${name}" (${id})`);
    expect(error.message).toContain("`environmentVariables` map");
    const s = await checkedInputs(secretProvider, { scope: "APPLICATION", parentId: id, key: "CERT", value: "standalone-secret" });
    const secretError = await failureOf(() => secretProvider.create!(s));
    expect(secretError.message).toContain("`secretFiles` map");
    expect(secretError.message).not.toContain("standalone-secret");
  });

  it("reads a 400 on a key the parent holds as taken too (the reference declares no 409), and any other 400 as it is", async () => {
    await injectFault(fx.emulator, { method: "POST", path: "/variable", status: 400, times: 2 });
    const held = await checkedInputs(variableProvider, { scope: "APPLICATION", parentId: id, key: "PLAIN", value: "other" });
    expect((await failureOf(() => variableProvider.create!(held))).message).toContain('key "PLAIN" is taken');
    const free = await checkedInputs(variableProvider, { scope: "APPLICATION", parentId: id, key: "NOT_HELD", value: "v" });
    const other = await failureOf(() => variableProvider.create!(free));
    expect(other.message).toContain("HTTP 400");
    expect(other.message).not.toContain("is taken");
  });

  it("keys made by a standalone resource are left alone by the owner: not read back, not deleted", async () => {
    const v = await checkedInputs(variableProvider, { scope: "APPLICATION", parentId: id, key: "FREE", value: "standalone" });
    const made = await variableProvider.create!(v);
    const r = await p.read!(id, outs);
    expect(Object.keys((r.inputs as Props)["environmentVariables"] as Props)).toEqual(["PLAIN"]);
    expect((await p.diff!(id, r.props as Props, inputs)).changes).toBe(false);
    const news = await checked({ ...inputs, environmentVariables: { PLAIN: "2" } });
    outs = (await p.update!(id, r.props as Props, news)).outs as Props;
    expect(byKey(await own(id), "FREE")?.value).toBe("standalone");
    const again = await variableProvider.read!(made.id, made.outs as Props);
    expect((await variableProvider.diff!(made.id, again.props as Props, v)).changes).toBe(false);
    inputs = news;
  });

  it("an owner's map on a key a standalone resource holds fails at the service (409), naming the key", async () => {
    const news = await checked({ ...inputs, environmentVariables: { PLAIN: "2", FREE: "mine" } });
    const error = await failureOf(() => p.update!(id, outs, news));
    expect(error.message).toContain('environmentVariables.FREE: the application already holds the key "FREE"');
    expect(error.message).toContain("HTTP 409");
    // What was done before the refusal is kept: PLAIN stays as it was.
    expect((error.properties!["environmentVariables"] as Props)["PLAIN"]).toBe("2");
  });
});

describe("standalone aliases and overrides", () => {
  it("a Variable aliases an environment's variable and a Secret overrides a project's secret", async () => {
    const env = await fx.client.variables.list({ parentId: fx.envId, scope: "ENVIRONMENT" });
    const level = env.find((v) => v.key === "ENV_LEVEL")!;
    const token = env.find((v) => v.key === "SHARED_TOKEN" && v.scope === "PROJECT")!;
    const alias = await checkedInputs(variableProvider, { scope: "ENVIRONMENT", parentId: fx.env2Id, key: "OTHER_LEVEL", aliasOf: level.id });
    const aliasError = await failureOf(() => variableProvider.create!(alias));
    // env2 cannot see env1's variable: the service refuses, and the provider says which call failed.
    expect(aliasError.message).toContain("OTHER_LEVEL");
    const project = await fx.client.variables.list({ parentId: fx.projectId, scope: "PROJECT" });
    const region = project.find((v) => v.key === "SHARED_REGION")!;
    const projectAlias = await checkedInputs(variableProvider, { scope: "ENVIRONMENT", parentId: fx.env2Id, key: "REGION_ALIAS", aliasOf: region.id });
    const madeAlias = await variableProvider.create!(projectAlias);
    expect((madeAlias.outs as Props)["variableType"]).toBe("ALIAS");
    const override = await checkedInputs(secretProvider, { scope: "ENVIRONMENT", parentId: fx.env2Id, value: "env2-token", overrideOf: token.id });
    const made = await secretProvider.create!(override);
    expect([(made.outs as Props)["variableType"], (made.outs as Props)["key"]]).toEqual(["OVERRIDE", "SHARED_TOKEN"]);
    const r = await secretProvider.read!(made.id, made.outs as Props);
    expect((await secretProvider.diff!(made.id, r.props as Props, override)).changes).toBe(false);
    await secretProvider.delete!(made.id, made.outs as Props);
    expect((await own(fx.env2Id, "ENVIRONMENT")).some((v) => v.id === made.id)).toBe(false);
  });
});

describe("project and environment maps", () => {
  it("an environment overrides and aliases its project's variables; a refresh reads only the declared keys", async () => {
    const proj = await checkedInputs(projectProvider, {
      organizationId: fx.orgId, name: "values-project", environmentVariables: { TIER: "gold" }, secrets: { P_SECRET: "p-s3cr3t" },
    });
    const madeProject = await projectProvider.create!(proj);
    const envInputs = await checkedInputs(environmentProvider, {
      projectId: madeProject.id, name: "values-env", clusterId: fx.clusterIds[0],
      environmentVariableOverrides: { TIER: "silver" }, environmentVariableAliases: { PROJECT_TIER: "TIER" },
    });
    const madeEnv = await environmentProvider.create!(envInputs);
    const mine = await own(madeEnv.id, "ENVIRONMENT");
    expect([byKey(mine, "TIER")?.variable_type, byKey(mine, "TIER")?.value]).toEqual(["OVERRIDE", "silver"]);
    expect(byKey(mine, "PROJECT_TIER")?.variable_type).toBe("ALIAS");
    await fx.client.environments.variables.create(madeEnv.id, { key: "MADE_OUTSIDE", value: "x" });
    const r = await environmentProvider.read!(madeEnv.id, madeEnv.outs as Props);
    expect((r.inputs as Props)["environmentVariables"]).toBeUndefined();
    expect((await environmentProvider.diff!(madeEnv.id, r.props as Props, envInputs)).changes).toBe(false);
    const rp = await projectProvider.read!(madeProject.id, madeProject.outs as Props);
    expect((rp.inputs as Props)["secrets"]).toEqual({ P_SECRET: "p-s3cr3t" });
    expect((await projectProvider.diff!(madeProject.id, rp.props as Props, proj)).changes).toBe(false);
  });
});
