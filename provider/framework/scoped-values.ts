/**
 * The two collections of an owner whose values the service keeps only through its scope-generic endpoints
 * (`/variable` with `variable_scope`): a Helm chart or a Terraform service has no `/<kind>/{id}/environmentVariable`
 * of its own. The same {@link ServiceValueGroups} as the other owners', so the eight maps and their parts treat it alike.
 */
import type { DeployServiceClient, VariableParentScope } from "../../sdk";
import type { KeyedApi, ServiceValueGroups } from "./service-values";

/** One collection (variables, or secrets with `secret`) of the owners of `scope`, over `client.variables`. */
function scopedCollection(client: DeployServiceClient, scope: VariableParentScope, secret: boolean): KeyedApi {
  const variables = client.variables;
  return {
    create: (ownerId, body) => variables.create({ ...body, is_secret: secret, variable_scope: scope, variable_parent_id: ownerId }),
    update: (_ownerId, id, body) => variables.update(id, body, { secret }),
    delete: (_ownerId, id) => variables.delete(id),
    alias: (ownerId, targetId, body) => variables.alias(targetId, { ...body, alias_scope: scope, alias_parent_id: ownerId }),
    override: (ownerId, targetId, body) =>
      variables.override(targetId, { ...body, override_scope: scope, override_parent_id: ownerId }, { secret }),
  };
}

/** The variables and secrets of the owners of `scope` (`HELM`, `TERRAFORM`), through `client.variables`. */
export function scopedValueGroups(client: DeployServiceClient, scope: VariableParentScope): ServiceValueGroups {
  return { variables: scopedCollection(client, scope, false), secrets: scopedCollection(client, scope, true) };
}
