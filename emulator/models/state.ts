/**
 * The whole store. Records are plain JSON; collections keyed by id are `Map`s in memory (so no id, `__proto__`
 * included, can reach `Object.prototype`) and objects keyed by id in the data file and the state dump (see
 * `snapshot.ts`). Wire responses are built from the records by the route presenters.
 */
import type { ClusterRec } from "./clusters";
import type { ContainerRegistryRec } from "./container-registries";
import type { CustomDomainRec } from "./custom-domains";
import type { CustomRoleRec } from "./custom-roles";
import type { EnvironmentRec } from "./environments";
import type { GitTokenRec } from "./git-tokens";
import type { AnnotationsGroupRec, LabelsGroupRec } from "./groups";
import type { InvitationRec } from "./invitations";
import type { ClusterCredentialsRec } from "./kubeconfig";
import type { MemberRec } from "./members";
import type { LogRec } from "./logs";
import type { OnPremiseCredentialsRec, OrganizationRec, TokenRec } from "./organization";
import type { ProjectRec } from "./projects";
import { SERVICE_KINDS, type ServiceCollections } from "./service-kinds";
import type { StageRec } from "./stages";
import type { VariableRec } from "./variables";
import type { WebhookRec } from "./webhooks";

/** The collections that are not services. */
interface CoreState {
  organization: OrganizationRec;
  clusters: ClusterRec[];
  tokens: TokenRec[];
  projects: Map<string, ProjectRec>;
  environments: Map<string, EnvironmentRec>;
  variables: Map<string, VariableRec>;
  gitTokens: Map<string, GitTokenRec>;
  containerRegistries: Map<string, ContainerRegistryRec>;
  webhooks: Map<string, WebhookRec>;
  stages: Map<string, StageRec>;
  logs: LogRec[];
  onPremiseCredentials: Map<string, OnPremiseCredentialsRec>;
  annotationsGroups: Map<string, AnnotationsGroupRec>;
  labelsGroups: Map<string, LabelsGroupRec>;
  customDomains: Map<string, CustomDomainRec>;
  /** Members but the owner (see `members.ts`), invitations, custom roles, clusters' Kubernetes credentials. */
  members: Map<string, MemberRec>;
  invitations: Map<string, InvitationRec>;
  customRoles: Map<string, CustomRoleRec>;
  clusterCredentials: Map<string, ClusterCredentialsRec>;
}

/** The whole store, as kept in memory: one collection per service kind besides the others. */
export type State = CoreState & ServiceCollections;

/** A collection of {@link State} kept as a `Map` by id. */
export type KeyedCollection = { [K in keyof State]: State[K] extends Map<string, unknown> ? K : never }[keyof State];

/** The JSON form of {@link State} (data file, state dump): each keyed collection is an object by id. */
export type StateJson = {
  [K in keyof State]: State[K] extends Map<string, infer V> ? Record<string, V> : State[K];
};

/** The empty collections of a fresh state, in the order the data file lists them. */
export function emptyCollections(): Omit<State, "organization" | "clusters" | "tokens"> {
  const services = Object.fromEntries(SERVICE_KINDS.map((k) => [k.collection, new Map()])) as ServiceCollections;
  return {
    projects: new Map(), environments: new Map(), ...services, variables: new Map(), gitTokens: new Map(),
    containerRegistries: new Map(), webhooks: new Map(), stages: new Map(), logs: [], onPremiseCredentials: new Map(), annotationsGroups: new Map(), labelsGroups: new Map(),
    customDomains: new Map(),
    members: new Map(), invitations: new Map(), customRoles: new Map(), clusterCredentials: new Map(),
  };
}

/** Names of the collections of {@link State} kept as `Map`s by id. */
export const KEYED_COLLECTIONS: readonly KeyedCollection[] = Object.entries(emptyCollections())
  .filter(([, v]) => v instanceof Map).map(([k]) => k as KeyedCollection);
