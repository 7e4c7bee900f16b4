/**
 * The program of test/e2e/rate-limit-wait.test.ts: a project and `count` standalone variables of it, more requests
 * than one rate-limit window of the emulator the test starts allows, so `pulumi up` and `pulumi destroy` wait for
 * the window and say so.
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const project = new ds.Project("paced", { organizationId: config.require("organizationId"), name: "paced" });
for (let i = 0; i < count; i++) {
  new ds.Variable(`v${i}`, { scope: "PROJECT", parentId: project.id, key: `SETTING_${i}`, value: `value-${i}` });
}

export const projectId = project.id;
