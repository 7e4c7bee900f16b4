import type { BaseRec, ModelContext } from "./records";

/** An API token of the organization. */
export interface TokenRec {
  name: string;
  value: string;
  scope: "Admin" | "Read" | "Deploy" | "Write";
  revoked: boolean;
}

/** The organization. */
export interface OrganizationRec extends BaseRec {
  name: string;
  plan: string;
  owner: string;
}

/** On-premise cluster credentials. */
export interface OnPremiseCredentialsRec {
  id: string;
  organization_id: string;
  name: string;
}

/** Names on-premise credentials, creating them on their first edit. */
export function saveOnPremiseCredentials(m: ModelContext, orgId: string, id: string, name: string): OnPremiseCredentialsRec {
  const rec: OnPremiseCredentialsRec = { id, organization_id: orgId, name };
  m.world.store.state.onPremiseCredentials.set(id, rec);
  return rec;
}

/** What the organization costs this month, in cents: each cluster and each service by its kind's price. */
export function currentCostCents(m: ModelContext): number {
  const store = m.world.store;
  return store.state.clusters.length * 12000 + store.servicesWithKind().reduce((sum, [kind]) => sum + kind.monthlyCostCents, 0);
}
