import type * as pulumi from "@pulumi/pulumi";
import type { ContainerRegistry, DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { defined, findIn, outputForm, textOf, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";

/** Arguments of {@link getContainerRegistry} and {@link getContainerRegistryOutput}: the organization, and the registry's name or id. */
export interface GetContainerRegistryArgs extends NameOrIdArgs {
  /** Organization owning the registry (the service reads a registry only under its organization). */
  organizationId: pulumi.Input<string>;
}

/** A container registry found by {@link getContainerRegistry} or {@link getContainerRegistryOutput}. Its credentials are never part of it. */
export interface ContainerRegistryResult {
  /** Registry id (use it as a container's or job's `registryId`). */
  id: string;
  /** Registry name. */
  name: string;
  /** Organization owning the registry. */
  organizationId: string;
  /** Kind, e.g. `DOCKER_HUB`, `ECR`, `GENERIC_CR`. */
  kind: string;
  /** Registry URL, when the service says. */
  url?: string;
  /** Free text, when the service says. */
  description?: string;
}

const registries: LookupFamily<ContainerRegistry, ContainerRegistryResult> = {
  lookup: "getContainerRegistry", nouns: "container registries", key: NATURAL_KEYS["ContainerRegistry"]!, idNeedsParent: true,
  get: (client, id, organizationId) => client.containerRegistries.get(organizationId!, id),
  result: (r, organizationId) => defined<ContainerRegistryResult>({
    id: r.id, name: r.name, organizationId, kind: String(r.kind ?? ""), url: textOf(r.url), description: textOf(r.description),
  }),
};

/** Finds a container registry of an organization by name (compared ignoring letter case, as the service does) or id. */
export function findContainerRegistry(
  client: DeployServiceClient, organizationId: string, args: { name?: string | undefined; id?: string | undefined },
): Promise<ContainerRegistryResult> {
  return findIn(registries, client, organizationId, args);
}

/**
 * Looks up a container registry of an organization by name or by id. Returns an Output (as it always has), like
 * {@link getContainerRegistryOutput}.
 *
 * @example
 * const hub = getContainerRegistry({ organizationId: org.id, name: "docker-hub" });
 * new Job("report", { ..., source: { image: { registryId: hub.id, imageName: "acme/report", tag: "1.4.0" } } });
 */
export function getContainerRegistry(args: GetContainerRegistryArgs): pulumi.Output<ContainerRegistryResult> {
  return getContainerRegistryOutput(args);
}

/**
 * Looks up a container registry, accepting Inputs and returning an Output.
 *
 * @example
 * const hub = getContainerRegistryOutput({ organizationId: org.id, name: "docker-hub" });
 */
export function getContainerRegistryOutput(args: GetContainerRegistryArgs): pulumi.Output<ContainerRegistryResult> {
  return outputForm((client, plain: PlainArgs<GetContainerRegistryArgs>) => findContainerRegistry(client, plain.organizationId, plain), args);
}
