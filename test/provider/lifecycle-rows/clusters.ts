/**
 * Lifecycle rows of clusters and the cloud credentials they are made with: a `Cluster` on AWS (deployed, its node
 * counts updated in place, another region replacing it) and the credentials of each cloud (a secret change updates
 * in place). What a cluster does beyond its row (the check asking the service, the upgrade, the refused delete) is
 * in test/provider/resources/cluster.test.ts.
 */
import {
  awsCredentials, azureCredentials, gcpCredentials, onPremiseCredentials, scalewayCredentials,
} from "../../../provider/resources/cloud-credentials";
import { cluster } from "../../../provider/resources/cluster/index";
import type { Fixture } from "../support/fixture";
import { fromDefinition, type LifecycleRow, type Props } from "../support/lifecycle-row";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now() % 100_000}`;

/** New AWS credentials of the fixture's organization, made through the sdk. */
export async function sdkAwsCredentials(fx: Fixture): Promise<string> {
  return (await fx.client.awsCredentials.create(fx.orgId, { type: "AWS_ROLE", name: unique("lc-aws"), role_arn: "arn:aws:iam::123456789012:role/lc" })).id;
}

/** Inputs of a small AWS cluster of the fixture's organization, with new credentials. */
export async function clusterInputs(fx: Fixture, name = unique("lc-cluster")): Promise<Props> {
  return {
    organizationId: fx.orgId, cloudProvider: "AWS", credentialsId: await sdkAwsCredentials(fx), name, region: "eu-west-3",
    instanceType: "t3a.large", minRunningNodes: 1, maxRunningNodes: 2, timeoutSeconds: 120,
  };
}

const clusterRow: LifecycleRow = {
  ...fromDefinition(cluster),
  inputs: (fx) => clusterInputs(fx),
  update: (_fx, base) => ({ ...base, maxRunningNodes: 3, description: "three at most" }),
  expectUpdated: async (fx, id) => {
    const c = await fx.client.clusters.get(fx.orgId, id);
    expect([c.max_running_nodes, c.description, c.status]).toEqual([3, "three at most", "DEPLOYED"]);
  },
  replace: (_fx, base) => ({ inputs: { ...base, region: "eu-west-1" }, replaces: ["region"] }),
  changeOutside: async (fx, id, props) => {
    await fx.client.clusters.update(fx.orgId, id, {
      name: String(props["name"]), region: "eu-west-3", cloud_provider: "AWS", instance_type: "t3a.large", min_running_nodes: 1, max_running_nodes: 5,
      cloud_provider_credentials: { cloud_provider: "AWS", credentials: { id: String(props["credentialsId"]) }, region: "eu-west-3" },
    });
    return (read) => expect(read["maxRunningNodes"]).toBe(5);
  },
};

/** A credentials row: the inputs of one cloud, a change of them, and the record member that shows the change. */
function credentialsRow(
  family: Parameters<typeof fromDefinition>[0], inputs: (name: string) => Props, update: Props, check: (record: Props) => unknown, expected: unknown,
): LifecycleRow {
  const get = (fx: Fixture, id: string) => family.calls.get(fx.client, id, { organizationId: fx.orgId }) as Promise<unknown> as Promise<Props>;
  return {
    ...fromDefinition(family),
    inputs: (fx) => ({ organizationId: fx.orgId, ...inputs(unique(`lc-${family.kind.toLowerCase()}`)) }),
    update: (_fx, base) => ({ ...base, ...update }),
    expectUpdated: async (fx, id) => expect(check(await get(fx, id))).toEqual(expected),
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id, props) => {
      await family.calls.update(fx.client, id, { ...props, name: "renamed-outside" } as never, wireOf(family.kind, props, "renamed-outside"));
      return (read) => expect(read["name"]).toBe("renamed-outside");
    },
  };
}

/** The request body of a credentials edit outside the provider (the same credentials, another name). */
function wireOf(kind: string, props: Props, name: string): Props {
  switch (kind) {
    case "AwsCredentials": return props["roleArn"] !== undefined ? { type: "AWS_ROLE", name, role_arn: props["roleArn"] } : { type: "AWS_STATIC", name, access_key_id: props["accessKeyId"], secret_access_key: props["secretAccessKey"] };
    case "GcpCredentials": return { name, gcp_credentials: props["gcpCredentials"] };
    case "ScalewayCredentials": return {
      name, scaleway_access_key: props["scalewayAccessKey"], scaleway_secret_key: props["scalewaySecretKey"],
      scaleway_project_id: props["scalewayProjectId"], scaleway_organization_id: props["scalewayOrganizationId"],
    };
    case "AzureCredentials": return { name, azure_subscription_id: props["azureSubscriptionId"], azure_tenant_id: props["azureTenantId"] };
    default: return { name };
  }
}

export const rows: LifecycleRow[] = [
  clusterRow,
  credentialsRow(awsCredentials, (name) => ({ name, accessKeyId: "AKIALIFECYCLE1", secretAccessKey: "lifecycle-secret-1" }),
    { accessKeyId: "AKIALIFECYCLE2", secretAccessKey: "lifecycle-secret-2" }, (r) => r["access_key_id"], "AKIALIFECYCLE2"),
  credentialsRow(gcpCredentials, (name) => ({ name, gcpCredentials: Buffer.from('{"type":"service_account"}').toString("base64") }),
    { name: "lc-gcp-renamed" }, (r) => r["name"], "lc-gcp-renamed"),
  credentialsRow(scalewayCredentials, (name) => ({ name, scalewayAccessKey: "SCWLIFECYCLE1", scalewaySecretKey: "scw-secret-1", scalewayProjectId: "p-1", scalewayOrganizationId: "o-1" }),
    { scalewayProjectId: "p-2", scalewaySecretKey: "scw-secret-2" }, (r) => r["scaleway_project_id"], "p-2"),
  credentialsRow(azureCredentials, (name) => ({ name, azureSubscriptionId: "sub-1", azureTenantId: "tenant-1" }),
    { azureTenantId: "tenant-2" }, (r) => r["azure_tenant_id"], "tenant-2"),
  credentialsRow(onPremiseCredentials, (name) => ({ name }), { name: "lc-onprem-renamed" }, (r) => r["name"], "lc-onprem-renamed"),
];
