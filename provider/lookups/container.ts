import type { Container } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { containerSchema, type ContainerArgs } from "../resources/container";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameInParentArgs } from "./family";

/** Arguments of {@link getContainerOutput}: the container's id, or its name in its environment (`environmentId`, checked when given with `id`). */
export type GetContainerOutputArgs = NameInParentArgs<"environmentId">;
/** Arguments of {@link getContainer}: those of {@link GetContainerOutputArgs} with plain values. */
export type GetContainerArgs = PlainArgs<GetContainerOutputArgs>;

/** A container found by {@link getContainer} or {@link getContainerOutput}, in the spelling of `ContainerArgs`. */
export interface ContainerResult
  extends LookupResult<Pick<ContainerArgs, "name" | "environmentId" | "registryId" | "imageName" | "tag">, "name" | "environmentId"> {}

const containers = parentLookup<typeof containerSchema, Container, ContainerResult>("Container", {
  schema: containerSchema, fields: ["name", "registryId", "imageName", "tag"], get: (client, id) => client.containers.get(id),
});

export const { findContainer,
  /**
   * Looks up a container by id, or by name in its environment (compared ignoring letter case, as the service does),
   * with plain values, in a Promise (in 0.1 it returned an Output, as {@link getContainerOutput} does).
   *
   * @example
   * const web = getContainerOutput({ environmentId: env.id, name: "web" });
   */
  getContainer,
  /** {@link getContainer} taking Inputs and answering an Output. */
  getContainerOutput } = lookups<"Container", GetContainerOutputArgs, ContainerResult>("Container", containers);
