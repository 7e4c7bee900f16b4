import { randomUUID } from "node:crypto";
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

/** Creates a named set of on-premise credentials. */
export function createOnPremiseCredentials(m: ModelContext, orgId: string, input: { name: string }): OnPremiseCredentialsRec {
  const rec: OnPremiseCredentialsRec = { id: randomUUID(), organization_id: orgId, name: input.name };
  m.world.store.state.onPremiseCredentials.set(rec.id, rec);
  return rec;
}

/** Renames a set of on-premise credentials (an edit never creates one: the route answers 404 for an unknown id). */
export function renameOnPremiseCredentials(_m: ModelContext, rec: OnPremiseCredentialsRec, input: { name: string }): void {
  rec.name = input.name;
}

/** What the organization costs this month, in cents: each cluster and each service by its kind's price. */
export function currentCostCents(m: ModelContext): number {
  const store = m.world.store;
  return store.state.clusters.length * 12000 + store.servicesWithKind().reduce((sum, [kind]) => sum + kind.monthlyCostCents, 0);
}
