/** Lifecycle rows of area D: `LabelsGroup` and `AnnotationsGroup`, organization-level. */
import { annotationsGroup } from "../../../provider/resources/annotations-group";
import { labelsGroup } from "../../../provider/resources/labels-group";
import { fromDefinition, type LifecycleRow } from "../support/lifecycle-row";

const str = (v: unknown) => String(v);

export const rows: LifecycleRow[] = [
  {
    ...fromDefinition(labelsGroup),
    inputs: (fx) => ({ organizationId: fx.orgId, name: "lc-labels", labels: [{ key: "team", value: "payments" }] }),
    update: (_fx, base) => ({
      ...base, name: "lc-labels-2",
      labels: [{ key: "team", value: "billing" }, { key: "acme.io/cost-center", value: "cc-42", propagateToCloudProvider: true }],
    }),
    expectUpdated: async (fx, id) => {
      const g = await fx.client.labelsGroups.get(fx.orgId, id);
      expect([g.name, g.labels]).toEqual(["lc-labels-2", [
        { key: "team", value: "billing", propagate_to_cloud_provider: false },
        { key: "acme.io/cost-center", value: "cc-42", propagate_to_cloud_provider: true },
      ]]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.labelsGroups.update(fx.orgId, id, { name: str(props["name"]), labels: [{ key: "owner", value: "ops", propagate_to_cloud_provider: true }] });
      return (read) => expect(read["labels"]).toEqual([{ key: "owner", value: "ops", propagateToCloudProvider: true }]);
    },
  },
  {
    ...fromDefinition(annotationsGroup),
    inputs: (fx) => ({ organizationId: fx.orgId, name: "lc-annotations", annotations: [{ key: "a.io/x", value: "1" }], scopes: ["PODS"] }),
    update: (_fx, base) => ({ ...base, annotations: [{ key: "a.io/x", value: "2" }, { key: "note", value: "any text: ok" }], scopes: ["PODS", "SERVICES"] }),
    expectUpdated: async (fx, id) => {
      const g = await fx.client.annotationsGroups.get(fx.orgId, id);
      expect([g.annotations, g.scopes]).toEqual([[{ key: "a.io/x", value: "2" }, { key: "note", value: "any text: ok" }], ["PODS", "SERVICES"]]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.annotationsGroups.update(fx.orgId, id, { name: str(props["name"]), annotations: [], scopes: ["INGRESS"] });
      return (read) => expect([read["annotations"], read["scopes"]]).toEqual([[], ["INGRESS"]]);
    },
  },
];
