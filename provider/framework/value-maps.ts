/**
 * The eight maps by which an owner of variables (a project, an environment, an application, a container, a job)
 * declares its values, with the names users of the Terraform provider know: plain values, files, aliases and
 * overrides, each as variables and as secrets. One table ({@link VALUE_MAPS}) says what each map is; the schema
 * fields, the Args, the key rules and the parts (`service-values.ts`) are derived from it or written beside it.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { field } from "./fields";

/** What a map's entries are: plain values, files, aliases of another variable, overrides of a higher one. */
export type ValueKind = "value" | "file" | "alias" | "override";

/** One map of values of an owner: its input, the output holding the ids, and what its entries are. */
export interface ValueMap {
  /** The input (`environmentVariableAliases`). */
  input: string;
  /** The output holding `{KEY: {id, updatedAt?}}` for the entries at the service (`variableAliasRefs`). */
  refs: string;
  /** Secret side: the values are Pulumi secrets and written through the owner's secrets. */
  secret: boolean;
  kind: ValueKind;
}

/** Every map, in the order they are applied (aliases after values and files: an alias may target one of them). */
export const VALUE_MAPS: readonly ValueMap[] = [
  { input: "environmentVariables", refs: "variableRefs", secret: false, kind: "value" },
  { input: "environmentVariableFiles", refs: "variableFileRefs", secret: false, kind: "file" },
  { input: "environmentVariableAliases", refs: "variableAliasRefs", secret: false, kind: "alias" },
  { input: "environmentVariableOverrides", refs: "variableOverrideRefs", secret: false, kind: "override" },
  { input: "secrets", refs: "secretRefs", secret: true, kind: "value" },
  { input: "secretFiles", refs: "secretFileRefs", secret: true, kind: "file" },
  { input: "secretAliases", refs: "secretAliasRefs", secret: true, kind: "alias" },
  { input: "secretOverrides", refs: "secretOverrideRefs", secret: true, kind: "override" },
];

/** The inputs of the eight maps. */
export const VALUE_INPUTS: readonly string[] = VALUE_MAPS.map((m) => m.input);
/** The outputs holding the ids of each map's entries. */
export const VALUE_REF_OUTPUTS: readonly string[] = VALUE_MAPS.map((m) => m.refs);

/** A variable or secret key: letters, digits and `_`, not starting with a digit. */
export const variableKeyInput = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected a variable name: letters, digits and _, not starting with a digit");

/** An absolute path inside the container, where a file variable is mounted. */
export const mountPathInput = z
  .string()
  .regex(/^\/[^\0]*[^/\0]$/, "expected an absolute file path such as /etc/app/config.yaml (starting with /, not ending with /)");

/** One file: where it is mounted and its content. */
export const valueFileSchema = z.strictObject({ mountPath: mountPathInput, value: z.string() });
/** One file, after validation. */
export type ValueFile = z.output<typeof valueFileSchema>;

const keyed = <T extends z.ZodType>(value: T) => z.record(variableKeyInput, value);

/** The six maps added to the service kinds' `environmentVariables` and `secrets`: absent means none. */
export const linkedValueFields = {
  environmentVariableFiles: field(keyed(valueFileSchema).optional(), { wire: false }),
  environmentVariableAliases: field(keyed(variableKeyInput).optional(), { wire: false }),
  environmentVariableOverrides: field(keyed(z.string()).optional(), { wire: false }),
  secretFiles: field(keyed(valueFileSchema).optional(), { wire: false, secret: true }),
  secretAliases: field(keyed(variableKeyInput).optional(), { wire: false, secret: true }),
  secretOverrides: field(keyed(z.string()).optional(), { wire: false, secret: true }),
};

/**
 * The eight maps of a project or an environment: all optional (absent means none), so a state written before
 * they existed previews with no change.
 */
export const ownerValueFields = {
  environmentVariables: field(keyed(z.string()).optional(), { wire: false }),
  secrets: field(keyed(z.string()).optional(), { wire: false, secret: true }),
  ...linkedValueFields,
};

/** The maps as a schema parses them (any may be absent). */
export type ValueMapsInputs = Partial<Record<string, Record<string, unknown> | undefined>>;

/**
 * Refuses a key declared in two maps: the owner holds one variable or secret per key, whatever its kind
 * (`secrets.TOKEN: expected a key not also in environmentVariables`).
 */
export function refineValueMaps(v: object, ctx: z.RefinementCtx): void {
  const seen = new Map<string, string>();
  const maps = v as ValueMapsInputs;
  for (const m of VALUE_MAPS) {
    const map = maps[m.input];
    if (map === undefined || map === null || typeof map !== "object") continue;
    for (const key of Object.keys(map)) {
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, m.input);
        continue;
      }
      ctx.addIssue({
        code: "custom",
        path: [m.input, key],
        message: `expected a key not also in ${first} (an owner holds one variable or secret per key), got "${key}" in both`,
      });
    }
  }
}

/** A file variable or secret of an owner's maps (`environmentVariableFiles`, `secretFiles`). */
export interface ValueFileArgs {
  /** Absolute path the file is mounted at. */
  mountPath: pulumi.Input<string>;
  /** The file's content (a secret file's is stored as a Pulumi secret). */
  value: pulumi.Input<string>;
}

/**
 * The Args of the six maps beyond `environmentVariables` and `secrets`. An owner's maps manage only the keys they
 * declare: a refresh reads back those keys only, and keys made elsewhere (a standalone `Variable` or `Secret`, the
 * console) are left alone. A key belongs to one of them: a standalone resource on a key a map holds fails at create.
 */
export interface LinkedValuesArgs {
  /**
   * File variables by key: `{mountPath, value}`, the value mounted as a file at `mountPath` (an absolute path).
   * Each changed key is one API call (a create with `mount_path`, an edit for a new value or mount path). Default: none.
   */
  environmentVariableFiles?: pulumi.Input<Record<string, pulumi.Input<ValueFileArgs>>>;
  /**
   * Aliases by key: `{NEW_KEY: "TARGET_KEY"}` makes `NEW_KEY` carry the value of the variable `TARGET_KEY` the owner
   * sees (its own, its environment's or project's, or a built-in such as `QOVERY_POSTGRESQL_Z1234_HOST`), resolved
   * when the alias is created (wire: `POST .../environmentVariable/{targetId}/alias`). An unknown target fails,
   * naming the key and the nearest keys the owner sees. A new target deletes and creates the alias again. Default: none.
   */
  environmentVariableAliases?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Overrides by key: `{KEY: "value"}` gives the owner its own value of the variable `KEY` defined at a higher
   * scope (the environment or the project), keeping the key (wire: `POST .../environmentVariable/{targetId}/override`,
   * then `PUT` for a new value). Default: none.
   */
  environmentVariableOverrides?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Secret files by key: `{mountPath, value}` (see `environmentVariableFiles`). Stored as Pulumi secrets. Default: none. */
  secretFiles?: pulumi.Input<Record<string, pulumi.Input<ValueFileArgs>>>;
  /**
   * Secret aliases by key: `{NEW_KEY: "TARGET_KEY"}` where `TARGET_KEY` is a secret the owner sees (a database's
   * password built-in, say); see `environmentVariableAliases`. Stored as a Pulumi secret. Default: none.
   */
  secretAliases?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Secret overrides by key: `{KEY: "value"}` for a secret `KEY` of a higher scope; see `environmentVariableOverrides`.
   * Stored as Pulumi secrets; a value changed outside Pulumi shows as changed (by `updated_at`). Default: none.
   */
  secretOverrides?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}
