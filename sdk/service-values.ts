/**
 * What variables and secrets of every owner share: an owner's collection of keyed values under
 * `/<owner>/{id}/<segment>`, items at `/<owner>/{id}/<segment>/{itemId}` (the service has no read of one), and the
 * aliases and overrides made at the owner (`.../{itemId}/alias`, `.../{itemId}/override`), for projects,
 * environments, applications, containers and jobs alike.
 */
import { z } from "zod";
import type { RequestCore } from "./core";
import { Collection, collection, type Keyed } from "./crud";
import { path, type ApiPath } from "./path";
import { kindsWith, type KindsWith } from "./service-kinds";
import { secretFields } from "./sensitive";

/** The service kinds that have variables and secrets, as their paths spell them. */
export const VALUE_SERVICE_SEGMENTS = kindsWith("values");
/** `application`, `container` or `job`: the first segment of a service's paths (the kinds with `values`). */
export type ServiceSegment = KindsWith<"values">;
/** Every owner of variables and secrets, as their paths spell them: the two higher scopes, then the service kinds. */
export const VALUE_OWNER_SEGMENTS = ["project", "environment", ...VALUE_SERVICE_SEGMENTS] as const;
/** `project`, `environment`, `application`, `container` or `job`: the first segment of the owner's paths. */
export type OwnerSegment = (typeof VALUE_OWNER_SEGMENTS)[number];
/** `environmentVariable` or `secret`: the segment of the values' paths under the owner. */
export type ValueSegment = "environmentVariable" | "secret";
/** The `scope` of the values an owner holds itself (not inherited from a higher scope, not built in). */
export type OwnScope = "PROJECT" | "ENVIRONMENT" | "APPLICATION" | "CONTAINER" | "JOB";

/** Body of an alias made at an owner: the alias's own `key` (unique at the owner) and an optional description. */
export const ValueAliasRequest = z.looseObject({
  key: z.string().min(1),
  description: z.string().max(255).nullable().optional(),
});
/** Body of an alias made at an owner (wire `Key`). */
export type ValueAliasRequest = z.input<typeof ValueAliasRequest>;

/** Body of an override made at an owner: the new `value` (the key is the overridden variable's) and a description. */
export const ValueOverrideRequest = z.looseObject({
  value: z.string(),
  description: z.string().max(255).nullable().optional(),
});
/** Body of an override made at an owner (wire `Value`). */
export type ValueOverrideRequest = z.input<typeof ValueOverrideRequest>;
// A variable's value stays out of the messages of its own call; a secret's is remembered too (`RememberedSecrets.addSent`).
secretFields({ sensitive: ["value"] });

/** The endpoints of an owner's keyed values (variables or secrets of a project, an environment or a service). */
export interface ServiceValuesApi<Value, CreateRequest, EditRequest> {
  /**
   * Lists the owner's own values (those whose `scope` is the owner's, its aliases and overrides included). The
   * service's list also holds the values the owner inherits and the built-in ones, told apart by `scope`; they are
   * left out here, and `client.variables.list` answers everything the owner sees.
   */
  list(ownerId: string): Promise<Value[]>;
  /** Creates a value. A lost answer is recovered by `key` among the owner's own values. */
  create(ownerId: string, request: CreateRequest): Promise<Value>;
  /** Replaces a value's key and value. */
  update(ownerId: string, itemId: string, request: EditRequest): Promise<Value>;
  /** Deletes a value (its aliases and overrides go with it). */
  delete(ownerId: string, itemId: string): Promise<void>;
  /**
   * Makes at the owner an alias named `key` of the value `targetId` (one the owner sees: its own, one of a higher
   * scope, or a built-in one); an alias of a secret is a secret. A lost answer is recovered by `key` among the
   * owner's own values.
   */
  alias(ownerId: string, targetId: string, request: ValueAliasRequest): Promise<Value>;
  /**
   * Gives at the owner a new value to the value `targetId` of a higher scope, keeping its key; an override of a
   * secret is a secret. A lost answer is recovered among the owner's own overrides of `targetId`.
   */
  override(ownerId: string, targetId: string, request: ValueOverrideRequest): Promise<Value>;
}

