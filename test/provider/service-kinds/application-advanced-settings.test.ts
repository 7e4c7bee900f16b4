import * as pulumi from "@pulumi/pulumi";
import {
  ApplicationAdvancedSettings,
  type AdvancedSettingsInput,
  applicationAdvancedSettingsProvider as provider,
  closeKeys,
} from "../../../provider/resources/application-advanced-settings";
import { API_TOKEN_ENV, API_URL_ENV, resetCredentials } from "../../../provider/framework/credentials";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import { expandedSettingsOf } from "../../../provider/service-kinds/advanced-settings-values";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { ADVANCED_SETTING_KEYS, APPLICATION_ADVANCED_SETTINGS, DeployServiceClient, normalizeAdvancedSetting } from "../../../sdk";
import { serializedProvider } from "../../../provider/framework/shim";

type Inputs = Record<string, unknown>;

async function check(settings: unknown, applicationId: unknown = "app-1") {
  return provider.check!({}, { applicationId, settings, __provider: "x" });
}

async function diff(olds: Inputs, news: Inputs) {
  return provider.diff!("app-1", olds, news);
}

describe("ApplicationAdvancedSettings check", () => {
  it("accepts well-typed values of every kind and keeps them as written", async () => {
    const settings = {
      "deployment.custom_domain_check_enabled": false,
      "deployment.termination_grace_period_seconds": 0,
      "deployment.affinity.node.required": { "topology.kubernetes.io/zone": "eu-west-1a" },
      "deployment.antiaffinity.pod": "Required",
      "deployment.topology_spread.zone": "ScheduleAnyway",
      "deployment.lifecycle.pre_stop_exec_command": ["/bin/sh", "-c", "sleep 30"],
      "deployment.update_strategy.type": "Recreate",
      "deployment.update_strategy.rolling_update.max_surge_percent": 100,
      "build.skip_git_submodules": true,
      "network.ingress.proxy_body_size_mb": 200,
      "network.ingress.whitelist_source_range": "10.0.0.0/8, 192.168.1.1/32,2001:db8::/32",
      "network.ingress.denylist_source_range": "",
      "network.ingress.extra_headers": '{"X-Frame-Options":"DENY"}',
      "network.ingress.basic_auth_env_var": "BASIC_AUTH",
      "network.gateway_api.retry.per_try_timeout_seconds": 1,
      "network.gateway_api.retry.num_retries": null,
      "network.gateway_api.retry.retry_on": "5xx,retriable-status-codes",
      "network.gateway_api.retry.http_status_codes": "502, 503,599,100",
      "hpa.memory.average_utilization_percent": null,
    };
    const result = await check(settings);
    expect(result.failures).toBeUndefined();
    expect(result.inputs).toEqual({ applicationId: "app-1", settings });
  });

  it("accepts both spellings of the required pod anti-affinity", async () => {
    for (const v of ["Required", "Requirred", "Preferred"]) {
      expect((await check({ "deployment.antiaffinity.pod": v })).failures).toBeUndefined();
    }
  });

  it("accepts an empty settings object (manages nothing)", async () => {
    expect((await check({})).failures).toBeUndefined();
  });

  it("lets values that are unknown at preview pass, at any depth", async () => {
    expect((await check(UNKNOWN, UNKNOWN)).failures).toBeUndefined();
    const partly = await check({
      "network.gateway_api.retry.per_try_timeout_seconds": UNKNOWN,
      "deployment.lifecycle.pre_stop_exec_command": ["/bin/sh", UNKNOWN],
      "deployment.affinity.node.required": { zone: UNKNOWN },
      "network.ingress.extra_headers": UNKNOWN,
    });
    expect(partly.failures).toBeUndefined();
  });

  const P = (key: string) => `settings[${JSON.stringify(key)}]`;
  const invalid: Array<[string, unknown, string, string]> = [
    ["network.gateway_api.retry.per_try_timeout_seconds", 0, P("network.gateway_api.retry.per_try_timeout_seconds"), "expected an integer >= 1, got 0"],
    ["network.gateway_api.retry.num_retries", -1, P("network.gateway_api.retry.num_retries"), "expected an integer >= 0, got -1"],
    ["network.gateway_api.http_request_timeout_seconds", "30", P("network.gateway_api.http_request_timeout_seconds"), 'expected an integer >= 0 or null, got "30"'],
    ["network.gateway_api.http_connection_idle_timeout_seconds", -5, P("network.gateway_api.http_connection_idle_timeout_seconds"), "expected an integer >= 0, got -5"],
    ["network.gateway_api.retry.http_status_codes", "500,99", P("network.gateway_api.retry.http_status_codes"), '"99" is not one'],
    ["network.gateway_api.retry.http_status_codes", "502,600", P("network.gateway_api.retry.http_status_codes"), "each between 100 and 599"],
    ["network.gateway_api.retry.retry_on", "5xx, not a trigger", P("network.gateway_api.retry.retry_on"), '"not a trigger" is not one'],
    ["deployment.update_strategy.rolling_update.max_surge_percent", 101, P("deployment.update_strategy.rolling_update.max_surge_percent"), "expected an integer between 0 and 100, got 101"],
    ["hpa.memory.average_utilization_percent", -1, P("hpa.memory.average_utilization_percent"), "between 0 and 100, got -1"],
    ["hpa.cpu.average_utilization_percent", null, P("hpa.cpu.average_utilization_percent"), "expected an integer between 0 and 100, got null"],
    ["deployment.termination_grace_period_seconds", 1.5, P("deployment.termination_grace_period_seconds"), "expected an integer >= 0, got 1.5"],
    ["network.ingress.proxy_read_timeout_seconds", -1, P("network.ingress.proxy_read_timeout_seconds"), "expected an integer >= 0, got -1"],
    ["build.ram_max_in_gib", "8", P("build.ram_max_in_gib"), 'expected an integer >= 0, got "8"'],
    ["deployment.custom_domain_check_enabled", "yes", P("deployment.custom_domain_check_enabled"), 'expected a boolean (true or false), got "yes"'],
    ["deployment.antiaffinity.pod", "Requird", P("deployment.antiaffinity.pod"), '"Required" (sent as "Requirred"), got "Requird"'],
    ["deployment.topology_spread.zone", "Always", P("deployment.topology_spread.zone"), 'one of "Disabled", "ScheduleAnyway", "DoNotSchedule", got "Always"'],
    ["deployment.update_strategy.type", "rolling", P("deployment.update_strategy.type"), 'one of "RollingUpdate", "Recreate"'],
    ["network.ingress.proxy_buffering", "maybe", P("network.ingress.proxy_buffering"), 'one of "on", "off"'],
    ["network.ingress.extra_headers", "X-Frame-Options: DENY", P("network.ingress.extra_headers"), "it is not valid JSON"],
    ["network.ingress.extra_headers", '{"X-Count":1}', P("network.ingress.extra_headers"), 'header "X-Count" has a number value'],
    ["network.ingress.extra_headers", '["DENY"]', P("network.ingress.extra_headers"), "it is not an object"],
    ["network.ingress.whitelist_source_range", "10.0.0.0/33", P("network.ingress.whitelist_source_range"), '"10.0.0.0/33" is not one'],
    ["network.ingress.denylist_source_range", "1.2.3.4/32, example.com", P("network.ingress.denylist_source_range"), '"example.com" is not one'],
    ["network.ingress.basic_auth_env_var", "1-bad", P("network.ingress.basic_auth_env_var"), "the name of an environment variable"],
    ["network.ingress.cors_allow_origin", 5, P("network.ingress.cors_allow_origin"), "expected a string, got 5"],
    ["deployment.lifecycle.pre_stop_exec_command", "sleep 15", P("deployment.lifecycle.pre_stop_exec_command"), 'expected an array of strings, got "sleep 15"'],
    ["deployment.lifecycle.post_start_exec_command", ["echo", 1], `${P("deployment.lifecycle.post_start_exec_command")}[1]`, "expected a string, got 1"],
    ["deployment.affinity.node.required", { zone: true }, `${P("deployment.affinity.node.required")}["zone"]`, "expected a string, got true"],
    ["deployment.affinity.node.required", ["a"], P("deployment.affinity.node.required"), "expected an object mapping names to string values, got an array"],
    ["network.ingress.proxy_body_size", 100, P("network.ingress.proxy_body_size"), "close valid names: network.ingress.proxy_body_size_mb"],
    ["network.ingress.enable_cros", true, P("network.ingress.enable_cros"), "network.ingress.enable_cors"],
  ];

  it.each(invalid)("rejects %s = %j, naming the key", async (key, value, property, reason) => {
    const result = await check({ [key]: value });
    expect(result.failures).toHaveLength(1);
    expect(result.failures![0]!.property).toBe(property);
    expect(result.failures![0]!.reason).toContain(reason);
  });

  it("tells users to write nested settings flat", async () => {
    const result = await check({ network: { ingress: { enable_cors: true } } });
    expect(result.failures).toEqual([
      { property: 'settings["network"]', reason: expect.stringContaining('write the keys flat as the service spells them, e.g. "network.ingress.enable_cors"') },
    ]);
  });

  it("reports a key with no close match without guessing", async () => {
    const result = await check({ zzzzzzzzzzzzzzzz: 1 });
    expect(result.failures![0]!.reason).toContain("see the AdvancedSettings type for the 47 valid keys");
  });

  it("reports every failure at once, and checks applicationId and the settings object itself", async () => {
    const many = await check({ "build.timeout_max_sec": -1, "security.read_only_root_filesystem": 1 }, "");
    expect(many.failures!.map((f) => f.property).sort()).toEqual([
      "applicationId",
      P("build.timeout_max_sec"),
      P("security.read_only_root_filesystem"),
    ]);
    expect((await check("not an object")).failures).toEqual([
      { property: "settings", reason: expect.stringContaining('got "not an object"') },
    ]);
    expect((await check(undefined)).failures![0]).toEqual({ property: "settings", reason: expect.stringContaining("is required") });
  });
});

