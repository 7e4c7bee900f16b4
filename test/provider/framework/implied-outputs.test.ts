/**
 * What the state leaves out of a resource's outputs because its inputs imply it (implied-outputs.ts): only an output
 * holding exactly the implied value; a read keeps the form it finds; a read with nothing stored keeps everything.
 */
import { emptyWhenAbsent, withImplied, withoutImplied } from "../../../provider/framework/implied-outputs";

const implied = [emptyWhenAbsent("secretAliasRefs", "secretAliases"), emptyWhenAbsent("variableRefs", "environmentVariables")];
const outs = { name: "web", secretAliasRefs: {}, variableRefs: { A: { id: "v-1" } }, environmentVariables: { A: "1" } };

describe("implied outputs", () => {
  it("are left out where the inputs imply them and the output holds that value, and put back from the inputs", () => {
    const inputs = { name: "web", environmentVariables: { A: "1" } };
    const stored = withoutImplied(outs, inputs, implied);
    expect(stored).toEqual({ name: "web", variableRefs: { A: { id: "v-1" } }, environmentVariables: { A: "1" } });
    expect(withImplied(stored, inputs, implied)).toEqual(outs);
  });

  it("are kept when they hold something else (ids left by a failed update) or the inputs declare the map", () => {
    const leftover = { ...outs, secretAliasRefs: { OLD: { id: "s-1" } } };
    expect(withoutImplied(leftover, { name: "web" }, implied)["secretAliasRefs"]).toEqual({ OLD: { id: "s-1" } });
    expect(withoutImplied(outs, { secretAliases: { B: "A" } }, implied)["secretAliasRefs"]).toEqual({});
    expect(withoutImplied({ ...outs, variableRefs: {} }, { environmentVariables: {} }, implied)["variableRefs"]).toBeUndefined();
  });

  it("keep in a read the form the state had: a state written before keeps its {}, a new one stays short", () => {
    const inputs = { name: "web", environmentVariables: { A: "1" } };
    expect(withoutImplied(outs, inputs, implied, { name: "web", secretAliasRefs: {} })["secretAliasRefs"]).toEqual({});
    expect(withoutImplied(outs, inputs, implied, { name: "web" })["secretAliasRefs"]).toBeUndefined();
  });

  it("are all kept by a read with nothing stored (a lookup of the object, an import)", () => {
    expect(withoutImplied(outs, { name: "web" }, implied, {})).toEqual(outs);
  });
});
