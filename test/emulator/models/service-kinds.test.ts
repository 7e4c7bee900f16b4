import { buildOpenApi } from "../../../emulator/server/openapi";
import { SERVICE_KINDS } from "../../../emulator/models/service-kinds";
import { KEYED_COLLECTIONS } from "../../../emulator/models/state";
import { allRoutes } from "../../../emulator/routes";
import { newSeedInfo, seedState } from "../../../emulator/persistence/seed";

/** Every entry of the service-kind table, by name. */
const kinds = SERVICE_KINDS.map((k) => [k.name, k] as const);

describe("service-kind table", () => {
  it.each(kinds)("%s has its collection in a fresh state and in the data file's keyed collections", (_name, kind) => {
    const state = seedState(newSeedInfo(Date.now()));
    expect(state[kind.collection]).toBeInstanceOf(Map);
    expect(KEYED_COLLECTIONS).toContain(kind.collection);
  });

  it.each(kinds)("%s is served with the routes every service kind has (restart-service for the kinds that restart)", (name, kind) => {
    const served = allRoutes.map((r) => `${r.method} ${r.path}`);
    const item = `/${name}/{${name}Id}`;
    const actionNames = ["deploy", "redeploy", "stop", ...(kind.restarts ? ["restart-service"] : []), "uninstall"];
    const expected = [
      `GET /environment/{environmentId}/${name}`, `POST /environment/{environmentId}/${name}`,
      `GET ${item}`, `PUT ${item}`, `DELETE ${item}`, `GET ${item}/status`, `GET ${item}/deploymentHistory`,
      ...actionNames.map((a) => `POST ${item}/${a}`),
    ];
    expect(served).toEqual(expect.arrayContaining(expected));
    if (!kind.restarts) expect(served).not.toContain(`POST ${item}/restart-service`);
    const actions = allRoutes.filter((r) => /\/(deploy|redeploy|stop|restart-service|uninstall)$/.test(r.path) && r.path.startsWith(`${item}/`));
    expect(actions.map((r) => r.deployAction)).toEqual(actionNames.map(() => true));
  });

  it("names each kind and each collection once", () => {
    expect(new Set(SERVICE_KINDS.map((k) => k.name)).size).toBe(SERVICE_KINDS.length);
    expect(new Set(SERVICE_KINDS.map((k) => k.collection)).size).toBe(SERVICE_KINDS.length);
  });
});

describe("/openapi.json", () => {
  it("lists the operations of containers, container registries and jobs, with their request schemas", () => {
    const doc = buildOpenApi(allRoutes) as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const ops = Object.entries(doc.paths).flatMap(([p, byMethod]) => Object.keys(byMethod).map((m) => `${m.toUpperCase()} ${p}`));
    expect(ops).toEqual(expect.arrayContaining([
      "GET /organization/{organizationId}/containerRegistry", "POST /organization/{organizationId}/containerRegistry",
      "PUT /organization/{organizationId}/containerRegistry/{containerRegistryId}", "GET /availableContainerRegistry",
      "POST /environment/{environmentId}/container", "POST /container/{containerId}/deploy", "GET /container/{containerId}/log",
      "PUT /container/{containerId}/advancedSettings", "POST /container/{containerId}/secret", "GET /defaultContainerAdvancedSettings",
      "POST /organization/{organizationId}/container/deploy", "POST /environment/{environmentId}/job", "POST /job/{jobId}/deploy",
      "PUT /job/{jobId}/advancedSettings", "POST /job/{jobId}/environmentVariable", "GET /defaultJobAdvancedSettings",
      "POST /organization/{organizationId}/job/deploy", "POST /container/{containerId}/uninstall", "POST /job/{jobId}/uninstall",
    ]));
    const body = JSON.stringify(doc.paths["/environment/{environmentId}/job"]?.["post"]?.requestBody);
    for (const f of ["source", "schedule", "cronjob", "scheduled_at", "on_start"]) expect(body).toContain(`"${f}"`);
  });
});
