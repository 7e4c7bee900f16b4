import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { argsSchema } from "../framework/args";
import { defineResource, organizationCalls } from "../framework/define";
import { field } from "../framework/fields";
import { keyProblem, kubernetesText, labelValueProblem, refineUniqueKeys } from "../framework/kubernetes-keys";
import { idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import type { AdoptableArgs } from "../framework/adoption";

/** One Kubernetes label of a {@link LabelsGroup}. */
export interface LabelArgs {
  /** Label key, `[prefix/]name` as Kubernetes takes it (the name 1 to 63 characters); each key once per group. Wire: `key`. */
  key: pulumi.Input<string>;
  /** Label value: empty, or at most 63 letters, digits, `-`, `_` or `.`, starting and ending with a letter or digit. Wire: `value`. */
  value: pulumi.Input<string>;
  /** Also tag the cloud provider's resources made for the service (volumes, load balancers). Default: `false`. Wire: `propagate_to_cloud_provider`. */
  propagateToCloudProvider?: pulumi.Input<boolean>;
}

/** Inputs of a {@link LabelsGroup}. */
export interface LabelsGroupArgs extends AdoptableArgs {
  /** Organization that keeps the group (wire: the `{organizationId}` of the path). Changing it replaces the group. */
  organizationId: pulumi.Input<string>;
  /** Group name, 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** The labels, in order. Default: none. Wire: `labels`. */
  labels?: pulumi.Input<pulumi.Input<LabelArgs>[]>;
}

const labelSchema = z.strictObject({
  key: kubernetesText(keyProblem),
  value: kubernetesText(labelValueProblem),
  propagateToCloudProvider: z.boolean().default(false),
});

/** Validated labels group inputs: the single source of field names, types and defaults. */
export const labelsGroupSchema = argsSchema<LabelsGroupArgs>()(z
  .strictObject({
    organizationId: field(idInput(), { parent: "organization" }),
    name: nameInput(255),
    labels: z.array(labelSchema).default([]),
  })
  .superRefine((v, ctx) => refineUniqueKeys(v.labels, "labels", ctx)));
/** Labels group inputs after validation (defaults applied). */
export type LabelsGroupInputs = z.output<typeof labelsGroupSchema>;

/** The labels group family. Names need not be unique, so a replacement is created before the old group is deleted. */
export const labelsGroup = defineResource({
  kind: "LabelsGroup",
  noun: "labels group",
  schema: labelsGroupSchema,
  deleteBeforeReplace: false,
  calls: organizationCalls((client) => client.labelsGroups),
});

/** The dynamic provider of {@link LabelsGroup}. */
export const labelsGroupProvider = labelsGroup.provider;

/**
 * A named set of Kubernetes labels kept by the organization. Services (Application, Container, Job, Database) take
 * it by id in `labelsGroupIds`; the labels are set on what the service runs at its next deployment.
 *
 * @example
 * const team = new LabelsGroup("team", {
 *   organizationId: org.id, name: "team-payments",
 *   labels: [{ key: "team", value: "payments" }, { key: "cost-center", value: "cc-42", propagateToCloudProvider: true }],
 * });
 * new Application("api", { ..., labelsGroupIds: [team.id] });
 *
 * @class
 */
export const LabelsGroup = serviceObjectClass<LabelsGroupArgs, typeof labelsGroupSchema>(labelsGroup);
/** {@link LabelsGroup} as a type: its outputs are every input as stored and what the service computes. */
export type LabelsGroup = InstanceType<typeof LabelsGroup>;
