import {
  type CredentialSourceNames, type Credentials, DeployServiceClient, ENV_API_TOKEN, ENV_API_URL, type GivenCredentials,
  resolveCredentials as resolveFrom,
} from "../../sdk";

/** Stack configuration key of the service's base URL. */
export const API_URL_KEY = "deploy-service:apiUrl";
/** Stack configuration key of the API token (set it with `pulumi config set --secret`). */
export const API_TOKEN_KEY = "deploy-service:apiToken";
/** Stack configuration key of the `Authorization` scheme: `Token` (API tokens, the default) or `Bearer` (JWTs). */
export const TOKEN_SCHEME_KEY = "deploy-service:tokenScheme";
/** Environment variable read when the stack configuration has no base URL (the sdk's {@link ENV_API_URL}). */
export const API_URL_ENV = ENV_API_URL;
/** Environment variable read when the stack configuration has no API token (the sdk's {@link ENV_API_TOKEN}). */
export const API_TOKEN_ENV = ENV_API_TOKEN;
/** Environment variable read when the stack configuration has no {@link TOKEN_SCHEME_KEY}. */
export const TOKEN_SCHEME_ENV = "DEPLOY_SERVICE_TOKEN_SCHEME";

/** The `Authorization` schemes the service accepts: `Token` for API tokens, `Bearer` for JWTs of human accounts. */
export const TOKEN_SCHEMES = ["Token", "Bearer"] as const;
/** One of {@link TOKEN_SCHEMES}. */
export type TokenScheme = (typeof TOKEN_SCHEMES)[number];

/**
 * Provider input naming a credentials set (see `Credentials` in `credentials-set.ts`). The engine configures the
 * provider process of a set with the set's inputs instead of the stack configuration, so this key tells the two apart;
 * it is reserved: do not set it in the stack configuration.
 */
export const CREDENTIALS_NAME_KEY = "deploy-service:credentials";
/** Provider input of a credentials set: the name of the environment variable holding the set's API token. */
export const API_TOKEN_ENV_KEY = "deploy-service:apiTokenEnv";

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

/** A credentials set as its provider process knows it: no token, only where to find one. */
export interface CredentialsSetSettings {
  /** The set's name (the name of its `Credentials` resource). */
  name: string;
  /** The set's base URL, if it has one; else {@link API_URL_ENV} applies. */
  url?: string | undefined;
  /** The set's `Authorization` scheme as given (checked at call time); default `Token`. */
  tokenScheme?: string | undefined;
  /** The environment variable holding the set's API token. */
  tokenEnv: string;
}

/** What `configure` gave this process: the stack's own values, or a credentials set. Held in memory only. */
interface Settings {
  stack: GivenCredentials & { tokenScheme?: string | undefined };
  set?: CredentialsSetSettings;
}

let settings: Settings = { stack: {} };
let cached: { url: string; token: string; scheme: TokenScheme; client: DeployServiceClient } | undefined;

/**
 * The environment variable a credentials set reads its token from when it names none: `DEPLOY_SERVICE_API_TOKEN_`
 * followed by the set's name in capitals, every run of other characters made one `_` (`org-b` gives
 * `DEPLOY_SERVICE_API_TOKEN_ORG_B`).
 */
export function defaultTokenEnv(setName: string): string {
  const suffix = setName.toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  // Never the stack's own variable, even for a name without letters or digits (`Credentials` refuses those).
  return `${ENV_API_TOKEN}_${suffix}`;
}

/**
 * Stores what the provider host's `configure` passes, for the service clients the provider builds at call time. Called
 * once per process. For the stack's own provider that is the stack configuration (`deploy-service:apiUrl`,
 * `deploy-service:apiToken` decrypted by the engine, `deploy-service:tokenScheme`); for a `Credentials` set it is the
 * set's inputs (`deploy-service:credentials`, its name, and the rest), which hold no token. Empty values count as absent, so the
 * environment variables still apply.
 */
export function configureFromStack(config: ConfigSource): void {
  const setName = present(config.get(CREDENTIALS_NAME_KEY));
  if (setName !== undefined) {
    // Never read a token from a set's inputs: they are the provider resource's inputs, kept in the state.
    settings = {
      stack: {},
      set: {
        name: setName,
        url: config.get(API_URL_KEY),
        tokenScheme: config.get(TOKEN_SCHEME_KEY),
        tokenEnv: present(config.get(API_TOKEN_ENV_KEY)) ?? defaultTokenEnv(setName),
      },
    };
    return;
  }
  settings = { stack: { url: config.get(API_URL_KEY), token: config.get(API_TOKEN_KEY), tokenScheme: config.get(TOKEN_SCHEME_KEY) } };
}

