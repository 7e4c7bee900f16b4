/**
 * What the organization keeps beside its settings: its onboarding status, its owner's account (the communication
 * address), and its policy API tokens: API tokens (they authenticate at once, with their role) that carry an OPA
 * policy and an expiry, listed apart from the others. Kept on the organization's record and among the tokens.
 */
import { deleteApiToken, createApiToken, type ApiTokenRec } from "./api-tokens";
import type { OrganizationRec, tokenSlice } from "./organization";
import { OWNER_EMAIL } from "./members";
import { touch, type ModelContext } from "./records";
import { read } from "./slice";
import { notFound } from "../server/errors";

/** The fields of the organization's record this file owns. */
interface WithExtras {
  onboarding?: { status: string; use_cases: string | null };
  account?: { communication_email: string };
}

const extras = (o: OrganizationRec) => o as OrganizationRec & WithExtras;

/** The onboarding status (IN_PROGRESS until set). */
export function onboardingOf(o: OrganizationRec): { status: string; use_cases: string | null } {
  return extras(o).onboarding ?? { status: "IN_PROGRESS", use_cases: null };
}

/** Sets the onboarding status. */
export function setOnboarding(m: ModelContext, o: OrganizationRec, status: string): void {
  extras(o).onboarding = { ...onboardingOf(o), status };
  touch(o, m.now);
}

/** The owner's account, as `GET /account` answers it. */
export function accountOf(o: OrganizationRec): Record<string, string> {
  return {
    id: o.owner, created_at: o.created_at, nickname: "owner", first_name: "Emulator", last_name: "Owner",
    profile_picture_url: "https://emulator.invalid/avatar.png", communication_email: extras(o).account?.communication_email ?? OWNER_EMAIL,
  };
}

/** Sets the owner's communication address. */
export function setCommunicationEmail(m: ModelContext, o: OrganizationRec, email: string | undefined): void {
  if (email !== undefined) extras(o).account = { communication_email: email };
  touch(o, m.now);
}

/** A policy API token: an API token with an OPA policy. */
export type PolicyTokenRec = ApiTokenRec & { opa_policy: string; expires_at: string | null };

/** The organization's policy API tokens. */
export function policyTokens(m: ModelContext): PolicyTokenRec[] {
  return read<typeof tokenSlice>(m.world.store, "tokens").filter((t): t is PolicyTokenRec => typeof (t as Partial<PolicyTokenRec>).opa_policy === "string");
}

/** Creates a policy API token (its role: `role_id`, or Read when null). */
export function createPolicyToken(m: ModelContext, b: { name: string; opa_policy: string; role_id?: string | null | undefined; expires_at?: string | null | undefined }): PolicyTokenRec {
  const t = createApiToken(m, { name: b.name, role_id: b.role_id ?? null }) as PolicyTokenRec;
  t.opa_policy = b.opa_policy;
  t.expires_at = b.expires_at ?? null;
  return t;
}

/** Deletes a policy API token (404 for any other token). */
export function deletePolicyToken(m: ModelContext, id: string): void {
  if (!policyTokens(m).some((t) => t.id === id)) throw notFound("policy API token", id);
  deleteApiToken(m, id);
}
