/** The sdk calls of a resource family, and the two shapes most families' calls take (under a parent, under an organization). */
import type { DeployServiceClient } from "../../sdk";

/** Inputs, outputs or a wire record, as plain JSON. */
export type Props = Record<string, unknown>;

/** The family's calls of the sdk. */
export interface FamilyCalls<I, R> {
  create(client: DeployServiceClient, inputs: I, body: Props): Promise<R>;
  get(client: DeployServiceClient, id: string, state: Props): Promise<R>;
  update(client: DeployServiceClient, id: string, inputs: I, body: Props): Promise<R>;
  delete(client: DeployServiceClient, id: string, state: Props): Promise<unknown>;
}

/** The sdk group of a family whose objects are created under a parent and then addressed by their own id. */
export interface ChildGroup<R> {
  create(parentId: string, body: never): Promise<R>;
  get(id: string): Promise<R>;
  update(id: string, body: never): Promise<R>;
  delete(id: string): Promise<unknown>;
}

/**
 * The calls of a family created under the parent named by `parentKey` (`POST /organization/{id}/project`) and
 * read, edited and deleted by id (`/project/{id}`): `childCalls((c) => c.projects, "organizationId")`.
 */
export function childCalls<R>(group: (client: DeployServiceClient) => ChildGroup<R>, parentKey: string): FamilyCalls<Props, R> {
  return {
    create: (client, inputs, body) => group(client).create(String(inputs[parentKey]), body as never),
    get: (client, id) => group(client).get(id),
    update: (client, id, _inputs, body) => group(client).update(id, body as never),
    delete: (client, id) => group(client).delete(id),
  };
}

/** The organization an object of an organization's family is kept under, from its inputs or its state. */
export function organizationOf(props: Props): string {
  return String(props["organizationId"] ?? "");
}

/**
 * The update of a family the service cannot edit (an invitation, an API token): never called, since every change of
 * its inputs replaces the object (its fields say `replace`); a call would be a bug, said as such.
 */
export function replaceOnly(noun: string): () => Promise<never> {
  return async () => {
    throw new Error(`deploy-service: ${noun} cannot be changed, only replaced (the service has no edit of one)`);
  };
}

/** The sdk group of a family kept under its organization: every call names the organization and the object. */
export interface OrganizationGroup<R> {
  create(organizationId: string, body: never): Promise<R>;
  get(organizationId: string, id: string): Promise<R>;
  update(organizationId: string, id: string, body: never): Promise<R>;
  delete(organizationId: string, id: string): Promise<unknown>;
}

/**
 * The calls of a family addressed under its organization (`/organization/{id}/gitToken/{tokenId}`); the edit is the
 * whole request again: `organizationCalls((c) => c.gitTokens)`.
 */
export function organizationCalls<R>(group: (client: DeployServiceClient) => OrganizationGroup<R>): FamilyCalls<Props, R> {
  return addressedCalls(group, "organizationId");
}

/**
 * The calls of a family every path of which names its parent, the one named by `parentKey` in the inputs and the
 * state (`/project/{id}/deploymentRule/{ruleId}`): `addressedCalls((c) => c.deploymentRules, "projectId")`.
 */
export function addressedCalls<R>(group: (client: DeployServiceClient) => OrganizationGroup<R>, parentKey: string): FamilyCalls<Props, R> {
  const parent = (props: Props): string => String(props[parentKey] ?? "");
  return {
    create: (client, inputs, body) => group(client).create(parent(inputs), body as never),
    get: (client, id, state) => group(client).get(parent(state), id),
    update: (client, id, inputs, body) => group(client).update(parent(inputs), id, body as never),
    delete: (client, id, state) => group(client).delete(parent(state), id),
  };
}
