/**
 * Lifecycle rows of deployment rules: a project's `DeploymentRule` (its schedule changed in place, another project
 * replacing it) and an `EnvironmentDeploymentRule` (an environment's own, edited; its delete leaves it to its environment).
 */
import { deploymentRule } from "../../../provider/resources/deployment-rule";
import { environmentDeploymentRule } from "../../../provider/resources/environment-deployment-rule";
import { ruleTimeToWire } from "../../../sdk";
import { fromDefinition, type LifecycleRow } from "../support/lifecycle-row";

let counter = 0;

const ruleRow: LifecycleRow = {
  ...fromDefinition(deploymentRule),
  inputs: (fx) => ({
    projectId: fx.projectId, name: `lc-rule-${(counter += 1)}`, environmentNamePattern: "pr-*", mode: "PREVIEW", clusterId: fx.clusterIds[0],
    autoStop: true, timeZone: "Europe/Paris", startTime: "08:00", stopTime: "19:00", weekdays: ["MONDAY", "FRIDAY"],
  }),
  update: (_fx, base) => ({ ...base, startTime: "07:30", timeZone: "UTC", weekdays: ["MONDAY", "TUESDAY", "FRIDAY"] }),
  expectUpdated: async (fx, id, props) => {
    const rule = await fx.client.deploymentRules.get(String(props["projectId"]), id);
    expect([rule.start_time, rule.timezone, rule.weekdays]).toEqual([ruleTimeToWire("07:30"), "UTC", ["MONDAY", "TUESDAY", "FRIDAY"]]);
  },
  // Only the diff is asked: another project's id need not exist.
  replace: (_fx, base) => ({ inputs: { ...base, projectId: "0c7c4bd4-0000-4000-8000-00000000beef" }, replaces: ["projectId"] }),
  changeOutside: async (fx, id, props) => {
    await fx.client.deploymentRules.update(String(props["projectId"]), id, {
      name: String(props["name"]), mode: "PREVIEW", cluster_id: String(props["clusterId"]), auto_stop: true, timezone: "Europe/Paris",
      start_time: ruleTimeToWire("09:15"), stop_time: ruleTimeToWire("19:00"), weekdays: ["MONDAY"], wildcard: "preview-*",
    });
    return (read) => expect([read["startTime"], read["environmentNamePattern"], read["weekdays"]]).toEqual(["09:15", "preview-*", ["MONDAY"]]);
  },
};

let environments = 0;

const environmentRuleRow: LifecycleRow = {
  ...fromDefinition(environmentDeploymentRule),
  inputs: async (fx) => ({
    environmentId: (await fx.client.environments.create(fx.projectId, { name: `lc-rule-env-${(environments += 1)}`, cluster: fx.clusterIds[0] })).id,
    autoStop: true, timeZone: "Europe/Paris", startTime: "08:00", stopTime: "20:00", weekdays: ["MONDAY", "TUESDAY"],
  }),
  update: (_fx, base) => ({ ...base, stopTime: "21:45", onDemandPreview: true }),
  expectUpdated: async (fx, _id, props) => {
    const rule = await fx.client.deploymentRules.ofEnvironment(String(props["environmentId"]));
    expect([rule.stop_time, rule.on_demand_preview]).toEqual([ruleTimeToWire("21:45"), true]);
  },
  replace: (fx, base) => ({ inputs: { ...base, environmentId: fx.env2Id }, replaces: ["environmentId"] }),
  changeOutside: async (fx, id, props) => {
    await fx.client.deploymentRules.editOfEnvironment(String(props["environmentId"]), id, {
      auto_stop: true, timezone: "UTC", start_time: ruleTimeToWire("06:00"), stop_time: ruleTimeToWire("20:00"), weekdays: ["MONDAY", "TUESDAY"],
    });
    return (read) => expect([read["timeZone"], read["startTime"]]).toEqual(["UTC", "06:00"]);
  },
  // The rule goes with its environment: deleted outside means its environment deleted.
  deleteOutside: async (fx, _id, props) => {
    await fx.client.environments.delete(String(props["environmentId"]));
    await fx.client.waitUntilGone(() => fx.client.environments.get(String(props["environmentId"])));
  },
  // The provider's delete leaves the rule to its environment, which still has one.
  expectDeleted: async (fx, id, props) => expect((await fx.client.deploymentRules.ofEnvironment(String(props["environmentId"]))).id).toBe(id),
};

export const rows: LifecycleRow[] = [ruleRow, environmentRuleRow];
