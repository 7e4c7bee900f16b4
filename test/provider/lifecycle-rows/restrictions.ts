/**
 * Lifecycle rows of deployment restrictions: an `Application`, a `Job`, a `Helm` chart and a `TerraformService` each
 * with `deploymentRestrictions` (one changed in place, another environment replacing the service, one added outside
 * read back as drift and undone by the next update).
 */
import { application } from "../../../provider/resources/application/provider";
import { helm } from "../../../provider/resources/helm/index";
import { job } from "../../../provider/resources/job/provider";
import { terraformService } from "../../../provider/resources/terraform-service/provider";
import type { DeploymentRestrictionServiceKind } from "../../../sdk";
import type { Fixture } from "../support/fixture";
import { fromDefinition, type LifecycleRow, type Props } from "../support/lifecycle-row";
import { offeredVersion } from "./terraform";

let counter = 0;
const MONOREPO = "https://github.com/acme/mono.git";
const RESTRICTIONS = [{ mode: "MATCH", type: "PATH", value: "api/" }];
const CHANGED = [{ mode: "MATCH", type: "PATH", value: "api/src/" }, { mode: "EXCLUDE", type: "PATH", value: "api/docs/" }];

const listed = async (fx: Fixture, kind: DeploymentRestrictionServiceKind, id: string) =>
  (await fx.client.deploymentRestrictions.list(kind, id)).map((r) => `${r.mode} ${r.value}`).sort();

/** The inputs of a service of each kind, without its restrictions. */
const BASES: Record<DeploymentRestrictionServiceKind, (fx: Fixture, name: string) => Promise<Props>> = {
  application: async (fx, name) => ({ environmentId: fx.envId, name, gitRepository: { url: MONOREPO, branch: "main" } }),
  job: async (fx, name) => ({
    environmentId: fx.envId, name, source: { docker: { gitRepository: { url: MONOREPO, branch: "main" } } }, schedule: { cron: { expression: "0 3 * * *" } },
  }),
  helm: async (fx, name) => ({ environmentId: fx.envId, name, source: { git: { url: MONOREPO, branch: "main", rootPath: "/charts/web" } } }),
  terraform: async (fx, name) => ({
    environmentId: fx.envId, name, gitRepository: { url: MONOREPO, branch: "main", rootPath: "/infra" }, terraformVersion: await offeredVersion(fx),
  }),
};

function row(kind: DeploymentRestrictionServiceKind, definition: Parameters<typeof fromDefinition>[0]): LifecycleRow {
  return {
    ...fromDefinition(definition),
    kind: `${definition.kind} (deploymentRestrictions)`,
    inputs: async (fx) => ({ ...(await BASES[kind](fx, `lc-restricted-${kind}-${(counter += 1)}`)), deploymentRestrictions: RESTRICTIONS }),
    update: (_fx, base) => ({ ...base, deploymentRestrictions: CHANGED }),
    expectUpdated: async (fx, id) => expect(await listed(fx, kind, id)).toEqual(["EXCLUDE api/docs/", "MATCH api/src/"]),
    replace: (fx, base) => ({ inputs: { ...base, environmentId: fx.env2Id }, replaces: ["environmentId"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.deploymentRestrictions.create(kind, id, { mode: "MATCH", type: "PATH", value: "shared/" });
      return (read) => expect(read["deploymentRestrictions"]).toEqual([...(props["deploymentRestrictions"] as Props[]), { mode: "MATCH", type: "PATH", value: "shared/" }]);
    },
  };
}

/** Each kind with deployment restrictions. */
export const rows: LifecycleRow[] = [row("application", application), row("job", job), row("helm", helm), row("terraform", terraformService)];
