/**
 * A cluster made through the API, on the deployment clock: READY and never deployed after its create; a deploy walks
 * DEPLOYMENT_QUEUED, DEPLOYING, DEPLOYED; an edit of its nodes redeploys it (an edit of its description does not);
 * the upgrade moves its version to the next one and rolls it out; a stop walks to STOPPED; a delete is refused while
 * environments run on it (naming them), then walks DELETE_QUEUED, DELETING and the cluster is gone. Its credentials
 * deleted (or the fault) make it INVALID_CREDENTIALS until it gets others. Its settings come back as sent, and the
 * cost follows what runs. The seeded clusters are untouched.
 */
import { control } from "../../../emulator/control/control-client";
import { fieldOf, useEmulator, waitFor, type Client } from "../support/helpers";

const STEP_MS = 200;
const c = useEmulator({ stepMs: STEP_MS });

async function awsCredentials(client: Client, name = "aws"): Promise<string> {
  const r = await client.call("POST", `/organization/${client.org}/aws/credentials`, { type: "AWS_STATIC", name, access_key_id: "AKIA", secret_access_key: "s3cr3t" });
  return r.body.id as string;
}

function clusterBody(credentialsId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "prod", region: "eu-west-3", cloud_provider: "AWS", cloud_provider_credentials: { credentials: { id: credentialsId } },
    min_running_nodes: 2, max_running_nodes: 5, disk_size: 60, instance_type: "t3a.xlarge", description: "production", ...extra,
  };
}

async function create(client: Client, extra: Record<string, unknown> = {}): Promise<{ id: string; item: string; creds: string }> {
  const creds = await awsCredentials(client);
  const r = await client.call("POST", `/organization/${client.org}/cluster`, clusterBody(creds, extra));
  if (r.status !== 201) throw new Error(`cluster create: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id, item: `/organization/${client.org}/cluster/${r.body.id}`, creds };
}

/** The distinct states of a cluster's status until a terminal one (bounded). */
async function walk(client: Client, item: string): Promise<string[]> {
  const states: string[] = [];
  await waitFor(async () => {
    const s = (await client.call("GET", `${item}/status`)).body.status as string;
    if (states[states.length - 1] !== s) states.push(s);
    return !/ING$|QUEUED$/.test(s);
  }, 5000);
  return states;
}

/**
 * Checks a walk against the states an action goes through: seen in order, none other, ending at the last (a slow poll
 * may miss a short state; the action's own answer shows the first, its logs every step).
 */
function expectWalk(seen: Array<string | number>, states: Array<string | number>): void {
  let at = 0;
  for (const s of seen) {
    at = states.indexOf(s, at);
    expect([s, at >= 0]).toEqual([s, true]);
  }
  expect(seen[seen.length - 1]).toBe(states[states.length - 1]);
}

async function listed(client: Client, id: string): Promise<Record<string, any> | undefined> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return ((await client.call("GET", `/organization/${client.org}/cluster`)).body.results as Array<{ id: string }>).find((x) => x.id === id);
}

async function orgCost(client: Client): Promise<number> {
  return (await client.call("GET", `/organization/${client.org}/currentCost`)).body.cost.total_in_cents as number;
}

describe("a cluster's request", () => {
  it("comes back as sent, on create and on edit, with its Kubernetes credentials", async () => {
    const features = (await c.call("GET", "/aws/clusterFeature")).body.results as Array<{ id: string; title: string }>;
    const staticIp = features.find((f) => f.title === "Static IP")?.id as string;
    const labels = (await c.call("POST", `/organization/${c.org}/labelsGroups`, { name: "team", labels: [] })).body.id as string;
    const sent = {
      ssh_keys: ["ssh-ed25519 AAAA ops"], production: true, keda: { enabled: true }, features: [{ id: staticIp, value: true }],
      disk_iops: 6000, disk_throughput: 250, labels_groups: [{ id: labels }],
      metrics_parameters: { enabled: true, configuration: { kind: "MANAGED_BY_QOVERY", resource_profile: "NORMAL" } },
      secret_manager_accesses: [{ name: "sm", endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3" }, authentication: { mode: "AUTOMATICALLY_CONFIGURED" } }],
    };
    const { id, item, creds } = await create(c, sent);
    const back = await listed(c, id);
    expect(back).toMatchObject({
      ssh_keys: sent.ssh_keys, production: true, keda: { enabled: true }, disk_iops: 6000, disk_throughput: 250,
      labels_groups: [{ id: labels }], metrics_parameters: sent.metrics_parameters,
      secret_manager_accesses: [expect.objectContaining({ id: expect.any(String), ...sent.secret_manager_accesses[0] })],
      features: [expect.objectContaining({ id: staticIp, title: "Static IP", value_object: { type: "BOOLEAN", value: true } })],
    });
    const cost = (await c.call("GET", `/organization/${c.org}/cluster/${id}/currentCost`)).body;
    expect(cost.min_cost_in_cents).toBe(7300 + 3300 + 2 * (4 * 1500 + 16 * 200)); // control plane, static IP, 2 x t3a.xlarge
    const edited = await c.call("PUT", item, clusterBody(creds, { name: "prod-2", ssh_keys: [], production: false }));
    expect(edited.body).toMatchObject({ name: "prod-2", ssh_keys: [], production: false, features: [], labels_groups: [] });
    expect(await listed(c, id)).toEqual(edited.body);
    const kubeconfig = await c.call("GET", `${item}/kubeconfig`);
    expect([kubeconfig.status, String(kubeconfig.body)]).toEqual([200, expect.stringContaining(`server: https://${id}.k8s.eu-west-3.emulator.invalid`)]);
  });
});