describe("advanced settings catalogue", () => {
  it("knows the 47 keys with defaults that pass its own checks", async () => {
    expect(ADVANCED_SETTING_KEYS).toHaveLength(47);
    const defaults = Object.fromEntries(ADVANCED_SETTING_KEYS.map((k) => [k, APPLICATION_ADVANCED_SETTINGS[k].default]));
    expect((await check(defaults)).failures).toBeUndefined();
  });

  it("normalises the service's string answers to typed values", () => {
    expect(normalizeAdvancedSetting("network.ingress.enable_cors", "true")).toBe(true);
    expect(normalizeAdvancedSetting("network.ingress.enable_cors", "FALSE")).toBe(false);
    expect(normalizeAdvancedSetting("network.ingress.proxy_read_timeout_seconds", "60")).toBe(60);
    expect(normalizeAdvancedSetting("network.gateway_api.retry.num_retries", "")).toBeNull();
    expect(normalizeAdvancedSetting("deployment.antiaffinity.pod", "Required")).toBe("Requirred");
    expect(normalizeAdvancedSetting("deployment.lifecycle.pre_stop_exec_command", '["a","b"]')).toEqual(["a", "b"]);
    expect(normalizeAdvancedSetting("network.ingress.extra_headers", '{ "b": "1", "a": "2" }')).toBe('{"a":"2","b":"1"}');
    expect(normalizeAdvancedSetting("network.ingress.whitelist_source_range", "10.0.0.0/8 , 1.2.3.4/32")).toBe("10.0.0.0/8,1.2.3.4/32");
    expect(normalizeAdvancedSetting("network.ingress.proxy_read_timeout_seconds", "sixty")).toBe("sixty");
  });

  it("suggests keys by a shared last segment", () => {
    expect(closeKeys("ingress.proxy_read_timeout_seconds")).toContain("network.ingress.proxy_read_timeout_seconds");
  });
});

