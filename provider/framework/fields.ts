import { z } from "zod";
import { snakeCase } from "./case";

/**
 * What the provider needs to know about one input field beyond its type. It sits on the field's zod schema
 * (see {@link field}), at the top of a resource or at any depth inside it (a member of a nested object, a list),
 * so check, diff, the wire mapping both ways (wire.ts) and the outputs are all derived from one place.
 */
export interface FieldMeta {
  /**
   * Spelling on the wire when it is not the snake case of the key (`maximumGpu` -> `maximun_gpu`);
   * `false` when the field never travels in a request body (a parent id of the path, a provider-side setting).
   */
  wire?: string | false;
  /** A change replaces the object: the service cannot change it in place. */
  replace?: boolean;
  /** Holds a secret: never quoted in a failure, always stored as a Pulumi secret. */
  secret?: boolean;
  /** The service chooses the value when the program leaves it out: absent means "whatever the service has". */
  computed?: boolean;
  /** Sent when creating only; the service's edit request does not take it. */
  createOnly?: boolean;
  /**
   * Spelling in the service's answers when it differs from the request's (`cluster` sent, `cluster_id` read); a
   * dotted path reads a nested member (`registry.id`); several are tried in order, the first answered wins.
   */
  readAs?: string | readonly string[];
  /** Sent on an edit when the value is absent, so the service forgets the one it has (`null`, or `""`). */
  cleared?: null | "";
  /** A list of ids sent as `[{id}]` and answered so (`annotations_groups`). */
  refs?: boolean;
  /**
   * A list of objects the service keeps with ids of their own: on an edit, each member carries the `id` of the
   * service's member with the same value of this input key (ports by `internalPort`); the record is read first.
   */
  idBy?: string;
  /** Members an object always carries on the wire besides its fields (a volume's `type: "FAST_SSD"`). */
  wireConstants?: Readonly<Record<string, unknown>>;
  /**
   * The field is the id of the parent in the create path: never in a body, changing it replaces the object, and
   * it is read back from `record[parent].id` (e.g. `organization`) or, when absent, kept from the state.
   */
  parent?: string;
  /**
   * Whether two values mean the same, when that is not plain deep equality (an advanced setting's `"60"` and `60`).
   * Diff and update compare the field with it; the values may be absent (`undefined`).
   */
  same?(a: unknown, b: unknown): boolean;
}

/** The registry holding every field's {@link FieldMeta}. */
export const fieldMeta = z.registry<FieldMeta>();

/**
 * Attaches provider facts to a field's schema: `field(z.string(), { replace: true, wire: false })`.
 * Register on the outermost schema of the field (after `.optional()` or `.default()`).
 */
export function field<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  fieldMeta.add(schema, meta);
  return schema;
}

/** The facts attached to a field, `{}` when none. */
export function metaOf(schema: unknown): FieldMeta {
  return fieldMeta.get(schema as z.ZodType) ?? {};
}

/** One field of a resource schema with its facts and its wire spelling (undefined when it is not sent). */
export interface FieldInfo {
  key: string;
  meta: FieldMeta;
  wire: string | undefined;
}

/** The fields of an object schema in declaration order. */
export function fieldsOf(schema: z.ZodObject): FieldInfo[] {
  return Object.entries(schema.shape).map(([key, fieldSchema]) => {
    const meta = metaOf(fieldSchema);
    const wire = meta.wire === false || meta.parent !== undefined ? undefined : (meta.wire ?? snakeCase(key));
    return { key, meta, wire };
  });
}

/** The schema of every resource kind defined so far (see {@link resourceFields}), by kind. */
const schemasByKind = new Map<string, z.ZodObject>();

/** The fields of the resource kind `kind` (as {@link fieldsOf}), its schema recorded for {@link schemaOfKind}. */
export function resourceFields(kind: string, schema: z.ZodObject): FieldInfo[] {
  schemasByKind.set(kind, schema);
  return fieldsOf(schema);
}

/** The schema of a resource kind whose definition is loaded, `undefined` otherwise. */
export function schemaOfKind(kind: string): z.ZodObject | undefined {
  return schemasByKind.get(kind);
}
