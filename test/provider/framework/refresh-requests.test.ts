/**
 * A refresh reads each resource with as few requests as the API allows (issue 16): a service's variables, secrets
 * and built-ins come from one listing; a deployment stage is read only where the program declared one; a project or
 * an environment with no variables is one GET.
 */
import { applicationProvider } from "../../../provider/resources/application/index";
import { databaseProvider } from "../../../provider/resources/database";
import { environmentProvider } from "../../../provider/resources/environment";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture, type LoggedRequest } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture();

/** Requests as `METHOD /path` with ids shown as `{id}`, sorted (concurrent calls have no order). */
const shapes = (log: LoggedRequest[]): string[] =>
  log.map((r) => `${r.method} ${r.path.replace(/\/[^/]*\d[^/]*/g, "/{id}")}`).sort();

async function created(provider: typeof applicationProvider, args: Props): Promise<{ id: string; outs: Props }> {
  return (await provider.create!(await checkedInputs(provider, args))) as { id: string; outs: Props };
}

async function refreshShapes(provider: typeof applicationProvider, id: string, outs: Props): Promise<{ shapes: string[]; props: Props }> {
  await clearRequests(fx.emulator);
  const result = await provider.read!(id, outs);
  return { shapes: shapes(await requests(fx.emulator)), props: result.props as Props };
}

describe("requests of a refresh", () => {
  it("an application with variables, a secret and no stage: its GET and one listing", async () => {
    const app = await created(applicationProvider, {
      environmentId: fx.envId, name: "refresh-app-1", gitRepository: { url: "https://github.com/acme/api.git" },
      ports: [{ internalPort: 8080, publiclyAccessible: true }],
      environmentVariables: { LOG_LEVEL: "info", REGION: "eu", INDEX: "1" }, secrets: { API_KEY: "refresh-secret" },
    });
    const { shapes: seen, props } = await refreshShapes(applicationProvider, app.id, app.outs);
    expect(seen).toEqual(["GET /application/{id}", "GET /variable"]);
    expect(props["environmentVariables"]).toEqual({ LOG_LEVEL: "info", REGION: "eu", INDEX: "1" });
    expect(props["secrets"]).toEqual({ API_KEY: "refresh-secret" });
    expect(Object.keys(props["builtInVariables"] as Props).length).toBeGreaterThan(0);
    expect(props["deploymentStageId"]).toBeUndefined();
  });

  it("a service whose program declares a stage reads it, and a move made outside shows as drift", async () => {
    const first = await fx.client.deploymentStages.create(fx.envId, { name: "refresh-first" });
    const second = await fx.client.deploymentStages.create(fx.envId, { name: "refresh-second" });
    const app = await created(applicationProvider, {
      environmentId: fx.envId, name: "refresh-app-2", gitRepository: { url: "https://github.com/acme/api.git" },
      deploymentStageId: first.id,
    });
    await fx.client.deploymentStages.attachService(second.id, app.id);
    const { shapes: seen, props } = await refreshShapes(applicationProvider, app.id, app.outs);
    expect(seen).toContain("GET /service/{id}/deploymentStage");
    expect(props["deploymentStageId"]).toBe(second.id);
  });

  it("a database without a stage: its GET and its credentials", async () => {
    const db = await created(databaseProvider as typeof applicationProvider, {
      environmentId: fx.envId, name: "refresh-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER",
    });
    const { shapes: seen, props } = await refreshShapes(databaseProvider as typeof applicationProvider, db.id, db.outs);
    expect(seen).toEqual(["GET /database/{id}", "GET /database/{id}/masterCredentials"]);
    expect(typeof props["password"]).toBe("string");
  });

  it("an environment with no variables: one GET; with variables, one listing more", async () => {
    const env = environmentProvider as typeof applicationProvider;
    const bare = await created(env, { projectId: fx.projectId, name: "refresh-env-1", mode: "DEVELOPMENT", clusterId: fx.clusterIds[0] });
    expect((await refreshShapes(env, bare.id, bare.outs)).shapes).toEqual(["GET /environment/{id}"]);
    const withValues = await created(env, {
      projectId: fx.projectId, name: "refresh-env-2", mode: "DEVELOPMENT", clusterId: fx.clusterIds[0], environmentVariables: { TIER: "dev" },
    });
    const again = await refreshShapes(env, withValues.id, withValues.outs);
    expect(again.shapes).toEqual(["GET /environment/{id}", "GET /variable"]);
    expect(again.props["environmentVariables"]).toEqual({ TIER: "dev" });
  });
});
