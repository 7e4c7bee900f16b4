import {
  ADVANCED_SETTING_KEYS, APPLICATION_ADVANCED_SETTINGS, CLUSTER_ADVANCED_SETTINGS, APPLICATION_DEFAULTS, BUILD_ADVANCED_SETTINGS, BadRequestError,
  COMMON_ADVANCED_SETTINGS, DATABASE_ACCESSIBILITIES, DATABASE_DEFAULTS, DATABASE_MODES, DATABASE_TYPES,
  DEFAULT_DEPLOY_TIMEOUT_SECONDS, DeployServiceClient, ENVIRONMENT_MODES, GIT_PROVIDERS, LIFECYCLE_ADVANCED_SETTINGS,
  LONG_RUNNING_ADVANCED_SETTINGS, PORT_PROTOCOLS, advancedSettingDefault, gitProviderOfUrl, gitUrlProblem,
  resolveCredentials,
} from "../../sdk";
import { JSON_HEADERS, TOKEN, mockClient } from "./support/helpers";
import { readSharedReference } from "../shared-reference";

async function rejectionOf(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

/** The reference the project reads from its checkout (never copied into it); absent, it fails in CI. */
const reference = readSharedReference<{ components: { schemas: Record<string, any> } }>("the shared enums and defaults against the reference")
  ?.components.schemas;
/** `describe` when the reference is there; without it the block is left out (the helper said so, or failed in CI). */
const withReference = (name: string, body: () => void): void => {
  if (reference) describe(name, body);
};

describe("enums and defaults the provider shares", () => {
  it("spells the enums as the service does", () => {
    expect(GIT_PROVIDERS).toEqual(["BITBUCKET", "GITHUB", "GITLAB"]);
    expect(DATABASE_TYPES).toEqual(["MONGODB", "MYSQL", "POSTGRESQL", "REDIS"]);
    expect(DATABASE_MODES).toEqual(["CONTAINER", "MANAGED"]);
    expect(DATABASE_ACCESSIBILITIES).toEqual(["PRIVATE", "PUBLIC"]);
    expect(ENVIRONMENT_MODES).toEqual(["DEVELOPMENT", "PRODUCTION", "STAGING"]);
    expect(PORT_PROTOCOLS).toEqual(["HTTP", "GRPC", "TCP", "UDP"]);
  });

  it("holds the defaults once", () => {
    expect(DEFAULT_DEPLOY_TIMEOUT_SECONDS).toBe(1800);
    expect(APPLICATION_DEFAULTS).toMatchObject({ cpu: 500, memory: 512, gpu: 0, min_running_instances: 1, max_running_instances: 1 });
    expect(DATABASE_DEFAULTS).toEqual({ cpu: 250, storage: 10, accessibility: "PRIVATE" });
  });

  withReference("against the reference", () => {
    const enumOf = (name: string) => reference![name].enum;
    /** A schema's properties, those of its `allOf` parts included. */
    const propsOf = (schema: any): Record<string, any> => ({
      ...Object.assign({}, ...((schema.allOf ?? []) as any[]).map(propsOf)),
      ...(schema.properties ?? {}),
    });
    const props = (name: string) => propsOf(reference![name]);

    it("has the reference's enums (environment modes a request may send: all but PREVIEW)", () => {
      expect([...GIT_PROVIDERS]).toEqual(enumOf("GitProviderEnum"));
      expect([...DATABASE_TYPES]).toEqual(enumOf("DatabaseTypeEnum"));
      expect([...DATABASE_MODES]).toEqual(enumOf("DatabaseModeEnum"));
      expect([...DATABASE_ACCESSIBILITIES]).toEqual(enumOf("DatabaseAccessibilityEnum"));
      expect([...PORT_PROTOCOLS]).toEqual(enumOf("PortProtocolEnum"));
      expect([...ENVIRONMENT_MODES, "PREVIEW"].sort()).toEqual([...enumOf("EnvironmentModeEnum")].sort());
    });

    it("has the reference's defaults", () => {
      const app = props("ApplicationRequest");
      for (const key of ["cpu", "memory", "gpu", "min_running_instances", "max_running_instances", "auto_preview"] as const) {
        expect([key, APPLICATION_DEFAULTS[key]]).toEqual([key, app[key].default]);
      }
      const probe = props("Probe");
      for (const [key, value] of Object.entries(APPLICATION_DEFAULTS.probe)) {
        if (key !== "http") expect([key, value]).toEqual([key, probe[key].default]);
      }
      expect(DATABASE_DEFAULTS.cpu).toBe(props("DatabaseRequest").cpu.default);
      expect(DATABASE_DEFAULTS.storage).toBe(props("DatabaseRequest").storage.default);
      expect(DATABASE_DEFAULTS.accessibility).toBe(reference!["DatabaseAccessibilityEnum"].default);
    });

    it("splits the advanced settings by the kinds the reference gives each key", () => {
      const keysOf = (name: string) => Object.keys(props(name)).sort();
      const sorted = (o: object) => Object.keys(o).sort();
      expect(sorted(APPLICATION_ADVANCED_SETTINGS)).toEqual(keysOf("ApplicationAdvancedSettings"));
      const container = keysOf("ContainerAdvancedSettings");
      const job = keysOf("JobAdvancedSettings");
      for (const key of Object.keys(COMMON_ADVANCED_SETTINGS)) expect([key, container.includes(key), job.includes(key)]).toEqual([key, true, true]);
      for (const key of Object.keys(BUILD_ADVANCED_SETTINGS)) expect([key, container.includes(key), job.includes(key)]).toEqual([key, false, true]);
      for (const key of Object.keys(LONG_RUNNING_ADVANCED_SETTINGS)) expect([key, container.includes(key), job.includes(key)]).toEqual([key, true, false]);
      for (const key of Object.keys(LIFECYCLE_ADVANCED_SETTINGS)) expect([key, container.includes(key), job.includes(key)]).toEqual([key, false, false]);
    });

    it("keeps every bound and enum the reference gives an advanced setting", () => {
      for (const [key, schema] of Object.entries(props("ApplicationAdvancedSettings")) as Array<[keyof typeof APPLICATION_ADVANCED_SETTINGS, any]>) {
        const spec = APPLICATION_ADVANCED_SETTINGS[key] as { min?: number; nullable: boolean; values?: readonly string[] };
        if (schema.minimum !== undefined) expect([key, spec.min]).toEqual([key, schema.minimum]);
        expect([key, spec.nullable]).toEqual([key, schema.nullable === true]);
        if (schema.enum !== undefined) expect([key, spec.values]).toEqual([key, schema.enum]);
      }
    });

    it("types every cluster advanced setting as the reference's ClusterAdvancedSettings does", () => {
      const KIND_OF: Record<string, string> = { integer: "integer", boolean: "boolean", string: "string", array: "stringArray", object: "stringMap" };
      const cluster = CLUSTER_ADVANCED_SETTINGS as Record<string, { kind: string; min?: number; nullable: boolean; values?: readonly string[] }>;
      expect(Object.keys(cluster).sort()).toEqual(Object.keys(props("ClusterAdvancedSettings")).sort());
      for (const [key, ref] of Object.entries(props("ClusterAdvancedSettings")) as Array<[string, any]>) {
        const schema = ref.$ref ? reference![String(ref.$ref).split("/").pop()!] : ref;
        const spec = cluster[key]!;
        const enums = schema.enum as string[] | undefined;
        expect([key, spec.kind]).toEqual([key, enums ? "enum" : KIND_OF[schema.type]]);
        if (enums) expect([key, spec.values]).toEqual([key, enums]);
        if (schema.minimum !== undefined) expect([key, spec.min]).toEqual([key, schema.minimum]);
        expect([key, spec.nullable]).toEqual([key, schema.nullable === true]);
      }
    });
  });
});

describe("the git host rule", () => {
  it.each([
    ["https://github.com/acme/api.git", "GITHUB"],
    ["https://www.github.com/acme/api", "GITHUB"],
    ["git@github.com:acme/api.git", "GITHUB"],
    ["ssh://git@ssh.github.com:443/acme/api.git", "GITHUB"],
    ["http://gitlab.com/acme/api", "GITLAB"],
    ["ssh://git@bitbucket.org/acme/api.git", "BITBUCKET"],
    ["https://gitlab.acme.io/x.git", "GITLAB"],
    ["git@gitlab.acme.io:team/x.git", "GITLAB"],
    ["https://github.corp.example/team/x", "GITHUB"],
    ["https://bitbucket.acme.io/scm/x.git", "BITBUCKET"],
    ["https://git.acme.io/x.git", undefined],
    ["https://mygitlab.acme.io/x.git", undefined],
    ["https://notgithub.com/a/b", undefined],
    ["https://github.com.evil.example/a/b", "GITHUB"],
    ["not a url", undefined],
  ])("%s -> %s", (url, provider) => {
    expect(gitProviderOfUrl(url)).toBe(provider);
  });

  it("refuses what the service cannot clone without repeating the value", () => {
    for (const url of ["ghp_abcdefSECRET", "javascript:alert(1)", "file:///srv/a.git", "https://github.com", "git@github.com:", "https://a b/c"]) {
      const problem = gitUrlProblem(url);
      expect(problem).toMatch(/^expected a git repository URL: https:\/\//);
      expect(problem).not.toContain("SECRET");
    }
    expect(gitUrlProblem("ftp://me:hunter2@git.acme.io/a.git")).not.toContain("hunter2");
  });

  it("the client refuses such a URL before sending, and a host that names no provider without one", async () => {
    const { client } = mockClient();
    const bad = await rejectionOf(client.applications.create("e1", { name: "a", git_repository: { url: "file:///srv/a.git" } }));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toContain('request field "git_repository.url": expected a git repository URL');
    const noProvider = await rejectionOf(client.applications.create("e1", { name: "a", git_repository: { url: "https://git.acme.io/a/b" } }));
    expect(noProvider.message).toContain('request field "git_repository.provider"');
  });

  it("the client derives GITLAB for a self-hosted gitlab host", async () => {
    const { pool, client } = mockClient();
    let sent: any;
    pool.intercept({ path: "/environment/e1/application", method: "POST" }).reply((opts) => {
      sent = JSON.parse(String(opts.body));
      return { statusCode: 201, data: { id: "a1", name: "web" }, responseOptions: { headers: JSON_HEADERS } };
    });
    await client.applications.create("e1", { name: "web", git_repository: { url: "https://gitlab.acme.io/x.git" } });
    expect(sent.git_repository.provider).toBe("GITLAB");
  });
});

describe("credential resolution", () => {
  it("takes given values first, then the environment; blank counts as absent", () => {
    const env = { DEPLOY_SERVICE_API_URL: "http://env.test", DEPLOY_SERVICE_API_TOKEN: "env-token" };
    expect(resolveCredentials({ url: "http://given.test", token: " given " }, env)).toEqual({ url: "http://given.test", token: "given" });
    expect(resolveCredentials({ url: "  ", token: "" }, env)).toEqual({ url: "http://env.test", token: "env-token" });
  });

  it("names every place each missing value can come from, never a value", () => {
    expect(() => resolveCredentials({}, {})).toThrow(
      "DeployServiceClient: missing the base URL (option baseUrl or DEPLOY_SERVICE_API_URL) and the API token (option token or DEPLOY_SERVICE_API_TOKEN)",
    );
    const names = { url: 'stack config "x:apiUrl"', token: 'secret stack config "x:apiToken"', who: "x" };
    expect(() => resolveCredentials({ url: "http://u.test" }, { DEPLOY_SERVICE_API_URL: "http://other.test" }, names)).toThrow(
      /^x: missing the API token \(secret stack config "x:apiToken" or DEPLOY_SERVICE_API_TOKEN\)$/,
    );
    expect(() => resolveCredentials({ token: TOKEN }, {})).not.toThrow(TOKEN);
  });

  it("the client's URL errors name the caller's sources", () => {
    const names = { url: 'stack config "x:apiUrl"', token: "t", who: "x" };
    expect(() => new DeployServiceClient({ baseUrl: "https://api.test/v1", token: "t", credentialSources: names })).toThrow(
      /^x: the base URL \(stack config "x:apiUrl" or DEPLOY_SERVICE_API_URL\) \(https:\/\/api.test\) ends with \/v1/,
    );
  });
});

describe("the advanced-settings catalogue in requests", () => {
  it("is 47 keys in four disjoint parts", () => {
    const parts = [COMMON_ADVANCED_SETTINGS, BUILD_ADVANCED_SETTINGS, LONG_RUNNING_ADVANCED_SETTINGS, LIFECYCLE_ADVANCED_SETTINGS];
    expect(parts.reduce((n, p) => n + Object.keys(p).length, 0)).toBe(47);
    expect(new Set(ADVANCED_SETTING_KEYS).size).toBe(47);
  });

  it("sends an alias in the service's spelling", async () => {
    const { pool, client } = mockClient();
    let sent: any;
    pool.intercept({ path: "/application/a1/advancedSettings", method: "PUT" }).reply((opts) => {
      sent = JSON.parse(String(opts.body));
      return { statusCode: 201, data: sent, responseOptions: { headers: JSON_HEADERS } };
    });
    await client.applications.updateAdvancedSettings("a1", { "deployment.antiaffinity.pod": "Required", "x.unknown": 1 });
    expect(sent).toEqual({ "deployment.antiaffinity.pod": "Requirred", "x.unknown": 1 });
  });

  it.each([
    ["deployment.update_strategy.rolling_update.max_surge_percent", 101, "expected at most 100"],
    ["network.ingress.whitelist_source_range", "10.0.0.0/33", '"10.0.0.0/33" is not one'],
    ["network.gateway_api.retry.http_status_codes", "502,600", "each between 100 and 599"],
    ["network.ingress.extra_headers", "X-Frame-Options: DENY", "it is not valid JSON"],
    ["network.ingress.proxy_buffering", "maybe", 'expected one of "on", "off"'],
  ])("refuses %s = %j before sending", async (key, value, text) => {
    const { client } = mockClient();
    const e = await rejectionOf(client.applications.updateAdvancedSettings("a1", { [key]: value }));
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.message).toContain(`request field "${key}"`);
    expect(e.message).toContain(text);
  });

  it("hands out copies of defaults", () => {
    const first = advancedSettingDefault("deployment.lifecycle.pre_stop_exec_command") as string[];
    first.push("changed");
    expect(advancedSettingDefault("deployment.lifecycle.pre_stop_exec_command")).toEqual(["/bin/sh", "-c", "sleep 15"]);
  });
});