describe("ApplicationAdvancedSettings diff", () => {
  const stored = {
    applicationId: "app-1",
    settings: {
      "network.ingress.proxy_read_timeout_seconds": "60",
      "network.ingress.enable_cors": "true",
      "deployment.antiaffinity.pod": "Requirred",
      "network.ingress.extra_headers": '{"b": "1", "a": "2"}',
      "network.ingress.whitelist_source_range": "10.0.0.0/8, 1.2.3.4/32",
      "deployment.affinity.node.required": { b: "2", a: "1" },
      "network.gateway_api.retry.num_retries": null,
    },
    effectiveSettings: { "build.timeout_max_sec": 9999, "network.ingress.proxy_body_size_mb": "1" },
  };
  const desired = {
    applicationId: "app-1",
    settings: {
      "network.ingress.proxy_read_timeout_seconds": 60,
      "network.ingress.enable_cors": true,
      "deployment.antiaffinity.pod": "Required",
      "network.ingress.extra_headers": '{"a":"2","b":"1"}',
      "network.ingress.whitelist_source_range": "10.0.0.0/8,1.2.3.4/32",
      "deployment.affinity.node.required": { a: "1", b: "2" },
      "network.gateway_api.retry.num_retries": null,
    },
  };
  const withSetting = (key: string, value: unknown) => ({ ...desired, settings: { ...desired.settings, [key]: value } });

  it("shows no change when the managed keys match after normalisation, whatever the unmanaged keys hold", async () => {
    expect(await diff(stored, desired)).toEqual({ changes: false });
  });

  it("shows a change of a managed value", async () => {
    expect(await diff(stored, withSetting("network.ingress.proxy_read_timeout_seconds", 61))).toEqual({ changes: true });
    expect(await diff(stored, withSetting("network.gateway_api.retry.num_retries", 0))).toEqual({ changes: true });
  });

  it("shows a change when a key is added or removed from the program", async () => {
    expect(await diff(stored, withSetting("build.timeout_max_sec", 9999))).toEqual({ changes: true });
    const { ["network.ingress.enable_cors"]: _removed, ...rest } = desired.settings;
    expect(await diff(stored, { ...desired, settings: rest })).toEqual({ changes: true });
  });

  it("treats values unknown at preview as changes", async () => {
    expect(await diff(stored, withSetting("network.ingress.enable_cors", UNKNOWN))).toEqual({ changes: true });
    expect(await diff(stored, { ...desired, settings: UNKNOWN })).toEqual({ changes: true });
  });

  it("replaces when the application changes", async () => {
    const result = await diff(stored, { ...desired, applicationId: "app-2" });
    expect(result.changes).toBe(true);
    expect(result.replaces).toEqual(["applicationId"]);
  });
});

