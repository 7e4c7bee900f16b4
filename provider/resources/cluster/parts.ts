/**
 * What a cluster does beyond its own record: its deployment (`deploy`, default true) and its Kubernetes upgrade
 * (`kubernetesVersion`), each a part of the definition, and its delete (stop, delete, wait until gone).
 */
import { isNotFound, type DeployServiceClient } from "../../../sdk";
import { withPartProgress, type Part, type Props } from "../../framework/define";
import type { ClusterInputs } from "./args";
import { DEFAULT_CLUSTER_TIMEOUT_SECONDS } from "./facts";
import { environmentsOn, waitForCluster, type ClusterRecord } from "./sdk-calls";

type ClusterPart = Part<ClusterInputs, ClusterRecord>;

/** States in which the cluster is already moving (an edit starts a redeploy): the provider follows that run. */
const BUSY = /(ING|QUEUED)$/;

/** Deploys the cluster (unless a run is under way already) and waits until it is `DEPLOYED`. */
async function deployAndWait(client: DeployServiceClient, inputs: ClusterInputs, id: string): Promise<void> {
  const before = await client.clusters.status(inputs.organizationId, id);
  if (BUSY.test(before.status)) return waitForCluster(client, inputs.organizationId, id, inputs.name, "DEPLOYED", inputs.timeoutSeconds);
  await client.clusters.deploy(inputs.organizationId, id);
  await waitForCluster(client, inputs.organizationId, id, inputs.name, "DEPLOYED", inputs.timeoutSeconds, before);
}

/** Keys whose change alone deploys nothing: the wait limit, and the version (its upgrade is a deployment of its own). */
const NOT_DEPLOYED = new Set(["timeoutSeconds", "kubernetesVersion"]);

/**
 * `deploy: true`: after create, and after an update that changed the cluster's own fields, deploy and wait until
 * `DEPLOYED`. A failure is recorded as `deploy: false`, so the next `up` deploys again.
 */
export const clusterDeployPart: ClusterPart = {
  action: "deploying",
  keys: ["deploy"],
  applyOnUpdate: (changed, inputs) => inputs.deploy && [...changed].some((k) => !NOT_DEPLOYED.has(k)),
  async apply({ client, id, inputs }) {
    if (!inputs.deploy) return;
    try {
      await deployAndWait(client, inputs, id);
    } catch (e) {
      throw withPartProgress(e, { inputs: { deploy: false } });
    }
    return { record: await client.clusters.get(inputs.organizationId, id) };
  },
};

/**
 * `kubernetesVersion`: when the cluster runs another version, upgrade it in place (never a replacement) to the one
 * the service offers next, and wait until `DEPLOYED`; a version the service does not offer next fails, naming it.
 */
export const clusterUpgradePart: ClusterPart = {
  action: "upgrading Kubernetes",
  keys: ["kubernetesVersion"],
  async apply({ client, id, inputs, record }) {
    const wanted = inputs.kubernetesVersion;
    const current = record?.version ?? (await client.clusters.get(inputs.organizationId, id)).version;
    if (wanted === undefined || wanted === current) return;
    const before = await client.clusters.status(inputs.organizationId, id);
    const next = before.next_k8s_available_version;
    if (next !== wanted) {
      const offered = typeof next === "string" && next !== "" ? `only to ${next} next` : "to no newer version now";
      throw new Error(`kubernetesVersion: cluster "${inputs.name}" runs ${String(current)} and the service upgrades it ${offered}, not to ${wanted}: upgrade one minor version at a time`);
    }
    await client.clusters.upgrade(id);
    await waitForCluster(client, inputs.organizationId, id, inputs.name, "DEPLOYED", inputs.timeoutSeconds, before);
    return { record: await client.clusters.get(inputs.organizationId, id) };
  },
};

/**
 * Deletes a cluster: refused, before any change, while environments run on it (naming them); otherwise stopped,
 * deleted, and waited for until the service lists it no more, each wait for at most `timeoutSeconds`.
 */
export async function deleteCluster(client: DeployServiceClient, id: string, props: Props): Promise<void> {
  const organizationId = String(props["organizationId"] ?? "");
  const name = String(props["name"] ?? id);
  const timeoutSeconds = typeof props["timeoutSeconds"] === "number" ? props["timeoutSeconds"] : DEFAULT_CLUSTER_TIMEOUT_SECONDS;
  try {
    const environments = await environmentsOn(client, id);
    if (environments.length > 0) {
      throw new Error(`cluster "${name}" (${id}) still runs ${environments.length} environment(s): ${environments.map((n) => JSON.stringify(n)).join(", ")}; delete them or move them to another cluster first`);
    }
    const before = await client.clusters.status(organizationId, id);
    // Nothing runs on a stopped cluster, nor on one never deployed (READY, as `deploy: false` leaves it).
    if (before.status !== "STOPPED" && before.status !== "READY") {
      await client.clusters.stop(organizationId, id);
      await waitForCluster(client, organizationId, id, name, "STOPPED", timeoutSeconds, before);
    }
    await client.clusters.delete(organizationId, id);
    await waitForCluster(client, organizationId, id, name, "DELETED", timeoutSeconds);
  } catch (e) {
    if (isNotFound(e)) return;
    throw e;
  }
}
