import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DefinedResource } from "./define";
import type { ResourceOutputs } from "./outputs";
import { propertyPath } from "./check";
import { putBackImplied } from "./implied-outputs";
import { customResourceArgs, DeployServiceResource, type CustomResourceArgs } from "./shim";
import { DROPPED_KEY_REASON, droppedKeyPaths } from "./special-keys";

/**
 * The args with each secret field a Pulumi secret: the engine stores inputs as the program gives them, so a plain
 * value (a webhook URL from plain config, a literal autoscaling policy) would otherwise be plaintext in the state.
 */
function withSecretInputs(args: object, secretKeys: readonly string[]): object {
  const out: Record<string, unknown> = { ...args };
  for (const key of secretKeys) if (out[key] !== undefined) out[key] = pulumi.secret(out[key]);
  return out;
}

/**
 * The constructor arguments of a resource built from `family` (pass them on: `super(...familyResourceArgs(family,
 * name, args, opts))`): every output slot and secret output comes from the definition. A `__proto__` key in the
 * args (a variable map's, say) throws, naming it: it would be dropped on the way to the provider.
 */
export function familyResourceArgs(
  family: DefinedResource<z.ZodObject>, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined,
): CustomResourceArgs {
  // Refused here, while the program's own objects are at hand: on the way to the provider the key is lost.
  const [dropped] = droppedKeyPaths(args);
  if (dropped !== undefined) throw new Error(`deploy-service: ${family.kind} "${name}": ${propertyPath(dropped)}: ${DROPPED_KEY_REASON}`);
  return customResourceArgs(family.kind, name, family.props(withSecretInputs(args, family.secretInputs)), family.options(opts));
}

/** The class of a family `S` whose objects the service creates and dates: Args `A` in, {@link ResourceOutputs} out. */
export type ServiceObjectClass<A, S extends z.ZodType, C = object, Left extends keyof A = never> = new (
  name: string, args: A, opts?: pulumi.CustomResourceOptions,
) => ServiceObjectResource & ResourceOutputs<A, S, C, Left>;

/**
 * A family's resource class made from its definition: `export const Job = serviceObjectClass<JobArgs, typeof jobSchema,
 * JobComputed>(job)` with its TSDoc and `@class` (TypeDoc documents it as the class it is), and `export type Job =
 * InstanceType<typeof Job>`. Its constructor takes the family's Args; its outputs are every input as stored and what
 * the service computes ({@link ResourceOutputs}, proved against the schema at compile time).
 * Programs construct this class itself, never a subclass of it: the Pulumi SDK records the program's line as the
 * source position by expecting exactly one constructor between `CustomResource` and the program.
 */
export function serviceObjectClass<A extends object, S extends z.ZodType, C = object, Left extends keyof A = never>(
  family: DefinedResource<z.ZodObject>,
): ServiceObjectClass<A, S, C, Left> {
  const resource = class extends ServiceObjectResource {
    /**
     * @param name the Pulumi resource name.
     * @param args the resource's inputs.
     * @param opts resource options (its secret inputs are always stored as secrets).
     */
    constructor(name: string, args: A, opts?: pulumi.CustomResourceOptions) {
      super(...familyResourceArgs(family, name, args, opts));
      putBackImplied(this, args as Record<string, unknown>, family.impliedOutputs);
    }
  };
  Object.defineProperty(resource, "name", { value: family.kind });
  return resource as unknown as ServiceObjectClass<A, S, C, Left>;
}

/** A file variable or secret as an output: where it is mounted and its content. */
export interface ValueFileOutput {
  /** Absolute path the file is mounted at. */
  mountPath: string;
  /** The file's content. */
  value: string;
}

/** Where the service holds one variable this resource manages. */
export interface VariableRef {
  /** The variable's id; absent until a refresh reads it when a new service's import was not listed (`readBuiltInVariables: false`). */
  id?: string;
}

/** Where the service holds one secret this resource manages, and when it last changed it. */
export interface SecretRef {
  /** The secret's id; absent until a refresh reads it when a new service's import was not listed (`readBuiltInVariables: false`). */
  id?: string;
  /** When the service last changed the secret, as it answers it. */
  updatedAt?: string;
}

/**
 * Base class of the resources built from a family definition (constructed with {@link familyResourceArgs}): every
 * object the service keeps has its two timestamps.
 */
export abstract class ServiceObjectResource extends DeployServiceResource {
  /** When the service created the object (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** When the service last changed the object (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string | undefined>;
}

/**
 * What the service computes for every owner of variables (a project, an environment, a service kind): the ids of
 * the entries its maps manage (see `value-maps.ts`); the maps themselves are outputs as their Args say.
 */
export interface ValueOwnerComputed {
  /** Ids of the variables managed by this resource, by key. */
  variableRefs: Record<string, VariableRef>;
  /** Ids of the file variables managed by this resource, by key. */
  variableFileRefs: Record<string, VariableRef>;
  /** Ids of the aliases managed by this resource, by alias key. */
  variableAliasRefs: Record<string, VariableRef>;
  /** Ids of the overrides managed by this resource, by key. */
  variableOverrideRefs: Record<string, VariableRef>;
  /** Ids and last change times of the secrets managed by this resource, by key. */
  secretRefs: Record<string, SecretRef>;
  /** Ids and last change times of the secret files managed by this resource, by key. */
  secretFileRefs: Record<string, SecretRef>;
  /** Ids and last change times of the secret aliases managed by this resource, by alias key. */
  secretAliasRefs: Record<string, SecretRef>;
  /** Ids and last change times of the secret overrides managed by this resource, by key. */
  secretOverrideRefs: Record<string, SecretRef>;
}

/** What the service computes for every service kind (application, container, job). */
export interface ServiceComputed extends ValueOwnerComputed {
  /**
   * The variables the service sets itself for this service, by key: those describing it (`QOVERY_<TYPE>_Z<id>_ID`,
   * `..._HOST_INTERNAL`, `..._HOST_EXTERNAL` while a port is public) and its environment's and project's
   * (`QOVERY_ENVIRONMENT_ID`, `QOVERY_KUBERNETES_NAMESPACE_NAME`, `QOVERY_PROJECT_ID`). The built-ins of the other
   * services of the environment are on their own resources (a database's are its `host` and `port` outputs), so this
   * output does not change when a sibling is added. Built-in secrets are left out. Read on create, on an update of
   * `name` or the ports, and on refresh; `{}` with `readBuiltInVariables: false`.
   */
  builtInVariables: Record<string, string>;
}
