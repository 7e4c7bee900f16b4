import type * as pulumi from "@pulumi/pulumi";
import type { Container, DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { defined, findIn, idOf, outputForm, textOf, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";

/** Arguments of {@link getContainer} and {@link getContainerOutput}: the container's id, or its name in its environment. */
export interface GetContainerArgs extends NameOrIdArgs {
  /** Environment holding the container: needed with `name`, checked when given with `id`. */
  environmentId?: pulumi.Input<string>;
}

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

/** Finds a container by id, or by name in its environment (compared ignoring letter case, as the service does). */
export function findContainer(
  client: DeployServiceClient, environmentId: string | undefined, args: { name?: string | undefined; id?: string | undefined },
): Promise<ContainerResult> {
  return findIn(containers, client, environmentId, args);
}

/**
 * Looks up a container by id, or by name in its environment. Returns an Output (as it always has), like
 * {@link getContainerOutput}.
 *
 * @example
 * const web = getContainer({ environmentId: env.id, name: "web" });
 */
export function getContainer(args: GetContainerArgs): pulumi.Output<ContainerResult> {
  return getContainerOutput(args);
}

/**
 * Looks up a container, accepting Inputs and returning an Output.
 *
 * @example
 * const web = getContainerOutput({ environmentId: env.id, name: "web" });
 */
export function getContainerOutput(args: GetContainerArgs): pulumi.Output<ContainerResult> {
  return outputForm((client, plain: PlainArgs<GetContainerArgs>) => findContainer(client, plain.environmentId, plain), args);
}
