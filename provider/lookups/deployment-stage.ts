import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient, DeploymentStage } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { defined, findIn, idOf, numberOf, outputForm, promiseForm, textOf, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";

/** Arguments of {@link getDeploymentStageOutput}: the stage's id, or its name in its environment. */
export interface GetDeploymentStageOutputArgs extends NameOrIdArgs {
  /** Environment holding the stage: needed with `name`, checked when given with `id`. */
  environmentId?: pulumi.Input<string>;
}

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
export interface DeploymentStageResult {
  /** Stage id (use it as a service's `deploymentStageId`, or a stage's `after` or `before`). */
  id: string;
  /** Stage name. */
  name: string;
  /** Environment holding the stage. */
  environmentId: string;
  /** Free text, when the stage has one. */
  description?: string;
  /** The stage's position in the environment (0 first), when the service says. */
  deploymentOrder?: number;
  /** The services placed in the stage, sorted by id. */
  services: DeploymentStageServiceResult[];
}

const stages: LookupFamily<DeploymentStage, DeploymentStageResult> = {
  lookup: "getDeploymentStage", nouns: "deployment stages", key: NATURAL_KEYS["DeploymentStage"]!,
  get: (client, id) => client.deploymentStages.get(id),
  parentOf: (r) => idOf(r.environment),
  result: (r, environmentId) => defined<DeploymentStageResult>({
    id: r.id, name: r.name, environmentId, description: textOf(r.description), deploymentOrder: numberOf(r.deployment_order),
    services: (r.services ?? [])
      .flatMap((s) => (textOf(s.service_id) === undefined ? [] : [defined<DeploymentStageServiceResult>({ serviceId: s.service_id!, serviceType: textOf(s.service_type) })]))
      .sort((a, b) => a.serviceId.localeCompare(b.serviceId)),
  }),
};

/** Finds a deployment stage by id, or by name in its environment (compared ignoring letter case, as the service does). */
export function findDeploymentStage(client: DeployServiceClient, args: GetDeploymentStageArgs): Promise<DeploymentStageResult> {
  return findIn(stages, client, args.environmentId, args);
}

/**
 * Looks up a deployment stage the stack uses but does not manage, with plain arguments; give exactly one of `id` and
 * `name` (`name` needs `environmentId`). None or several matching fail naming the environment's stages.
 *
 * @example
 * const first = await getDeploymentStage({ environmentId: "5e0b...", name: "DATABASE DEFAULT" });
 */
export function getDeploymentStage(args: GetDeploymentStageArgs): Promise<DeploymentStageResult> {
  return promiseForm(findDeploymentStage, args);
}

/**
 * Looks up a deployment stage, accepting Inputs and returning an Output.
 *
 * @example
 * const databases = getDeploymentStageOutput({ environmentId: staging.id, name: "DATABASE DEFAULT" });
 * new DeploymentStage("migrations", { environmentId: staging.id, name: "migrations", after: databases.id });
 */
export function getDeploymentStageOutput(args: GetDeploymentStageOutputArgs): pulumi.Output<DeploymentStageResult> {
  return outputForm(findDeploymentStage, args);
}
