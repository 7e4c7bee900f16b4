/**
 * Taking over objects that already exist. A dynamic resource cannot be imported (`pulumi import` and the `import`
 * option reach Read without the serialized provider, pulumi/pulumi#16175), so every resource takes an `adopt` input
 * instead: its create reads the object, refuses when a field that only a replacement could change differs, and
 * updates only what differs. Without it, a create that meets an object of the same name fails naming the object's id
 * and the two ways to take it over; `DEPLOY_SERVICE_ADOPT=<id>` is the one that needs no change to the program,
 * which is how an interrupted `pulumi up` (the service made the object, the state holds only a pending create)
 * converges.
 */
import type * as pulumi from "@pulumi/pulumi";
import { apiClient } from "./credentials";
import { ownAdviceOf, serviceErrorOf } from "./advice";
import { isUnknown } from "./unknowns";
import { candidateList, findByNaturalKey, NATURAL_KEYS, shown, type KeyedObject, type NaturalKey } from "./natural-keys";
import { startCreate, type Conflict } from "./conflict-round";
import { familyOf } from "../families";

/** Inputs or state, as the engine passes them. */
type Props = Record<string, unknown>;

/** The input every resource takes to adopt an existing object. */
export const ADOPT_INPUT = "adopt";

/** The environment variable listing ids that a conflicting create may take over (comma-separated). */
export const ENV_ADOPT = "DEPLOY_SERVICE_ADOPT";

/**
 * How a resource takes over an object that already exists instead of creating one: give exactly one of `id` and
 * `byName`. Its first `pulumi up` reads the object and changes only what differs from the program (a service is not
 * redeployed unless something differs and `deploy` is true); a field the service cannot change in place (a parent, a
 * database's type) must already match, else the create fails naming it. After that first `up` the resource is
 * managed like any other and `adopt` is ignored (changing or removing it is no change). `pulumi destroy` deletes an
 * adopted object like any other: to let go of it instead, give the resource `retainOnDelete: true`.
 */
export interface AdoptArgs {
  /** The existing object's id. */
  id?: string;
  /**
   * Find the object by its natural key in its parent: its `name` (a variable's or secret's `key`, a custom domain's
   * `domain`, a webhook's `targetUrl`). Exactly one object must match.
   */
  byName?: boolean;
}

/** The Args member every adoptable resource has. */
export interface AdoptableArgs {
  /**
   * Take over an object that already exists instead of creating one (see {@link AdoptArgs}). Without it, a create
   * that meets an object of the same name fails with that object's id and how to adopt it. Default: none (create).
   */
  adopt?: pulumi.Input<AdoptArgs>;
}

/** An `updatedAt` no object has: see `takeOver`. */
const NEVER_SEEN = "adopting: never seen";

/** A checked `adopt` input. */
type Adopt = { id: string } | { byName: true };

/** The inputs without `adopt`, and `adopt` itself. */
function split(props: Props | undefined): { rest: Props; adopt: unknown } {
  const rest: Props = { ...(props ?? {}) };
  const adopt = rest[ADOPT_INPUT];
  delete rest[ADOPT_INPUT];
  return { rest, adopt };
}

/** Why `adopt` is not acceptable for `kind`, or undefined. Unknown values (preview) pass. */
export function adoptProblem(kind: string, adopt: unknown): string | undefined {
  if (adopt === undefined || adopt === null || isUnknown(adopt)) return undefined;
  // The kinds that cannot adopt say why on their line of provider/families.ts.
  const refused = familyOf(kind)?.notAdoptable;
  if (refused !== undefined) return `${kind} takes no adopt: ${refused}`;
  if (typeof adopt !== "object" || Array.isArray(adopt)) return `expected { id: "<id>" } or { byName: true }, got ${JSON.stringify(adopt)}`;
  const a = adopt as Props;
  const extra = Object.keys(a).filter((k) => k !== "id" && k !== "byName");
  if (extra.length > 0) return `unknown key ${JSON.stringify(extra[0])}: expected { id: "<id>" } or { byName: true }`;
  const hasId = a["id"] !== undefined;
  const byName = a["byName"] !== undefined && a["byName"] !== false;
  if (hasId && byName) return "expected exactly one of id and byName, got both";
  if (!hasId && !byName) return `expected { id: "<id>" } or { byName: true }, got ${JSON.stringify(adopt)}`;
  if (hasId && !isUnknown(a["id"]) && (typeof a["id"] !== "string" || a["id"].trim() === "")) {
    return `id: expected the existing object's id (a non-empty string), got ${JSON.stringify(a["id"])}`;
  }
  if (byName && a["byName"] !== true && !isUnknown(a["byName"])) return `byName: expected true, got ${JSON.stringify(a["byName"])}`;
  if (byName && NATURAL_KEYS[kind] === undefined) return `byName: a ${kind} has no name to be found by; adopt it by id`;
  return undefined;
}

