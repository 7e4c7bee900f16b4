import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DefinedResource } from "./define";
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
