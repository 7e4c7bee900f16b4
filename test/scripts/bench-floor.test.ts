import { replicasOf } from "../../scripts/bench-floor";

const SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const secret = (value: unknown) => ({ ...SIG, plaintext: JSON.stringify(value) });
const urn = (name: string) => `urn:pulumi:dev::shop::pulumi-nodejs:dynamic/deploy-service:Kind::${name}`;

describe("the replica floor's resources", () => {
  const exported = [
    { urn: "urn:pulumi:dev::shop::pulumi:pulumi:Stack::shop-dev", custom: false, type: "pulumi:pulumi:Stack" },
    { urn: "urn:pulumi:dev::shop::pulumi:providers:pulumi-nodejs::default", custom: true, type: "pulumi:providers:pulumi-nodejs" },
    {
      urn: urn("project"), custom: true, type: "pulumi-nodejs:dynamic/deploy-service:Project",
      inputs: { __provider: "exports.handler = ...", name: "shop" }, outputs: { __provider: "x", name: "shop", createdAt: "t" },
    },
    {
      urn: urn("api"), custom: true, type: "pulumi-nodejs:dynamic/deploy-service:Application",
      inputs: { name: "api", secrets: secret({ TOKEN: "s3cret" }), ports: [{ internalPort: 80 }] },
      outputs: { name: "api", secrets: secret({ TOKEN: "s3cret" }), login: secret("admin"), refs: { TOKEN: { id: "v1" } } },
      dependencies: [urn("project"), "urn:pulumi:dev::shop::pulumi:providers:pulumi-nodejs::default"],
    },
  ];

  it("keeps the custom resources in order, leaving out the stack, the providers and the serialized provider", () => {
    const replicas = replicasOf(exported);
    expect(replicas.map((r) => [r.name, r.type])).toEqual([
      ["project", "pulumi-nodejs:dynamic/deploy-service:Project"],
      ["api", "pulumi-nodejs:dynamic/deploy-service:Application"],
    ]);
    expect(replicas[0]!.inputs).toEqual({ name: "shop" });
    expect(replicas[0]!.outputs).toEqual({ name: "shop", createdAt: "t" });
  });

  it("decodes secrets, says which inputs held one and which outputs only the provider made secret", () => {
    const api = replicasOf(exported)[1]!;
    expect(api.inputs).toEqual({ name: "api", secrets: { TOKEN: "s3cret" }, ports: [{ internalPort: 80 }] });
    expect(api.outputs["login"]).toBe("admin");
    expect(api.secretInputs).toEqual(["secrets"]);
    expect(api.secretOutputs).toEqual(["login"]);
  });

  it("points each dependency at the index of the resource it names", () => {
    expect(replicasOf(exported).map((r) => r.dependsOn)).toEqual([[], [0]]);
  });
});
