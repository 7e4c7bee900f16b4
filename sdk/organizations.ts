/** Organizations: the top of the hierarchy, holding projects, clusters, git tokens and webhooks. */
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
}
