import { touch, type BaseRec, type ModelContext } from "./records";
import { z } from "zod";
import { base, str } from "./record-forms";
import { slice } from "./slice";

/** An API token of the organization (the seeded ones have no id: only tokens made through the API do). */
export interface TokenRec {
  name: string;
  value: string;
  scope: "Admin" | "Read" | "Deploy" | "Write";
  revoked: boolean;
  /** Id of a token made through the API. */
  id?: string;
  /** Role of a token made through the API (its `scope` follows from it). */
  role_id?: string;
  /** Free text of a token made through the API. */
  description?: string;
  /** When a token made through the API was made. */
  created_at?: string;
}

/** The tokens of the state (see `slice.ts`). */
export const tokenSlice = slice<TokenRec>().list("tokens", z.looseObject({
  name: str, value: str, scope: z.enum(["Admin", "Read", "Deploy", "Write"]), revoked: z.boolean(),
  id: str.optional(), role_id: str.optional(), description: str.optional(), created_at: str.optional(),
}));

/** The organization. */
export interface OrganizationRec extends BaseRec {
  name: string;
  plan: string;
  owner: string;
  /** Editable settings (absent: never set, answered as null). */
  description?: string | null;
  website_url?: string | null;
  repository?: string | null;
  logo_url?: string | null;
  icon_url?: string | null;
  admin_emails?: string[] | null;
}

/** The organization of the state (see `slice.ts`). */
export const organizationSlice = slice<OrganizationRec>().one("organization", z.looseObject({ ...base, name: str, plan: str, owner: str, admin_emails: z.array(str).nullish() }));

/** What an organization edit sets (every field: one left out is cleared). */
export interface OrganizationEdit {
  name: string;
  plan?: string | undefined;
  description?: string | undefined;
  website_url?: string | null | undefined;
  repository?: string | null | undefined;
  logo_url?: string | null | undefined;
  icon_url?: string | null | undefined;
  admin_emails?: string[] | null | undefined;
}

/** Replaces the organization's editable settings: a field the edit leaves out is cleared. */
export function editOrganization(m: ModelContext, input: OrganizationEdit): OrganizationRec {
  const o = organizationSlice.of(m.world.store);
  o.name = input.name;
  o.plan = input.plan ?? o.plan;
  o.description = input.description ?? null;
  o.website_url = input.website_url ?? null;
  o.repository = input.repository ?? null;
  o.logo_url = input.logo_url ?? null;
  o.icon_url = input.icon_url ?? null;
  o.admin_emails = input.admin_emails ?? null;
  touch(o, m.now);
  return o;
}

/** On-premise cluster credentials of an older data file (moved into `cloudCredentials` when it is loaded, see `cloud-credentials.ts`). */
export interface OnPremiseCredentialsRec {
  id: string;
  organization_id: string;
  name: string;
}

/** The onPremiseCredentials of the state (see `slice.ts`). */
export const onPremiseSlice = slice<OnPremiseCredentialsRec>().keyed("onPremiseCredentials", z.looseObject({ id: str, organization_id: str, name: str }));
