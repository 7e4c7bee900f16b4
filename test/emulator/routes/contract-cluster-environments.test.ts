/**
 * `GET /cluster/{clusterId}/environments` against the reference (strict): the environments on a cluster, each with its
 * project and its services by type; none on another cluster; Read access is enough; an unknown cluster is a 404.
 */
import { appBody, projectAndEnv, seen, useEmulator } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator();

it("lists the environments on a cluster with their projects and services, as the reference says", async () => {
  seen.length = 0;
  const [onIt, other] = c.emu.ids.clusterIds;
  const { projectId, envId } = await projectAndEnv(c, "shop");
  const app = (await c.call("POST", `/environment/${envId}/application`, appBody("web"))).body.id as string;
  const db = (await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" })).body.id as string;
  await c.call("POST", `/project/${projectId}/environment`, { name: "elsewhere", cluster: other, mode: "STAGING" });

  const r = await c.call("GET", `/cluster/${onIt}/environments`, undefined, c.emu.tokens.read);
  expect(r.status).toBe(200);
  expect(r.body.results).toEqual([{
    environment_id: envId, environment_name: "dev", project_id: projectId, project_name: "shop",
    services: [{ id: app, name: "web", type: "APPLICATION" }, { id: db, name: "db", type: "DATABASE" }],
  }]);
  expect((await c.call("GET", `/cluster/${other}/environments`)).body.results.map((e: { environment_name: string }) => e.environment_name)).toEqual(["elsewhere"]);
  expect((await c.call("GET", "/cluster/00000000-0000-4000-8000-000000000000/environments")).status).toBe(404);

  const answers = seen.filter((a) => a.path.endsWith("/environments") && a.path.startsWith("/cluster/") && a.status === 200);
  expect(answers).toHaveLength(2);
  expect(referenceProblems(answers, "cluster environments contract")).toEqual([]);
});
