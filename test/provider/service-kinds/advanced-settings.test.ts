/**
 * The advanced-settings table (`provider/service-kinds/advanced-settings.ts`): one line per service kind that has
 * advanced settings, from which the kind's resource, its inline field and its part are made; the sdk group and the
 * catalogue follow from the kind.
 */
import { DeployServiceClient, SERVICE_KINDS, kindsWith } from "../../../sdk";
import { familyOf } from "../../../provider/families";
import { advancedSettingsDefinition, advancedSettingsField } from "../../../provider/service-kinds/advanced-settings";

const client = new DeployServiceClient({ baseUrl: "http://127.0.0.1:1", token: "t" });

describe("the advanced-settings table", () => {
  it("has a line for every service kind with advanced settings, each a family of the provider", () => {
    const kinds = kindsWith("advancedSettings");
    expect([...kinds].sort()).toEqual(["application", "container", "helm", "job", "terraform"]);
    // The resource's name is the kind's resource's (a terraform kind is a TerraformService).
    const resourceOf = (kind: string) => (kind === "terraform" ? "terraformService" : kind);
    for (const kind of kinds) {
      const def = advancedSettingsDefinition(kind);
      expect(def.serviceKind).toBe(kind);
      expect(def.idKey).toBe(`${resourceOf(kind)}Id`);
      expect(def.kind).toBe(`${resourceOf(kind)[0]!.toUpperCase()}${resourceOf(kind).slice(1)}AdvancedSettings`);
      expect(familyOf(def.kind)).toBeDefined();
    }
  });

  it("reaches each kind's settings through the kind's own sdk group", () => {
    for (const kind of kindsWith("advancedSettings")) {
      expect(advancedSettingsDefinition(kind).group(client)).toBe(client[SERVICE_KINDS[kind].group]);
    }
  });

  it("names the kind's settings type from its line when an inline key has no close valid name", () => {
    const named = (kind: "application" | "container" | "job") => {
      const result = advancedSettingsField(kind).safeParse({ zzzzzzzzzzzzzzzz: 1 });
      return result.success ? "" : result.error.issues.map((i) => i.message).join("; ");
    };
    expect(named("application")).toContain("see the AdvancedSettings type");
    expect(named("container")).toContain("see the ContainerAdvancedSettingsInput type");
    expect(named("job")).toContain("see the JobAdvancedSettingsInput type");
  });
});
