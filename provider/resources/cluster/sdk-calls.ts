/**
 * The sdk calls the cluster and cloud-credentials families make, in the shape the family definitions take
 * (`FamilyCalls`), and the waits of a cluster's actions with their progress lines.
 */
import { NotFoundError, PollSchedule, classifyState, path, waitUntilGone, type DeployServiceClient } from "../../../sdk";
import type { FamilyCalls, Props } from "../../framework/define";
import { serviceProgress } from "../../framework/progress";
import type { ClusterCloud } from "./facts";

/** The path segment of a cloud in the service's credentials, features and instance types paths. */
export const CLOUD_SEGMENTS: Record<ClusterCloud, string> = { AWS: "aws", GCP: "gcp", SCW: "scaleway", AZURE: "azure", ON_PREMISE: "onPremise" };

/** A cluster record, as the provider reads it. */
export type ClusterRecord = { id: string; name?: string; status?: string | null; version?: string | null; updated_at?: string | null; created_at?: string | null } & Props;
/** A cloud credentials record (the service answers its id, name and kind; never what it holds). */
export type CredentialsRecord = { id: string; name?: string; updated_at?: string | null; created_at?: string | null } & Props;

const org = (props: Props) => String(props["organizationId"] ?? "");
const credentialsPath = (organizationId: string, cloud: ClusterCloud) => path`/organization/${organizationId}/${CLOUD_SEGMENTS[cloud]}/credentials`;
const credentialPath = (organizationId: string, cloud: ClusterCloud, id: string) => path`/organization/${organizationId}/${CLOUD_SEGMENTS[cloud]}/credentials/${id}`;

/** The credentials of one cloud of an organization, listed. */
export async function listCloudCredentials(client: DeployServiceClient, organizationId: string, cloud: ClusterCloud): Promise<CredentialsRecord[]> {
  const answer = (await client.request("GET", credentialsPath(organizationId, cloud))) as { results?: CredentialsRecord[] };
  return answer.results ?? [];
}

/** The calls of one cloud's credentials family. The service has no read of one set of credentials in every cloud: the list is read. */
export function cloudCredentialsCalls(cloud: ClusterCloud): FamilyCalls<Props, CredentialsRecord> {
  return {
    create: async (client, inputs, body) => (await client.request("POST", credentialsPath(org(inputs), cloud), { body })) as CredentialsRecord,
    get: async (client, id, state) => {
      const found = (await listCloudCredentials(client, org(state), cloud)).find((c) => c.id === id);
      if (found === undefined) throw new NotFoundError(`credentials ${id} are not in organization ${org(state)}`, { method: "GET", path: credentialsPath(org(state), cloud), status: 404 });
      return found;
    },
    update: async (client, id, inputs, body) => (await client.request("PUT", credentialPath(org(inputs), cloud, id), { body })) as CredentialsRecord,
    delete: (client, id, state) => client.request("DELETE", credentialPath(org(state), cloud, id)),
  };
}

const clusterPath = (organizationId: string, id: string) => path`/organization/${organizationId}/cluster/${id}`;

/** The cluster of an organization with this id, read from the organization's list (the service has no read of one). */
export async function getClusterRecord(client: DeployServiceClient, organizationId: string, id: string): Promise<ClusterRecord> {
  const found = (await client.clusters.list(organizationId)).find((c) => c.id === id) as ClusterRecord | undefined;
  if (found === undefined) throw new NotFoundError(`cluster ${id} is not in organization ${organizationId}`, { method: "GET", path: path`/organization/${organizationId}/cluster`, status: 404 });
  return found;
}

/** The calls of the cluster family. */
export const clusterCalls: FamilyCalls<Props, ClusterRecord> = {
  create: async (client, inputs, body) => (await client.request("POST", path`/organization/${org(inputs)}/cluster`, { body })) as ClusterRecord,
  get: (client, id, state) => getClusterRecord(client, org(state), id),
  update: async (client, id, inputs, body) => (await client.request("PUT", clusterPath(org(inputs), id), { body })) as ClusterRecord,
  delete: (client, id, state) => client.request("DELETE", clusterPath(org(state), id)),
};

/** Actions on a cluster. */
export const clusterActions = {
  deploy: (client: DeployServiceClient, organizationId: string, id: string) => client.request("POST", path`${clusterPath(organizationId, id)}/deploy`),
  stop: (client: DeployServiceClient, organizationId: string, id: string) => client.request("POST", path`${clusterPath(organizationId, id)}/stop`),
  upgrade: (client: DeployServiceClient, id: string) => client.clusters.upgrade(id),
  delete: (client: DeployServiceClient, organizationId: string, id: string) => client.request("DELETE", clusterPath(organizationId, id)),
  /** Waits until the organization lists the cluster no more, a progress line per state it shows meanwhile. */
  waitUntilGone: async (client: DeployServiceClient, organizationId: string, id: string, name: string, timeoutSeconds: number): Promise<void> => {
    const progress = serviceProgress(`cluster "${name}"`);
    await waitUntilGone(() => getClusterRecord(client, organizationId, id), {
      timeoutMs: timeoutSeconds * 1000, pollIntervalMs: 200, maxPollIntervalMs: 5000,
      onProgress: (found) => progress({ state: String((found as ClusterRecord).status ?? "DELETING") }),
    });
  },
  status: (client: DeployServiceClient, organizationId: string, id: string) => client.clusters.status(organizationId, id),
  /** Names of the environments running on the cluster. */
  environments: async (client: DeployServiceClient, id: string): Promise<string[]> => {
    const answer = (await client.request("GET", path`/cluster/${id}/environments`)) as { results?: Array<{ name?: string }> };
    return (answer.results ?? []).map((e) => String(e.name ?? ""));
  },
  /** The instance types the cloud offers in a region (a zone for Scaleway), by their `type`. */
  instanceTypes: async (client: DeployServiceClient, cloud: ClusterCloud, region: string): Promise<Array<{ type: string; name?: string }>> => {
    const where = cloud === "AWS" ? path`/aws/eks/instanceType/${region}` : cloud === "AZURE" ? path`/azure/aks/instanceType/${region}` : path`/${CLOUD_SEGMENTS[cloud]}/instanceType/${region}`;
    const answer = (await client.request("GET", where)) as { results?: Array<{ type: string; name?: string }> };
    return answer.results ?? [];
  },
};

/**
 * Follows a cluster's status until it reaches `target` (`DEPLOYED` or `STOPPED`), a line of `pulumi up`'s output
 * per state; a `*_ERROR` state or `INVALID_CREDENTIALS` fails naming it, a timeout fails naming the last state.
 */
export async function waitForCluster(
  client: DeployServiceClient, organizationId: string, id: string, name: string, target: "DEPLOYED" | "STOPPED", timeoutSeconds: number,
): Promise<string> {
  const schedule = new PollSchedule({ timeoutMs: timeoutSeconds * 1000, pollIntervalMs: 200, maxPollIntervalMs: 5000 });
  const progress = serviceProgress(`cluster "${name}"`);
  for (;;) {
    const state = String((await clusterActions.status(client, organizationId, id)).status);
    progress({ state });
    const outcome = state === "INVALID_CREDENTIALS" ? "failure" : classifyState(state, target);
    if (outcome === "success") return state;
    if (outcome === "failure") throw Object.assign(new Error(`cluster "${name}" (${id}) ended in ${state} while waiting for ${target}`), { finalState: state });
    if (schedule.expired()) {
      throw new Error(`cluster "${name}" (${id}) is still ${state} after ${timeoutSeconds} s waiting for ${target}: raise timeoutSeconds`);
    }
    await schedule.pause();
  }
}