/** The ids `DEPLOY_SERVICE_ADOPT` lists. */
function idsFromEnvironment(): Set<string> {
  return new Set((process.env[ENV_ADOPT] ?? "").split(/[\s,]+/).filter((s) => s !== ""));
}

/** How messages quote an object found by its key (never a secret key). */
function quoted(nk: NaturalKey, key: string): string {
  return nk.secretKey ? "" : ` ${JSON.stringify(key)}`;
}

/** The id `adopt: { byName: true }` names: exactly one object of the parent with the resource's key. */
async function idByName(kind: string, inputs: Props): Promise<string> {
  const nk = NATURAL_KEYS[kind]!;
  const key = inputs[nk.keyInput];
  const where = `${nk.parentNoun} ${String(inputs[nk.parentKey] ?? "")}`;
  if (typeof key !== "string" || key === "") {
    throw new Error(`deploy-service: adopt: { byName: true } needs the ${nk.keyNoun} (input ${nk.keyInput}); give it, or adopt by id`);
  }
  const client = apiClient();
  const all = await nk.list(client, inputs);
  const found = all.filter((o) => (nk.ignoreCase ? o.key.toLowerCase() === key.toLowerCase() : o.key === key));
  if (found.length === 1) return found[0]!.id;
  if (found.length === 0) {
    throw new Error(
      `deploy-service: adopt: no ${nk.noun}${quoted(nk, key)} in ${where} to take over (it has: ${candidateList(nk, all, key)}); ` +
        `correct the ${nk.keyNoun}, adopt by id, or leave adopt out to create it`,
    );
  }
  throw new Error(
    `deploy-service: adopt: ${found.length} ${nk.noun}s${quoted(nk, key)} in ${where} (${found.map((o) => `id ${o.id}`).join(", ")}); ` +
      `adopt one by id: adopt: { id: "<id>" }`,
  );
}

/** The message of a create refused because the name is taken, with the two ways to take the object over. */
export function existingObjectMessage(nk: NaturalKey, inputs: Props, existing: KeyedObject): string {
  const key = String(inputs[nk.keyInput] ?? existing.key);
  const article = /^[aeiou]/.test(nk.noun) ? "an" : "a";
  return `deploy-service: ${article} ${nk.noun}${quoted(nk, key)} already exists in ${nk.parentNoun} ` +
    `${String(inputs[nk.parentKey] ?? "")} with id ${existing.id}`;
}

/** How the advice names one conflicting object: `application "api" (id …)`, or `webhook id …` for a secret key. */
function conflictOf(nk: NaturalKey, existing: KeyedObject): Conflict {
  return { id: existing.id, shown: `${nk.noun} ${shown(nk, existing)}` };
}

/**
 * The advice of {@link existingObjectMessage}: adopt in the program, or once from the command line. `all` are the
 * conflicts of the creates running beside this one (this one included): when there are several (an interrupted
 * `pulumi up` leaves one object per create it had in flight), the one command printed takes them all over.
 */
export function existingObjectAdvice(nk: NaturalKey, existing: KeyedObject, all: readonly Conflict[] = []): string {
  const others = all.filter((c) => c.id !== existing.id);
  if (others.length === 0) {
    return `To take it over in this stack (also when an interrupted \`pulumi up\` made it), add \`adopt: { id: "${existing.id}" }\` ` +
      `to the resource's args, or run once: \`${ENV_ADOPT}=${existing.id} pulumi up\`. To keep both, give this resource another ` +
      `${nk.keyNoun} in the program.`;
  }
  const ids = [existing.id, ...others.map((c) => c.id)];
  return `${ids.length} creates of this \`pulumi up\` met an object that already exists (an interrupted \`pulumi up\` leaves one ` +
    `per create it had in flight): ${[conflictOf(nk, existing), ...others].map((c) => c.shown).join(", ")}. To take them all over ` +
    `in this stack, run once: \`${ENV_ADOPT}=${ids.join(",")} pulumi up\` (or add \`adopt: { id: "<id>" }\` to each resource's ` +
    `args). To keep both of one, give that resource another ${nk.keyNoun} in the program.`;
}

