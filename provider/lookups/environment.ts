import type { Environment } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { environmentSchema, type EnvironmentArgs, type EnvironmentComputed } from "../resources/environment";
import { idOf, type PlainArgs } from "./core";
import { lookups, parentLookup, type NameInParentArgs } from "./family";

/** Arguments of {@link getEnvironmentOutput}: the environment's id, or its name in its project (`projectId`, checked when given with `id`). */
export type GetEnvironmentOutputArgs = NameInParentArgs<"projectId">;
/** Arguments of {@link getEnvironment}: those of {@link GetEnvironmentOutputArgs} with plain values. */
export type GetEnvironmentArgs = PlainArgs<GetEnvironmentOutputArgs>;

/** An environment found by {@link getEnvironment} or {@link getEnvironmentOutput}, in the spelling of `EnvironmentArgs`. */
export interface EnvironmentResult
  extends LookupResult<Pick<EnvironmentArgs, "name" | "projectId">, "name" | "projectId", never, Pick<EnvironmentComputed, "mode" | "clusterId">> {
  /** That cluster's name, when the service says. */
  clusterName?: string;
  /** Organization of the project, when the service says. */
  organizationId?: string;
}

const environments = parentLookup<typeof environmentSchema, Environment, EnvironmentResult>("Environment", {
  schema: environmentSchema, fields: ["name", "mode", "clusterId"], get: (client, id) => client.environments.get(id), timestamps: true,
  computed: (r) => ({ clusterName: r.cluster_name, organizationId: idOf(r.organization) }),
});

export const { findEnvironment,
  /**
   * Looks up an environment the stack uses but does not manage, by id or by name in its project (compared ignoring
   * letter case, as the service does), with plain values, in a Promise. None or several matching fail naming the
   * project's environments.
   *
   * @example
   * const production = getEnvironmentOutput({ projectId: shop.id, name: "production" });
   * new Database("cache", { environmentId: production.id, name: "cache", type: "REDIS", version: "7", mode: "CONTAINER" });
   */
  getEnvironment,
  /** {@link getEnvironment} taking Inputs and answering an Output. */
  getEnvironmentOutput } = lookups<"Environment", GetEnvironmentOutputArgs, EnvironmentResult>("Environment", environments);
