import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { argsSchema } from "../framework/args";
import { childCalls, computedOutputs, defineResource, type Part, type Props } from "../framework/define";
import { readOrGone } from "../framework/errors";
import { field } from "../framework/fields";
import { idInput, nameInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { moveServicesOut } from "../framework/stage-attach";
import { isUnknown } from "../framework/unknowns";
import type { AdoptableArgs } from "../framework/adoption";

/** Inputs of a {@link DeploymentStage}. */
export interface DeploymentStageArgs extends AdoptableArgs {
  /** Environment holding the stage (wire: the `{environmentId}` of the create path). Changing it replaces the stage. */
  environmentId: pulumi.Input<string>;
  /** Stage name, unique within the environment (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /**
   * Id of the stage this one runs right after (wire: `PUT /deploymentStage/{id}/moveAfter/{after}`). Not together
   * with `before`. Default: none (the stage stays where the service put it, last). Refresh reports the stage now
   * before it, so a reorder made outside Pulumi shows as drift.
   */
  after?: pulumi.Input<string>;
  /**
   * Id of the stage this one runs right before (wire: `PUT /deploymentStage/{id}/moveBefore/{before}`). Not together
   * with `after`. Default: none.
   */
  before?: pulumi.Input<string>;
}

/** What the service says of a deployment stage beyond its inputs: outputs of a {@link DeploymentStage}, members of a lookup's result. */
export interface DeploymentStageComputed {
  /** Position of the stage in the environment (wire: `deployment_order`), when the service says. */
  deploymentOrder?: number;
}

/** Validated deployment stage inputs: the single source of field names, types and defaults. */
export const deploymentStageSchema = argsSchema<DeploymentStageArgs>()(z
  .strictObject({
    environmentId: field(idInput(), { parent: "environment" }),
    name: nameInput(255),
    description: z.string().default(""),
    after: field(idInput().optional(), { wire: false }),
    before: field(idInput().optional(), { wire: false }),
  })
  .superRefine((v, ctx) => {
    // A value not known yet may still turn out to be undefined, so only two known values conflict.
    if (v.after !== undefined && v.before !== undefined && !isUnknown(v.after) && !isUnknown(v.before)) {
      ctx.addIssue({ code: "custom", path: ["before"], message: "expected either `after` or `before`, not both" });
    }
  }));
/** Deployment stage inputs after validation (defaults applied). */
export type DeploymentStageInputs = z.output<typeof deploymentStageSchema>;

type StageRecord = Awaited<ReturnType<DeployServiceClient["deploymentStages"]["get"]>>;

/** {@link DeploymentStageComputed} read from a stage's record: the resource's outputs, the lookup's members. */
export const deploymentStageComputed = computedOutputs<DeploymentStageComputed>("deploymentOrder");

/** The stage's neighbours in `ordered`, for the placement keys the program uses, and its position. */
function placement(id: string, ordered: StageRecord[], uses: { after: boolean; before: boolean }): { inputs: Props; outputs: Props } {
  const at = ordered.findIndex((s) => s.id === id);
  const inputs: Props = {};
  if (at >= 0 && uses.after && ordered[at - 1]) inputs["after"] = ordered[at - 1]!.id;
  if (at >= 0 && uses.before && ordered[at + 1]) inputs["before"] = ordered[at + 1]!.id;
  const order = at >= 0 ? ordered[at]!.deployment_order : undefined;
  return { inputs, outputs: order === undefined || order === null ? {} : { deploymentOrder: order } };
}

/** Where the stage sits: moved by a call of its own after create; read back from the environment's ordered list. */
const positionPart: Part<DeploymentStageInputs, StageRecord> = {
  action: "placing",
  keys: ["after", "before"],
  async apply({ client, id, inputs, record }) {
    const ordered = inputs.after !== undefined
      ? await client.deploymentStages.moveAfter(id, inputs.after)
      : await client.deploymentStages.moveBefore(id, inputs.before!);
    return { outputs: placement(id, ordered, { after: false, before: false }).outputs, record: ordered.find((s) => s.id === id) ?? record };
  },
  async read({ client, id, record, previous }) {
    const envId = record?.environment?.id ?? String(previous["environmentId"] ?? "");
    const ordered = (await readOrGone(() => client.deploymentStages.list(envId))) ?? [];
    return placement(id, ordered, { after: typeof previous["after"] === "string", before: typeof previous["before"] === "string" });
  },
};

/** The deployment stage family. */
export const deploymentStage = defineResource({
  kind: "DeploymentStage",
  noun: "deployment stage",
  schema: deploymentStageSchema,
  ...deploymentStageComputed,
  parts: [positionPart],
  calls: {
    ...childCalls((client) => client.deploymentStages, "environmentId"),
    // The services still in the stage move out first: the service refuses to delete a stage that holds any.
    async delete(client, id) {
      await moveServicesOut(client, id);
      await client.deploymentStages.delete(id);
    },
  },
});

/** The dynamic provider of {@link DeploymentStage}. */
export const deploymentStageProvider = deploymentStage.provider;

/**
 * An ordered group of services inside an environment: stages deploy one after the other, the services of a
 * stage in parallel. Put applications and databases in a stage with their `deploymentStageId`. Deleting a stage
 * that still holds services (their `deploymentStageId` removed in the same `up`, or services outside the stack)
 * first moves them to the environment's first other stage, where a service that names no stage goes.
 *
 * @example
 * const db = new DeploymentStage("db", { environmentId: env.id, name: "database" });
 * const api = new DeploymentStage("api", { environmentId: env.id, name: "api", after: db.id });
 *
 * @class
 */
export const DeploymentStage = serviceObjectClass<DeploymentStageArgs, typeof deploymentStageSchema, DeploymentStageComputed>(deploymentStage);
/** {@link DeploymentStage} as a type: its outputs are every input as stored and what the service computes. */
export type DeploymentStage = InstanceType<typeof DeploymentStage>;
