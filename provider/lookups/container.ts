import type * as pulumi from "@pulumi/pulumi";
import type { Container, DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { containerSchema } from "../resources/container";
import { defined, idOf, lookupPair, textOf, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getContainerOutput}: the container's id, or its name in its environment. */
export interface GetContainerOutputArgs extends NameOrIdArgs {
  /** Environment holding the container: needed with `name`, checked when given with `id`. */
  environmentId?: pulumi.Input<string>;
}

/** Arguments of {@link getContainer}: those of {@link GetContainerOutputArgs} with plain values. */
export type GetContainerArgs = PlainArgs<GetContainerOutputArgs>;

/** A container found by {@link getContainer} or {@link getContainerOutput}, in the spelling of `ContainerArgs`. */
export interface ContainerResult {
  /** Container id. */
  id: string;
  /** Container name. */
  name: string;
  /** Environment holding the container. */
  environmentId: string;
  /** Registry the image comes from, when the service says. */
  registryId?: string;
  /** Image name inside the registry. */
  imageName?: string;
  /** Image tag. */
  tag?: string;
}

const containers: LookupFamily<Container, ContainerResult> = {
  lookup: "getContainer", nouns: "containers", key: NATURAL_KEYS["Container"]!,
  get: (client, id) => client.containers.get(id),
  parentOf: (r) => idOf((r as { environment?: unknown }).environment),
  result: (r, environmentId) => {
    const record = r as unknown as Record<string, unknown>;
    return defined<ContainerResult>({
      id: r.id, name: r.name, environmentId, registryId: textOf(record["registry_id"]) ?? idOf(record["registry"]),
      imageName: textOf(record["image_name"]), tag: textOf(record["tag"]),
    });
  },
};

const containerLookup = lookupPair<GetContainerOutputArgs, ContainerResult, Container>(containers);
const resultMatchesSchema: ResultMatch<ContainerResult, typeof containerSchema> = true;
void resultMatchesSchema;

/** Finds a container by id, or by name in its environment (compared ignoring letter case, as the service does). */
export const findContainer: (client: DeployServiceClient, args: GetContainerArgs) => Promise<ContainerResult> = containerLookup.find;

/**
 * Looks up a container by id, or by name in its environment, with plain arguments, in a Promise (in 0.1 it
 * returned an Output, as {@link getContainerOutput} does).
 *
 * @example
 * const web = await getContainer({ environmentId: "5e0b...", name: "web" });
 */
export const getContainer: (args: GetContainerArgs) => Promise<ContainerResult> = containerLookup.get;

/**
 * Looks up a container, accepting Inputs and returning an Output.
 *
 * @example
 * const web = getContainerOutput({ environmentId: env.id, name: "web" });
 */
export const getContainerOutput: (args: GetContainerOutputArgs) => pulumi.Output<ContainerResult> = containerLookup.getOutput;
