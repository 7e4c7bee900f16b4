/**
 * The variables and secrets of an owner the service keeps through its scope-generic endpoints only (`/variable`, with
 * the owner's scope and id in the body): a Helm chart and a Terraform service have no
 * `/<kind>/{id}/environmentVariable` of their own. The two collections of {@link ServiceValueGroups} over
 * `client.variables`, so the eight maps work for them as for every other owner.
 */
import type { DeployServiceClient, VariableParentScope } from "../../sdk";
import type { KeyedApi, ServiceValueGroups } from "./service-values";

/** One collection (plain values, or secrets) of an owner of scope `scope`, over `client.variables`. */
function scopedCollection(client: DeployServiceClient, scope: VariableParentScope, secret: boolean): KeyedApi {
  const values = client.variables;
  return {
    create: (ownerId, body) => values.create({
      key: body.key, value: body.value, is_secret: secret, variable_scope: scope, variable_parent_id: ownerId,
      ...(body.mount_path === undefined ? {} : { mount_path: body.mount_path }),
    }),
    update: (_ownerId, id, body) => values.update(id, { key: body.key, value: body.value }, { secret }),
    delete: (_ownerId, id) => values.delete(id),
    alias: (ownerId, targetId, body) => values.alias(targetId, { key: body.key, alias_scope: scope, alias_parent_id: ownerId }),
    override: (ownerId, targetId, body) =>
      values.override(targetId, { value: body.value, override_scope: scope, override_parent_id: ownerId }, { secret }),
  };
}

/** The variables and secrets of an owner of scope `scope` (`TERRAFORM`), through `/variable`. */
export function scopedValueGroups(scope: VariableParentScope): (client: DeployServiceClient) => ServiceValueGroups {
  return (client) => ({ variables: scopedCollection(client, scope, false), secrets: scopedCollection(client, scope, true) });
}
