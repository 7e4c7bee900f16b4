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

/** Inputs of a {@link Project}. */
export interface ProjectArgs {
  /** Organization that owns the project (wire: the `{organizationId}` of the create path). Changing it replaces the project. */
  organizationId: pulumi.Input<string>;
  /** Project name, unique within the organization (case-insensitive), 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
}

/** Validated project inputs: the single source of field names, types and defaults. */
export const projectSchema = z.strictObject({
  organizationId: idInput(),
  name: nameInput(255),
  description: z.string().default(""),
});
/** Project inputs after validation (defaults applied). */
export type ProjectInputs = z.output<typeof projectSchema>;
const argsMatchSchema: SameKeys<ProjectArgs, ProjectInputs> = true;
void argsMatchSchema;

type ProjectRecord = Awaited<ReturnType<DeployServiceClient["projects"]["get"]>>;

const KEYS = ["organizationId", "name", "description"] as const;

/** The project's inputs as the service holds them. */
function fromWire(record: ProjectRecord, previous: Record<string, unknown>): ProjectInputs {
  return {
    organizationId: record.organization?.id ?? String(previous["organizationId"] ?? ""),
    name: record.name,
    description: record.description ?? "",
  };
}

function outputsOf(inputs: ProjectInputs, record: ProjectRecord): Record<string, unknown> {
  return plain({ ...inputs, ...timestamps(record) });
}

/** The dynamic provider of {@link Project}. */
export const projectProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return checkInputs(projectSchema, news);
  },
  async diff(_id, olds, news) {
    return diffInputs(olds, news, { keys: KEYS, replaceOn: ["organizationId"], deleteBeforeReplace: true });
  },
  async create(raw) {
    const inputs = parseInputs(projectSchema, raw);
    const record = await step(`creating project "${inputs.name}"`, () =>
      apiClient().projects.create(inputs.organizationId, { name: inputs.name, description: inputs.description }),
    );
    return { id: record.id, outs: outputsOf(inputs, record) };
  },
  async read(id, props) {
    const record = await readOrGone(() => apiClient().projects.get(id));
    if (record === undefined) return { id: "" };
    const inputs = fromWire(record, props);
    return { id, props: outputsOf(inputs, record), inputs: plain(inputs) };
  },
  async update(id, _olds, news) {
    const inputs = parseInputs(projectSchema, news);
    const record = await step(`updating project "${inputs.name}" (${id})`, () =>
      apiClient().projects.update(id, { name: inputs.name, description: inputs.description }),
    );
    return { outs: outputsOf(inputs, record) };
  },
  async delete(id, props) {
    const client = apiClient();
    await deleteAndWait(`project "${String(props["name"])}" (${id})`, () => client.projects.delete(id), () => client.projects.get(id));
  },
};

/**
 * A project of an organization: the container of environments.
 *
 * @example
 * const project = new Project("web", { organizationId: org.id, name: "web" });
 */
export class Project extends DeployServiceResource {
  /** Organization that owns the project. */
  declare readonly organizationId: pulumi.Output<string>;
  /** Project name. */
  declare readonly name: pulumi.Output<string>;
  /** Free text. */
  declare readonly description: pulumi.Output<string>;
  /** When the service created the project (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** When the service last changed the project (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  /**
   * @param name the Pulumi resource name.
   * @param args the project's inputs.
   * @param opts resource options.
   */
  constructor(name: string, args: ProjectArgs, opts?: pulumi.CustomResourceOptions) {
    super("Project", name, { ...outputSlots(Object.keys(projectSchema.shape)), ...args, createdAt: undefined, updatedAt: undefined }, opts);
  }
}
