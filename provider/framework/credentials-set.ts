import * as pulumi from "@pulumi/pulumi";
import {
  API_TOKEN_ENV_KEY, API_URL_KEY, CREDENTIALS_NAME_KEY, defaultTokenEnv, TOKEN_SCHEME_KEY, TOKEN_SCHEMES, type TokenScheme,
} from "./credentials";

export { TOKEN_SCHEMES, type TokenScheme } from "./credentials";

/** Settings of a {@link Credentials} set. None of them is a token: the token stays in the environment. */
export interface CredentialsArgs {
  /**
   * Base URL of the service for this set. Default: the stack's `deploy-service:apiUrl` as the program reads it, else
   * `DEPLOY_SERVICE_API_URL` where the provider runs. Kept in the state (as a real provider's region is).
   */
  apiUrl?: pulumi.Input<string>;
  /**
   * Name of the environment variable holding this set's API token, read by the provider each time it calls the
   * service (`up`, `refresh` and `destroy` alike): capital letters, digits and `_`. Pass the variable's name, never the
   * token. Default: `DEPLOY_SERVICE_API_TOKEN_` and the set's name in capitals (`org-b` reads
   * `DEPLOY_SERVICE_API_TOKEN_ORG_B`). The stack's token never stands in for it.
   */
  apiTokenEnv?: string;
  /** `Authorization` scheme of this set's token: `Token` for API tokens (default), `Bearer` for JWTs of human accounts. */
  tokenScheme?: TokenScheme;
}

const ENV_NAME = /^[A-Z_][A-Z0-9_]{0,127}$/;

/**
 * The provider inputs of a credentials set: its name, where its token is (a variable's name), its URL and scheme.
 * Never a token. `stackUrl` is the stack's `deploy-service:apiUrl` as the program reads it.
 *
 * @throws Error starting with the set's name for an argument the set does not take (such as `apiToken`), an
 *   `apiTokenEnv` that is not a variable name (or none, for a name without letters or digits to derive one from), or a
 *   `tokenScheme` other than `Token` and `Bearer`; values are never quoted.
 */
export function credentialsInputs(name: string, args: CredentialsArgs, stackUrl: string | undefined): Record<string, pulumi.Input<string>> {
  const who = `deploy-service: credentials "${name}"`;
  const known = ["apiUrl", "apiTokenEnv", "tokenScheme"];
  for (const key of Object.keys(args)) {
    if (known.includes(key)) continue;
    const hint = /token/i.test(key)
      ? "a token given to the program would be stored in the state: put it in an environment variable and pass its name as apiTokenEnv"
      : `expected one of ${known.join(", ")}`;
    throw new Error(`${who}: unknown argument "${key}": ${hint}`);
  }
  if (args.apiTokenEnv === undefined && !/[A-Za-z0-9]/.test(name)) {
    throw new Error(`${who}: the name has no letter or digit to name its token variable after; pass apiTokenEnv, the name of the variable holding the token`);
  }
  const tokenEnv = args.apiTokenEnv ?? defaultTokenEnv(name);
  if (typeof tokenEnv !== "string" || !ENV_NAME.test(tokenEnv)) {
    throw new Error(
      `${who}: apiTokenEnv must be the name of an environment variable (capital letters, digits and _), such as ` +
        `${defaultTokenEnv(name)}; pass the variable's name, never the token`,
    );
  }
  if (args.tokenScheme !== undefined && !(TOKEN_SCHEMES as readonly string[]).includes(args.tokenScheme)) {
    throw new Error(`${who}: tokenScheme must be "Token" (API tokens) or "Bearer" (JWTs of human accounts); set one of the two`);
  }
  const url = args.apiUrl ?? stackUrl;
  return {
    [CREDENTIALS_NAME_KEY]: name,
    [API_TOKEN_ENV_KEY]: tokenEnv,
    ...(url !== undefined ? { [API_URL_KEY]: url } : {}),
    ...(args.tokenScheme !== undefined ? { [TOKEN_SCHEME_KEY]: args.tokenScheme } : {}),
  };
}

/**
 * Other credentials than the stack's for a group of resources: another organization, or a read-only and a deploy
 * token side by side. Give it to resources as their provider (`{ provider: orgB }`), or to a component so that
 * every resource inside it uses it (`{ providers: [orgB] }`).
 *
 * ```ts
 * const orgB = new ds.Credentials("org-b", { tokenScheme: "Bearer" }); // token from DEPLOY_SERVICE_API_TOKEN_ORG_B
 * new ds.Project("shop-b", { organizationId: orgBId, name: "shop" }, { provider: orgB });
 * ```
 *
 * It is an explicit provider of the dynamic-provider host (`pulumi:providers:pulumi-nodejs`): the engine keeps its
 * inputs in the state and configures a provider process with them on `up`, `refresh` and `destroy`, so the resources
 * find their credentials even when the program does not run. Their serialized provider (`__provider`) stays the
 * same text as every other resource of their kind. The token is read from an environment variable at call time
 * and is never in the state, not even encrypted: that process receives the set's inputs and not the stack
 * configuration, so a secret config key could only reach it through the state. Switching a resource between the
 * stack's credentials and a set, or changing a set's URL, changes no resource.
 *
 * The set is handed to every dynamic resource under a component given `providers: [set]`, this package's and any
 * other; pass `provider: set` to each resource when the component also holds dynamic resources of your own.
 */
export class Credentials extends pulumi.ProviderResource {
  /** The name of the environment variable the provider reads this set's token from. */
  readonly apiTokenEnv: string;

  /**
   * @param name the set's name, used in the engine's output and in every message about the set.
   * @param args where the set's token is and which URL and scheme it uses.
   * @throws Error for an argument the set does not take, such as `apiToken`, an `apiTokenEnv` that is not a
   *   variable name, or a `tokenScheme` other than `Token` and `Bearer`.
   */
  constructor(name: string, args: CredentialsArgs = {}, opts?: pulumi.ResourceOptions) {
    const inputs = credentialsInputs(name, args, new pulumi.Config("deploy-service").get("apiUrl"));
    super("pulumi-nodejs", name, inputs, opts);
    this.apiTokenEnv = inputs[API_TOKEN_ENV_KEY] as string;
  }
}
