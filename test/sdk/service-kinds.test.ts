/**
 * The service-kind table (`sdk/service-kinds.ts`): the lists of kinds that have a part are read from it, each kind's
 * capabilities match its endpoint group, the emulator's independent table agrees on names and wire types, and one
 * generic wait follows every kind that deploys.
 */
import {
  ADVANCED_SETTINGS_KINDS, CUSTOM_DOMAIN_SERVICE_KINDS, SERVICE_KINDS, SERVICE_KIND_NAMES, VALUE_SERVICE_SEGMENTS,
  advancedSettingsCatalogue, kindHas, kindsWith, type DeployableServiceKind, type ServiceKindInfo,
} from "../../sdk";
import { SERVICE_KINDS as EMULATOR_KINDS } from "../../emulator/models/service-kinds";
import { JSON_HEADERS, mockClient, status } from "./support/helpers";

describe("the service-kind table", () => {
  test("the kinds with a part are read from the table", () => {
    expect(SERVICE_KIND_NAMES).toEqual(["application", "container", "job", "database", "helm", "terraform"]);
    expect(kindsWith("values")).toEqual(["application", "container", "job"]);
    expect(VALUE_SERVICE_SEGMENTS).toEqual(kindsWith("values"));
    expect(ADVANCED_SETTINGS_KINDS).toEqual(kindsWith("advancedSettings"));
    expect(CUSTOM_DOMAIN_SERVICE_KINDS).toEqual(["application", "container", "helm"]);
    expect(kindsWith("logs")).toEqual(["application", "container"]);
    expect(kindsWith("deploys")).toEqual(["application", "container", "job", "database", "helm", "terraform"]);
    expect(kindsWith("advancedSettings")).toEqual(["application", "container", "job", "helm", "terraform"]);
    expect(kindHas("job", "schedule")).toBe(true);
    expect(kindHas("container", "gitSource")).toBe(false);
    expect(kindHas("nothing", "deploys")).toBe(false);
  });

  test("each kind's capabilities match its endpoint group and catalogue", () => {
    const { client } = mockClient();
    for (const kind of SERVICE_KIND_NAMES) {
      const info: ServiceKindInfo = SERVICE_KINDS[kind];
      expect(info.item("x1")).toBe(`/${kind}/x1`);
      if (info.group === undefined) {
        expect(info.has).not.toContain("deploys");
        continue;
      }
      const group = client[info.group] as unknown as Record<string, unknown>;
      expect([kind, typeof group["deploy"], typeof group["status"]]).toEqual([kind, "function", "function"]);
      expect([kind, typeof group["logs"] === "function"]).toEqual([kind, info.has.includes("logs")]);
      expect([kind, typeof group["updateAdvancedSettings"] === "function"]).toEqual([kind, info.has.includes("advancedSettings")]);
      expect([kind, group["variables"] !== undefined || kind === "application"]).toEqual([kind, info.has.includes("values")]);
      if (info.has.includes("advancedSettings")) expect(Object.keys(advancedSettingsCatalogue(kind as "job")).length).toBeGreaterThan(0);
    }
  });

  test("the emulator's own table names the same deployable kinds with the same wire types", () => {
    const emulator = Object.fromEntries(EMULATOR_KINDS.map((k) => [k.name, k.type]));
    const sdk = Object.fromEntries(kindsWith("deploys").map((k) => [k, SERVICE_KINDS[k].type]));
    expect(sdk).toEqual(emulator);
  });

  test.each(["application", "container", "job", "database", "helm"] as DeployableServiceKind[])("waitForService follows a %s", async (kind) => {
    const { client, pool } = mockClient();
    pool.intercept({ path: `/${kind}/s1/status`, method: "GET" })
      .reply(200, JSON.stringify(status("DEPLOYED", { id: "s1" })), { headers: JSON_HEADERS });
    const done = await client.waitForService(kind, "s1", { pollIntervalMs: 1 });
    expect(done.state).toBe("DEPLOYED");
  });

  test("waitForService follows a terraform service through its environment's statuses (the service has no status read of one)", async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: "/terraform/t1", method: "GET" })
      .reply(200, JSON.stringify({ id: "t1", name: "infra", environment: { id: "e1" } }), { headers: JSON_HEADERS });
    const stages = (state: string) => ({ stages: [{ terraforms: [status(state, { id: "t1" })], applications: [status("DEPLOYED", { id: "a1" })] }] });
    pool.intercept({ path: "/environment/e1/statusesWithStages", method: "GET" }).reply(200, JSON.stringify(stages("DEPLOYING")), { headers: JSON_HEADERS });
    pool.intercept({ path: "/environment/e1/statusesWithStages", method: "GET" }).reply(200, JSON.stringify(stages("DEPLOYED")), { headers: JSON_HEADERS });
    const done = await client.waitForService("terraform", "t1", { pollIntervalMs: 1 });
    expect(done).toMatchObject({ id: "t1", state: "DEPLOYED" });
  });
});
