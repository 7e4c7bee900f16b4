import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { checkInputs } from "../framework/check";
import { deleteAndWait, parseInputs, plain, step, timestamps, type SameKeys, outputSlots } from "../framework/common";
import { apiClient } from "../framework/credentials";
import { changedKeys, diffInputs } from "../framework/diff";
import { partialFailure, readOrGone } from "../framework/errors";
import { idInput, nameInput } from "../framework/rules";
import { DeployServiceResource } from "../framework/shim";
import { isUnknown } from "../framework/unknowns";

/** Inputs of a {@link DeploymentStage}. */
export interface DeploymentStageArgs {
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

/** Validated deployment stage inputs: the single source of field names, types and defaults. */
export const deploymentStageSchema = z
  .strictObject({
    environmentId: idInput(),
    name: nameInput(255),
    description: z.string().default(""),
    after: idInput().optional(),
    before: idInput().optional(),
  })
  .superRefine((v, ctx) => {
    // A value not known yet may still turn out to be undefined, so only two known values conflict.
    if (v.after !== undefined && v.before !== undefined && !isUnknown(v.after) && !isUnknown(v.before)) {
      ctx.addIssue({ code: "custom", path: ["before"], message: "expected either `after` or `before`, not both" });
    }
  });
/** Deployment stage inputs after validation (defaults applied). */
export type DeploymentStageInputs = z.output<typeof deploymentStageSchema>;
const argsMatchSchema: SameKeys<DeploymentStageArgs, DeploymentStageInputs> = true;
void argsMatchSchema;

type StageRecord = Awaited<ReturnType<DeployServiceClient["deploymentStages"]["get"]>>;

const KEYS = ["environmentId", "name", "description", "after", "before"] as const;

/** The stage's inputs as the service holds them; its place is reported in the form the state used. */
function fromWire(record: StageRecord, ordered: StageRecord[], previous: Record<string, unknown>): DeploymentStageInputs {
  const inputs: DeploymentStageInputs = {
    environmentId: record.environment?.id ?? String(previous["environmentId"] ?? ""),
    name: record.name,
    description: record.description ?? "",
  };
  const at = ordered.findIndex((s) => s.id === record.id);
  if (typeof previous["after"] === "string" && at >= 0) {
    const prev = ordered[at - 1];
    if (prev) inputs.after = prev.id;
  }
  if (typeof previous["before"] === "string" && at >= 0) {
    const next = ordered[at + 1];
    if (next) inputs.before = next.id;
  }
  return inputs;
}

function outputsOf(inputs: DeploymentStageInputs, record: StageRecord, ordered: StageRecord[]): Record<string, unknown> {
  const order = ordered.find((s) => s.id === record.id)?.deployment_order ?? record.deployment_order;
  return plain({ ...inputs, deploymentOrder: order ?? undefined, ...timestamps(record) });
}

async function move(id: string, inputs: DeploymentStageInputs): Promise<StageRecord[] | undefined> {
  const client = apiClient();
  if (inputs.after !== undefined) return client.deploymentStages.moveAfter(id, inputs.after);
  if (inputs.before !== undefined) return client.deploymentStages.moveBefore(id, inputs.before);
  return undefined;
}

/** The dynamic provider of {@link DeploymentStage}. */
export const deploymentStageProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return checkInputs(deploymentStageSchema, news);
  },
  async diff(_id, olds, news) {
    return diffInputs(olds, news, { keys: KEYS, replaceOn: ["environmentId"], deleteBeforeReplace: true });
  },
  async create(raw) {
    const inputs = parseInputs(deploymentStageSchema, raw);
    const record = await step(`creating deployment stage "${inputs.name}"`, () =>
      apiClient().deploymentStages.create(inputs.environmentId, { name: inputs.name, description: inputs.description }),
    );
    let ordered: StageRecord[] = [];
    try {
      ordered = (await move(record.id, inputs)) ?? [];
    } catch (e) {
      const partial = plain({ ...inputs, after: undefined, before: undefined, ...timestamps(record) });
      throw partialFailure(e, `placing deployment stage "${inputs.name}" (${record.id})`, record.id, partial);
    }
    return { id: record.id, outs: outputsOf(inputs, record, ordered) };
  },
  async read(id, props) {
    const client = apiClient();
    const record = await readOrGone(() => client.deploymentStages.get(id));
    if (record === undefined) return { id: "" };
    const envId = record.environment?.id ?? String(props["environmentId"] ?? "");
    const ordered = (await readOrGone(() => client.deploymentStages.list(envId))) ?? [];
    const inputs = fromWire(record, ordered, props);
    return { id, props: outputsOf(inputs, record, ordered), inputs: plain(inputs) };
  },
  async update(id, olds, news) {
    const inputs = parseInputs(deploymentStageSchema, news);
    const changed = changedKeys(olds, inputs, KEYS);
    const client = apiClient();
    let record = changed.includes("name") || changed.includes("description")
      ? await step(`updating deployment stage "${inputs.name}" (${id})`, () =>
          client.deploymentStages.update(id, { name: inputs.name, description: inputs.description }),
        )
      : await step(`reading deployment stage (${id})`, () => client.deploymentStages.get(id));
    let ordered: StageRecord[] = [];
    if (changed.includes("after") || changed.includes("before")) {
      try {
        ordered = (await move(id, inputs)) ?? [];
      } catch (e) {
        const partial = plain({ ...inputs, after: olds["after"], before: olds["before"], ...timestamps(record) });
        throw partialFailure(e, `moving deployment stage "${inputs.name}" (${id})`, id, partial);
      }
      record = ordered.find((s) => s.id === id) ?? record;
    }
    return { outs: outputsOf(inputs, record, ordered) };
  },
  async delete(id, props) {
    const client = apiClient();
    await deleteAndWait(
      `deployment stage "${String(props["name"])}" (${id})`,
      () => client.deploymentStages.delete(id),
      () => client.deploymentStages.get(id),
    );
  },
};

/**
 * An ordered group of services inside an environment: stages deploy one after the other, the services of a
 * stage in parallel. Put applications and databases in a stage with their `deploymentStageId`.
 *
 * @example
 * const db = new DeploymentStage("db", { environmentId: env.id, name: "database" });
 * const api = new DeploymentStage("api", { environmentId: env.id, name: "api", after: db.id });
 */
export class DeploymentStage extends DeployServiceResource {
  /** Environment holding the stage. */
  declare readonly environmentId: pulumi.Output<string>;
  /** Stage name. */
  declare readonly name: pulumi.Output<string>;
  /** Free text. */
  declare readonly description: pulumi.Output<string>;
  /** Id of the stage right before this one, when placed with `after`. */
  declare readonly after: pulumi.Output<string | undefined>;
  /** Id of the stage right after this one, when placed with `before`. */
  declare readonly before: pulumi.Output<string | undefined>;
  /** Position of the stage in the environment (wire: `deployment_order`). */
  declare readonly deploymentOrder: pulumi.Output<number | undefined>;
  /** When the service created the stage (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** When the service last changed the stage (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  /**
   * @param name the Pulumi resource name.
   * @param args the stage's inputs.
   * @param opts resource options.
   */
  constructor(name: string, args: DeploymentStageArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "DeploymentStage",
      name,
      { ...outputSlots(Object.keys(deploymentStageSchema.shape)), ...args, deploymentOrder: undefined, createdAt: undefined, updatedAt: undefined },
      opts,
    );
  }
}
