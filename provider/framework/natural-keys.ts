/**
 * How each resource family's objects are known apart inside their parent (a project's name in its organization, a
 * variable's key at its owner): what the adoption of an existing object and the lookups by name both search by.
 * One table, so that `adopt: { byName: true }`, the name-conflict error and `getX({ name })` always agree.
 */
import { keyIgnoresCase, type DeployServiceClient, type VariableParentScope } from "../../sdk";
import type { CustomDomainServiceKind } from "../../sdk";
import { editDistance } from "./suggest";

/** Inputs or state, as the engine passes them. */
type Props = Record<string, unknown>;

/** One object of a parent, by the key it is known by. */
export interface KeyedObject {
  id: string;
  /** The natural key's value (a name, a key, a domain). */
  key: string;
  /** The whole record, where the listing holds all a lookup returns (no read of the one found is needed then). */
  record?: unknown;
}

/** How one family's objects are found in their parent. */
export interface NaturalKey {
  /** The family in words: `application`. */
  noun: string;
  /** The input holding the parent's id: `environmentId`. */
  parentKey: string;
  /** The parent in words: `environment`. */
  parentNoun: string;
  /** The input holding the natural key: `name`, `key`, `domain`, `targetUrl`. */
  keyInput: string;
  /** The natural key in words, for messages: `name`, `key`. */
  keyNoun: string;
  /** True when the service compares the key ignoring letter case: the sdk's `keyIgnoresCase` of the family. */
  ignoreCase: boolean;
  /** True when the key is a secret (a webhook's target URL): messages name objects by id only. */
  secretKey?: boolean;
  /** Lists the parent's objects with their keys (`inputs` give the parent, and the scope where there are several). */
  list(client: DeployServiceClient, inputs: Props): Promise<KeyedObject[]>;
}

const str = (v: unknown) => String(v ?? "");

/** A family whose objects have a `name`, listed under a parent id. */
function named(
  noun: string, parentKey: string, parentNoun: string,
  list: (client: DeployServiceClient, parentId: string) => Promise<Array<{ id: string; name: string }>>,
): NaturalKey {
  return {
    noun, parentKey, parentNoun, keyInput: "name", keyNoun: "name", ignoreCase: keyIgnoresCase(noun),
    list: async (client, inputs) => (await list(client, str(inputs[parentKey]))).map((r) => ({ id: r.id, key: r.name })),
  };
}

/** The variables or secrets a parent holds itself (not those it inherits, nor built-ins). */
function values(noun: string, secret: boolean): NaturalKey {
  return {
    noun, parentKey: "parentId", parentNoun: "parent", keyInput: "key", keyNoun: "key", ignoreCase: keyIgnoresCase(noun),
    list: async (client, inputs) => {
      const scope = str(inputs["scope"]) as VariableParentScope;
      const all = await client.variables.list({ parentId: str(inputs["parentId"]), scope });
      return all.filter((v) => v.scope === scope && v.is_secret === secret).map((v) => ({ id: v.id, key: v.key }));
    },
  };
}

/** Families by the `<Type>` of their type token. Kinds absent here have no natural key (adopt them by id). */
export const NATURAL_KEYS: Readonly<Record<string, NaturalKey>> = {
  Project: named("project", "organizationId", "organization", (c, id) => c.projects.list(id)),
  Environment: named("environment", "projectId", "project", (c, id) => c.environments.list(id)),
  Application: named("application", "environmentId", "environment", (c, id) => c.applications.list(id)),
  Container: named("container", "environmentId", "environment", (c, id) => c.containers.list(id)),
  Job: named("job", "environmentId", "environment", (c, id) => c.jobs.list(id)),
  Database: named("database", "environmentId", "environment", (c, id) => c.databases.list(id)),
  DeploymentStage: named("deployment stage", "environmentId", "environment", (c, id) => c.deploymentStages.list(id)),
  GitToken: named("git token", "organizationId", "organization", (c, id) => c.gitTokens.list(id)),
  ContainerRegistry: named("container registry", "organizationId", "organization", (c, id) => c.containerRegistries.list(id)),
  LabelsGroup: named("labels group", "organizationId", "organization", (c, id) => c.labelsGroups.list(id)),
  AnnotationsGroup: named("annotations group", "organizationId", "organization", (c, id) => c.annotationsGroups.list(id)),
  Webhook: {
    noun: "webhook", parentKey: "organizationId", parentNoun: "organization", keyInput: "targetUrl", keyNoun: "target URL",
    ignoreCase: keyIgnoresCase("webhook"), secretKey: true,
    list: async (client, inputs) =>
      (await client.webhooks.list(str(inputs["organizationId"]))).map((w) => ({ id: w.id, key: str(w.target_url) })),
  },
  CustomDomain: {
    noun: "custom domain", parentKey: "serviceId", parentNoun: "service", keyInput: "domain", keyNoun: "domain",
    ignoreCase: keyIgnoresCase("custom domain"),
    list: async (client, inputs) =>
      (await client.customDomains.list(str(inputs["serviceKind"]) as CustomDomainServiceKind, str(inputs["serviceId"])))
        .map((d) => ({ id: d.id, key: d.domain })),
  },
  CustomRole: named("custom role", "organizationId", "organization",
    async (c, id) => (await c.customRoles.list(id)).map((r) => ({ id: r.id, name: String(r.name ?? "") }))),
  OrganizationInvitation: {
    noun: "invitation", parentKey: "organizationId", parentNoun: "organization", keyInput: "email", keyNoun: "email",
    ignoreCase: keyIgnoresCase("invitation"),
    list: async (client, inputs) =>
      (await client.invitations.list(str(inputs["organizationId"]))).map((i) => ({ id: i.id, key: i.email })),
  },
  Variable: values("variable", false),
  Secret: values("secret", true),
};

/** Whether two keys are the same under the family's comparison. */
export function sameKey(nk: NaturalKey, a: string, b: string): boolean {
  return nk.ignoreCase ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The parent's objects whose key is `key`. */
export async function findByNaturalKey(client: DeployServiceClient, nk: NaturalKey, inputs: Props, key: string): Promise<KeyedObject[]> {
  return (await nk.list(client, inputs)).filter((o) => sameKey(nk, o.key, key));
}

/** How a message shows one object: `"web" (id 1)`, or only its id when the key is a secret (a webhook's URL). */
export function shown(nk: NaturalKey, o: KeyedObject): string {
  return nk.secretKey ? `id ${o.id}` : `${JSON.stringify(o.key)} (id ${o.id})`;
}

/** The objects of a parent for a message: nearest keys to `wanted` first, at most 10, then how many more. */
export function candidateList(nk: NaturalKey, all: readonly KeyedObject[], wanted: string): string {
  if (all.length === 0) return "none";
  const w = wanted.toLowerCase();
  const distance = new Map(all.map((o) => [o, editDistance(w, o.key.toLowerCase())]));
  const ordered = [...all].sort((a, b) => distance.get(a)! - distance.get(b)! || a.key.localeCompare(b.key) || a.id.localeCompare(b.id));
  const more = all.length > 10 ? `, and ${all.length - 10} more` : "";
  return `${ordered.slice(0, 10).map((o) => shown(nk, o)).join(", ")}${more}`;
}
