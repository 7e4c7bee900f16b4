import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DefinedResource } from "./define";
import type { AutoscalingInputs } from "./autoscaling";
import type { RuntimeInputs } from "../service-kinds/shape";
import { propertyPath } from "./check";
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
 * Base class of every owner of variables (a project, an environment, a service kind): the outputs of the eight maps
 * (see `value-maps.ts`) and of the ids of the entries they manage. A map the program leaves out is absent (none managed).
 */
export abstract class ValueOwnerResource extends ServiceObjectResource {
  /** Environment variables managed by this resource, by key. */
  declare readonly environmentVariables: pulumi.Output<Record<string, string> | undefined>;
  /** Secrets managed by this resource, by key (secret). */
  declare readonly secrets: pulumi.Output<Record<string, string> | undefined>;
  /** File variables managed by this resource, by key. */
  declare readonly environmentVariableFiles: pulumi.Output<Record<string, ValueFileOutput> | undefined>;
  /** Aliases managed by this resource: alias key to target key. */
  declare readonly environmentVariableAliases: pulumi.Output<Record<string, string> | undefined>;
  /** Overrides managed by this resource, by key. */
  declare readonly environmentVariableOverrides: pulumi.Output<Record<string, string> | undefined>;
  /** Secret files managed by this resource, by key (secret). */
  declare readonly secretFiles: pulumi.Output<Record<string, ValueFileOutput> | undefined>;
  /** Secret aliases managed by this resource: alias key to target key (secret). */
  declare readonly secretAliases: pulumi.Output<Record<string, string> | undefined>;
  /** Secret overrides managed by this resource, by key (secret). */
  declare readonly secretOverrides: pulumi.Output<Record<string, string> | undefined>;
  /** Ids of the variables managed by this resource, by key. */
  declare readonly variableRefs: pulumi.Output<Record<string, VariableRef>>;
  /** Ids of the file variables managed by this resource, by key. */
  declare readonly variableFileRefs: pulumi.Output<Record<string, VariableRef>>;
  /** Ids of the aliases managed by this resource, by alias key. */
  declare readonly variableAliasRefs: pulumi.Output<Record<string, VariableRef>>;
  /** Ids of the overrides managed by this resource, by key. */
  declare readonly variableOverrideRefs: pulumi.Output<Record<string, VariableRef>>;
  /** Ids and last change times of the secrets managed by this resource, by key. */
  declare readonly secretRefs: pulumi.Output<Record<string, SecretRef>>;
  /** Ids and last change times of the secret files managed by this resource, by key. */
  declare readonly secretFileRefs: pulumi.Output<Record<string, SecretRef>>;
  /** Ids and last change times of the secret aliases managed by this resource, by alias key. */
  declare readonly secretAliasRefs: pulumi.Output<Record<string, SecretRef>>;
  /** Ids and last change times of the secret overrides managed by this resource, by key. */
  declare readonly secretOverrideRefs: pulumi.Output<Record<string, SecretRef>>;
}

/**
 * Base class of the service kinds (application, container, job): the outputs of their resources, probes, groups,
 * deployment stage, built-in variables and deployment from the program, which every kind has alike.
 */
export abstract class ServiceResource extends ValueOwnerResource {
  /** Environment holding the service. */
  declare readonly environmentId: pulumi.Output<string>;
  /** Service name. */
  declare readonly name: pulumi.Output<string>;
  /** CPU per instance in millicores. */
  declare readonly cpu: pulumi.Output<number>;
  /** Memory per instance in MB. */
  declare readonly memory: pulumi.Output<number>;
  /** GPUs per instance. */
  declare readonly gpu: pulumi.Output<number>;
  /** Probes, defaults filled in. */
  declare readonly healthchecks: pulumi.Output<RuntimeInputs["healthchecks"]>;
  /** Redeployed automatically (an application on new commits, a container or a job on the auto-deploy call). */
  declare readonly autoDeploy: pulumi.Output<boolean>;
  /** Annotation group ids. */
  declare readonly annotationsGroupIds: pulumi.Output<string[]>;
  /** Label group ids. */
  declare readonly labelsGroupIds: pulumi.Output<string[]>;
  /** Deployment stage the service is in. */
  declare readonly deploymentStageId: pulumi.Output<string | undefined>;
  /** Environment variables at the service, by key (none when the program sets none). */
  declare readonly environmentVariables: pulumi.Output<Record<string, string>>;
  /** Secrets at the service, by key (secret; none when the program sets none). */
  declare readonly secrets: pulumi.Output<Record<string, string>>;
  /**
   * The variables the service sets itself for this service, by key: those describing it (`QOVERY_<TYPE>_Z<id>_ID`,
   * `..._HOST_INTERNAL`, `..._HOST_EXTERNAL` while a port is public) and its environment's and project's
   * (`QOVERY_ENVIRONMENT_ID`, `QOVERY_KUBERNETES_NAMESPACE_NAME`, `QOVERY_PROJECT_ID`). The built-ins of the other
   * services of the environment are on their own resources (a database's are its `host` and `port` outputs), so this
   * output does not change when a sibling is added. Built-in secrets are left out. Read on create, on an update of
   * `name` or the ports, and on refresh; `{}` with `readBuiltInVariables: false`.
   */
  declare readonly builtInVariables: pulumi.Output<Record<string, string>>;
  /** Whether `builtInVariables` is read. */
  declare readonly readBuiltInVariables: pulumi.Output<boolean>;
  /** Whether create/update deploy. */
  declare readonly deploy: pulumi.Output<boolean>;
  /** Deploy wait limit in seconds. */
  declare readonly deployTimeoutSeconds: pulumi.Output<number>;
}

/** Base class of the long-running service kinds (application, container): their instance counts, ports, volumes and command. */
export abstract class RunningServiceResource extends ServiceResource {
  /** Fewest instances running. */
  declare readonly minRunningInstances: pulumi.Output<number>;
  /** Most instances running (-1: no limit). */
  declare readonly maxRunningInstances: pulumi.Output<number>;
  /** Ports, with the names and external ports in use. */
  declare readonly ports: pulumi.Output<RuntimeInputs["ports"]>;
  /** Volumes. */
  declare readonly storage: pulumi.Output<RuntimeInputs["storage"]>;
  /** Entrypoint arguments. */
  declare readonly arguments: pulumi.Output<string[]>;
  /** Entrypoint. */
  declare readonly entrypoint: pulumi.Output<string | undefined>;
  /** Clone into preview environments. */
  declare readonly autoPreview: pulumi.Output<boolean>;
  /** KEDA autoscaling policy (secret); absent when the program leaves the service's policy alone. */
  declare readonly autoscaling: pulumi.Output<AutoscalingInputs | undefined>;
}
