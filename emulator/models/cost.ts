/** What the organization costs this month: its running clusters (see `cluster-lifecycle.ts`) and its services. */
import { clustersMonthlyCents } from "./cluster-lifecycle";
import type { ModelContext } from "./records";

/** What the organization costs this month, in cents: each running cluster and each service by its kind's price. */
export function currentCostCents(m: ModelContext): number {
  return clustersMonthlyCents(m) + m.world.store.servicesWithKind().reduce((sum, [kind]) => sum + kind.monthlyCostCents, 0);
}
