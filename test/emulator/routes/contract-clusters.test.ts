/**
 * Contract of the cluster and cloud-credentials routes with the reference (strict: an answer carries only the fields
 * its schema declares): the credentials of the five clouds and the organization's list, a cluster's create, edit,
 * deploy, stop, statuses, readiness, logs, settings, DNS provider, upgrade, cost and delete, and the catalogues.
 */
import { seen, useEmulator, waitFor } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator({ stepMs: 10 });

const CREDENTIALS: Record<string, Record<string, unknown>> = {
  aws: { type: "AWS_STATIC", name: "aws-keys", access_key_id: "AKIAEMULATOR0000", secret_access_key: "aws-secret-1" },
  gcp: { name: "gcp-key", gcp_credentials: "{\"type\":\"service_account\"}" },
  scaleway: { name: "scw", scaleway_access_key: "SCWXXXX", scaleway_secret_key: "scw-secret", scaleway_project_id: "p-1", scaleway_organization_id: "o-1" },
  azure: { name: "azure", azure_subscription_id: "sub-1", azure_tenant_id: "tenant-1" },
  onPremise: { name: "rack" },
};

async function ok(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([method, path, r.status < 300]).toEqual([method, path, true]);
  return r.body;
}

async function credentialsOfEveryCloud(org: string): Promise<string> {
  let awsId = "";
  for (const [cloud, body] of Object.entries(CREDENTIALS)) {
    const base = `/organization/${org}/${cloud}/credentials`;
    const made = await ok("POST", base, body);
    if (cloud === "aws") awsId = made.id;
    await ok("GET", base);
    await ok("GET", `${base}/${made.id}`);
    await ok("PUT", `${base}/${made.id}`, { ...body, name: `${cloud}-renamed` });
  }
  const role = await ok("POST", `/organization/${org}/aws/credentials`, { type: "AWS_ROLE", name: "role", role_arn: "arn:aws:iam::123456789012:role/deployer" });
  await ok("DELETE", `/organization/${org}/aws/credentials/${role.id}`);
  return awsId;
}

async function clusterSettings(org: string, item: string, id: string): Promise<void> {
  await ok("GET", "/defaultClusterAdvancedSettings");
  await ok("GET", `${item}/advancedSettings`);
  await ok("PUT", `${item}/advancedSettings`, { "loki.log_retention_in_week": 4, "aws.eks.ec2.metadata_imds": "required" });
  await ok("GET", `${item}/cloudProviderInfo`);
  await ok("GET", `${item}/routingTable`);
  await ok("PUT", `${item}/routingTable`, { routes: [{ destination: "10.1.0.0/16", target: "pcx-0123", description: "peering" }] });
  await ok("GET", `/cluster/${id}/dnsProvider`);
  await ok("PUT", `/cluster/${id}/dnsProvider`, { dns_provider: { provider: "CLOUDFLARE", domain: "example.com", email: "ops@example.com", api_token: "cf-secret" } });
  await ok("GET", `/organization/${org}/cluster/${id}/currentCost`);
}

async function catalogues(): Promise<void> {
  for (const cloud of ["aws", "gcp", "scaleway", "azure"]) await ok("GET", `/${cloud}/clusterFeature`);
  for (const p of ["/aws/instanceType", "/aws/eks/instanceType/eu-west-3", "/gcp/instanceType/europe-west1", "/azure/aks/instanceType/westeurope", "/scaleway/instanceType", "/scaleway/instanceType/fr-par-2"]) {
    await ok("GET", p);
  }
}

it("every answer of the cluster and credentials routes matches the reference strictly", async () => {
  seen.length = 0;
  const org = c.org;
  const awsId = await credentialsOfEveryCloud(org);
  const features = (await ok("GET", "/aws/clusterFeature")).results as Array<{ id: string; title: string }>;
  const staticIp = features.find((f) => f.title === "Static IP")?.id;
  const body = {
    name: "contract", region: "eu-west-3", cloud_provider: "AWS", cloud_provider_credentials: { credentials: { id: awsId } },
    min_running_nodes: 2, max_running_nodes: 4, disk_size: 50, instance_type: "t3a.xlarge", features: [{ id: staticIp, value: true }],
  };
  const made = await ok("POST", `/organization/${org}/cluster`, body);
  const item = `/organization/${org}/cluster/${made.id}`;
  await ok("GET", `/organization/${org}/credentials`);
  await ok("POST", `${item}/deploy`);
  await waitFor(async () => (await ok("GET", `${item}/status`)).status === "DEPLOYED");
  await ok("GET", `/organization/${org}/cluster`);
  await ok("GET", `/organization/${org}/cluster/status`);
  await ok("GET", `${item}/isReady`);
  await ok("GET", `${item}/logs`);
  await ok("GET", `/cluster/${made.id}/logs`);
  await ok("PUT", item, { ...body, max_running_nodes: 6 });
  await clusterSettings(org, item, made.id);
  await ok("POST", `/cluster/${made.id}/upgrade`);
  await waitFor(async () => (await ok("GET", `${item}/status`)).status === "DEPLOYED");
  await ok("POST", `${item}/stop`);
  await ok("GET", `/organization/${org}/currentCost`);
  await ok("DELETE", item);
  await catalogues();

  const answers = seen.filter((a) => /cluster|credentials|instanceType|clusterFeature|currentCost|dnsProvider|defaultCluster/i.test(a.path));
  expect(answers.length).toBeGreaterThan(50);
  // the reference's CostRange requires `total_in_cents` and `total` without declaring them: checked not strictly
  const costRange = (a: { path: string }) => /\/cluster\/[^/]+\/currentCost$/.test(a.path);
  expect(answers.filter(costRange)).toHaveLength(1);
  expect(referenceProblems(answers.filter((a) => !costRange(a)), "cluster contract")).toEqual([]);
  expect(referenceProblems(answers.filter(costRange), "cluster cost contract", { strict: false })).toEqual([]);
});
