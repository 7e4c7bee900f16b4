/** Organizations: the top of the hierarchy, holding projects, clusters, git tokens and webhooks; settings and roles. */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";
import { listOf, maybe, namedRecord, openEnum } from "./schema";

/** Organization plans, current (2025) and deprecated ones. */
export const OrganizationPlan = openEnum([
  "FREE", "TEAM", "TEAM_YEARLY", "ENTERPRISE", "ENTERPRISE_YEARLY", "PROFESSIONAL", "BUSINESS",
  "USER_2025", "TEAM_2025", "BUSINESS_2025", "ENTERPRISE_2025",
] as const);
/** An organization plan name. */
export type OrganizationPlan = z.infer<typeof OrganizationPlan>;

/** An organization record. */
export const Organization = namedRecord({
  /** Free text. */
  description: maybe(z.string()),
  /** The organization's plan. */
  plan: maybe(OrganizationPlan),
  /** The organization's website. */
  website_url: maybe(z.string()),
  /** A repository, as the service answers it. */
  repository: maybe(z.string()),
  /** URL of the organization's logo. */
  logo_url: maybe(z.string()),
  /** URL of the organization's icon. */
  icon_url: maybe(z.string()),
  /** Addresses of the organization's admins. */
  admin_emails: maybe(z.array(z.string())),
  /** The organization's owner, as the service answers it. */
  owner: maybe(z.string()),
});
/**
 * An organization record.
 * @interface
 */
export type Organization = z.infer<typeof Organization>;

/** Organization plans a request may name (the closed list of the reference). */
export const ORGANIZATION_PLANS = [
  "FREE", "TEAM", "TEAM_YEARLY", "ENTERPRISE", "ENTERPRISE_YEARLY", "PROFESSIONAL", "BUSINESS",
  "USER_2025", "TEAM_2025", "BUSINESS_2025", "ENTERPRISE_2025",
] as const;

/**
 * Body of an organization edit (`OrganizationEditRequest`). The service wants `name` and `plan` on every edit;
 * {@link OrganizationsApi.update} fills them, and every field left out, from the organization as it is.
 * `null` clears a nullable field.
 */
export const OrganizationEditRequest = z.looseObject({
  /** The organization's name (case-insensitive, unique). */
  name: z.string().min(1),
  /** The organization's plan (required by the service on every edit). */
  plan: z.enum(ORGANIZATION_PLANS),
  /** Free text. */
  description: z.string().optional(),
  /** The organization's website. */
  website_url: z.string().nullable().optional(),
  /** A repository. */
  repository: z.string().nullable().optional(),
  /** URL of the organization's logo. */
  logo_url: z.string().nullable().optional(),
  /** URL of the organization's icon. */
  icon_url: z.string().nullable().optional(),
  /** Addresses of the organization's admins. */
  admin_emails: z.array(z.string()).nullable().optional(),
});
/** Body of an organization edit. */
export type OrganizationEditRequest = z.input<typeof OrganizationEditRequest>;
/** What {@link OrganizationsApi.update} takes: any editable field; those left out keep their current values. */
export type OrganizationEdit = Partial<OrganizationEditRequest>;

/** The editable fields of an organization record, in the request's form (for an edit that changes only some). */
function editableFields(o: Organization): OrganizationEdit {
  const fields: OrganizationEdit = { name: o.name };
  if (typeof o.plan === "string" && (ORGANIZATION_PLANS as readonly string[]).includes(o.plan)) fields.plan = o.plan as OrganizationEditRequest["plan"];
  if (typeof o.description === "string") fields.description = o.description;
  for (const key of ["website_url", "repository", "logo_url", "icon_url"] as const) {
    const value = o[key];
    if (value !== undefined) fields[key] = value;
  }
  if (o.admin_emails !== undefined) fields.admin_emails = o.admin_emails;
  return fields;
}

/** A role the organization offers (built-in or custom): what an API token's `role_id` and a member's role name. */
export const AvailableRole = z.looseObject({
  /** The role's id. */
  id: z.string(),
  /** The role's name, e.g. `Admin`. */
  name: z.string(),
});
/** A role the organization offers. */
export type AvailableRole = z.infer<typeof AvailableRole>;

/** `GET /organization` answers `{results}` (reference) or a single organization (published description): both accepted. */
const OrganizationListOrOne = z.union([listOf(Organization), Organization]);

/** Endpoints of organizations. */
export class OrganizationsApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the organizations the token can see (a single-organization answer is returned as a one-item list). */
  async list(): Promise<Organization[]> {
    const body = await this.core.call({ method: "GET", path: path`/organization`, response: OrganizationListOrOne });
    return "results" in body && Array.isArray(body.results) ? (body.results as Organization[]) : [body as Organization];
  }

  /** Reads one organization. */
  get(organizationId: string): Promise<Organization> {
    return this.core.call({ method: "GET", path: path`/organization/${organizationId}`, response: Organization });
  }

  /**
   * Edits an organization's settings (name, description, website, repository, logo, icon, admin addresses).
   * The service's edit replaces every field, so the client first reads the organization and sends its current
   * values for the fields `edit` leaves out: only what `edit` names changes. `null` clears a nullable field.
   * The service wants `plan` on every edit: left out, the current plan is sent.
   */
  async update(organizationId: string, edit: OrganizationEdit): Promise<Organization> {
    const current = await this.get(organizationId);
    const body = { ...editableFields(current), ...edit };
    return this.core.call({
      method: "PUT", path: path`/organization/${organizationId}`, body, requestSchema: OrganizationEditRequest, response: Organization,
    });
  }

  /**
   * Lists the roles of the organization (built-in ones such as `Admin`, and custom roles): a member's role and an
   * API token's role are given by one of these ids.
   */
  availableRoles(organizationId: string): Promise<AvailableRole[]> {
    return this.core.list(path`/organization/${organizationId}/availableRole`, AvailableRole);
  }
}
