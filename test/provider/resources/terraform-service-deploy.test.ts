/**
 * A TerraformService deployed from the program, against the emulator: plan and apply after create, followed to
 * DEPLOYED, the resources the apply reported as an output (without their attributes), its variables and secrets
 * through /variable with the TERRAFORM scope; a failed apply naming the service, never its secret variable.
 */
import { terraformService, terraformServiceProvider as p } from "../../../provider/resources/terraform-service/index";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, failDeploys, requests, useFixture } from "../support/fixture";
import { offeredVersion } from "../lifecycle-rows/terraform";

type Props = Record<string, unknown>;
const fx = useFixture();
const SECRET = "Zq9vW-hush-value-7";
let counter = 0;

async function inputs(extra: Props = {}): Promise<Props> {
  counter += 1;
  return checkedInputs(p, {
    environmentId: fx.envId, name: `tf-deploy-${counter}`, terraformVersion: await offeredVersion(fx),
    gitRepository: { url: "https://github.com/acme/infra.git", branch: "main" },
    variables: { region: "eu-west-3" }, secretVariables: { db_password: SECRET },
    environmentVariables: { TF_LOG: "info" }, secrets: { CLOUD_TOKEN: SECRET },
    deployTimeoutSeconds: 60, ...extra,
  });
}

async function failureOf(run: () => Promise<unknown>): Promise<{ id?: string; properties?: Props; message: string }> {
  try {
    await run();
  } catch (e) {
    return e as { id?: string; properties?: Props; message: string };
  }
  throw new Error("expected a failure");
}

describe("TerraformService deploy", () => {
  it("plans and applies after create, waits for DEPLOYED, and outputs the resources the apply reported", async () => {
    const wanted = await inputs({ deploy: true });
    await clearRequests(fx.emulator);
    const { id, outs } = await p.create!(wanted);
    expect((await fx.client.terraforms.status(id)).state).toBe("DEPLOYED");
    const log = await requests(fx.emulator);
    expect(log.filter((r) => r.method === "POST" && r.path === `/terraform/${id}/deploy`)).toHaveLength(1);
    const resources = (outs as Props)["resources"] as Props[];
    expect(resources.length).toBeGreaterThan(0);
    expect(Object.keys(resources[0]!).sort()).toEqual(["address", "mode", "name", "provider", "resourceType"]);
    // Its variables and secrets are the service's own, of the TERRAFORM scope.
    const own = (await fx.client.variables.list({ parentId: id, scope: "TERRAFORM" })).filter((v) => v.scope === "TERRAFORM");
    expect(own.map((v) => [v.key, Boolean(v.is_secret)]).sort()).toEqual([["CLOUD_TOKEN", true], ["TF_LOG", false]]);
    expect(JSON.stringify(own)).not.toContain(SECRET);
  });

  it("before any apply, outputs no resources and sends no deploy", async () => {
    const { id, outs } = await p.create!(await inputs());
    expect((outs as Props)["resources"]).toEqual([]);
    expect((await requests(fx.emulator)).filter((r) => r.path === `/terraform/${id}/deploy`)).toEqual([]);
  });

  it("a failed apply fails the update naming the service, recorded as not deployed, without the secret", async () => {
    const wanted = await inputs();
    const { id, outs } = await p.create!(wanted);
    await failDeploys(fx.emulator, id, "DEPLOY");
    const error = await failureOf(() => p.update!(id, outs as Props, { ...wanted, timeoutSeconds: 900, deploy: true }));
    expect(error.message).toContain(`terraform "${String(wanted["name"])}" (${id})`);
    expect(error.message).not.toContain(SECRET);
    expect(error.properties!["deploy"]).toBe(false);
  });

  it("keeps secretVariables a secret output", () => {
    expect(terraformService.secretOutputs).toEqual(expect.arrayContaining(["secretVariables", "secrets"]));
  });
});
