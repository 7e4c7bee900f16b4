import type * as pulumi from "@pulumi/pulumi";
import type { Application, DeployServiceClient } from "../../sdk";
import { NATURAL_KEYS } from "../framework/natural-keys";
import { applicationSchema } from "../resources/application/schema";
import {
  booleanOf, defined, definedFields, idOf, lookupPair, numberOf, textOf, timestampsOf, type LookupFamily, type NameOrIdArgs, type PlainArgs,
} from "./core";
import type { ResultMatch } from "./result-match";

/** Arguments of {@link getApplicationOutput}: the application's id, or its name in its environment. */
export interface GetApplicationOutputArgs extends NameOrIdArgs {
  /** Environment holding the application: needed with `name`, checked when given with `id`. */
  environmentId?: pulumi.Input<string>;
}

/** Arguments of {@link getApplication}: those of {@link GetApplicationOutputArgs} with plain values. */
export type GetApplicationArgs = PlainArgs<GetApplicationOutputArgs>;

/** The git repository of an {@link ApplicationResult}, in the spelling of `GitRepositoryArgs`. */
export interface ApplicationGitRepositoryResult {
  /** Repository URL. */
  url: string;
  /** Branch built, when the service says. */
  branch?: string;
  /** Directory of the repository the application is built from, when the service says. */
  rootPath?: string;
  /** Git token used to clone, when there is one. */
  gitTokenId?: string;
  /** Commit running, once deployed. */
  deployedCommitId?: string;
}

/** A port of an {@link ApplicationResult}, in the spelling of `PortArgs`. */
export interface ApplicationPortResult {
  /** Port the application listens on. */
  internalPort: number;
  /** Port exposed outside, for a public port. */
  externalPort?: number;
  /** Whether the port is reachable from outside the cluster. */
  publiclyAccessible?: boolean;
  /** `HTTP`, `GRPC`, `TCP` or `UDP`. */
  protocol?: string;
  /** The port's name. */
  name?: string;
  /** Whether this is the application's default port. */
  isDefault?: boolean;
}

/** An application found by {@link getApplication} or {@link getApplicationOutput}, in the spelling of `ApplicationArgs`. */
export interface ApplicationResult {
  /** Application id. */
  id: string;
  /** Application name. */
  name: string;
  /** Environment holding the application. */
  environmentId: string;
  /** Free text, when the application has one. */
  description?: string;
  /** Where the application is built from, when the service says. */
  gitRepository?: ApplicationGitRepositoryResult;
  /** Build mode (`DOCKER`), when the service says. */
  buildMode?: string;
  /** Dockerfile path in the repository, when the service says. */
  dockerfilePath?: string;
  /** CPU in millicores, when the service says. */
  cpu?: number;
  /** Memory in MB, when the service says. */
  memory?: number;
  /** Fewest running instances, when the service says. */
  minRunningInstances?: number;
  /** Most running instances, when the service says. */
  maxRunningInstances?: number;
  /** Whether a push to the branch deploys, when the service says. */
  autoDeploy?: boolean;
  /** Whether pull requests get preview environments, when the service says. */
  autoPreview?: boolean;
  /** Ports, when the application has some. */
  ports?: ApplicationPortResult[];
  /** When it was created (ISO 8601), when the service says. */
  createdAt?: string;
  /** When it last changed (ISO 8601), when the service says. */
  updatedAt?: string;
}

function gitRepositoryOf(r: Application): ApplicationGitRepositoryResult | undefined {
  const g = r.git_repository;
  if (g === null || g === undefined) return undefined;
  return defined<ApplicationGitRepositoryResult>({
    url: g.url, branch: textOf(g.branch), rootPath: textOf(g.root_path), gitTokenId: textOf(g.git_token_id),
    deployedCommitId: textOf(g.deployed_commit_id),
  });
}

const applications: LookupFamily<Application, ApplicationResult> = {
  lookup: "getApplication", nouns: "applications", key: NATURAL_KEYS["Application"]!,
  get: (client, id) => client.applications.get(id),
  parentOf: (r) => idOf(r.environment),
  result: (r, environmentId) => defined<ApplicationResult>({
    id: r.id, name: r.name, environmentId, description: textOf(r.description), gitRepository: gitRepositoryOf(r),
    ...definedFields(applicationSchema, r, [
      "buildMode", "dockerfilePath", "cpu", "memory", "minRunningInstances", "maxRunningInstances", "autoDeploy", "autoPreview",
    ]),
    ports: r.ports?.map((p) => defined<ApplicationPortResult>({
      internalPort: p.internal_port, externalPort: numberOf(p.external_port), publiclyAccessible: booleanOf(p.publicly_accessible),
      protocol: textOf(p.protocol), name: textOf(p.name), isDefault: booleanOf(p.is_default),
    })),
    ...timestampsOf(r),
  }),
};

const applicationLookup = lookupPair<GetApplicationOutputArgs, ApplicationResult, Application>(applications);
const resultMatchesSchema: ResultMatch<ApplicationResult, typeof applicationSchema, "description" | "gitRepository" | "ports"> = true;
void resultMatchesSchema;

/** Finds an application by id, or by name in its environment (compared ignoring letter case, as the service does). */
export const findApplication: (client: DeployServiceClient, args: GetApplicationArgs) => Promise<ApplicationResult> = applicationLookup.find;

/**
 * Looks up an application the stack uses but does not manage, with plain arguments; give exactly one of `id` and
 * `name` (`name` needs `environmentId`). None or several matching fail naming the environment's applications.
 *
 * @example
 * const api = await getApplication({ environmentId: "5e0b...", name: "api" });
 */
export const getApplication: (args: GetApplicationArgs) => Promise<ApplicationResult> = applicationLookup.get;

/**
 * Looks up an application, accepting Inputs and returning an Output.
 *
 * @example
 * const api = getApplicationOutput({ environmentId: staging.id, name: "api" });
 * new ApplicationAdvancedSettings("api-settings", { applicationId: api.id, settings: { "network.ingress.proxy_body_size_mb": 25 } });
 */
export const getApplicationOutput: (args: GetApplicationOutputArgs) => pulumi.Output<ApplicationResult> = applicationLookup.getOutput;
