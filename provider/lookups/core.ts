/**
 * What every lookup shares: the program's client (stack configuration, else the environment), the rule "exactly
 * one of the key and the id", the search of a parent by the natural key of `provider/framework/natural-keys.ts` (so
 * that lookups and `adopt: { byName: true }` find the same objects), messages naming the candidates, and the two
 * forms of a lookup (a Promise of plain values, an Output accepting Inputs).
 */
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { DeployServiceClient, isNotFound } from "../../sdk";
import { resolveStackCredentials, STACK_CREDENTIAL_SOURCES, stackTokenScheme } from "../framework/credentials";
import { describeFailure } from "../framework/errors";
import { answered, readNames } from "../framework/wire";
import { candidateList, sameKey, shown, type KeyedObject, type NaturalKey } from "../framework/natural-keys";

/** How a lookup names the object: give exactly one of `name` and `id`. */
export interface NameOrIdArgs {
  /** The object's name in its parent (compared as the service compares names: see each lookup). */
  name?: pulumi.Input<string>;
  /** The object's id. */
  id?: pulumi.Input<string>;
}

/**
 * The arguments of a lookup's Promise form: those of its Output form with plain values
 * (`GetProjectArgs` is `PlainArgs<GetProjectOutputArgs>`).
 */
export type PlainArgs<A> = { [K in keyof A]: pulumi.Unwrap<A[K]> };

/** Plain key arguments, as the finders take them. */
export type LookupKey = Record<string, string | undefined>;

/** An object found in a parent: what a family's record has at least. */
export interface FoundRecord {
  id: string;
}

/** One family as its lookups see it. */
export interface LookupFamily<R extends FoundRecord, Res> {
  /** The lookup's name for messages: `getProject`. */
  lookup: string;
  /** The family in the plural, for messages: `projects`. */
  nouns: string;
  /** How objects are known in their parent (list, key, comparison): an entry of `NATURAL_KEYS`. */
  key: NaturalKey;
  /** Reads one object by id; `parentId` is given when the caller gave it (always when {@link idNeedsParent}). */
  get(client: DeployServiceClient, id: string, parentId: string | undefined): Promise<R>;
  /** True when the service reads the object only under its parent (`/organization/{id}/gitToken/{tokenId}`). */
  idNeedsParent?: boolean;
  /** The parent id the record names, when it names one. */
  parentOf?(record: R): string | undefined;
  /** The result in the package's spelling. */
  result(record: R, parentId: string): Res;
}

/** The id inside a `{ id }` reference of a record, if any. */
export const idOf = (ref: unknown): string | undefined => {
  const id = (ref as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" ? id : undefined;
};
/** A non-empty string, else undefined. */
export const textOf = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
/** A number, else undefined. */
export const numberOf = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
/** A boolean, else undefined. */
export const booleanOf = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : undefined);

/** When the object was created and last changed (ISO 8601), when the service says. */
export function timestampsOf(record: { created_at?: unknown; updated_at?: unknown }): { createdAt?: string; updatedAt?: string } {
  return defined<{ createdAt?: string; updatedAt?: string }>({ createdAt: textOf(record.created_at), updatedAt: textOf(record.updated_at) });
}

/** A result's members, each of which may be `undefined` (not said by the service). */
export type Loose<T> = { [K in keyof T]: T[K] | undefined };

/** The object without its `undefined` members (results carry only what the service said): `defined<ProjectResult>({...})`. */
export function defined<T extends object>(o: Loose<T>): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The result members `keys` read from a record by the wire names the family's definition gives those fields
 * (`field(..., { wire, readAs })`, else the snake case of the key), each kept when the service said it: a non-empty
 * string, a finite number or a boolean. The lookup and the resource's read thus spell a field the same way.
 */
