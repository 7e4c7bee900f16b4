import type * as pulumi from "@pulumi/pulumi";
import type { LabelsGroup } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { labelsGroupSchema, type LabelArgs, type LabelsGroupArgs } from "../resources/labels-group";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameUnderParentArgs } from "./family";

/** Arguments of {@link getLabelsGroupOutput}: the organization owning the group (the service reads a group only under it), and the group's id or name. */
export type GetLabelsGroupOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getLabelsGroup}: those of {@link GetLabelsGroupOutputArgs} with plain values. */
export type GetLabelsGroupArgs = PlainArgs<GetLabelsGroupOutputArgs>;

/** A label of a {@link LabelsGroupResult}, in the spelling of `LabelArgs`, every member said. */
export interface LabelResult extends Required<pulumi.Unwrap<LabelArgs>> {}

/** A labels group found by {@link getLabelsGroup} or {@link getLabelsGroupOutput}, in the spelling of `LabelsGroupArgs`. */
export interface LabelsGroupResult extends LookupResult<Pick<LabelsGroupArgs, "name" | "organizationId">, "name" | "organizationId"> {
  /** The labels, sorted by key. */
  labels: LabelResult[];
}

const labelsGroups = parentLookup<typeof labelsGroupSchema, LabelsGroup, LabelsGroupResult>("LabelsGroup", {
  schema: labelsGroupSchema, fields: ["name"], idNeedsParent: true, get: (client, id, organizationId) => client.labelsGroups.get(organizationId!, id),
  computed: (r) => ({
    labels: r.labels.map((l) => ({ key: l.key, value: l.value, propagateToCloudProvider: l.propagate_to_cloud_provider })).sort((a, b) => a.key.localeCompare(b.key)),
  }),
});

export const { findLabelsGroup,
  /**
   * Looks up a labels group of an organization by id, or by name (compared ignoring letter case, as the service does),
   * with plain values, in a Promise. None or several matching fail naming the organization's groups.
   *
   * @example
   * const team = getLabelsGroupOutput({ organizationId: org.id, name: "team-payments" });
   * new Application("api", { ..., labelsGroupIds: [team.id] });
   */
  getLabelsGroup,
  /** {@link getLabelsGroup} taking Inputs and answering an Output. */
  getLabelsGroupOutput } = lookups<"LabelsGroup", GetLabelsGroupOutputArgs, LabelsGroupResult>("LabelsGroup", labelsGroups);
