/**
 * `LabelsGroup` and `AnnotationsGroup`: their inputs checked before any call (Kubernetes keys and values, each key
 * once, scopes), and attached by id to a service, read back without drift.
 */
import { annotationsGroupProvider } from "../../../provider/resources/annotations-group";
import { labelsGroupProvider } from "../../../provider/resources/labels-group";
import { applicationProvider } from "../../../provider/resources/application/index";
import { application } from "../../../provider/resources/application/provider";
import { fromWire, toWire } from "../../../provider/resources/application/wire";
import type { ApplicationInputs } from "../../../provider/resources/application/schema";
import { z } from "zod";
import { childCalls, defineResource } from "../../../provider/framework/define";
import { field } from "../../../provider/framework/fields";
import { groupRefFields, groupRefsFromWire, groupRefsToWire } from "../../../provider/framework/group-refs";
import { idInput, nameInput } from "../../../provider/framework/rules";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import { checkedInputs } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

type Props = Record<string, unknown>;
type Failure = { property: string; reason: string };

const fx = useFixture();

const failures = async (p: typeof labelsGroupProvider, inputs: Props): Promise<Failure[]> =>
  ((await p.check!({}, inputs)).failures ?? []) as Failure[];

describe("labels and annotations groups are checked before any call", () => {
  const labels = (list: unknown[]): Props => ({ organizationId: "org-1", name: "team", labels: list });
  const annotations = (extra: Props): Props => ({ organizationId: "org-1", name: "trace", scopes: ["PODS"], ...extra });

  it("fill the defaults: no labels, not propagated", async () => {
    expect((await checkedInputs(labelsGroupProvider, { organizationId: "org-1", name: "t" }))["labels"]).toEqual([]);
    expect((await checkedInputs(labelsGroupProvider, labels([{ key: "a", value: "" }])))["labels"]).toEqual([{ key: "a", value: "", propagateToCloudProvider: false }]);
  });

  it.each([
    ["a key with a space", labels([{ key: "my key", value: "x" }]), "labels[0].key", /Kubernetes key/],
    ["a key with an upper-case prefix", labels([{ key: "Acme.io/team", value: "x" }]), "labels[0].key", /DNS subdomain/],
    ["a key name of 64 characters", labels([{ key: "k".repeat(64), value: "x" }]), "labels[0].key", /1 to 63/],
    ["a value with a slash", labels([{ key: "team", value: "a/b" }]), "labels[0].value", /label value/],
    ["a value of 64 characters", labels([{ key: "team", value: "v".repeat(64) }]), "labels[0].value", /at most 63/],
    ["a key given twice", labels([{ key: "team", value: "a" }, { key: "team", value: "b" }]), "labels[1].key", /once.*labels\[0\]/],
    ["a blank name", { organizationId: "org-1", name: "  " }, "name", /other than whitespace/],
  ])("a labels group with %s is refused, naming the field", async (_what, inputs, property, reason) => {
    const found = (await failures(labelsGroupProvider, inputs)).find((f) => f.property === property);
    expect(found?.reason).toMatch(reason);
  });

  it.each([
    ["no scope", annotations({ scopes: [] }), "scopes", />= 1/],
    ["an unknown scope", annotations({ scopes: ["NODES"] }), "scopes[0]", /"PODS"/],
    ["a scope twice", annotations({ scopes: ["PODS", "HPA", "PODS"] }), "scopes[2]", /once/],
    ["a bad key", annotations({ annotations: [{ key: "-x", value: "1" }] }), "annotations[0].key", /Kubernetes key/],
    ["a key twice", annotations({ annotations: [{ key: "x", value: "1" }, { key: "x", value: "2" }] }), "annotations[1].key", /once/],
  ])("an annotations group with %s is refused, naming the field", async (_what, inputs, property, reason) => {
    const found = (await failures(annotationsGroupProvider, inputs)).find((f) => f.property === property);
    expect(found?.reason).toMatch(reason);
  });

  it.each([
    ["labels", labelsGroupProvider, labels(UNKNOWN as unknown as unknown[])],
    ["label keys and values", labelsGroupProvider, labels([{ key: UNKNOWN, value: UNKNOWN }, { key: UNKNOWN, value: "x" }])],
    ["scopes", annotationsGroupProvider, annotations({ scopes: [UNKNOWN, UNKNOWN] })],
    ["annotation keys", annotationsGroupProvider, annotations({ annotations: [{ key: UNKNOWN, value: "1" }, { key: UNKNOWN, value: "2" }] })],
  ])("passes check when %s are not known yet (preview)", async (_what, p, inputs) => {
    expect(await failures(p, inputs)).toEqual([]);
  });

  it("annotation values may be any text", async () => {
    const checked = await checkedInputs(annotationsGroupProvider, annotations({ annotations: [{ key: "note", value: "free text: {\"a\": 1} / ok" }] }));
    expect(checked["annotations"]).toEqual([{ key: "note", value: "free text: {\"a\": 1} / ok" }]);
  });
});

