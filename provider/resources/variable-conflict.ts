/**
 * The rule that lets an owner's maps and standalone `Variable` / `Secret` resources live side by side: a key
 * belongs to one of them. When a standalone create is refused because the key is taken at the parent (409), the
 * error names the owner (its kind, name and id), the key and the map that holds such an entry, and says when
 * adopting the entry is right (made outside the program) and when it is not (the owner's map declares it).
 */
import { isConflict, type DeployServiceClient } from "../../sdk";
import { ENV_ADOPT } from "../framework/adoption";
import { VALUE_MAPS } from "../framework/value-maps";

/** What the conflict check needs of the inputs. */
interface Wanted {
  scope: string;
  parentId: string;
  key?: string | undefined;
  overrideOf?: string | undefined;
}

/** The owner's name, best effort (an id alone when it cannot be read). */
async function ownerName(client: DeployServiceClient, scope: string, id: string): Promise<string | undefined> {
  const get: Record<string, (() => Promise<{ name?: string | null }>) | undefined> = {
    PROJECT: () => client.projects.get(id),
    ENVIRONMENT: () => client.environments.get(id),
    APPLICATION: () => client.applications.get(id),
    CONTAINER: () => client.containers.get(id),
    JOB: () => client.jobs.get(id),
  };
  try {
    return (await get[scope]?.())?.name ?? undefined;
  } catch {
    return undefined;
  }
}

/** The map of an owner that holds an entry of this type and side (`secretAliases` for a secret ALIAS). */
function mapHolding(type: string | null | undefined, secret: boolean): string {
  const kind = { VALUE: "value", FILE: "file", ALIAS: "alias", OVERRIDE: "override" }[type ?? "VALUE"] ?? "value";
  return VALUE_MAPS.find((m) => m.secret === secret && m.kind === kind)?.input ?? (secret ? "secrets" : "environmentVariables");
}

/** What to do about a taken key: the owner's map, or adopting an object no map of the program declares. */
function takenAdvice(map: string, resource: "Variable" | "Secret", holderId: string | undefined): string {
  const adopt = holderId === undefined
    ? "add `adopt: { byName: true }` to this resource's args"
    : `add \`adopt: { id: "${holderId}" }\` to this resource's args, or run once \`${ENV_ADOPT}=${holderId} pulumi up\``;
  return `A key belongs to one resource. If the owner's \`${map}\` map declares it, remove it there or drop this ${resource} ` +
    "(adopting it would give the key two owners, and every refresh would show a change); if the console, another stack or " +
    `an interrupted \`pulumi up\` made it, take it over: ${adopt}.`;
}

/**
 * For a create refused because the key is taken (409; or 400, as the reference declares no 409, when the parent's
 * listing shows the key held): an error naming the owner, the key and the map that would hold it, with its own
 * advice (kept by the adoption wrapper, which would otherwise offer to adopt); `undefined` for any other failure
 * (rethrown as it is).
 */
export async function conflictAtCreate(client: DeployServiceClient, e: unknown, wanted: Wanted, secret: boolean): Promise<Error | undefined> {
  const refused = isConflict(e) || (e as { status?: unknown } | null)?.status === 400;
  if (!refused) return undefined;
  const scope = wanted.scope as "PROJECT";
  let own: Awaited<ReturnType<DeployServiceClient["variables"]["list"]>> = [];
  try {
    own = (await client.variables.list({ parentId: wanted.parentId, scope })).filter((v) => v.scope === wanted.scope);
  } catch {
    // The listing is only for a better message.
  }
  const key = wanted.key ?? own.find((v) => v.overridden_variable?.id === wanted.overrideOf)?.key;
  const holder = own.find((v) => v.key === key);
  // A 400 for another reason (an alias target not visible, say) stays as the service said it.
  if (!isConflict(e) && holder === undefined) return undefined;
  const name = await ownerName(client, wanted.scope, wanted.parentId);
  const owner = `${wanted.scope.toLowerCase()}${name === undefined ? "" : ` ${JSON.stringify(name)}`} (${wanted.parentId})`;
  const map = holder === undefined ? (secret ? "secrets" : "environmentVariables") : mapHolding(holder.variable_type, Boolean(holder.is_secret));
  const held = holder === undefined
    ? "already holds that key"
    : `already holds it as a ${holder.is_secret ? "secret" : "variable"} of type ${holder.variable_type} (id ${holder.id})`;
  const error = new Error(`key ${JSON.stringify(key ?? "")} is taken: ${owner} ${held}, the kind of entry its \`${map}\` map makes`, { cause: e });
  return Object.assign(error, { advice: takenAdvice(map, secret ? "Secret" : "Variable", holder?.id) });
}
