import type { Terraform } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import { terraformServiceSchema, type TerraformServiceArgs } from "../resources/terraform-service/index";
import type { PlainArgs } from "./core";
import { lookups, parentLookup, type NameInParentArgs } from "./family";

/** Arguments of {@link getTerraformServiceOutput}: the service's id, or its name in its environment (`environmentId`, checked when given with `id`). */
export type GetTerraformServiceOutputArgs = NameInParentArgs<"environmentId">;
/** Arguments of {@link getTerraformService}: those of {@link GetTerraformServiceOutputArgs} with plain values. */
export type GetTerraformServiceArgs = PlainArgs<GetTerraformServiceOutputArgs>;

/** A Terraform service found by {@link getTerraformService} or {@link getTerraformServiceOutput}, in the spelling of `TerraformServiceArgs`. */
export interface TerraformServiceResult
  extends LookupResult<Pick<TerraformServiceArgs, "name" | "environmentId" | "engine" | "terraformVersion" | "timeoutSeconds">, "name" | "environmentId"> {}

const terraformServices = parentLookup<typeof terraformServiceSchema, Terraform, TerraformServiceResult>("TerraformService", {
  schema: terraformServiceSchema, fields: ["name", "engine", "terraformVersion", "timeoutSeconds"], get: (client, id) => client.terraforms.get(id),
});

export const { findTerraformService,
  /**
   * Looks up a Terraform service by id, or by name in its environment (compared ignoring letter case, as the service
   * does), with plain values, in a Promise.
   *
   * @example
   * const infra = await getTerraformService({ environmentId: env.id, name: "buckets" });
   */
  getTerraformService,
  /** {@link getTerraformService} taking Inputs and answering an Output. */
  getTerraformServiceOutput } = lookups<"TerraformService", GetTerraformServiceOutputArgs, TerraformServiceResult>("TerraformService", terraformServices);