describe("a cluster's secret manager accesses", () => {
  it("are stored and answered with their ids and without the AWS secret key or the GCP JSON key, an edit keeping an id", async () => {
    const accesses = [
      { name: "aws", endpoint: { mode: "AWS_PARAMETER_STORE", region: "eu-west-3" }, authentication: { mode: "AWS_STATIC_CREDENTIALS", region: "eu-west-3", access_key: "AKIAEMU", secret_key: "emu-secret-key-value" } },
      { name: "gcp", endpoint: { mode: "GCP_SECRET_MANAGER", region: "europe-west1", project_id: "p1" }, authentication: { mode: "GCP_JSON_CREDENTIALS", json_credentials: "eyJrZXkiOiJlbXUifQ==" } },
    ];
    const { id, item, creds } = await create(c, { name: "secrets", secret_manager_accesses: accesses });
    const back = await listed(c, id);
    expect(back?.secret_manager_accesses).toEqual([
      expect.objectContaining({ id: expect.any(String), name: "aws", endpoint: accesses[0]!.endpoint, authentication: { mode: "AWS_STATIC_CREDENTIALS", region: "eu-west-3", access_key: "AKIAEMU" } }),
      expect.objectContaining({ id: expect.any(String), name: "gcp", endpoint: accesses[1]!.endpoint, authentication: { mode: "GCP_JSON_CREDENTIALS" } }),
    ]);
    const store = await (await control(c.emu, "GET", "/state")).text();
    expect([store.includes("emu-secret-key-value"), store.includes("eyJrZXkiOiJlbXUifQ==")]).toEqual([false, false]);
    for (const [access, named] of [
      [{ ...accesses[1], endpoint: { mode: "GCP_SECRET_MANAGER", region: "europe-west1" } }, "project_id"],
      [{ ...accesses[0], authentication: { mode: "AWS_ROLE_ARN" } }, "role_arn"],
      [{ ...accesses[0], endpoint: { mode: "VAULT", region: "eu-west-3" } }, "mode"],
    ] as const) {
      const refused = await c.call("PUT", item, clusterBody(creds, { name: "secrets", secret_manager_accesses: [access] }));
      expect([refused.status, String(refused.body.message)]).toEqual([400, expect.stringContaining(named)]);
    }
    const first = back?.secret_manager_accesses[0].id as string;
    const edited = await c.call("PUT", item, clusterBody(creds, { name: "secrets", secret_manager_accesses: [{ ...accesses[0], id: first }] }));
    expect(edited.body.secret_manager_accesses).toEqual([expect.objectContaining({ id: first, name: "aws" })]);
  });
});

