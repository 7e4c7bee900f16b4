import type { ContainerRegistry } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { containerRegistrySchema, type ContainerRegistryArgs, type ContainerRegistryComputed } from "../resources/container-registry";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameUnderParentArgs } from "./family";

/** Arguments of {@link getContainerRegistryOutput}: the organization owning the registry (the service reads a registry only under it), and the registry's id or name. */
export type GetContainerRegistryOutputArgs = NameUnderParentArgs<"organizationId">;
/** Arguments of {@link getContainerRegistry}: those of {@link GetContainerRegistryOutputArgs} with plain values. */
export type GetContainerRegistryArgs = PlainArgs<GetContainerRegistryOutputArgs>;

/** A container registry found by {@link getContainerRegistry} or {@link getContainerRegistryOutput}, in the spelling of `ContainerRegistryArgs`. */
export interface ContainerRegistryResult extends LookupResult<
  Pick<ContainerRegistryArgs, "name" | "organizationId" | "kind" | "description">, "name" | "organizationId" | "kind", never, Pick<ContainerRegistryComputed, "url">
> {}

const registries = parentLookup<typeof containerRegistrySchema, ContainerRegistry, ContainerRegistryResult>("ContainerRegistry", {
  schema: containerRegistrySchema, fields: ["name", "kind", "url", "description"], idNeedsParent: true,
  get: (client, id, organizationId) => client.containerRegistries.get(organizationId!, id),
});

export const { findContainerRegistry,
  /**
   * Looks up a container registry of an organization by name (compared ignoring letter case, as the service does)
   * or id, with plain values, in a Promise (in 0.1 it returned an Output, as {@link getContainerRegistryOutput} does).
   *
   * @example
   * const hub = getContainerRegistryOutput({ organizationId: org.id, name: "docker-hub" });
   * new Job("report", { ..., source: { image: { registryId: hub.id, imageName: "acme/report", tag: "1.4.0" } } });
   */
  getContainerRegistry,
  /** {@link getContainerRegistry} taking Inputs and answering an Output. */
  getContainerRegistryOutput } = lookups<"ContainerRegistry", GetContainerRegistryOutputArgs, ContainerRegistryResult>("ContainerRegistry", registries);