/** An error carrying its own advice (see advice.ts). */
function withAdvice(message: string, advice: string, cause: unknown): Error {
  return Object.assign(new Error(message, { cause }), { advice });
}

/**
 * The provider with `adopt` handled: stripped before the family's own check, diff, update and read; a create with
 * `adopt` (or meeting an object whose id `DEPLOY_SERVICE_ADOPT` lists) reads and updates instead of creating.
 */
export function withAdoption(kind: string, provider: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  const p = provider;
  const takeOver = async (id: string, inputs: Props): Promise<pulumi.dynamic.CreateResult> => {
    const nk = NATURAL_KEYS[kind];
    const noun = nk?.noun ?? kind;
    // The desired inputs stand for the state: the family reads back the keys the program declares. A secret the
    // service never returns is compared through `updatedAt`; one no record has makes every such secret read as
    // changed outside, so the update writes the program's value.
    const current = await p.read!(id, { ...inputs, updatedAt: NEVER_SEEN });
    if (!current.id) throw new Error(`deploy-service: adopt: no ${noun} with id ${id} (the service answers 404); correct adopt.id`);
    const props = { ...(current.props ?? {}) };
    const diff = await p.diff!(id, props, inputs);
    const replaces = diff.replaces ?? [];
    if (replaces.length > 0) {
      throw new Error(
        `deploy-service: adopt: ${noun} ${id} differs from the program in ${replaces.join(", ")}, which the service cannot change ` +
          `in place; make the program match the object there, or leave adopt out to create a new one`,
      );
    }
    if (!diff.changes) return { id, outs: props };
    const updated = await p.update!(id, props, inputs);
    return { id, outs: updated.outs ?? props };
  };

  const out: Partial<pulumi.dynamic.ResourceProvider> = {};
  if (p.check) {
    out.check = async (olds, news) => {
      const { rest, adopt } = split(news);
      const problem = adoptProblem(kind, adopt);
      if (problem !== undefined) return { failures: [{ property: ADOPT_INPUT, reason: `${ADOPT_INPUT}: ${problem}` }] };
      const checked = await p.check!(split(olds).rest, rest);
      if (adopt === undefined || adopt === null || checked.inputs === undefined) return checked;
      return { ...checked, inputs: { ...checked.inputs, [ADOPT_INPUT]: adopt } };
    };
  }
  if (p.diff) out.diff = (id, olds, news) => p.diff!(id, split(olds).rest, split(news).rest);
  if (p.create) {
    out.create = async (inputs) => {
      const { rest, adopt } = split(inputs);
      if (adopt !== undefined && adopt !== null) {
        const a = adopt as Adopt;
        return takeOver("id" in a ? a.id : await idByName(kind, rest), rest);
      }
      const tracked = startCreate();
      try {
        return await p.create!(rest);
      } catch (e) {
        const existing = await existingAfterConflict(kind, rest, e);
        if (existing === undefined) throw e;
        if (idsFromEnvironment().has(existing.id)) return takeOver(existing.id, rest);
        // The family explained the conflict itself (a variable's key held by its owner: the owner and its map).
        if (ownAdviceOf(e) !== undefined) throw e;
        const nk = NATURAL_KEYS[kind]!;
        const all = await tracked.conflicted(conflictOf(nk, existing));
        throw withAdvice(existingObjectMessage(nk, rest, existing), existingObjectAdvice(nk, existing, all), e);
      } finally {
        tracked.end();
      }
    };
  }
  if (p.read) out.read = (id, props) => p.read!(id, split(props).rest);
  if (p.update) out.update = (id, olds, news) => p.update!(id, split(olds).rest, split(news).rest);
  if (p.delete) out.delete = (id, props) => p.delete!(id, split(props).rest);
  return out as pulumi.dynamic.ResourceProvider;
}

/**
 * The object a create conflicted with: only for a 409 of the service, for a family with a natural key, when exactly
 * one object of the parent has the resource's key. A failure to look it up leaves the original error standing.
 */
async function existingAfterConflict(kind: string, inputs: Props, e: unknown): Promise<KeyedObject | undefined> {
  const nk = NATURAL_KEYS[kind];
  if (nk === undefined || serviceErrorOf(e)?.code !== "conflict") return undefined;
  const key = inputs[nk.keyInput];
  if (typeof key !== "string" || key === "") return undefined;
  try {
    const found = await findByNaturalKey(apiClient(), nk, inputs, key);
    return found.length === 1 ? found[0] : undefined;
  } catch {
    return undefined;
  }
}
