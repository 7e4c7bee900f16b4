import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient, LabelsGroup } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { labelsGroupSchema } from "../resources/labels-group";
import { lookupPair, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getLabelsGroupOutput}: the organization, and the group's id or name. */
export interface GetLabelsGroupOutputArgs extends NameOrIdArgs {
  /** Organization owning the group (the service reads a group only under its organization). */
  organizationId: pulumi.Input<string>;
}

/** Arguments of {@link getLabelsGroup}: those of {@link GetLabelsGroupOutputArgs} with plain values. */
export type GetLabelsGroupArgs = PlainArgs<GetLabelsGroupOutputArgs>;

/** A label of a {@link LabelsGroupResult}, in the spelling of `LabelArgs`. */
export interface LabelResult {
  /** Label key. */
  key: string;
  /** Label value. */
  value: string;
  /** Whether the label is also put on the cloud provider's resources. */
  propagateToCloudProvider: boolean;
}

/** A labels group found by {@link getLabelsGroup} or {@link getLabelsGroupOutput}, in the spelling of `LabelsGroupArgs`. */
export interface LabelsGroupResult {
  /** Group id (reference it from a service's or an environment's `labelsGroupIds`). */
  id: string;
  /** Group name. */
  name: string;
  /** Organization owning the group. */
  organizationId: string;
  /** The labels, sorted by key. */
  labels: LabelResult[];
}

const labelsGroups: LookupFamily<LabelsGroup, LabelsGroupResult> = {
  lookup: "getLabelsGroup", nouns: "labels groups", key: NATURAL_KEYS["LabelsGroup"]!, idNeedsParent: true,
  get: (client, id, organizationId) => client.labelsGroups.get(organizationId!, id),
  result: (r, organizationId) => ({
    id: r.id, name: r.name, organizationId,
    labels: r.labels
      .map((l) => ({ key: l.key, value: l.value, propagateToCloudProvider: l.propagate_to_cloud_provider }))
      .sort((a, b) => a.key.localeCompare(b.key)),
  }),
};

const labelsGroupLookup = lookupPair<GetLabelsGroupOutputArgs, LabelsGroupResult, LabelsGroup>(labelsGroups);
const resultMatchesSchema: ResultMatch<LabelsGroupResult, typeof labelsGroupSchema> = true;
void resultMatchesSchema;

/**
 * Finds a labels group of an organization by id, or by name (compared exactly; the service keeps group names
 * unique in an organization, and should several ever match, the lookup fails naming them with their ids).
 */
export const findLabelsGroup: (client: DeployServiceClient, args: GetLabelsGroupArgs) => Promise<LabelsGroupResult> = labelsGroupLookup.find;

/**
 * Looks up a labels group the stack uses but does not manage, with plain arguments; give exactly one of `id` and `name`.
 *
 * @example
 * const team = await getLabelsGroup({ organizationId: "3f2a...", name: "team-payments" });
 */
export const getLabelsGroup: (args: GetLabelsGroupArgs) => Promise<LabelsGroupResult> = labelsGroupLookup.get;

/**
 * Looks up a labels group, accepting Inputs and returning an Output.
 *
 * @example
 * const team = getLabelsGroupOutput({ organizationId: org.id, name: "team-payments" });
 * new Application("api", { ..., labelsGroupIds: [team.id] });
 */
export const getLabelsGroupOutput: (args: GetLabelsGroupOutputArgs) => pulumi.Output<LabelsGroupResult> = labelsGroupLookup.getOutput;
