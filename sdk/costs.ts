/** Costs: the organization's plan and current bill, and what a cluster costs. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { OrganizationPlan } from "./organizations";
import { path } from "./path";
import { maybe, sameFields } from "./schema";

/** The organization's plan and current cost. */
export const OrganizationCost = z.looseObject({
  plan: maybe(OrganizationPlan),
  remaining_trial_day: maybe(z.number()),
  renewal_at: maybe(z.string()),
  cost: maybe(z.looseObject({ total_in_cents: z.number(), total: z.number(), currency_code: z.string() })),
});
/** The organization's plan and current cost. */
export type OrganizationCost = z.infer<typeof OrganizationCost>;

/** What a cluster costs on its cloud's bill, as a range (`min_cost` to `max_cost`, in `currency_code`). */
export const ClusterCost = z.looseObject({
  ...sameFields(["min_cost_in_cents", "min_cost", "max_cost_in_cents", "max_cost", "total_in_cents", "total"], maybe(z.number())),
  currency_code: maybe(z.string()),
});
/** What a cluster costs on its cloud's bill. */
export type ClusterCost = z.infer<typeof ClusterCost>;

/** Endpoints of costs. */
export class CostsApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Reads the organization's plan and current cost. */
  current(organizationId: string): Promise<OrganizationCost> {
    return this.core.call({ method: "GET", path: path`/organization/${organizationId}/currentCost`, response: OrganizationCost });
  }

  /** Reads what a cluster currently costs (a range). */
  cluster(organizationId: string, clusterId: string): Promise<ClusterCost> {
    return this.core.call({ method: "GET", path: path`/organization/${organizationId}/cluster/${clusterId}/currentCost`, response: ClusterCost });
  }
}
