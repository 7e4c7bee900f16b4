import type { DeploymentStage } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import {
  deploymentStageComputed, deploymentStageSchema, type DeploymentStageArgs, type DeploymentStageComputed,
} from "../resources/deployment-stage";
import { defined, textOf, type PlainArgs } from "./core";
import { lookups, parentLookup, type NameInParentArgs } from "./family";

/** Arguments of {@link getDeploymentStageOutput}: the stage's id, or its name in its environment (`environmentId`, checked when given with `id`). */
export type GetDeploymentStageOutputArgs = NameInParentArgs<"environmentId">;
/** Arguments of {@link getDeploymentStage}: those of {@link GetDeploymentStageOutputArgs} with plain values. */
export type GetDeploymentStageArgs = PlainArgs<GetDeploymentStageOutputArgs>;

/** A service placed in a stage, as a {@link DeploymentStageResult} lists it. */
export interface DeploymentStageServiceResult {
  /** The service's id. */
  serviceId: string;
  /** Its kind, as the service spells it (`APPLICATION`, `DATABASE`...), when the service says. */
  serviceType?: string;
}

/** A deployment stage found by {@link getDeploymentStage} or {@link getDeploymentStageOutput}, in the spelling of `DeploymentStageArgs`. */
export interface DeploymentStageResult extends LookupResult<
  Pick<DeploymentStageArgs, "name" | "environmentId" | "description">, "name" | "environmentId", never, DeploymentStageComputed
> {
  /** The services placed in the stage, sorted by id. */
  services: DeploymentStageServiceResult[];
}

const stages = parentLookup<typeof deploymentStageSchema, DeploymentStage, DeploymentStageResult>("DeploymentStage", {
  schema: deploymentStageSchema, fields: ["name", "description"], get: (client, id) => client.deploymentStages.get(id),
  computed: (r) => ({
    ...deploymentStageComputed.outputs(r),
    services: (r.services ?? [])
      .flatMap((s) => (textOf(s.service_id) === undefined ? [] : [defined<DeploymentStageServiceResult>({ serviceId: s.service_id!, serviceType: textOf(s.service_type) })]))
      .sort((a, b) => a.serviceId.localeCompare(b.serviceId)),
  }),
});

export const { findDeploymentStage,
  /**
   * Looks up a deployment stage the stack uses but does not manage, by id or by name in its environment (compared
   * ignoring letter case, as the service does), with plain values, in a Promise. None or several matching fail naming
   * the environment's stages.
   *
   * @example
   * const databases = getDeploymentStageOutput({ environmentId: staging.id, name: "DATABASE DEFAULT" });
   * new DeploymentStage("migrations", { environmentId: staging.id, name: "migrations", after: databases.id });
   */
  getDeploymentStage,
  /** {@link getDeploymentStage} taking Inputs and answering an Output. */
  getDeploymentStageOutput } = lookups<"DeploymentStage", GetDeploymentStageOutputArgs, DeploymentStageResult>("DeploymentStage", stages);
