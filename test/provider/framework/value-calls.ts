/** Helpers of the tests of a service's variables and secrets: the inputs they start from, what they read, what was sent. */
import type { DeployServiceClient, Variable } from "../../../sdk";
import type { LoggedRequest } from "../support/fixture";

type Props = Record<string, unknown>;

/** An application of environment `environmentId` with three variables and the secret `API_KEY` = `secret`. */
export function valuesAppInputs(environmentId: string, name: string, secret: string, extra: Props = {}): Props {
  return {
    environmentId,
    name,
    gitRepository: { url: "https://github.com/acme/api.git" },
    ports: [{ internalPort: 8080, publiclyAccessible: true }],
    environmentVariables: { LOG_LEVEL: "info", REGION: "eu", INDEX: "7" },
    secrets: { API_KEY: secret },
    ...extra,
  };
}

/** The entries a service holds itself (its listing's own scope). */
export const ownValues = async (client: DeployServiceClient, id: string, scope: "APPLICATION" | "CONTAINER"): Promise<Variable[]> =>
  (await client.variables.list({ parentId: id, scope })).filter((v) => v.scope === scope);

/** The requests about variables and secrets as `METHOD /path` with ids shown as `{id}`, sorted (concurrent calls have no order). */
export const valueCalls = (log: LoggedRequest[]): string[] =>
  log.map((r) => `${r.method} ${r.path.replace(/\/[^/]*\d[^/]*/g, "/{id}")}`).sort().filter((s) => /environmentVariable|secret|\/variable/.test(s));
