/**
 * A cluster's check beyond its schema: what only the service knows, asked only when it can have changed (a new
 * or changed instance type or region, new or changed credentials or cloud), so a preview with no change sends no
 * request. Refused before any create: an instance type the cloud does not offer in the region, credentials of
 * another cloud.
 */
import type * as pulumi from "@pulumi/pulumi";
import { CLOUDS, CLOUD_PROVIDERS, type CloudProvider, type DeployServiceClient } from "../../../sdk";
import type { Props } from "../../framework/define";
import { apiClient } from "../../framework/credentials";
import { closestName } from "../../framework/suggest";
import { containsUnknown } from "../../framework/unknowns";
import { listCloudCredentials } from "./sdk-calls";

type Failure = pulumi.dynamic.CheckFailure;

const changed = (olds: Props, news: Props, keys: string[]) => keys.some((k) => olds[k] !== news[k]);
const known = (...values: unknown[]) => values.every((v) => v !== undefined && !containsUnknown(v));

/** The instance type's failure, when the cloud does not offer it in the region. */
async function instanceTypeFailure(client: DeployServiceClient, cloud: CloudProvider, region: string, wanted: string): Promise<Failure | undefined> {
  const offered = (await client.cloudCatalogues.instanceTypes(cloud, region)).map((t) => t.type);
  if (offered.includes(wanted)) return undefined;
  const close = closestName(wanted, offered);
  const hint = close !== undefined ? `did you mean "${close}"? ` : "";
  return {
    property: "instanceType",
    reason: `${JSON.stringify(wanted)} is not offered by ${CLOUDS[cloud].title} in ${JSON.stringify(region)}: ${hint}getInstanceTypes({ cloudProvider: "${cloud}", region: "${region}" }) lists the ${offered.length} it offers`,
  };
}

/** The credentials' failure, when they are no credentials of the cluster's cloud (they may be another cloud's). */
async function credentialsFailure(client: DeployServiceClient, organizationId: string, cloud: CloudProvider, id: string): Promise<Failure | undefined> {
  if ((await listCloudCredentials(client, organizationId, cloud)).some((c) => c.id === id)) return undefined;
  for (const other of CLOUD_PROVIDERS) {
    if (other === cloud || !(await listCloudCredentials(client, organizationId, other)).some((c) => c.id === id)) continue;
    return { property: "credentialsId", reason: `${id} are ${CLOUDS[other].title} credentials, and the cluster runs on ${CLOUDS[cloud].title}: expected credentials of ${CLOUDS[cloud].title}` };
  }
  return { property: "credentialsId", reason: `expected credentials of ${CLOUDS[cloud].title} in organization ${organizationId}, got ${id}, which it has none of` };
}

/**
 * The service's facts on what is new or changed, once the schema passed (the definition's `serviceCheck`): a no-op
 * preview (the stored inputs equal to the new ones) makes no request.
 */
export async function clusterServiceCheck(inputs: Props, olds: Props): Promise<Failure[]> {
  const cloud = inputs["cloudProvider"] as CloudProvider;
  const [org, region, type, credentials] = ["organizationId", "region", "instanceType", "credentialsId"].map((k) => inputs[k]);
  const failures: Failure[] = [];
  const ask = (keys: string[]) => changed(olds, inputs, keys);
  if (known(cloud, region, type) && cloud !== "ON_PREMISE" && ask(["cloudProvider", "region", "instanceType"])) {
    const f = await instanceTypeFailure(apiClient(), cloud, String(region), String(type));
    if (f) failures.push(f);
  }
  if (known(org, cloud, credentials) && ask(["organizationId", "cloudProvider", "credentialsId"])) {
    const f = await credentialsFailure(apiClient(), String(org), cloud, String(credentials));
    if (f) failures.push(f);
  }
  return failures;
}