export function definedFields<S extends z.ZodObject, K extends keyof z.output<S> & string>(
  schema: S, record: object, keys: readonly K[],
): { [P in K]?: z.output<S>[P] } {
  const shape = schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const member = shape[key];
    const v = member === undefined ? undefined : answered(record, readNames(key, member));
    if (textOf(v) !== undefined || numberOf(v) !== undefined || booleanOf(v) !== undefined) out[key] = v;
  }
  return out as { [P in K]?: z.output<S>[P] };
}

const given = (v: string | undefined): v is string => v !== undefined && v !== "";

/** The key, or the id, of a lookup's arguments: exactly one of them. */
export function keyOrId(lookup: string, keyInput: string, args: LookupKey): { key: string } | { id: string } {
  const key = args[keyInput];
  const id = args["id"];
  if (given(key) === given(id)) {
    throw new Error(`deploy-service: ${lookup}: pass exactly one of { ${keyInput} } and { id }, got ${given(key) ? "both" : "neither"}`);
  }
  return given(key) ? { key } : { id: id! };
}

/** How a message says which key was asked: `named "web"`, `with key "PORT"`, or `with that target URL` (a secret). */
function withKey(nk: NaturalKey, key: string): string {
  if (nk.secretKey) return `with that ${nk.keyNoun}`;
  return nk.keyNoun === "name" ? `named ${JSON.stringify(key)}` : `with ${nk.keyNoun} ${JSON.stringify(key)}`;
}

/**
 * One object of a family: by id (checked to belong to the parent when one is given), or by its natural key in the
 * parent, compared as the service compares it. None or several matching fail naming the candidates.
 */
export async function findIn<R extends FoundRecord, Res>(
  family: LookupFamily<R, Res>, client: DeployServiceClient, parentId: string | undefined, args: LookupKey,
): Promise<Res> {
  const nk = family.key;
  const { lookup } = family;
  const which = keyOrId(lookup, nk.keyInput, args);
  const parent = given(parentId) ? parentId : undefined;
  if ("id" in which) {
    if (parent === undefined && family.idNeedsParent) {
      throw new Error(`deploy-service: ${lookup}: pass { ${nk.parentKey} } with { id }: the service reads a ${nk.noun} under its ${nk.parentNoun}`);
    }
    let record: R;
    try {
      record = await family.get(client, which.id, parent);
    } catch (e) {
      if (isNotFound(e)) {
        throw new Error(`deploy-service: ${lookup}: no ${nk.noun} with id "${which.id}"${parent === undefined ? "" : ` in ${nk.parentNoun} ${parent}`}`);
      }
      throw describeFailure(e, `reading ${nk.noun} ${which.id}`);
    }
    const holder = family.parentOf?.(record);
    if (parent !== undefined && holder !== undefined && holder !== parent) {
      const name = nk.secretKey ? "" : ` ${JSON.stringify(String((record as unknown as Record<string, unknown>)["name"] ?? ""))}`;
      throw new Error(`deploy-service: ${lookup}: ${nk.noun}${name} (${record.id}) is not in ${nk.parentNoun} ${parent} but in ${nk.parentNoun} ${holder}`);
    }
    const where = parent ?? holder;
    if (where === undefined) throw new Error(`deploy-service: ${lookup}: the service did not say which ${nk.parentNoun} holds ${nk.noun} ${record.id}`);
    return family.result(record, where);
  }
  if (parent === undefined) {
    throw new Error(`deploy-service: ${lookup}: pass { ${nk.parentKey} } with { ${nk.keyInput} }: a ${nk.noun} is found by ${nk.keyNoun} in its ${nk.parentNoun}`);
  }
  const where = `${nk.parentNoun} ${parent}`;
  let all: KeyedObject[];
  try {
    all = await nk.list(client, { [nk.parentKey]: parent });
  } catch (e) {
    throw describeFailure(e, `listing the ${family.nouns} of ${where}`);
  }
  const found = all.filter((o) => sameKey(nk, o.key, which.key));
  if (found.length === 0) {
    throw new Error(`deploy-service: ${lookup}: no ${nk.noun} ${withKey(nk, which.key)} in ${where} (it has: ${candidateList(nk, all, which.key)})`);
  }
  if (found.length > 1) {
    throw new Error(
      `deploy-service: ${lookup}: ${found.length} ${family.nouns} ${withKey(nk, which.key)} in ${where}: ` +
        `${found.map((o) => shown(nk, o)).join(", ")}; pass { id }`,
    );
  }
  const listed = found[0]!.record as R | undefined;
  if (listed !== undefined) return family.result(listed, parent);
  let record: R;
  try {
    record = await family.get(client, found[0]!.id, parent);
  } catch (e) {
    throw describeFailure(e, `reading ${nk.noun} ${found[0]!.id}`);
  }
  return family.result(record, parent);
}

