import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { DeployServiceClient } from "../../sdk";
import { argsSchema } from "../framework/args";
import { defineResource, type FamilyCalls, type Props } from "../framework/define";
import { field } from "../framework/fields";
import { idInput } from "../framework/rules";
import { serviceObjectClass } from "../framework/resource";

/** Inputs of a {@link DeploymentRuleOrder}. */
export interface DeploymentRuleOrderArgs {
  /** Project whose rules are ordered (wire: the `{projectId}` of the path). Changing it replaces the order. */
  projectId: pulumi.Input<string>;
  /**
   * Ids of every rule of the project, the first applied first to a new environment whose name it matches. Wire:
   * `project_deployment_rule_ids_in_order` (`PUT /project/{id}/deploymentRule/order`).
   */
  ruleIds: pulumi.Input<pulumi.Input<string>[]>;
}

/** Validated order inputs. */
export const deploymentRuleOrderSchema = argsSchema<DeploymentRuleOrderArgs>()(z.strictObject({
  projectId: field(idInput(), { parent: "project" }),
  ruleIds: field(z.array(idInput()).min(1), { wire: "project_deployment_rule_ids_in_order" }),
}));
/** Order inputs after validation. */
export type DeploymentRuleOrderInputs = z.output<typeof deploymentRuleOrderSchema>;

/** The order as a record: the project's id, its rules' ids by `priority_index`. */
interface OrderRecord {
  id: string;
  project_deployment_rule_ids_in_order: string[];
}

async function put(client: DeployServiceClient, projectId: string, ruleIds: string[]): Promise<OrderRecord> {
  await client.deploymentRules.order(projectId, ruleIds);
  return { id: projectId, project_deployment_rule_ids_in_order: ruleIds };
}

/** The order is the project's (its id is the project's); a read lists the rules; a delete leaves them as they are. */
const calls: FamilyCalls<DeploymentRuleOrderInputs, OrderRecord> = {
  create: (client, inputs) => put(client, inputs.projectId, inputs.ruleIds),
  get: async (client, id, state: Props) => {
    const rules = await client.deploymentRules.list(String(state["projectId"] ?? id));
    const ordered = [...rules].sort((a, b) => (a.priority_index ?? 0) - (b.priority_index ?? 0));
    return { id, project_deployment_rule_ids_in_order: ordered.map((r) => r.id) };
  },
  update: (client, _id, inputs) => put(client, inputs.projectId, inputs.ruleIds),
  delete: async () => undefined,
};

/** The deployment rule order family: its delete sends nothing, the rules stay with their project (which `get` still reads). */
export const deploymentRuleOrder = defineResource({
  kind: "DeploymentRuleOrder",
  noun: "deployment rule order",
  label: (inputs) => `deployment rule order of project ${String(inputs["projectId"] ?? "")}`,
  schema: deploymentRuleOrderSchema,
  deleteLetsGo: true,
  calls,
});

/** The dynamic provider of {@link DeploymentRuleOrder}. */
export const deploymentRuleOrderProvider = deploymentRuleOrder.provider;

/**
 * The order of a project's {@link DeploymentRule}s: the first rule whose pattern matches a new environment's name
 * applies. A refresh reads the order back (one listing), so an order changed outside shows as drift; `destroy`
 * leaves the rules in the order they have. Requests: create and update one PUT; refresh one listing; delete none.
 *
 * @example
 * new DeploymentRuleOrder("rules", { projectId: project.id, ruleIds: [previews.id, everythingElse.id] });
 *
 * @class
 */
export const DeploymentRuleOrder = serviceObjectClass<DeploymentRuleOrderArgs, typeof deploymentRuleOrderSchema, {}>(deploymentRuleOrder);
/** {@link DeploymentRuleOrder} as a type: its outputs are every input as stored and what the service computes. */
export type DeploymentRuleOrder = InstanceType<typeof DeploymentRuleOrder>;
