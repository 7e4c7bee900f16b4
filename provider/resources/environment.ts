import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { checkInputs } from "../framework/check";
import { deleteAndWait, parseInputs, plain, step, timestamps, type SameKeys, outputSlots } from "../framework/common";
import { apiClient } from "../framework/credentials";
import { diffInputs } from "../framework/diff";
import { readOrGone } from "../framework/errors";
import { idInput, nameInput } from "../framework/rules";
import { DeployServiceResource } from "../framework/shim";

/** Modes a program may give an environment (`PREVIEW` is set by the service only). */
export const ENVIRONMENT_MODES = ["DEVELOPMENT", "PRODUCTION", "STAGING"] as const;
/** Mode of an environment. */
export type EnvironmentMode = (typeof ENVIRONMENT_MODES)[number];

/** Inputs of an {@link Environment}. */
export interface EnvironmentArgs {
  /** Project holding the environment (wire: the `{projectId}` of the create path). Changing it replaces the environment. */
  projectId: pulumi.Input<string>;
  /** Environment name, unique within the project (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** `DEVELOPMENT`, `STAGING` or `PRODUCTION`. Default: `DEVELOPMENT`. Wire: `mode`. */
  mode?: pulumi.Input<EnvironmentMode>;
  /**
   * Cluster the environment runs on (wire: `cluster` on create, `cluster_id` in responses). Default: the
   * organization's default cluster, chosen by the service. The cluster cannot change: changing it replaces the environment.
   */
  clusterId?: pulumi.Input<string>;
}

/** Validated environment inputs: the single source of field names, types and defaults. */
export const environmentSchema = z.strictObject({
  projectId: idInput(),
  name: nameInput(255),
  mode: z.enum(ENVIRONMENT_MODES).default("DEVELOPMENT"),
  clusterId: idInput().optional(),
});
/** Environment inputs after validation (defaults applied). */
export type EnvironmentInputs = z.output<typeof environmentSchema>;
const argsMatchSchema: SameKeys<EnvironmentArgs, EnvironmentInputs> = true;
void argsMatchSchema;

type EnvironmentRecord = Awaited<ReturnType<DeployServiceClient["environments"]["get"]>>;

const KEYS = ["projectId", "name", "mode", "clusterId"] as const;

function fromWire(record: EnvironmentRecord, previous: Record<string, unknown>): EnvironmentInputs {
  const mode = record.mode as string | null | undefined;
  const inputs: EnvironmentInputs = {
    projectId: record.project?.id ?? String(previous["projectId"] ?? ""),
    name: record.name,
    // PREVIEW environments are made by the service; report it as is so the drift shows.
    mode: (mode ?? "DEVELOPMENT") as EnvironmentMode,
  };
  const clusterId = record.cluster_id ?? previous["clusterId"];
  if (typeof clusterId === "string" && clusterId !== "") inputs.clusterId = clusterId;
  return inputs;
}

function outputsOf(inputs: EnvironmentInputs, record: EnvironmentRecord): Record<string, unknown> {
  return plain({ ...inputs, clusterId: record.cluster_id ?? inputs.clusterId, ...timestamps(record) });
}

/** The dynamic provider of {@link Environment}. */
export const environmentProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return checkInputs(environmentSchema, news);
  },
  async diff(_id, olds, news) {
    return diffInputs(olds, news, {
      keys: KEYS,
      replaceOn: ["projectId", "clusterId"],
      deleteBeforeReplace: true,
      computed: ["clusterId"],
    });
  },
  async create(raw) {
    const inputs = parseInputs(environmentSchema, raw);
    const record = await step(`creating environment "${inputs.name}"`, () =>
      apiClient().environments.create(inputs.projectId, {
        name: inputs.name,
        mode: inputs.mode,
        ...(inputs.clusterId !== undefined ? { cluster: inputs.clusterId } : {}),
      }),
    );
    return { id: record.id, outs: outputsOf(inputs, record) };
  },
  async read(id, props) {
    const record = await readOrGone(() => apiClient().environments.get(id));
    if (record === undefined) return { id: "" };
    const inputs = fromWire(record, props);
    return { id, props: outputsOf(inputs, record), inputs: plain(inputs) };
  },
  async update(id, _olds, news) {
    const inputs = parseInputs(environmentSchema, news);
    const record = await step(`updating environment "${inputs.name}" (${id})`, () =>
      apiClient().environments.update(id, { name: inputs.name, mode: inputs.mode }),
    );
    return { outs: outputsOf(inputs, record) };
  },
  async delete(id, props) {
    const client = apiClient();
    await deleteAndWait(
      `environment "${String(props["name"])}" (${id})`,
      () => client.environments.delete(id),
      () => client.environments.get(id),
    );
  },
};

/**
 * An environment of a project, bound to a cluster: the container of applications, databases and deployment stages.
 *
 * @example
 * const staging = new Environment("staging", { projectId: project.id, name: "staging", mode: "STAGING", clusterId: cluster.id });
 */
export class Environment extends DeployServiceResource {
  /** Project holding the environment. */
  declare readonly projectId: pulumi.Output<string>;
  /** Environment name. */
  declare readonly name: pulumi.Output<string>;
  /** `DEVELOPMENT`, `STAGING`, `PRODUCTION` (or `PREVIEW`, set by the service). */
  declare readonly mode: pulumi.Output<string>;
  /** Cluster the environment runs on (the one the service chose when none was given). */
  declare readonly clusterId: pulumi.Output<string>;
  /** When the service created the environment (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** When the service last changed the environment (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  /**
   * @param name the Pulumi resource name.
   * @param args the environment's inputs.
   * @param opts resource options.
   */
  constructor(name: string, args: EnvironmentArgs, opts?: pulumi.CustomResourceOptions) {
    super("Environment", name, { ...outputSlots(Object.keys(environmentSchema.shape)), ...args, createdAt: undefined, updatedAt: undefined }, opts);
  }
}
