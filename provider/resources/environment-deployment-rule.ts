import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { EnvironmentDeploymentRule as EnvironmentRuleRecord } from "../../sdk";
import { argsSchema } from "../framework/args";
import { defineResource, type FamilyCalls, type Props } from "../framework/define";
import { field } from "../framework/fields";
import { idInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";
import { scheduleFields, scheduleWire, type DeploymentScheduleArgs } from "./deployment-rule";

/** Inputs of an {@link EnvironmentDeploymentRule}. */
export interface EnvironmentDeploymentRuleArgs extends DeploymentScheduleArgs {
  /** Environment whose rule this is (wire: the `{environmentId}` of the path). Changing it replaces the resource. */
  environmentId: pulumi.Input<string>;
  /** Preview environments of its pull requests are made only when asked for. Default: `false`. Wire: `on_demand_preview`. */
  onDemandPreview?: pulumi.Input<boolean>;
  /** A preview environment for each pull request (the environment-level counterpart of a service's `autoPreview`). Default: `false`. Wire: `auto_preview`. */
  autoPreview?: pulumi.Input<boolean>;
}

/** Validated inputs. */
export const environmentDeploymentRuleSchema = argsSchema<EnvironmentDeploymentRuleArgs>()(z.strictObject({
  environmentId: field(idInput(), { wire: false, replace: true }),
  ...scheduleFields,
  onDemandPreview: z.boolean().default(false),
  autoPreview: z.boolean().default(false),
}));
/** Inputs after validation. */
export type EnvironmentDeploymentRuleInputs = z.output<typeof environmentDeploymentRuleSchema>;

const environmentOf = (props: Props): string => String(props["environmentId"] ?? "");

/** Every environment has one rule: a create reads its id and edits it; a delete leaves it (it goes with its environment). */
const calls: FamilyCalls<EnvironmentDeploymentRuleInputs, EnvironmentRuleRecord> = {
  create: async (client, inputs, body) => {
    const { id } = await client.deploymentRules.ofEnvironment(inputs.environmentId);
    return client.deploymentRules.editOfEnvironment(inputs.environmentId, id, body as never);
  },
  get: (client, _id, state) => client.deploymentRules.ofEnvironment(environmentOf(state)),
  update: (client, id, inputs, body) => client.deploymentRules.editOfEnvironment(inputs.environmentId, id, body as never),
  delete: async () => undefined,
};

/** The environment deployment rule family: its delete sends nothing, the rule stays with its environment (which `get` still reads). */
export const environmentDeploymentRule = defineResource({
  kind: "EnvironmentDeploymentRule",
  noun: "environment deployment rule",
  label: (inputs) => `deployment rule of environment ${environmentOf(inputs)}`,
  schema: environmentDeploymentRuleSchema,
  ...scheduleWire,
  deleteLetsGo: true,
  calls,
});

/** The dynamic provider of {@link EnvironmentDeploymentRule}. */
export const environmentDeploymentRuleProvider = environmentDeploymentRule.provider;

/**
 * An environment's own deployment rule (every environment has one, made with it): its weekly schedule with
 * `autoStop`, and whether its previews are on demand. Requests: create one GET (the rule's id) and one PUT; update
 * one PUT; refresh one GET; delete none (the rule stays with its environment as it is).
 *
 * @example
 * new EnvironmentDeploymentRule("staging-nights", {
 *   environmentId: staging.id, autoStop: true, timeZone: "Europe/Paris", startTime: "08:00", stopTime: "20:00",
 *   weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
 * });
 *
 * @class
 */
export const EnvironmentDeploymentRule = serviceObjectClass<EnvironmentDeploymentRuleArgs, typeof environmentDeploymentRuleSchema, {}>(environmentDeploymentRule);
/** {@link EnvironmentDeploymentRule} as a type: its outputs are every input as stored and what the service computes. */
export type EnvironmentDeploymentRule = InstanceType<typeof EnvironmentDeploymentRule>;
