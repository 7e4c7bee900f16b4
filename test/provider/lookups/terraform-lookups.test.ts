/**
 * The lookups of Terraform services against the emulator: by name in the environment (case aside) or by id, the
 * result in the spelling of `TerraformServiceArgs`, the candidates named when none matches; the Output form.
 */
import * as pulumi from "@pulumi/pulumi";
import { findTerraformService, getTerraformServiceOutput } from "../../../provider/lookups/index";
import { terraformBody } from "../lifecycle-rows/terraform";
import { useFixture } from "../support/fixture";

const fx = useFixture();

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe("lookups of Terraform services", () => {
  let id: string;
  let version: string;

  beforeAll(async () => {
    const body = await terraformBody(fx, "lookup-infra", 900);
    version = body.provider_version.explicit_version;
    id = (await fx.client.terraforms.create(fx.envId, body)).id;
  });

  it("finds one by name (case aside) or by id, in the spelling of the Args", async () => {
    const byName = await findTerraformService(fx.client, { environmentId: fx.envId, name: "LOOKUP-infra" });
    expect(byName).toEqual({ id, name: "lookup-infra", environmentId: fx.envId, engine: "TERRAFORM", terraformVersion: version, timeoutSeconds: 900 });
    expect(await findTerraformService(fx.client, { id })).toEqual(byName);
  });

  it("names the candidates when none matches", async () => {
    await expect(findTerraformService(fx.client, { environmentId: fx.envId, name: "nope" })).rejects.toThrow(/no terraform service named "nope".*"lookup-infra"/);
  });

  it("answers an Output usable as an input", async () => {
    expect(await value(getTerraformServiceOutput({ environmentId: fx.envId, name: "lookup-infra" }).id)).toBe(id);
  });
});
