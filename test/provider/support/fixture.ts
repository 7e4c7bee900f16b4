import { startEmulator, type RunningEmulator } from "../../../emulator";
import { API_TOKEN_ENV, API_URL_ENV, resetCredentials } from "../../../provider/framework/credentials";
import { DeployServiceClient } from "../../../sdk";
import { clearFaults } from "../../../emulator/control/control-client";

/** A running emulator with a project and two environments made through the sdk, and the provider's env pointing at it. */
export interface Fixture {
  emulator: RunningEmulator;
  client: DeployServiceClient;
  orgId: string;
  clusterIds: [string, string];
  projectId: string;
  envId: string;
  env2Id: string;
}

/** Starts the emulator (instant deployment clock) and points the provider's credentials at it (env). */
export async function startFixture(): Promise<Fixture> {
  const emulator = await startEmulator({ stepMs: 0, quiet: true, rateLimitPerHour: 1_000_000 });
  process.env[API_URL_ENV] = emulator.url;
  process.env[API_TOKEN_ENV] = emulator.tokens.admin;
  resetCredentials();
  const client = new DeployServiceClient({ baseUrl: emulator.url, token: emulator.tokens.admin, pacing: false });
  const orgId = emulator.ids.organizationId;
  const project = await client.projects.create(orgId, { name: "fixture-project" });
  const env = await client.environments.create(project.id, { name: "fixture-a", cluster: emulator.ids.clusterIds[0] });
  const env2 = await client.environments.create(project.id, { name: "fixture-b", cluster: emulator.ids.clusterIds[0] });
  return { emulator, client, orgId, clusterIds: emulator.ids.clusterIds, projectId: project.id, envId: env.id, env2Id: env2.id };
}

/** Stops the emulator and forgets the credentials. */
export async function stopFixture(fx: Fixture | undefined): Promise<void> {
  delete process.env[API_URL_ENV];
  delete process.env[API_TOKEN_ENV];
  resetCredentials();
  await fx?.emulator?.close();
}

/** What {@link useFixture} takes. */
export interface UseFixtureOptions {
  /** Clears the emulator's injected faults after each test (default: no). */
  clearFaultsAfterEach?: boolean;
}

/**
 * One fixture for the tests of the calling file (or describe block): registers the hooks that start it before the
 * tests (see {@link startFixture}) and stop it after them. Answers the fixture, filled in before the file's own
 * `beforeAll` hooks run (they are registered after).
 */
export function useFixture({ clearFaultsAfterEach = false }: UseFixtureOptions = {}): Fixture {
  const fx = {} as Fixture;
  beforeAll(async () => {
    Object.assign(fx, await startFixture());
  });
  afterAll(async () => {
    await stopFixture(fx);
  });
  if (clearFaultsAfterEach) {
    afterEach(async () => {
      await clearFaults(fx.emulator);
    });
  }
  return fx;
}

export { clearFaults, clearRequests, failDeploys, injectFault, injectStaleStatus, requests, type LoggedRequest } from "../../../emulator/control/control-client";
