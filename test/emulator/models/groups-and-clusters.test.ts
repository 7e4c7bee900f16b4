/**
 * Annotations and labels groups of the organization (services reference them and answer them whole; deleting one
 * takes it off its services), on-premise credentials, and the cluster fields the published description lists.
 * Answers are checked against the reference when this checkout has it.
 */
import { appBody, projectAndEnv, useEmulator } from "../support/helpers";
import { answerProblems, loadReference } from "../support/reference-schema";

const doc = loadReference("group and cluster answers against the reference");
const c = useEmulator();

async function call(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([path, r.status]).toEqual([path, method === "POST" ? 201 : method === "DELETE" ? 204 : 200]);
  if (r.status !== 204) expect(answerProblems(doc, method, path, r.status, r.body)).toEqual([]);
  return r.body;
}

describe("annotations and labels groups", () => {
  it("are created, listed with their usage, edited and deleted; services answer them whole", async () => {
    const org = c.org;
    const a = await call("POST", `/organization/${org}/annotationsGroups`, {
      name: "tracing", annotations: [{ key: "trace.io/enabled", value: "true" }], scopes: ["DEPLOYMENTS", "PODS"],
    });
    const l = await call("POST", `/organization/${org}/labelsGroups`, {
      name: "team", labels: [{ key: "team", value: "shop", propagate_to_cloud_provider: true }],
    });
    const { envId } = await projectAndEnv(c);
    const app = await call("POST", `/environment/${envId}/application`, appBody("api", { annotations_groups: [{ id: a.id }], labels_groups: [{ id: l.id }] }));
    expect(app.annotations_groups).toEqual([{ id: a.id, created_at: a.created_at, updated_at: a.updated_at, name: "tracing", annotations: a.annotations, scopes: a.scopes }]);
    expect(app.labels_groups[0]).toMatchObject({ id: l.id, name: "team", labels: l.labels });
    const db = await call("POST", `/environment/${envId}/database`, { name: "db", type: "REDIS", version: "7", mode: "CONTAINER", labels_groups: [{ id: l.id }] });
    expect(db.labels_groups.map((g: { id: string }) => g.id)).toEqual([l.id]);

    const listed = await call("GET", `/organization/${org}/labelsGroups`);
    expect(listed.results).toEqual([expect.objectContaining({ id: l.id, associated_items_count: 2 })]);
    await call("PUT", `/organization/${org}/annotationsGroups/${a.id}`, { name: "tracing-2", annotations: [], scopes: ["SERVICES"] });
    expect((await call("GET", `/application/${app.id}`)).annotations_groups[0]).toMatchObject({ name: "tracing-2", scopes: ["SERVICES"] });

    await call("DELETE", `/organization/${org}/labelsGroups/${l.id}`);
    expect((await c.call("GET", `/organization/${org}/labelsGroups/${l.id}`)).status).toBe(404);
    expect((await call("GET", `/application/${app.id}`)).labels_groups).toEqual([]);
    expect((await call("GET", `/database/${db.id}`)).labels_groups).toEqual([]);
  });
});

describe("on-premise credentials", () => {
  it("are listed, read and deleted", async () => {
    const base = `/organization/${c.org}/onPremise/credentials`;
    const made = await call("POST", base, { name: "rack" });
    expect((await call("GET", base)).results).toEqual([made]);
    expect(await call("GET", `${base}/${made.id}`)).toEqual(made);
    await call("DELETE", `${base}/${made.id}`);
    expect((await c.call("GET", `${base}/${made.id}`)).status).toBe(404);
  });
});

describe("clusters", () => {
  it("answer the fields the published description lists, with seeded values", async () => {
    const clusters = (await call("GET", `/organization/${c.org}/cluster`)).results;
    expect(clusters).toHaveLength(2);
    for (const cl of clusters) {
      expect(cl).toMatchObject({
        description: expect.stringContaining(cl.name), disk_iops: 3000, disk_throughput: 125,
        metrics_parameters: { enabled: true, configuration: expect.any(Object) },
        infrastructure_outputs: { kind: "EKS", cluster_name: cl.name, cluster_oidc_issuer: expect.stringMatching(/^https:\/\//) },
        infrastructure_charts_parameters: { nginx_parameters: { replica_count: 2 }, cert_manager_parameters: { kubernetes_namespace: "cert-manager" } },
        labels_groups: [],
        secret_manager_accesses: [{ id: expect.any(String), name: expect.any(String), endpoint: { region: cl.region }, authentication: expect.any(Object) }],
      });
    }
    expect(clusters[0].secret_manager_accesses[0].id).not.toBe(clusters[1].secret_manager_accesses[0].id);
  });
});
