/** Costs: the organization's plan and current bill. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { OrganizationPlan } from "./organizations";
import { path } from "./path";
import { maybe } from "./schema";

/** The organization's plan and current cost. */
export const OrganizationCost = z.looseObject({
  plan: maybe(OrganizationPlan),
  remaining_trial_day: maybe(z.number()),
  renewal_at: maybe(z.string()),
  cost: maybe(z.looseObject({ total_in_cents: z.number(), total: z.number(), currency_code: z.string() })),
});
/** The organization's plan and current cost. */
export type OrganizationCost = z.infer<typeof OrganizationCost>;

/** Endpoints of costs. */
export class CostsApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Reads the organization's plan and current cost. */
  current(organizationId: string): Promise<OrganizationCost> {
    return this.core.call({ method: "GET", path: path`/organization/${organizationId}/currentCost`, response: OrganizationCost });
  }
}
