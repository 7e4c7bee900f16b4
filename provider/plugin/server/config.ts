/**
 * The plugin's configuration: `deploy-service:apiUrl`, `deploy-service:apiToken` (a secret) and
 * `deploy-service:tokenScheme`, from the engine's `Configure` request, handed to the same `configureFromStack` the
 * dynamic providers' `configure` calls, so what is absent falls back to the same environment variables.
 */
import { configureFromStack } from "../../framework/credentials";
import { PACKAGE_NAME } from "../names";
import { revealed, type Props } from "./secrets";

/** The prefix of the engine's older spelling of provider config (`variables`): `deploy-service:config:apiUrl`. */
const VARIABLE_PREFIX = `${PACKAGE_NAME}:config:`;

/**
 * Configures the credentials from a `Configure` request's `args` (the provider's inputs: `apiUrl`, a secret marked
 * `apiToken`, ...) and `variables` (`deploy-service:config:apiUrl`, ...); `args` win. Non-string values are ignored.
 * Called again, it replaces what the previous call set.
 */
export function configurePlugin(args: Props | undefined, variables: Readonly<Record<string, string>> = {}): void {
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(variables)) {
    if (key.startsWith(VARIABLE_PREFIX)) values.set(`${PACKAGE_NAME}:${key.slice(VARIABLE_PREFIX.length)}`, value);
  }
  for (const [key, value] of Object.entries(revealed(args).plain)) {
    if (typeof value === "string") values.set(`${PACKAGE_NAME}:${key}`, value);
  }
  configureFromStack({ get: (key) => values.get(key) });
}

/** A `ConfigureRequest` as `@grpc/grpc-js` hands it to the service's handler. */
export interface ConfigureRequestLike {
  getArgs(): { toJavaScript(): Props } | undefined;
  getVariablesMap(): { entries(): Iterable<[string, string]> } | undefined;
}

/** {@link configurePlugin} from the request itself. */
export function configureFromRequest(request: ConfigureRequestLike): void {
  configurePlugin(request.getArgs()?.toJavaScript(), Object.fromEntries(request.getVariablesMap()?.entries() ?? []));
}
