/**
 * Record types kept by the emulator store. Records are plain JSON; collections keyed by id are `Map`s in memory
 * (so no id, `__proto__` included, can reach `Object.prototype`) and objects keyed by id in the data file and the
 * state dump (see `snapshot.ts`). Wire responses are built from the records by the route presenters.
 */

/** Fields every stored record has. */
export interface BaseRec {
  id: string;
  created_at: string;
  updated_at: string;
}

/** An API token of the organization. */
export interface TokenRec {
  name: string;
  value: string;
  scope: "Admin" | "Read" | "Deploy" | "Write";
  revoked: boolean;
}

/** The organization. */
export interface OrganizationRec extends BaseRec {
  name: string;
  plan: string;
  owner: string;
}

/** A seeded Kubernetes cluster. */
export interface ClusterRec extends BaseRec {
  organization_id: string;
  name: string;
  region: string;
  version: string;
  next_version: string | null;
  is_default: boolean;
  last_deployment_date: string | null;
  last_execution_id: string | null;
}

/** A project of the organization. */
export interface ProjectRec extends BaseRec {
  organization_id: string;
  name: string;
  description: string | undefined;
}

/** A pending asynchronous delete: the record is readable until `start + 2 * stepMs`. */
export interface DeletionRec {
  start: number;
  stepMs: number;
}

/** An environment inside a project. */
export interface EnvironmentRec extends BaseRec {
  organization_id: string;
  project_id: string;
  name: string;
  mode: string;
  cluster_id: string;
  deleting?: DeletionRec;
  last_action?: { action: "DEPLOY" | "STOP" | "RESTART"; at: string; request_id: string };
}

/** One run of a service action on the deployment clock. */
export interface DeploymentRec {
  action: "DEPLOY" | "STOP" | "RESTART";
  /** States walked, the last one terminal. */
  steps: string[];
  /** Epoch ms at which the first step began. */
  start: number;
  stepMs: number;
  request_id: string;
  /** Edit counter of the service when the action began. */
  version: number;
}

/** Deployment bookkeeping of an application or database. */
export interface RuntimeRec {
  deployment: DeploymentRec | null;
  requests_count: number;
  last_deployment_date: string | null;
  /** Edit counter at the last successful deploy; null when never deployed. */
  deployed_version: number | null;
  version: number;
  failure: "BUILD" | "DEPLOY" | null;
}

/** Application port. */
export interface PortRec {
  id: string;
  name: string;
  internal_port: number;
  external_port?: number;
  publicly_accessible: boolean;
  is_default: boolean;
  protocol: string;
  public_path?: string;
  public_path_rewrite?: string;
}

/** Application storage volume. */
export interface StorageRec {
  id: string;
  type: "FAST_SSD";
  size: number;
  mount_point: string;
}

/** An application built from a git repository. */
export interface ApplicationRec extends BaseRec {
  environment_id: string;
  name: string;
  description?: string;
  git_repository: {
    url: string;
    provider: string;
    branch: string;
    root_path: string;
    git_token_id: string | null;
  };
  build_mode: string;
  dockerfile_path: string | null;
  docker_target_build_stage: string | null;
  cpu: number;
  memory: number;
  gpu: number;
  min_running_instances: number;
  max_running_instances: number;
  healthchecks: Record<string, unknown>;
  auto_preview: boolean;
  auto_deploy: boolean;
  ports: PortRec[];
  storage: StorageRec[];
  arguments: string[];
  entrypoint?: string;
  icon_uri: string;
  advanced_settings: Record<string, unknown>;
  runtime: RuntimeRec;
  deleting?: DeletionRec;
}

/** A database of an environment. */
export interface DatabaseRec extends BaseRec {
  environment_id: string;
  name: string;
  type: string;
  version: string;
  mode: string;
  accessibility: string;
  cpu: number;
  memory: number;
  storage: number;
  instance_type?: string;
  icon_uri: string;
  login: string;
  password: string;
  runtime: RuntimeRec;
  deleting?: DeletionRec;
}

/** Environment variable or secret of an application. */
export interface VariableRec extends BaseRec {
  application_id: string;
  kind: "VARIABLE" | "SECRET";
  key: string;
  value: string;
  mount_path: string | null;
  description?: string;
}

/** A git provider token of the organization. */
export interface GitTokenRec extends BaseRec {
  organization_id: string;
  name: string;
  type: string;
  token: string;
  description?: string;
  workspace?: string;
  git_api_url: string;
  expired_at: string;
}

/** An organization webhook. */
export interface WebhookRec extends BaseRec {
  organization_id: string;
  kind: string;
  target_url: string;
  target_secret?: string;
  enabled: boolean;
  events: string[];
  description?: string;
  project_names_filter: string[];
  environment_types_filter: string[];
}

/** A service placed in a deployment stage. */
export interface StageServiceRec extends BaseRec {
  service_id: string;
  service_type: "APPLICATION" | "DATABASE";
  is_skipped: boolean;
}

/** A deployment stage of an environment. */
export interface StageRec extends BaseRec {
  environment_id: string;
  name: string;
  description: string | null;
  deployment_order: number;
  services: StageServiceRec[];
}

/** One application log line; `at` is epoch ms (lines dated in the future are not yet visible). */
export interface LogRec {
  id: string;
  service_id: string;
  at: number;
  message: string;
  pod_name: string;
  version: string;
}

/** On-premise cluster credentials. */
export interface OnPremiseCredentialsRec {
  id: string;
  organization_id: string;
  name: string;
}

/** The whole store, as kept in memory. */
export interface State {
  organization: OrganizationRec;
  clusters: ClusterRec[];
  tokens: TokenRec[];
  projects: Map<string, ProjectRec>;
  environments: Map<string, EnvironmentRec>;
  applications: Map<string, ApplicationRec>;
  databases: Map<string, DatabaseRec>;
  variables: Map<string, VariableRec>;
  gitTokens: Map<string, GitTokenRec>;
  webhooks: Map<string, WebhookRec>;
  stages: Map<string, StageRec>;
  logs: LogRec[];
  onPremiseCredentials: Map<string, OnPremiseCredentialsRec>;
}

/** Names of the collections of {@link State} kept as `Map`s by id. */
export const KEYED_COLLECTIONS = [
  "projects", "environments", "applications", "databases", "variables", "gitTokens", "webhooks", "stages", "onPremiseCredentials",
] as const;

/** The JSON form of {@link State} (data file, state dump): each keyed collection is an object by id. */
export type StateJson = {
  [K in keyof State]: State[K] extends Map<string, infer V> ? Record<string, V> : State[K];
};

/** A service of an environment (application or database). */
export type ServiceRec = ApplicationRec | DatabaseRec;