describe("ApplicationAdvancedSettings resource class", () => {
  it("registers its type token, thin provider and every output", async () => {
    const registered: Array<{ type: string; inputs: Record<string, unknown> }> = [];
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push({ type: args.type, inputs: args.inputs as Record<string, unknown> });
          // What the state keeps: the keys off the catalogue's default.
          return { id: String(args.inputs["applicationId"]), state: { ...args.inputs, effectiveSettings: { "build.timeout_max_sec": 9999 } } };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    const typed: AdvancedSettingsInput = { "network.ingress.enable_cors": true, "deployment.antiaffinity.pod": "Required" };
    // @ts-expect-error a misspelt key does not compile
    const misspelt: AdvancedSettingsInput = { "network.ingress.enable_cros": true };
    expect(misspelt).toBeDefined();
    const resource = new ApplicationAdvancedSettings("web-settings", { applicationId: "app-1", settings: typed });
    const effective = await new Promise((resolve) => resource.effectiveSettings.apply(resolve));
    const settings = await new Promise((resolve) => resource.settings.apply(resolve));
    // The program reads every key: the catalogue's defaults put back under the stored ones.
    const defaults = Object.fromEntries(ADVANCED_SETTING_KEYS.map((k) => [k, APPLICATION_ADVANCED_SETTINGS[k].default]));
    expect(effective).toEqual({ ...defaults, "build.timeout_max_sec": 9999 });
    expect(settings).toEqual(typed);
    expect(registered).toHaveLength(1);
    expect(registered[0]!.type).toBe("pulumi-nodejs:dynamic/deploy-service:ApplicationAdvancedSettings");
    expect(String(registered[0]!.inputs["__provider"])).toBe(serializedProvider("ApplicationAdvancedSettings"));
  });
});

