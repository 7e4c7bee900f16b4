import { DeployServiceClient } from "../../sdk";

/** Stack configuration key of the service's base URL. */
export const API_URL_KEY = "deploy-service:apiUrl";
/** Stack configuration key of the API token (set it with `pulumi config set --secret`). */
export const API_TOKEN_KEY = "deploy-service:apiToken";
/** Environment variable read when the stack configuration has no base URL. */
export const API_URL_ENV = "DEPLOY_SERVICE_API_URL";
/** Environment variable read when the stack configuration has no API token. */
export const API_TOKEN_ENV = "DEPLOY_SERVICE_API_TOKEN";

/** Something with the `get` of a Pulumi config: the dynamic provider's `configure` request config, a map. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/** Values taken from the stack configuration by {@link configureFromStack}; held in memory only. */
let stackSettings: { apiUrl?: string; apiToken?: string } = {};
let cached: { url: string; token: string; client: DeployServiceClient } | undefined;

/**
 * Stores the stack's `deploy-service:apiUrl` and `deploy-service:apiToken` (decrypted by the engine) for the
 * clients built later by {@link apiClient}. Called by the provider host once per process through `configure`.
 * Empty values count as absent, so the environment variables still apply.
 */
export function configureFromStack(config: ConfigSource): void {
  const apiUrl = nonEmpty(config.get(API_URL_KEY));
  const apiToken = nonEmpty(config.get(API_TOKEN_KEY));
  stackSettings = {};
  if (apiUrl !== undefined) stackSettings.apiUrl = apiUrl;
  if (apiToken !== undefined) stackSettings.apiToken = apiToken;
}

/** The base URL and token in effect now: stack configuration first, then the environment. */
export function resolveCredentials(): { url: string; token: string } {
  const url = stackSettings.apiUrl ?? nonEmpty(process.env[API_URL_ENV]);
  const token = stackSettings.apiToken ?? nonEmpty(process.env[API_TOKEN_ENV]);
  const missing: string[] = [];
  if (url === undefined) missing.push(`the service's base URL (stack config "${API_URL_KEY}" or env ${API_URL_ENV})`);
  if (token === undefined) {
    missing.push(`an API token (stack config "${API_TOKEN_KEY}", set with --secret, or env ${API_TOKEN_ENV})`);
  }
  if (url === undefined || token === undefined) {
    throw new Error(`deploy-service: missing ${missing.join(" and ")}`);
  }
  return { url, token };
}

/**
 * A client of the service built from the credentials in effect at call time (see {@link resolveCredentials});
 * the same client is reused while the credentials stay the same, so its rate-limit pacing carries over.
 * The token is never printed.
 */
export function apiClient(): DeployServiceClient {
  const { url, token } = resolveCredentials();
  if (cached === undefined || cached.url !== url || cached.token !== token) {
    cached = { url, token, client: new DeployServiceClient({ baseUrl: url, token }) };
  }
  return cached.client;
}

/** Forgets the stack configuration and the cached client (tests; a new stack in the same process). */
export function resetCredentials(): void {
  stackSettings = {};
  cached = undefined;
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === "" ? undefined : v.trim();
}