/** The credentials set this process serves, or `undefined` for the stack's own credentials. */
export function activeCredentialsSet(): CredentialsSetSettings | undefined {
  return settings.set;
}

/**
 * The base URL and token in effect now. For the stack: stack configuration first, then the environment (read at
 * call time). For a credentials set: the set's URL, else {@link API_URL_ENV}, and the token from the environment
 * variable the set names (never the stack's token).
 * @throws Error naming every place each missing value can come from.
 */
export function resolveCredentials(): Credentials {
  return settings.set ? resolveSetCredentials(settings.set) : resolveStackCredentials(settings.stack);
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
 * A credentials set's base URL and token: its URL, else {@link API_URL_ENV}; its token from the environment variable
 * it names, read at call time from `env`. The stack's token never stands in for a set's.
 * @throws Error starting with the set's name, naming each missing value's places and saying where to set it; it
 *   never quotes a value.
 */
export function resolveSetCredentials(set: CredentialsSetSettings, env: Readonly<Record<string, string | undefined>> = process.env): Credentials {
  const url = present(set.url) ?? present(env[ENV_API_URL]);
  const token = present(env[set.tokenEnv]);
  if (url !== undefined && token !== undefined) return { url, token };
  const places = setSources(set);
  const missing = [
    ...(token === undefined ? [`the API token (${places.token})`] : []),
    ...(url === undefined ? [`the base URL (${places.url} or ${ENV_API_URL})`] : []),
  ];
  throw new Error(
    `${places.who}: missing ${missing.join(" and ")}; set ${token === undefined ? set.tokenEnv : ENV_API_URL} in the ` +
      `environment of the pulumi command (a CI secret, or an ESC environment's environmentVariables)`,
  );
}

/**
 * The `Authorization` scheme in effect now: for the stack, `deploy-service:tokenScheme`, else
 * {@link TOKEN_SCHEME_ENV}, else `Token`; for a credentials set, its own `tokenScheme`, else `Token`.
 * @throws Error naming the key (or variable) that holds a value other than `Token` or `Bearer`; the value is not quoted,
 *   since a token pasted in the wrong place must not reach a log.
 */
export function resolveTokenScheme(env: Readonly<Record<string, string | undefined>> = process.env): TokenScheme {
  if (settings.set) return checkScheme(settings.set.tokenScheme, `${setSources(settings.set).who}: tokenScheme`);
  return stackTokenScheme(settings.stack.tokenScheme, env);
}

/**
 * The stack's `Authorization` scheme from a `deploy-service:tokenScheme` value read elsewhere (e.g. by a program's
 * `pulumi.Config`), else {@link TOKEN_SCHEME_ENV}, else `Token`.
 * @throws Error naming the key (or variable) that holds a value other than `Token` or `Bearer`, without quoting it.
 */
export function stackTokenScheme(configured: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env): TokenScheme {
  if (present(configured) !== undefined) return checkScheme(configured, `deploy-service: stack config "${TOKEN_SCHEME_KEY}"`);
  return checkScheme(env[TOKEN_SCHEME_ENV], `deploy-service: environment variable ${TOKEN_SCHEME_ENV}`);
}

function checkScheme(value: string | undefined, where: string): TokenScheme {
  const v = present(value);
  if (v === undefined) return "Token";
  if ((TOKEN_SCHEMES as readonly string[]).includes(v)) return v as TokenScheme;
  throw new Error(`${where} must be "Token" (API tokens) or "Bearer" (JWTs of human accounts); set one of the two`);
}

/** How a set's sources are named in messages. */
function setSources(set: CredentialsSetSettings): CredentialSourceNames {
  return { url: `the apiUrl of credentials "${set.name}"`, token: `environment variable ${set.tokenEnv}`, who: `deploy-service: credentials "${set.name}"` };
}

/**
 * A client of the service built from the credentials in effect at call time (see {@link resolveCredentials} and
 * {@link resolveTokenScheme}); the same client is reused while they stay the same, so its rate-limit pacing carries
 * over. The token is never printed.
 */
export function apiClient(): DeployServiceClient {
  const { url, token } = resolveCredentials();
  const scheme = resolveTokenScheme();
  if (cached === undefined || cached.url !== url || cached.token !== token || cached.scheme !== scheme) {
    const credentialSources = settings.set ? setSources(settings.set) : STACK_CREDENTIAL_SOURCES;
    cached = { url, token, scheme, client: new DeployServiceClient({ baseUrl: url, token, tokenScheme: scheme, credentialSources }) };
  }
  return cached.client;
}

/** Forgets the stack configuration, any credentials set and the cached client (tests; a new stack in the same process). */
export function resetCredentials(): void {
  settings = { stack: {} };
  cached = undefined;
}

function present(v: string | undefined): string | undefined {
  const trimmed = v?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}
