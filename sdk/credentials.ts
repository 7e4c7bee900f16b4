/**
 * Where the service's base URL and API token come from, and the one message saying which is missing. The client
 * reads its options, then the environment; the Pulumi provider reads the stack configuration, then the environment.
 */

/** Environment variable holding the service's base URL, read when no earlier source gives one. */
export const ENV_API_URL = "DEPLOY_SERVICE_API_URL";
/** Environment variable holding the API token, read when no earlier source gives one. */
export const ENV_API_TOKEN = "DEPLOY_SERVICE_API_TOKEN";

/** A base URL and an API token, both present. */
export interface Credentials {
  /** The service's base URL, trimmed. */
  url: string;
  /** The API token, trimmed. */
  token: string;
}

/** What a caller has before the environment is read; blank values count as absent. */
export interface GivenCredentials {
  /** The base URL, if the caller has one. */
  url?: string | undefined;
  /** The API token, if the caller has one. */
  token?: string | undefined;
}

/** How the caller's own sources are named in the error, and who reports it. */
export interface CredentialSourceNames {
  /** Where `given.url` comes from, e.g. `option baseUrl` or `stack config "deploy-service:apiUrl"`. */
  url: string;
  /** Where `given.token` comes from, e.g. `option token`. */
  token: string;
  /** The start of the message, e.g. `DeployServiceClient` or `deploy-service`. */
  who: string;
}

/** The client's names: its `baseUrl` and `token` options. */
export const CLIENT_CREDENTIAL_SOURCES: CredentialSourceNames = { url: "option baseUrl", token: "option token", who: "DeployServiceClient" };

/**
 * Each value named with every place it can come from, for messages: `the base URL (option baseUrl or
 * DEPLOY_SERVICE_API_URL)`, `the API token (option token or DEPLOY_SERVICE_API_TOKEN)`.
 */
export function credentialPlaces(names: CredentialSourceNames = CLIENT_CREDENTIAL_SOURCES): {
  /** Where the base URL can come from. */
  url: string;
  /** Where the API token can come from. */
  token: string;
} {
  return { url: `the base URL (${names.url} or ${ENV_API_URL})`, token: `the API token (${names.token} or ${ENV_API_TOKEN})` };
}

function present(v: string | undefined): string | undefined {
  const trimmed = v?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

/**
 * The base URL and token in effect: `given` first, then {@link ENV_API_URL} and {@link ENV_API_TOKEN} from `env`.
 * Values are trimmed; a blank value counts as absent, so the next source applies.
 *
 * @param env the environment to read (default `process.env`, read at call time).
 * @param names how `given`'s sources are called in the error (default: the client's options).
 * @throws Error naming every place each missing value can come from, e.g. `DeployServiceClient: missing the API
 *   token (option token or DEPLOY_SERVICE_API_TOKEN)`; it never quotes a value.
 */
export function resolveCredentials(
  given: GivenCredentials,
  env: Readonly<Record<string, string | undefined>> = process.env,
  names: CredentialSourceNames = CLIENT_CREDENTIAL_SOURCES,
): Credentials {
  const url = present(given.url) ?? present(env[ENV_API_URL]);
  const token = present(given.token) ?? present(env[ENV_API_TOKEN]);
  if (url !== undefined && token !== undefined) return { url, token };
  const places = credentialPlaces(names);
  const missing = [...(url === undefined ? [places.url] : []), ...(token === undefined ? [places.token] : [])];
  throw new Error(`${names.who}: missing ${missing.join(" and ")}`);
}
