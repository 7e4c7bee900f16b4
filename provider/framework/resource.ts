import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DefinedResource } from "./define";
import type { RuntimeInputs } from "./service-shape";
import { DeployServiceResource } from "./shim";

/**
 * Base class of the resources built from a family definition: every output slot and secret output comes from
 * the definition, and every object the service keeps has its two timestamps.
 */
export abstract class ServiceObjectResource extends DeployServiceResource {
  /** When the service created the object (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** When the service last changed the object (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string | undefined>;

  protected constructor(family: DefinedResource<z.ZodObject>, name: string, args: object, opts?: pulumi.CustomResourceOptions) {
    super(family.kind, name, family.props(args), family.options(opts));
  }
}

/**
 * Base class of the service kinds (application, container, job): the outputs of their resources, probes, groups,
 * deployment stage, variables, secrets and deployment from the program, which every kind has alike.
 */
export abstract class ServiceResource extends ServiceObjectResource {
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
  /** Environment variables by key. */
  declare readonly environmentVariables: pulumi.Output<Record<string, string>>;
  /** Secrets by key (secret). */
  declare readonly secrets: pulumi.Output<Record<string, string>>;
  /** Ids of the variables at the service, by key. */
  declare readonly variableRefs: pulumi.Output<Record<string, { id: string }>>;
  /** Ids and last change times of the secrets at the service, by key. */
  declare readonly secretRefs: pulumi.Output<Record<string, { id: string; updatedAt?: string }>>;
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
}