/**
 * A client for lookups in the program process: `deploy-service:apiUrl`, the secret `deploy-service:apiToken` and
 * `deploy-service:tokenScheme` from the stack configuration, else `DEPLOY_SERVICE_API_URL`,
 * `DEPLOY_SERVICE_API_TOKEN` and `DEPLOY_SERVICE_TOKEN_SCHEME`. The token stays in this process's memory.
 */
export function programClient(): DeployServiceClient {
  const config = new pulumi.Config("deploy-service");
  const url = config.get("apiUrl");
  const token = config.get("apiToken");
  const credentials = resolveStackCredentials({ ...(url !== undefined ? { url } : {}), ...(token !== undefined ? { token } : {}) });
  return new DeployServiceClient({
    baseUrl: credentials.url, token: credentials.token, tokenScheme: stackTokenScheme(config.get("tokenScheme")),
    credentialSources: STACK_CREDENTIAL_SOURCES,
  });
}

/** A lookup's finder: the client and the plain arguments. */
export type Finder<A, Res> = (client: DeployServiceClient, args: PlainArgs<A>) => Promise<Res>;

/**
 * A family's lookup in its three forms, all taking the same arguments: `find` (a client and plain values, for the
 * provider and tests), `get` (plain values, a Promise: `getProject`) and `getOutput` (Inputs, an Output:
 * `getProjectOutput`).
 */
export interface LookupPair<A extends object, Res> {
  /** The finder: a client and plain arguments. */
  find: Finder<A, Res>;
  /** The Promise form: plain arguments, the program's credentials. */
  get(args: PlainArgs<A>): Promise<Res>;
  /** The Output form: arguments that may be Inputs; a secret when an argument was one, or when the family says. */
  getOutput(args: A): pulumi.Output<Res>;
}

/** A family found in its parent by id or natural key: its finder reads the parent id from the argument the key names. */
function parentFinder<A extends object, R extends FoundRecord, Res>(family: LookupFamily<R, Res>): Finder<A, Res> {
  return (client, args) => {
    const plain = args as unknown as LookupKey;
    return findIn(family, client, plain[family.key.parentKey], plain);
  };
}

/**
 * The lookup of a family: from its {@link LookupFamily} (found in a parent by id or natural key) or from a finder of
 * its own (an organization, a member, a value). `secret`: the family's results hold a secret, so the Output form is
 * one (a webhook's target URL, a kubeconfig).
 */
export function lookupPair<A extends object, Res, R extends FoundRecord = FoundRecord>(
  family: LookupFamily<R, Res> | Finder<A, Res>, options: { secret?: boolean } = {},
): LookupPair<A, Res> {
  const find: Finder<A, Res> = typeof family === "function" ? family : parentFinder<A, R, Res>(family);
  return {
    find,
    get: (args) => Promise.resolve().then(() => find(programClient(), args)),
    getOutput: (args) => {
      const result = pulumi.output(args).apply((plain) => find(programClient(), plain as PlainArgs<A>)) as pulumi.Output<Res>;
      return options.secret ? (pulumi.secret(result) as pulumi.Output<Res>) : result;
    },
  };
}
