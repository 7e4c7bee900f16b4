/**
 * The plugin's functions: `deploy-service:index:get<Name>` for every plain lookup `get<Name>` of `provider/lookups/`,
 * each answered by the same lookup's finder (`find<Name>`) with the client of the plugin's configuration.
 */
import type * as plugin from "@pulumi/pulumi/provider";
import type { DeployServiceClient } from "../../../sdk";
import { apiClient } from "../../framework/credentials";
import * as lookups from "../../lookups";
import { isSecretLookup } from "../../lookups/family";
import { plainLookupNames, TOKEN_PREFIX, tokenOf } from "../names";
import { revealed, sealed, type Props } from "./secrets";

type Finder = (client: DeployServiceClient, args: Props) => Promise<unknown>;

/**
 * Invokes the lookup a token names with plain arguments; its result marked secret whole when an argument was one or
 * the lookup's results hold a secret.
 * @throws naming the token and the functions this plugin serves, when the token is none of them.
 */
export async function invoke(token: string, args: Props): Promise<plugin.InvokeResult> {
  const lookup = token.startsWith(TOKEN_PREFIX) ? token.slice(TOKEN_PREFIX.length) : "";
  const find = (lookups as unknown as Record<string, unknown>)[`find${lookup.slice("get".length)}`];
  if (!plainLookupNames().includes(lookup) || typeof find !== "function") {
    throw new Error(`deploy-service: unknown function "${token}": this plugin serves ${plainLookupNames().map(tokenOf).join(", ")}`);
  }
  const a = revealed(args);
  const result = (await (find as Finder)(apiClient(), a.plain)) as Props;
  const secret = a.secretKeys.size > 0 || isSecretLookup(lookup.slice("get".length));
  return { outputs: secret ? sealed(result, Object.keys(result)) : result };
}