/** The schemas of one family of values. */
export interface ServiceValuesSchemas<R, C, E> {
  /** A value as the service answers it. */
  record: R;
  /** Body of a create. */
  createRequest: C;
  /** Body of an edit. */
  editRequest: E;
}

/**
 * `path` over literal segments: `/container/{containerId}/secret/{secretId}` is built as one template, so an
 * invalid id is named after the segment before it (`secretId in /container/{}/secret/{}`).
 */
function templatePath(literals: string[], ...ids: string[]): ApiPath {
  return path(Object.assign([...literals], { raw: [...literals] }) as unknown as TemplateStringsArray, ...ids);
}

/** The id of the value an override (or alias) points at, under either of its wire names. */
function pointedAt(value: unknown, field: "overridden" | "aliased"): string | undefined {
  const v = value as Record<string, { id?: unknown } | null | undefined>;
  const ref = v[`${field}_variable`] ?? v[`${field}_secret`];
  return typeof ref?.id === "string" ? ref.id : undefined;
}

/**
 * The base class of one family of keyed values of one owner: `serviceValues("container", "secret", "secret",
 * {...}, "CONTAINER")` calls `/container/{id}/secret`. A lost create is recovered by `key` among the records whose
 * `scope` is `ownScope` (a value inherited from the environment may share the key).
 */
export function serviceValues<
  R extends z.ZodType<Keyed<"key"> & {
    /** The scope the value is defined at (`ownScope` for the owner's own values). */
    scope?: string | null | undefined;
  }>,
  C extends z.ZodType<unknown, {
    /** The value's key. */
    key: string;
  }>,
  E extends z.ZodType,
>(
  ownerSegment: OwnerSegment, valueSegment: ValueSegment, what: string, schemas: ServiceValuesSchemas<R, C, E>, ownScope: OwnScope,
): new (core: RequestCore) => ServiceValuesApi<z.output<R>, z.input<C>, z.input<E>> {
  type Rec = z.output<R>;
  const own = (value: Rec) => (value.scope ?? ownScope) === ownScope;
  const itemPath = (ownerId: string, itemId: string, action: string) =>
    templatePath([`/${ownerSegment}/`, `/${valueSegment}/`, `/${action}`], ownerId, itemId);
  const Base = collection({
    what, naturalKey: "key", ...schemas, createdHere: own,
    list: (ownerId: string) => templatePath([`/${ownerSegment}/`, `/${valueSegment}`], ownerId),
    item: (ownerId: string, itemId: string) => templatePath([`/${ownerSegment}/`, `/${valueSegment}/`, ""], ownerId, itemId),
  });
  class Values extends (Base as new (core: RequestCore) => Collection<[string], [string, string], R, C, E>) {
    override async list(ownerId: string): Promise<Rec[]> {
      return (await super.list(ownerId)).filter(own);
    }

    async alias(ownerId: string, targetId: string, request: ValueAliasRequest): Promise<Rec> {
      return await this.core.call({
        method: "POST", path: itemPath(ownerId, targetId, "alias"), body: request, requestSchema: ValueAliasRequest,
        response: schemas.record, what: `${what} alias ${JSON.stringify(request.key)}`,
        recover: async () => (await this.list(ownerId)).find((v) => v.key === request.key && own(v)),
      }) as Rec;
    }

    async override(ownerId: string, targetId: string, request: ValueOverrideRequest): Promise<Rec> {
      return await this.core.call({
        method: "POST", path: itemPath(ownerId, targetId, "override"), body: request, requestSchema: ValueOverrideRequest,
        response: schemas.record, what: `${what} override of ${JSON.stringify(targetId)}`,
        recover: async () => (await this.list(ownerId)).find((v) => own(v) && pointedAt(v, "overridden") === targetId),
      }) as Rec;
    }
  }
  return Values as unknown as new (core: RequestCore) => ServiceValuesApi<Rec, z.input<C>, z.input<E>>;
}
