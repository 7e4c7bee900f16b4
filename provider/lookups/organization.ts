import { isNotFound, type DeployServiceClient, type Organization } from "../../sdk";
import { describeFailure } from "../framework/errors";
import type { LookupResult } from "../framework/outputs";
import type { OrganizationSettingsArgs } from "../resources/organization-settings";
import { defined, textOf, type NameOrIdArgs, type PlainArgs } from "./core";
import { lookups } from "./family";

/**
 * Arguments of {@link getOrganizationOutput}: a name (compared exactly), an id, or neither (the token's only
 * organization; an error when it sees several).
 */
export type GetOrganizationOutputArgs = NameOrIdArgs;
/** Arguments of {@link getOrganization}: those of {@link GetOrganizationOutputArgs} with plain values. */
export type GetOrganizationArgs = PlainArgs<GetOrganizationOutputArgs>;

/** An organization found by {@link getOrganization} or {@link getOrganizationOutput}, in the spelling of `OrganizationSettingsArgs`. */
export interface OrganizationResult extends LookupResult<Pick<OrganizationSettingsArgs, "name" | "description">, "name"> {
  /** The organization's plan, when the service says. */
  plan?: string;
}

function resultOf(o: Organization): OrganizationResult {
  return defined<OrganizationResult>({ id: o.id, name: o.name, createdAt: textOf(o.created_at), description: textOf(o.description), plan: textOf(o.plan) });
}

/** An organization by id, by name, or the only one the client's token sees (no name and no id). */
async function organizationOf(client: DeployServiceClient, args: GetOrganizationArgs): Promise<OrganizationResult> {
  const name = textOf(args.name);
  const id = textOf(args.id);
  if (name !== undefined && id !== undefined) throw new Error("deploy-service: getOrganization: pass at most one of { name } and { id }, got both");
  if (id !== undefined) {
    try {
      return resultOf(await client.organizations.get(id));
    } catch (e) {
      if (isNotFound(e)) throw new Error(`deploy-service: getOrganization: no organization with id "${id}" that the API token sees`);
      throw describeFailure(e, `reading organization ${id}`);
    }
  }
  let list;
  try {
    list = await client.organizations.list();
  } catch (e) {
    throw describeFailure(e, "listing organizations");
  }
  const names = list.map((o) => `"${o.name}"`).join(", ");
  const found = name === undefined ? list : list.filter((o) => o.name === name);
  if (name === undefined && found.length > 1) {
    throw new Error(`deploy-service: getOrganization: the API token sees several organizations (${names}); pass { name }`);
  }
  if (found.length > 1) {
    throw new Error(`deploy-service: getOrganization: ${found.length} organizations named "${name}": ${found.map((o) => `id ${o.id}`).join(", ")}; pass { id }`);
  }
  const org = found[0];
  if (org === undefined) {
    throw new Error(
      name === undefined
        ? "deploy-service: getOrganization: the API token sees no organization"
        : `deploy-service: getOrganization: no organization named "${name}" (the token sees: ${list.map((o) => `"${o.name}" (id ${o.id})`).join(", ") || "none"})`,
    );
  }
  return resultOf(org);
}

export const { findOrganization,
  /**
   * Looks up an organization by name (compared exactly) or id, or the API token's only organization when neither is
   * given, with plain values, in a Promise (in 0.1 it returned an Output, as {@link getOrganizationOutput} does).
   *
   * @example
   * const org = getOrganizationOutput({ name: "acme" });
   * new Project("web", { organizationId: org.id, name: "web" });
   */
  getOrganization,
  /** {@link getOrganization} taking Inputs and answering an Output. */
  getOrganizationOutput } = lookups<"Organization", GetOrganizationOutputArgs, OrganizationResult, true>("Organization", organizationOf, { optionalArgs: true });
