/**
 * The official CLI's environment status listing against the emulator (facts read from its public source):
 * `environment list` lists a project's environments (it dereferences `cluster_name` and `updated_at`) and their
 * statuses (`GET /project/{id}/environment/status`, by `id`: `state`); `environment statuses` (and the deploy's watch,
 * and every `<kind> list`) read `GET /environment/{id}/statuses`: each kind's services by `id` with their `state`.
 * Every answer is checked against the reference strictly (with CI=true a missing reference fails).
 */
import { appBody, containerBody, dockerHubId, seen, useEmulator } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator();

async function ok(method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call(method, path, body);
  expect([method, path, r.status < 300]).toEqual([method, path, true]);
  return r.body;
}

it("environment list and environment statuses as the official CLI reads them", async () => {
  seen.length = 0;
  const project = await ok("POST", `/organization/${c.org}/project`, { name: "cli" });
  const env = await ok("POST", `/project/${project.id}/environment`, { name: "staging", mode: "STAGING", cluster: c.emu.ids.clusterIds[0] });
  const app = await ok("POST", `/environment/${env.id}/application`, appBody("api"));
  const ctr = await ok("POST", `/environment/${env.id}/container`, containerBody("web", await dockerHubId(c)));
  await ok("POST", `/environment/${env.id}/deploy`);

  const environments = (await ok("GET", `/project/${project.id}/environment`)).results as Array<Record<string, unknown>>;
  expect(environments).toEqual([expect.objectContaining({
    id: env.id, name: "staging", mode: "STAGING", cluster_id: c.emu.ids.clusterIds[0], cluster_name: expect.any(String), updated_at: expect.any(String),
  })]);

  const byProject = await ok("GET", `/project/${project.id}/environment/status`);
  expect(byProject.results).toEqual([expect.objectContaining({ id: env.id, state: "DEPLOYED" })]);
  const statuses = await ok("GET", `/environment/${env.id}/statuses`);
  expect(statuses.environment).toMatchObject({ id: env.id, state: "DEPLOYED" });
  expect(statuses.applications).toEqual([expect.objectContaining({ id: app.id, state: "DEPLOYED" })]);
  expect(statuses.containers).toEqual([expect.objectContaining({ id: ctr.id, state: "DEPLOYED" })]);
  for (const kind of ["databases", "jobs", "helms"]) expect(statuses[kind]).toEqual([]);
  // the environment's own status, read the same way by id
  expect(await ok("GET", `/environment/${env.id}/status`)).toMatchObject({ id: env.id, state: "DEPLOYED" });

  expect(referenceProblems(seen.filter((a) => a.status < 400), "official CLI sequence")).toEqual([]);
});