describe("a cluster's lifecycle", () => {
  it("is created READY, deployed over several steps, redeployed on a node edit, upgraded, stopped", async () => {
    const costBefore = await orgCost(c);
    const { id, item, creds } = await create(c);
    const made = await listed(c, id);
    expect(made).toMatchObject({
      name: "prod", region: "eu-west-3", cloud_provider: "AWS", min_running_nodes: 2, max_running_nodes: 5, disk_size: 60,
      instance_type: "t3a.xlarge", description: "production", status: "READY", deployment_status: "NEVER_DEPLOYED", version: "1.32",
      cpu: 8000, memory: 32768,
    });
    expect(made).not.toHaveProperty("infrastructure_outputs");
    expect((await c.call("GET", `${item}/isReady`)).body).toEqual({ is_ready: false });
    expect((await c.call("POST", `${item}/stop`)).status).toBe(409);

    const deploy = await c.call("POST", `${item}/deploy`);
    expect([deploy.status, deploy.body.status]).toEqual([201, "DEPLOYMENT_QUEUED"]);
    expectWalk(await walk(c, item), ["DEPLOYMENT_QUEUED", "DEPLOYING", "DEPLOYED"]);
    expect(await listed(c, id)).toMatchObject({ deployment_status: "UP_TO_DATE", infrastructure_outputs: { kind: "EKS", cluster_name: "prod" } });
    expect((await c.call("GET", `${item}/isReady`)).body).toEqual({ is_ready: true });
    const logs = (await c.call("GET", `${item}/logs`)).body.results as Array<{ step: string; message: { safe_message: string } }>;
    expect(logs.map((l) => l.step)).toEqual(["LoadConfiguration", "Create", "Create", "Create", "Created"]);
    expect(logs[2]?.message.safe_message).toContain("2 to 5 x t3a.xlarge");
    expect(await orgCost(c)).toBeGreaterThan(costBefore);

    // a description only: no redeploy
    await c.call("PUT", item, clusterBody(creds, { description: "still production" }));
    expect((await c.call("GET", `${item}/status`)).body.status).toBe("DEPLOYED");
    // new node counts: a redeploy
    const edited = await c.call("PUT", item, clusterBody(creds, { max_running_nodes: 8, description: "still production" }));
    expect([edited.status, edited.body.max_running_nodes, edited.body.status]).toEqual([200, 8, "DEPLOYMENT_QUEUED"]);
    expectWalk(await walk(c, item), ["DEPLOYMENT_QUEUED", "DEPLOYING", "DEPLOYED"]);

    const upgraded = await c.call("POST", `/cluster/${id}/upgrade`);
    expect([upgraded.status, upgraded.body.status, upgraded.body.next_k8s_available_version]).toEqual([201, "DEPLOYMENT_QUEUED", null]);
    expectWalk(await walk(c, item), ["DEPLOYMENT_QUEUED", "DEPLOYING", "DEPLOYED"]);
    expect((await listed(c, id))?.["version"]).toBe("1.33");

    const running = await orgCost(c);
    const stop = await c.call("POST", `${item}/stop`);
    expect([stop.status, stop.body.status]).toEqual([202, "STOP_QUEUED"]);
    expectWalk(await walk(c, item), ["STOP_QUEUED", "STOPPING", "STOPPED"]);
    expect(await orgCost(c)).toBeLessThan(running);
    const cost = (await c.call("GET", `/organization/${c.org}/cluster/${id}/currentCost`)).body;
    expect(cost).toMatchObject({ total_in_cents: 0, currency_code: "USD" });
    expect(cost.max_cost_in_cents).toBeGreaterThan(cost.min_cost_in_cents);
    // a stopped cluster's node edit waits for its next deploy
    await c.call("PUT", item, clusterBody(creds, { max_running_nodes: 9 }));
    expect(await listed(c, id)).toMatchObject({ status: "STOPPED", deployment_status: "OUT_OF_DATE" });
  });

  it("is not deleted while environments run on it (named), then is deleted over several steps and gone", async () => {
    const { id, item } = await create(c);
    const project = (await c.call("POST", `/organization/${c.org}/project`, { name: "shop" })).body.id as string;
    const envs = [];
    for (const name of ["staging", "preview-42"]) {
      envs.push((await c.call("POST", `/project/${project}/environment`, { name, cluster: id, mode: "STAGING" })).body.id as string);
    }
    const refused = await c.call("DELETE", item);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/'staging'.*'preview-42'/);
    expect((await c.call("GET", `${item}/status`)).body.status).toBe("READY");

    for (const env of envs) await c.call("DELETE", `/environment/${env}`);
    await waitFor(async () => (await c.call("DELETE", item)).status === 204);
    const meanwhile = await c.call("POST", `/project/${project}/environment`, { name: "meanwhile", cluster: id, mode: "STAGING" });
    // "is being deleted" while it is, "unknown cluster" once gone (a slow machine may get there first)
    expect([meanwhile.status, meanwhile.body.message]).toEqual([400, expect.stringMatching(/^cluster: (cluster prod is being deleted|unknown cluster)/)]);
    const seen: Array<string | number> = [];
    await waitFor(async () => {
      const r = await c.call("GET", `${item}/status`);
      const s = r.status === 200 ? r.body.status as string : r.status;
      if (seen[seen.length - 1] !== s) seen.push(s);
      return r.status === 404;
    }, 5000);
    expectWalk(seen, ["DELETE_QUEUED", "DELETING", 404]);
    const late = await c.call("POST", `/project/${project}/environment`, { name: "late", cluster: id, mode: "STAGING" });
    expect([late.status, fieldOf(late.body.message)]).toEqual([400, "cluster"]);
    expect(await listed(c, id)).toBeUndefined();
    expect((await c.call("GET", `/organization/${c.org}/cluster`)).body.results).toHaveLength(2); // the seeded ones stay
    expect((await c.call("GET", `/organization/${c.org}/cluster/${id}/kubeconfig`)).status).toBe(404);
  });
});