describe("groups attached to a service by id", () => {
  it("an application answers the groups it was given, read back without drift; a deleted group shows as drift", async () => {
    const lg = await labelsGroupProvider.create!(await checkedInputs(labelsGroupProvider, { organizationId: fx.orgId, name: "att-l", labels: [{ key: "team", value: "pay" }] }));
    const ag = await annotationsGroupProvider.create!(await checkedInputs(annotationsGroupProvider, { organizationId: fx.orgId, name: "att-a", scopes: ["PODS"] }));
    const inputs = await checkedInputs(applicationProvider, {
      environmentId: fx.envId, name: "grouped", gitRepository: { url: "https://github.com/acme/api.git" },
      labelsGroupIds: [lg.id], annotationsGroupIds: [ag.id],
    }) as ApplicationInputs;
    const created = await application.calls.create(fx.client, inputs, toWire(inputs) as unknown as Props);
    const read = fromWire(await fx.client.applications.get(created.id), inputs as unknown as Props);
    expect([read.labelsGroupIds, read.annotationsGroupIds]).toEqual([[lg.id], [ag.id]]);
    const stored = { ...(inputs as unknown as Props), ...(read as unknown as Props) };
    expect((await applicationProvider.diff!(created.id, stored, inputs as unknown as Props)).changes).toBe(false);

    await labelsGroupProvider.delete!(lg.id, lg.outs as Props);
    const after = fromWire(await fx.client.applications.get(created.id), stored);
    expect(after.labelsGroupIds).toEqual([]);
    const d = await applicationProvider.diff!(created.id, { ...stored, ...(after as unknown as Props) }, inputs as unknown as Props);
    expect(d.changes).toBe(true);
  });
});

describe("group references on a family with a derived body (as Database would take them)", () => {
  // A database family with the group fields of `group-refs.ts`: what `Database` gains by spreading them.
  const family = defineResource({
    kind: "DatabaseWithGroups",
    noun: "database",
    schema: z.strictObject({
      environmentId: field(idInput(), { parent: "environment" }),
      name: nameInput(255),
      type: field(z.enum(["REDIS"]), { replace: true, createOnly: true }),
      version: z.string(),
      mode: field(z.enum(["CONTAINER"]), { replace: true, createOnly: true }),
      ...groupRefFields,
    }),
    toWire: (inputs, _purpose, derived) => ({ ...derived, ...groupRefsToWire(inputs) }),
    fromWire: (record, _previous, derived) => ({ ...derived, ...groupRefsFromWire(record) }),
    calls: childCalls((client) => client.databases, "environmentId"),
  });

  it("sends [{id}], reads the ids back without drift, and a change of the ids alone is an edit", async () => {
    const g1 = await fx.client.labelsGroups.create(fx.orgId, { name: "db-l1", labels: [] });
    const g2 = await fx.client.annotationsGroups.create(fx.orgId, { name: "db-a1", annotations: [], scopes: ["PODS"] });
    const p = family.provider;
    const inputs = await checkedInputs(p, { environmentId: fx.envId, name: "grouped-db", type: "REDIS", version: "7", mode: "CONTAINER", labelsGroupIds: [g1.id] });
    const { id, outs } = await p.create!(inputs);
    expect(((await fx.client.databases.get(id)) as Props)["labels_groups"]).toEqual([expect.objectContaining({ id: g1.id, name: "db-l1" })]);
    const read = await p.read!(id, outs as Props);
    expect((read.props as Props)["labelsGroupIds"]).toEqual([g1.id]);
    expect((await p.diff!(id, read.props as Props, inputs)).changes).toBe(false);
    const news = await checkedInputs(p, { ...inputs, annotationsGroupIds: [g2.id] });
    expect((await p.diff!(id, read.props as Props, news)).changes).toBe(true);
    await p.update!(id, read.props as Props, news);
    expect(((await fx.client.databases.get(id)) as Props)["annotations_groups"]).toEqual([expect.objectContaining({ id: g2.id })]);
  });
});
