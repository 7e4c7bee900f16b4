import type * as pulumi from "@pulumi/pulumi";
import type { ContainerRegistry, DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { containerRegistrySchema } from "../resources/container-registry";
import { defined, definedFields, lookupPair, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getContainerRegistryOutput}: the organization, and the registry's name or id. */
export interface GetContainerRegistryOutputArgs extends NameOrIdArgs {
  /** Organization owning the registry (the service reads a registry only under its organization). */
  organizationId: pulumi.Input<string>;
}

/** Arguments of {@link getContainerRegistry}: those of {@link GetContainerRegistryOutputArgs} with plain values. */
export type GetContainerRegistryArgs = PlainArgs<GetContainerRegistryOutputArgs>;

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
    id: r.id, name: r.name, organizationId, kind: String(r.kind ?? ""),
    ...definedFields(containerRegistrySchema, r, ["url", "description"]),
  }),
};

const registryLookup = lookupPair<GetContainerRegistryOutputArgs, ContainerRegistryResult, ContainerRegistry>(registries);
const resultMatchesSchema: ResultMatch<ContainerRegistryResult, typeof containerRegistrySchema> = true;
void resultMatchesSchema;

/** Finds a container registry of an organization by name (compared ignoring letter case, as the service does) or id. */
export const findContainerRegistry: (client: DeployServiceClient, args: GetContainerRegistryArgs) => Promise<ContainerRegistryResult> =
  registryLookup.find;

/**
 * Looks up a container registry of an organization by name or by id, with plain arguments, in a Promise (in 0.1 it
 * returned an Output, as {@link getContainerRegistryOutput} does).
 *
 * @example
 * const hub = await getContainerRegistry({ organizationId: "3f2a...", name: "docker-hub" });
 */
export const getContainerRegistry: (args: GetContainerRegistryArgs) => Promise<ContainerRegistryResult> = registryLookup.get;

/**
 * Looks up a container registry, accepting Inputs and returning an Output.
 *
 * @example
 * const hub = getContainerRegistryOutput({ organizationId: org.id, name: "docker-hub" });
 * new Job("report", { ..., source: { image: { registryId: hub.id, imageName: "acme/report", tag: "1.4.0" } } });
 */
export const getContainerRegistryOutput: (args: GetContainerRegistryOutputArgs) => pulumi.Output<ContainerRegistryResult> =
  registryLookup.getOutput;