describe("ApplicationAdvancedSettings lifecycle against the emulator", () => {
  let emulator: RunningEmulator;
  let client: DeployServiceClient;
  let applicationId: string;
  const savedEnv = { url: process.env[API_URL_ENV], token: process.env[API_TOKEN_ENV] };

  const serviceValue = async (key: string) =>
    normalizeAdvancedSetting(key as (typeof ADVANCED_SETTING_KEYS)[number], (await client.applications.getAdvancedSettings(applicationId))[key]);

  beforeAll(async () => {
    emulator = await startEmulator({ stepMs: 0, quiet: true });
    process.env[API_URL_ENV] = emulator.url;
    process.env[API_TOKEN_ENV] = emulator.tokens.admin;
    resetCredentials();
    client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin });
    const project = await client.projects.create(emulator.ids.organizationId, { name: "advanced-settings" });
    const environment = await client.environments.create(project.id, {
      name: "dev",
      cluster: emulator.ids.clusterIds[0],
      mode: "DEVELOPMENT",
    });
    const application = await client.applications.create(environment.id, {
      name: "web",
      git_repository: { url: "https://github.com/acme/web.git", provider: "GITHUB", branch: "main" },
      healthchecks: {},
    });
    applicationId = application.id;
  });

  afterAll(async () => {
    for (const [name, value] of [[API_URL_ENV, savedEnv.url], [API_TOKEN_ENV, savedEnv.token]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetCredentials();
    await emulator?.close();
  });

  const program = () => ({
    applicationId,
    settings: {
      "network.ingress.proxy_body_size_mb": 200,
      "network.ingress.enable_cors": true,
      "deployment.antiaffinity.pod": "Required",
      "network.gateway_api.retry.retry_on": "5xx,retriable-status-codes",
      "network.gateway_api.retry.http_status_codes": "502,503",
      "network.ingress.extra_headers": '{"X-Frame-Options":"DENY"}',
    } as Record<string, unknown>,
  });
  let state: Record<string, unknown> = {};

  it("a fresh application reports the catalogue's default for every key", async () => {
    const reported = await client.applications.getAdvancedSettings(applicationId);
    const mismatches = ADVANCED_SETTING_KEYS.filter(
      (key) => JSON.stringify(normalizeAdvancedSetting(key, reported[key])) !== JSON.stringify(APPLICATION_ADVANCED_SETTINGS[key].default),
    );
    expect(mismatches).toEqual([]);
  });

  it("create sends only the program's keys and reports all of them", async () => {
    await client.applications.updateAdvancedSettings(applicationId, { "build.timeout_max_sec": 999 });
    const checked = await provider.check!({}, program());
    expect(checked.failures).toBeUndefined();
    const created = await provider.create(checked.inputs);
    expect(created.id).toBe(applicationId);
    state = created.outs;
    expect(state["settings"]).toEqual(program().settings);
    // The state keeps the keys off the catalogue's default only: the program's (but the one it sets to the default)
    // and the one changed outside; the resource class puts the others back.
    const effective = state["effectiveSettings"] as Record<string, unknown>;
    expect(Object.keys(effective).sort()).toEqual([...Object.keys(program().settings), "build.timeout_max_sec"].sort());
    expect(Object.keys(expandedSettingsOf("application", effective)).sort()).toEqual([...ADVANCED_SETTING_KEYS].sort());
    expect(effective["deployment.antiaffinity.pod"]).toBe("Requirred");
    expect(await serviceValue("deployment.antiaffinity.pod")).toBe("Requirred");
    expect(await serviceValue("network.ingress.proxy_body_size_mb")).toBe(200);
    expect(await serviceValue("network.gateway_api.retry.http_status_codes")).toBe("502,503");
    // A key the program does not set keeps what it had.
    expect(await serviceValue("build.timeout_max_sec")).toBe(999);
  });

  it("shows no change when nothing changed", async () => {
    expect(await provider.diff!(applicationId, state, program())).toEqual({ changes: false });
  });

  it("refresh keeps the form the state has: compact, or full as states before the compact form (nothing to show after an upgrade)", async () => {
    const compact = (await provider.read!(applicationId, state)).props as Record<string, unknown>;
    expect(compact["effectiveSettings"]).toEqual(state["effectiveSettings"]);
    const full = expandedSettingsOf("application", state["effectiveSettings"] as Record<string, unknown>);
    const kept = (await provider.read!(applicationId, { ...state, effectiveSettings: full })).props as Record<string, unknown>;
    expect(kept["effectiveSettings"]).toEqual(full);
    expect(Object.keys(kept["effectiveSettings"] as object)).toHaveLength(ADVANCED_SETTING_KEYS.length);
  });

  it("update sets changed keys and resets removed ones to the default", async () => {
    const next = program();
    next.settings["network.ingress.proxy_body_size_mb"] = 300;
    next.settings["hpa.cpu.average_utilization_percent"] = 80;
    delete next.settings["network.ingress.enable_cors"];
    expect((await provider.diff!(applicationId, state, next)).changes).toBe(true);
    const updated = await provider.update!(applicationId, state, next);
    state = updated.outs;
    expect(await serviceValue("network.ingress.proxy_body_size_mb")).toBe(300);
    expect(await serviceValue("hpa.cpu.average_utilization_percent")).toBe(80);
    expect(await serviceValue("network.ingress.enable_cors")).toBe(false);
    expect(await serviceValue("deployment.antiaffinity.pod")).toBe("Requirred");
    expect(await serviceValue("build.timeout_max_sec")).toBe(999);
    expect(state["settings"]).toEqual(next.settings);
    expect(await provider.diff!(applicationId, state, next)).toEqual({ changes: false });
  });

  it("read shows a change made outside as drift on managed keys only, and the next update restores it", async () => {
    const desired = { ...state, settings: state["settings"] } as Record<string, unknown>;
    await client.applications.updateAdvancedSettings(applicationId, {
      "network.ingress.proxy_body_size_mb": 5,
      "build.timeout_max_sec": 123,
    });
    const read = await provider.read!(applicationId, state);
    expect(read.id).toBe(applicationId);
    const readSettings = (read.props as Record<string, unknown>)["settings"] as Record<string, unknown>;
    expect(readSettings["network.ingress.proxy_body_size_mb"]).toBe(5);
    expect(Object.keys(readSettings).sort()).toEqual(Object.keys(desired["settings"] as object).sort());
    expect(read.inputs).toEqual({ applicationId, settings: readSettings });
    expect(((read.props as Record<string, unknown>)["effectiveSettings"] as Record<string, unknown>)["build.timeout_max_sec"]).toBe(123);

    const news = { applicationId, settings: desired["settings"] };
    expect((await provider.diff!(applicationId, read.props!, news)).changes).toBe(true);
    state = (await provider.update!(applicationId, read.props!, news)).outs;
    expect(await serviceValue("network.ingress.proxy_body_size_mb")).toBe(300);
    expect(await serviceValue("build.timeout_max_sec")).toBe(123);
  });

  it("delete puts the managed keys back to the service's defaults and leaves the others", async () => {
    await provider.delete!(applicationId, state);
    const reported = await client.applications.getAdvancedSettings(applicationId);
    for (const key of Object.keys(state["settings"] as object) as Array<(typeof ADVANCED_SETTING_KEYS)[number]>) {
      expect([key, normalizeAdvancedSetting(key, reported[key])]).toEqual([key, APPLICATION_ADVANCED_SETTINGS[key].default]);
    }
    expect(normalizeAdvancedSetting("build.timeout_max_sec", reported["build.timeout_max_sec"])).toBe(123);
  });

  it("a refused token is an error saying so, never 'gone'", async () => {
    process.env[API_TOKEN_ENV] = "not-a-valid-token";
    resetCredentials();
    try {
      await expect(provider.read!(applicationId, state)).rejects.toThrow(/token was refused \(401\)/);
      await expect(provider.read!(applicationId, state)).rejects.not.toThrow(/not-a-valid-token/);
    } finally {
      process.env[API_TOKEN_ENV] = emulator.tokens.admin;
      resetCredentials();
    }
  });

  it("after the application is deleted, read empties the id and delete succeeds twice", async () => {
    await client.applications.delete(applicationId);
    await client.waitUntilGone(() => client.applications.get(applicationId), { timeoutMs: 10_000 });
    expect(await provider.read!(applicationId, state)).toEqual({ id: "" });
    await expect(provider.delete!(applicationId, state)).resolves.toBeUndefined();
    await expect(provider.delete!(applicationId, state)).resolves.toBeUndefined();
  });

  it("create on a missing application fails naming it and the status", async () => {
    await expect(
      provider.create({ applicationId: "00000000-0000-4000-8000-000000000000", settings: { "build.timeout_max_sec": 60 } }),
    ).rejects.toThrow(/application 00000000-0000-4000-8000-000000000000 failed \(HTTP 404\)/);
  });
});
