import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient, DeploymentStage } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import type { deploymentStageSchema } from "../resources/deployment-stage";
import { defined, idOf, lookupPair, numberOf, textOf, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

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

const deploymentStageLookup = lookupPair<GetDeploymentStageOutputArgs, DeploymentStageResult, DeploymentStage>(stages);
const resultMatchesSchema: ResultMatch<DeploymentStageResult, typeof deploymentStageSchema, "deploymentOrder" | "services"> = true;
void resultMatchesSchema;

/** Finds a deployment stage by id, or by name in its environment (compared ignoring letter case, as the service does). */
export const findDeploymentStage: (client: DeployServiceClient, args: GetDeploymentStageArgs) => Promise<DeploymentStageResult> = deploymentStageLookup.find;

/**
 * Looks up a deployment stage the stack uses but does not manage, with plain arguments; give exactly one of `id` and
 * `name` (`name` needs `environmentId`). None or several matching fail naming the environment's stages.
 *
 * @example
 * const first = await getDeploymentStage({ environmentId: "5e0b...", name: "DATABASE DEFAULT" });
 */
export const getDeploymentStage: (args: GetDeploymentStageArgs) => Promise<DeploymentStageResult> = deploymentStageLookup.get;

/**
 * Looks up a deployment stage, accepting Inputs and returning an Output.
 *
 * @example
 * const databases = getDeploymentStageOutput({ environmentId: staging.id, name: "DATABASE DEFAULT" });
 * new DeploymentStage("migrations", { environmentId: staging.id, name: "migrations", after: databases.id });
 */
export const getDeploymentStageOutput: (args: GetDeploymentStageOutputArgs) => pulumi.Output<DeploymentStageResult> = deploymentStageLookup.getOutput;
