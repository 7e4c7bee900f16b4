/**
 * The program of test/e2e/messages-engine.test.ts, making one of two mistakes (config `mistake`): `name`, two
 * projects under one name (the second create gets 409); `setting`, an application with a misspelt advanced setting
 * (its check fails). The engine stops at the first error, so each mistake has a stack of its own.
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
if (config.require("mistake") === "name") {
  const organizationId = config.require("organizationId");
  new ds.Project("first", { organizationId, name: "msg-taken" });
  new ds.Project("second", { organizationId, name: "msg-taken" });
} else {
  new ds.Application("api", {
    environmentId: "00000000-0000-4000-8000-000000000000",
    name: "msg-api",
    gitRepository: { url: "https://github.com/acme/api.git", branch: "main" },
    advancedSettings: { "network.ingress.proxy_body_size": 100 } as never,
  });
}
