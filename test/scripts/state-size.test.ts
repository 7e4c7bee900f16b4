import { perResource, stateBytes, stateTable } from "../../scripts/state-size";

const SIG = "4dabf18193072939515e22adb298388d";
const PROVIDER = "exports.handler = function () {};";
const secret = { [SIG]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" };

const resources = [
  { urn: "urn:pulumi:s::p::pulumi:pulumi:Stack::p-s", type: "pulumi:pulumi:Stack", custom: false, outputs: { big: "x".repeat(500) } },
  { urn: "urn:pulumi:s::p::pulumi:providers:pulumi-nodejs::default", type: "pulumi:providers:pulumi-nodejs", custom: true, inputs: {}, outputs: {} },
  {
    urn: "urn:pulumi:s::p::pulumi-nodejs:dynamic/deploy-service:Application::a", type: "pulumi-nodejs:dynamic/deploy-service:Application", custom: true,
    inputs: { __provider: PROVIDER, name: "a", secrets: { K: secret } },
    outputs: { __provider: PROVIDER, name: "a", secrets: { K: secret }, createdAt: "t" },
  },
  {
    urn: "urn:pulumi:s::p::pulumi-nodejs:dynamic/deploy-service:Project::p", type: "pulumi-nodejs:dynamic/deploy-service:Project", custom: true,
    inputs: { __provider: PROVIDER, name: "p" }, outputs: { __provider: PROVIDER, name: "p" },
  },
];

describe("the state's bytes per resource", () => {
  it("counts custom resources only, their inputs and outputs, and within them the serialized provider and the secrets' envelopes", () => {
    const { all, byType } = stateBytes(resources);
    const app = resources[2]!;
    const project = resources[3]!;
    const size = (v: unknown) => JSON.stringify(v).length;
    expect(all.resources).toBe(2);
    expect(all.inputs).toBe(size(app.inputs) + size(project.inputs));
    expect(all.outputs).toBe(size(app.outputs) + size(project.outputs));
    expect(all.provider).toBe(4 * size(PROVIDER));
    expect(all.secrets).toBe(2 * size(secret));
    expect(perResource(all)).toBe(Math.round((all.inputs + all.outputs) / 2));
    expect([...byType.keys()].sort()).toEqual(["Application", "Project"]);
    expect(byType.get("Application")!.secrets).toBe(2 * size(secret));
    expect(byType.get("Project")!.secrets).toBe(0);
    expect(stateTable(byType)[2]).toMatch(/^\| Application \| 1 \| \d+ \|/);
  });
});
