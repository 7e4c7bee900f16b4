/** Services of an organization: a light view of every application, database, container, job... */
import { z } from "zod";
import type { RequestCore } from "./core";
import { path } from "./path";
import { PLACEMENT_FIELDS, maybe } from "./schema";

/** A service in the organization-wide list. */
export const ServiceLight = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: maybe(z.string()),
  icon_uri: maybe(z.string()),
  service_type: maybe(z.string()),
  ...PLACEMENT_FIELDS,
  job_type: maybe(z.string()),
});
/** A service in the organization-wide list. */
export type ServiceLight = z.infer<typeof ServiceLight>;

/** Filters of {@link ServicesApi.list}. */
export interface ServiceFilter {
  /** Only services of this project. */
  project_id?: string;
  /** Only services of this environment. */
  environment_id?: string;
  /** Only services running on this cluster. */
  cluster_id?: string;
}

/** Endpoints of the organization's service list. */
export class ServicesApi {
  /** @param core the client's request core. */
  constructor(private readonly core: RequestCore) {}

  /** Lists the services of an organization, optionally filtered. */
  async list(organizationId: string, filter: ServiceFilter = {}): Promise<ServiceLight[]> {
    return this.core.list(path`/organization/${organizationId}/services`, ServiceLight, {
      project_id: filter.project_id, environment_id: filter.environment_id, cluster_id: filter.cluster_id,
    });
  }
}
