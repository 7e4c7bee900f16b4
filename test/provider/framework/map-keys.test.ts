/**
 * Keys JavaScript treats specially (`__proto__`, `constructor`, `prototype`) as keys of an owner's variable maps:
 * `constructor` and `prototype` are kept and sent like any key (created, read back, changed, removed); `__proto__`,
 * which a JavaScript object and Pulumi's provider protocol drop on the way, is refused with a message naming it,
 * never silently dropped.
 */
import * as pulumi from "@pulumi/pulumi";
import { Application, Project } from "../../../provider";
import { applicationProvider } from "../../../provider/resources/application/index";
import { projectProvider } from "../../../provider/resources/project";
import { providerFor } from "../../../provider/runtime";
import { checkedInputs } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture();

/** A map with `entries` as own keys, whatever their names (a literal `{ __proto__: ... }` would set the prototype). */
function mapOf(entries: Record<string, unknown> | Array<[string, unknown]>): Props {
  const out: Props = {};
  for (const [k, v] of Array.isArray(entries) ? entries : Object.entries(entries)) {
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

describe("special keys of variable maps", () => {
  it("refuses __proto__ as a key of any map of any owner, naming the map and the key", async () => {
    const owners: Array<[string, Props]> = [
      ["Project", { organizationId: "o1", name: "p" }],
      ["Environment", { projectId: "p1", name: "e" }],
      ["Application", { environmentId: "e1", name: "a", gitRepository: { url: "https://github.com/acme/api.git" } }],
      ["Container", { environmentId: "e1", name: "c", registryId: "r1", imageName: "nginx", tag: "1" }],
    ];
    for (const [kind, base] of owners) {
      for (const [map, value] of [["environmentVariables", "v"], ["secrets", "s3cr3t-proto"], ["secretFiles", { mountPath: "/a", value: "x" }]] as const) {
        const r = await providerFor(kind).check!({}, { ...base, [map]: mapOf([["__proto__", value], ["OK", value]]) });
        expect({ kind, map, failures: r.failures }).toEqual({
          kind, map, failures: [{ property: `${map}.__proto__`, reason: expect.stringContaining('the key "__proto__"') }],
        });
        expect(JSON.stringify(r.failures)).not.toContain("s3cr3t-proto");
      }
    }
  });

  it("a program giving __proto__ as a key fails at the resource, naming it (the provider would never see it)", async () => {
    await pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: (a) => a.inputs }, "project", "stack", false);
    expect(() => new Project("p", { organizationId: "o1", name: "p", environmentVariables: mapOf([["__proto__", "x"]]) as Record<string, string> }))
      .toThrow('Project "p": environmentVariables.__proto__: the key "__proto__" cannot be kept');
    expect(() => new Application("a", {
      environmentId: "e1", name: "a", gitRepository: { url: "https://github.com/acme/api.git" }, secrets: mapOf([["__proto__", "s3cr3t-proto"]]) as Record<string, string>,
    })).toThrow(/secrets\.__proto__: the key "__proto__"/);
    // Other special keys are kept.
    expect(() => new Project("q", { organizationId: "o1", name: "q", environmentVariables: mapOf({ constructor: "c" }) as Record<string, string> })).not.toThrow();
  });

  it("keeps constructor and prototype as keys: created, read back, changed and removed", async () => {
    const vars = mapOf({ constructor: "c1", prototype: "p1", PLAIN: "x" });
    const secrets = mapOf({ toString: "s1", hasOwnProperty: "s2" });
    const inputs = await checkedInputs(projectProvider, { organizationId: fx.orgId, name: "special-keys", environmentVariables: vars, secrets });
    expect(Object.keys(inputs["environmentVariables"] as Props).sort()).toEqual(["PLAIN", "constructor", "prototype"]);
    const made = await projectProvider.create!(inputs);
    const listed = async () => (await fx.client.variables.list({ parentId: made.id, scope: "PROJECT" }))
      .filter((v) => v.scope === "PROJECT").map((v) => `${v.key}=${v.is_secret ? "(secret)" : v.value}`).sort();
    expect(await listed()).toEqual(["PLAIN=x", "constructor=c1", "hasOwnProperty=(secret)", "prototype=p1", "toString=(secret)"]);
    const outs = made.outs as Props;
    expect(Object.keys(outs["variableRefs"] as Props).sort()).toEqual(["PLAIN", "constructor", "prototype"]);
    expect(typeof (outs["variableRefs"] as Record<string, { id?: unknown }>)["constructor"]!.id).toBe("string");

    // A refresh reads them back as they are: no change.
    const read = await projectProvider.read!(made.id, outs);
    expect((await projectProvider.diff!(made.id, read.props as Props, inputs)).changes).toBe(false);

    // Changed and removed like any key.
    const next = await checkedInputs(projectProvider, {
      organizationId: fx.orgId, name: "special-keys", environmentVariables: mapOf({ prototype: "p2", PLAIN: "x" }), secrets: mapOf({ hasOwnProperty: "s2" }),
    });
    const updated = await projectProvider.update!(made.id, read.props as Props, next);
    expect(await listed()).toEqual(["PLAIN=x", "hasOwnProperty=(secret)", "prototype=p2"]);
    expect(Object.keys((updated.outs as Props)["variableRefs"] as Props).sort()).toEqual(["PLAIN", "prototype"]);
    await projectProvider.delete!(made.id, updated.outs as Props);
  });

  it("a service's initial import keeps them too, and an update removes them", async () => {
    const base = { environmentId: fx.envId, name: "special-keys-app", gitRepository: { url: "https://github.com/acme/api.git" } };
    const inputs = await checkedInputs(applicationProvider, { ...base, environmentVariables: mapOf({ constructor: "c1", PLAIN: "x" }), secrets: mapOf({ prototype: "s1" }) });
    const made = await applicationProvider.create!(inputs);
    const listed = async () => (await fx.client.variables.list({ parentId: made.id, scope: "APPLICATION" }))
      .filter((v) => v.scope === "APPLICATION").map((v) => v.key).sort();
    expect(await listed()).toEqual(["PLAIN", "constructor", "prototype"]);
    const refs = made.outs as Record<string, Record<string, { id?: unknown }>>;
    expect(Object.keys(refs["secretRefs"]!)).toEqual(["prototype"]);
    expect(Object.keys(refs["variableRefs"]!).sort()).toEqual(["PLAIN", "constructor"]);
    const next = await checkedInputs(applicationProvider, { ...base, environmentVariables: mapOf({ PLAIN: "y" }), secrets: {} });
    await applicationProvider.update!(made.id, made.outs as Props, next);
    expect(await listed()).toEqual(["PLAIN"]);
    await applicationProvider.delete!(made.id, made.outs as Props);
  });
});
