import type * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient, Environment } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { environmentSchema } from "../resources/environment";
import { defined, definedFields, idOf, lookupPair, textOf, timestampsOf, type LookupFamily, type NameOrIdArgs, type PlainArgs } from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getEnvironmentOutput}: the environment's id, or its name in its project. */
export interface GetEnvironmentOutputArgs extends NameOrIdArgs {
  /** Project holding the environment: needed with `name`, checked when given with `id`. */
  projectId?: pulumi.Input<string>;
}

/** Arguments of {@link getEnvironment}: those of {@link GetEnvironmentOutputArgs} with plain values. */
export type GetEnvironmentArgs = PlainArgs<GetEnvironmentOutputArgs>;

/** An environment found by {@link getEnvironment} or {@link getEnvironmentOutput}, in the spelling of `EnvironmentArgs`. */
export interface EnvironmentResult {
  /** Environment id (use it as a service's `environmentId`). */
  id: string;
  /** Environment name. */
  name: string;
  /** Project holding the environment. */
  projectId: string;
  /** `DEVELOPMENT`, `PREVIEW`, `PRODUCTION` or `STAGING`, when the service says. */
  mode?: string;
  /** Cluster the environment runs on, when the service says. */
  clusterId?: string;
  /** That cluster's name, when the service says. */
  clusterName?: string;
  /** Organization of the project, when the service says. */
  organizationId?: string;
  /** When it was created (ISO 8601), when the service says. */
  createdAt?: string;
  /** When it last changed (ISO 8601), when the service says. */
  updatedAt?: string;
}

const environments: LookupFamily<Environment, EnvironmentResult> = {
  lookup: "getEnvironment", nouns: "environments", key: NATURAL_KEYS["Environment"]!,
  get: (client, id) => client.environments.get(id),
  parentOf: (r) => idOf(r.project),
  result: (r, projectId) => defined<EnvironmentResult>({
    id: r.id, name: r.name, projectId, ...definedFields(environmentSchema, r, ["mode", "clusterId"]), clusterName: textOf(r.cluster_name),
    organizationId: idOf(r.organization), ...timestampsOf(r),
  }),
};

const environmentLookup = lookupPair<GetEnvironmentOutputArgs, EnvironmentResult, Environment>(environments);
const resultMatchesSchema: ResultMatch<EnvironmentResult, typeof environmentSchema, "clusterName" | "organizationId"> = true;
void resultMatchesSchema;

/** Finds an environment by id, or by name in its project (compared ignoring letter case, as the service does). */
export const findEnvironment: (client: DeployServiceClient, args: GetEnvironmentArgs) => Promise<EnvironmentResult> = environmentLookup.find;

/**
 * Looks up an environment the stack uses but does not manage, with plain arguments; give exactly one of `id` and
 * `name` (`name` needs `projectId`). None or several matching fail naming the project's environments.
 *
 * @example
 * const production = await getEnvironment({ projectId: "8c1d...", name: "production" });
 */
export const getEnvironment: (args: GetEnvironmentArgs) => Promise<EnvironmentResult> = environmentLookup.get;

/**
 * Looks up an environment, accepting Inputs and returning an Output.
 *
 * @example
 * const production = getEnvironmentOutput({ projectId: shop.id, name: "production" });
 * new Database("cache", { environmentId: production.id, name: "cache", type: "REDIS", version: "7", mode: "CONTAINER" });
 */
export const getEnvironmentOutput: (args: GetEnvironmentOutputArgs) => pulumi.Output<EnvironmentResult> = environmentLookup.getOutput;
