import {
  type CredentialSourceNames, type Credentials, DeployServiceClient, ENV_API_TOKEN, ENV_API_URL, type GivenCredentials,
  resolveCredentials as resolveFrom,
} from "../../sdk";

/** Stack configuration key of the service's base URL. */
export const API_URL_KEY = "deploy-service:apiUrl";
/** Stack configuration key of the API token (set it with `pulumi config set --secret`). */
export const API_TOKEN_KEY = "deploy-service:apiToken";
/** Environment variable read when the stack configuration has no base URL (the sdk's {@link ENV_API_URL}). */
export const API_URL_ENV = ENV_API_URL;
/** Environment variable read when the stack configuration has no API token (the sdk's {@link ENV_API_TOKEN}). */
export const API_TOKEN_ENV = ENV_API_TOKEN;

/** How the provider's own source, the stack configuration, is named when a value is missing. */
export const STACK_CREDENTIAL_SOURCES: CredentialSourceNames = {
  url: `stack config "${API_URL_KEY}"`,
  token: `secret stack config "${API_TOKEN_KEY}"`,
  who: "deploy-service",
};

/** Something with the `get` of a Pulumi config: the dynamic provider's `configure` request config, a map. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/** Values taken from the stack configuration by {@link configureFromStack}; held in memory only. */
let stackSettings: GivenCredentials = {};
let cached: { url: string; token: string; client: DeployServiceClient } | undefined;

/**
 * Stores the stack's `deploy-service:apiUrl` and `deploy-service:apiToken` (decrypted by the engine) for the
 * clients built later by {@link apiClient}. Called by the provider host once per process through `configure`.
 * Empty values count as absent, so the environment variables still apply.
 */
export function configureFromStack(config: ConfigSource): void {
  stackSettings = { url: config.get(API_URL_KEY), token: config.get(API_TOKEN_KEY) };
}

/**
 * The base URL and token in effect now: stack configuration first, then the environment (read at call time).
 * @throws Error naming the stack config key and the environment variable of each missing value.
 */
export function resolveCredentials(): Credentials {
  return resolveStackCredentials(stackSettings);
}

/**
 * The base URL and token from stack values read elsewhere (e.g. by a program's `pulumi.Config`), else the
 * environment; blank values count as absent.
 * @throws Error naming the stack config key and the environment variable of each missing value.
 */
export function resolveStackCredentials(stack: GivenCredentials): Credentials {
  return resolveFrom(stack, process.env, STACK_CREDENTIAL_SOURCES);
}

/**
 * A client of the service built from the credentials in effect at call time (see {@link resolveCredentials});
 * the same client is reused while the credentials stay the same, so its rate-limit pacing carries over.
 * The token is never printed.
 */
export function apiClient(): DeployServiceClient {
  const { url, token } = resolveCredentials();
  if (cached === undefined || cached.url !== url || cached.token !== token) {
    cached = { url, token, client: new DeployServiceClient({ baseUrl: url, token, credentialSources: STACK_CREDENTIAL_SOURCES }) };
  }
  return cached.client;
}

/** Forgets the stack configuration and the cached client (tests; a new stack in the same process). */
export function resetCredentials(): void {
  stackSettings = {};
  cached = undefined;
}
