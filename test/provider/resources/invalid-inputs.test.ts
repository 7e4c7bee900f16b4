import { advancedSettingsProviderOf } from "../../../provider/service-kinds/advanced-settings";
import type * as pulumi from "@pulumi/pulumi";
import { applicationProvider } from "../../../provider/resources/application/index";
import { applicationAdvancedSettingsProvider } from "../../../provider/resources/application-advanced-settings";
import { databaseProvider } from "../../../provider/resources/database";
import { deploymentStageProvider } from "../../../provider/resources/deployment-stage";
import { environmentProvider } from "../../../provider/resources/environment";
import { gitTokenProvider } from "../../../provider/resources/git-token";
import { projectProvider } from "../../../provider/resources/project";
import { webhookProvider } from "../../../provider/resources/webhook";
import { containerProvider } from "../../../provider/resources/container";
import { containerRegistryProvider } from "../../../provider/resources/container-registry";
import { jobProvider } from "../../../provider/resources/job/index";
import { environmentDeploymentProvider } from "../../../provider/resources/environment-deployment";
import { clusterProvider } from "../../../provider/resources/cluster/index";
import { clusterAdvancedSettingsProvider } from "../../../provider/resources/cluster/advanced-settings";
import { awsCredentialsProvider, gcpCredentialsProvider, scalewayCredentialsProvider } from "../../../provider/resources/cloud-credentials";
import { deploymentRuleProvider } from "../../../provider/resources/deployment-rule";
import { clearRequests, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const project: Props = { organizationId: "org-1", name: "web" };
const environment: Props = { projectId: "p-1", name: "staging" };
const gitToken: Props = { organizationId: "org-1", name: "ci", type: "GITHUB", token: "ghp_valid_token_value" };
const stage: Props = { environmentId: "e-1", name: "first" };
const database: Props = { environmentId: "e-1", name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" };
const application: Props = { environmentId: "e-1", name: "api", gitRepository: { url: "https://github.com/acme/api.git" } };
const settings: Props = { applicationId: "a-1", settings: {} };
const hook: Props = { organizationId: "org-1", targetUrl: "https://hooks.example.com/deploys", events: ["DEPLOYMENT_FAILURE"] };
const registry: Props = { organizationId: "org-1", name: "mirror", kind: "GENERIC_CR", url: "https://registry.example.com" };
const containerIn: Props = { environmentId: "e-1", name: "web", registryId: "r-1", imageName: "nginx", tag: "1.27" };
const imageSource = { image: { registryId: "r-1", imageName: "acme/report", tag: "1.0" } };
const cronJob: Props = { environmentId: "e-1", name: "nightly", source: imageSource, schedule: { cron: { expression: "0 3 * * *" } } };
const envDeploy: Props = { environmentId: "e-1" };
const clusterSettings: Props = { organizationId: "org-1", clusterId: "c-1", settings: {} };
const clusterIn: Props = { organizationId: "org-1", cloudProvider: "AWS", credentialsId: "cred-1", name: "prod", region: "eu-west-3" };
const awsKeys: Props = { organizationId: "org-1", name: "prod", accessKeyId: "AKIAEXAMPLE", secretAccessKey: "wJalrXUtnFEMIEXAMPLEKEY" };
const scaleway: Props = { organizationId: "org-1", name: "scw", scalewayAccessKey: "SCWKEY", scalewaySecretKey: "s3cr3t-value", scalewayProjectId: "p", scalewayOrganizationId: "o" };
const rule: Props = { projectId: "p-1", name: "previews", environmentNamePattern: "pr-*", mode: "PREVIEW", clusterId: "c-1", timeZone: "Europe/Paris", startTime: "08:00", stopTime: "19:00", weekdays: ["MONDAY"] };
const restricted = (r: Props): Props => ({ ...application, deploymentRestrictions: [r] });
const cron = (extra: Props): Props => ({ ...cronJob, schedule: { cron: { expression: "0 3 * * *", ...extra } } });
const image = (extra: Props): Props => ({ ...cronJob, source: { image: { ...imageSource.image, ...extra } } });
const repo = (extra: Props): Props => ({ ...application, gitRepository: { url: "https://github.com/acme/api.git", ...extra } });
const port = (extra: Props): Props => ({ ...application, ports: [{ internalPort: 8080, publiclyAccessible: true, ...extra }] });
const probe = (extra: Props): Props => ({ ...application, healthchecks: { readinessProbe: { type: { http: { port: 8080 } }, ...extra } } });

/** [what is wrong, provider, inputs, the property the failure must name, a word the reason must contain] */
type Case = [string, pulumi.dynamic.ResourceProvider, Props, string, string];

/** [what is wrong, provider, valid inputs, a name of whitespace only]: each a case refusing `name` for "whitespace". */
const blankNames: Array<[string, pulumi.dynamic.ResourceProvider, Props, string]> = [
  ["project name of spaces", projectProvider, project, "   "],
  ["environment name of a tab", environmentProvider, environment, "\t"],
  ["git token name of a space", gitTokenProvider, gitToken, " "],
  ["stage name of spaces", deploymentStageProvider, stage, "  "],
  ["database name of a newline", databaseProvider, database, "\n"],
  ["application name of spaces", applicationProvider, application, "   "],
  ["container name of spaces", containerProvider, containerIn, "  "],
  ["registry name of a tab", containerRegistryProvider, registry, "\t"],
];

const cases: Case[] = [
  ["project without name", projectProvider, { organizationId: "org-1" }, "name", "required"],
  ["project with empty name", projectProvider, { ...project, name: "" }, "name", ">= 1"],
  ["project name as number", projectProvider, { ...project, name: 42 }, "name", "string"],
  ["project without organization", projectProvider, { name: "web" }, "organizationId", "required"],
  ["project description as list", projectProvider, { ...project, description: ["a"] }, "description", "string"],
  ["environment with unknown mode", environmentProvider, { ...environment, mode: "QA" }, "mode", "STAGING"],
  ["environment with PREVIEW mode without a source (the create refuses it)", environmentProvider, { ...environment, mode: "PREVIEW" }, "mode", "cloneFrom"],
  ["environment clone of an empty source", environmentProvider, { ...environment, cloneFrom: "", mode: "PREVIEW" }, "cloneFrom", ">= 1"],
  ["environment clone's source as a number", environmentProvider, { ...environment, cloneFrom: 7 }, "cloneFrom", "string"],
  ["environment with applyDeploymentRule without a source", environmentProvider, { ...environment, applyDeploymentRule: true }, "applyDeploymentRule", "cloneFrom"],
  ["environment clone's applyDeploymentRule as text", environmentProvider, { ...environment, cloneFrom: "e-0", applyDeploymentRule: "yes" }, "applyDeploymentRule", "boolean"],
  ["environment without project", environmentProvider, { name: "staging" }, "projectId", "required"],
  ["environment with empty cluster id", environmentProvider, { ...environment, clusterId: "" }, "clusterId", ">= 1"],
  ["git token of unknown type", gitTokenProvider, { ...gitToken, type: "GITEA" }, "type", "GITHUB"],
  ["git token without token", gitTokenProvider, { ...gitToken, token: undefined }, "token", "required"],
  ["git token with empty token", gitTokenProvider, { ...gitToken, token: "" }, "token", ">= 1"],
  ["bitbucket token without workspace", gitTokenProvider, { ...gitToken, type: "BITBUCKET" }, "workspace", "BITBUCKET"],
  ["git token with a bad API URL", gitTokenProvider, { ...gitToken, gitApiUrl: "not a url" }, "gitApiUrl", "url"],
  ["webhook without events", webhookProvider, { ...hook, events: undefined }, "events", "required"],
  ["webhook with no event", webhookProvider, { ...hook, events: [] }, "events", ">= 1"],
  ["webhook with an unknown event", webhookProvider, { ...hook, events: ["DEPLOYMENT_DONE"] }, "events[0]", "DEPLOYMENT_STARTED"],
  ["webhook to an ftp target", webhookProvider, { ...hook, targetUrl: "ftp://hooks.example.com/x" }, "targetUrl", "http"],
  ["webhook with a misspelt key", webhookProvider, { ...hook, targetURL: "https://x.example.com" }, "targetURL", "targetUrl"],
  ["webhook of an unknown kind", webhookProvider, { ...hook, kind: "TEAMS" }, "kind", "SLACK"],
  ["webhook limited to an unknown environment type", webhookProvider, { ...hook, environmentTypesFilter: ["QA"] }, "environmentTypesFilter[0]", "PRODUCTION"],
  ["stage placed both after and before", deploymentStageProvider, { ...stage, after: "s-1", before: "s-2" }, "before", "not both"],
  ["stage without environment", deploymentStageProvider, { name: "first" }, "environmentId", "required"],
  ["stage with a numeric name", deploymentStageProvider, { ...stage, name: 7 }, "name", "string"],
  ["database of unknown type", databaseProvider, { ...database, type: "ORACLE" }, "type", "POSTGRESQL"],
  ["database of unknown mode", databaseProvider, { ...database, mode: "SERVERLESS" }, "mode", "CONTAINER"],
  ["database without version", databaseProvider, { ...database, version: undefined }, "version", "required"],
  ["database with fractional cpu", databaseProvider, { ...database, cpu: 0.5 }, "cpu", "int"],
  ["database with zero storage", databaseProvider, { ...database, storage: 0 }, "storage", ">= 1"],
  ["database with unknown accessibility", databaseProvider, { ...database, accessibility: "OPEN" }, "accessibility", "PRIVATE"],
  ["database credentials without password", databaseProvider, { ...database, masterCredentials: { login: "u" } }, "masterCredentials.password", "required"],
  ["application without git repository", applicationProvider, { environmentId: "e-1", name: "api" }, "gitRepository", "required"],
  ["application on an unknown git host without provider", applicationProvider, { ...application, gitRepository: { url: "https://git.example.com/a/b.git" } }, "gitRepository.provider", "github.com"],
  ["application with unknown git provider", applicationProvider, { ...application, gitRepository: { url: "https://github.com/a/b", provider: "GITEA" } }, "gitRepository.provider", "GITHUB"],
  ["application with port 0", applicationProvider, { ...application, ports: [{ internalPort: 0, publiclyAccessible: true }] }, "ports[0].internalPort", ">= 1"],
  ["application with port 70000", applicationProvider, { ...application, ports: [{ internalPort: 70000, publiclyAccessible: true }] }, "ports[0].internalPort", "<= 65535"],
  ["application port without publiclyAccessible", applicationProvider, { ...application, ports: [{ internalPort: 80 }] }, "ports[0].publiclyAccessible", "required"],
  ["application port of unknown protocol", applicationProvider, { ...application, ports: [{ internalPort: 80, publiclyAccessible: false, protocol: "SCTP" }] }, "ports[0].protocol", "HTTP"],
  ["application with the same port twice", applicationProvider, { ...application, ports: [{ internalPort: 80, publiclyAccessible: false }, { internalPort: 80, publiclyAccessible: true }] }, "ports[1].internalPort", "once"],
  ["application with negative cpu", applicationProvider, { ...application, cpu: -1 }, "cpu", ">= 1"],
  ["application with max below min instances", applicationProvider, { ...application, minRunningInstances: 3, maxRunningInstances: 2 }, "maxRunningInstances", "minRunningInstances"],
  ["application with a probe of two kinds", applicationProvider, { ...application, healthchecks: { readinessProbe: { type: { tcp: { port: 80 }, http: { port: 80 } } } } }, "healthchecks.readinessProbe.type", "exactly one"],
  ["application probe with zero period", applicationProvider, { ...application, healthchecks: { livenessProbe: { type: { tcp: { port: 80 } }, periodSeconds: 0 } } }, "healthchecks.livenessProbe.periodSeconds", ">= 1"],
  ["application with a 2 GB volume", applicationProvider, { ...application, storage: [{ size: 2, mountPoint: "/data" }] }, "storage[0].size", ">= 4"],
  ["application volume on a relative path", applicationProvider, { ...application, storage: [{ size: 10, mountPoint: "data" }] }, "storage[0].mountPoint", "absolute"],
  ["application variable with a bad key", applicationProvider, { ...application, environmentVariables: { "1BAD-KEY": "x" } }, "environmentVariables", "variable name"],
  ["application variable value as number", applicationProvider, { ...application, environmentVariables: { PORT: 8080 } }, "environmentVariables.PORT", "string"],
  ["application secret also a variable", applicationProvider, { ...application, environmentVariables: { K: "a" }, secrets: { K: "b" } }, "secrets.K", "environmentVariables"],
  ["application deploy as string", applicationProvider, { ...application, deploy: "yes" }, "deploy", "boolean"],
  ["application deploy timeout of zero", applicationProvider, { ...application, deployTimeoutSeconds: 0 }, "deployTimeoutSeconds", ">= 1"],
  ["application with unknown build mode", applicationProvider, { ...application, buildMode: "BUILDPACKS" }, "buildMode", "DOCKER"],

  // Ids: one path segment by the client's rule, or a request could address another object.
  ["project organization id of ..", projectProvider, { ...project, organizationId: ".." }, "organizationId", "another object"],
  ["environment project id with a slash", environmentProvider, { ...environment, projectId: "p-1/../p-2" }, "projectId", '"/"'],
  ["environment cluster id percent-encoded dots", environmentProvider, { ...environment, clusterId: "%2e%2e" }, "clusterId", '"%"'],
  ["environment cluster id with a space", environmentProvider, { ...environment, clusterId: "c 1" }, "clusterId", "space"],
  ["git token organization id with a tab", gitTokenProvider, { ...gitToken, organizationId: "org\t1" }, "organizationId", "whitespace"],
  ["stage environment id of .", deploymentStageProvider, { ...stage, environmentId: "." }, "environmentId", "another object"],
  ["stage after an id with a slash", deploymentStageProvider, { ...stage, after: "a/b" }, "after", '"/"'],
  ["stage before an id with a question mark", deploymentStageProvider, { ...stage, before: "s-1?x=1" }, "before", '"?"'],
  ["database environment id with a hash", databaseProvider, { ...database, environmentId: "e-1#x" }, "environmentId", '"#"'],
  ["database stage id of ..", databaseProvider, { ...database, deploymentStageId: ".." }, "deploymentStageId", "another object"],
  ["application environment id with a backslash", applicationProvider, { ...application, environmentId: "e\\1" }, "environmentId", '"\\"'],
  ["application stage id percent-encoded", applicationProvider, { ...application, deploymentStageId: "%2e%2e" }, "deploymentStageId", '"%"'],
  ["application git token id with a slash", applicationProvider, repo({ gitTokenId: "t/1" }), "gitRepository.gitTokenId", '"/"'],
  ["application annotation group id of ..", applicationProvider, { ...application, annotationsGroupIds: ["g-1", ".."] }, "annotationsGroupIds[1]", "another object"],
  ["application label group id with a space", applicationProvider, { ...application, labelsGroupIds: ["g 1"] }, "labelsGroupIds[0]", "space"],
  ["advanced settings of application ../x", applicationAdvancedSettingsProvider, { ...settings, applicationId: "../x" }, "applicationId", '"/"'],
  ["advanced settings of an application id with a newline", applicationAdvancedSettingsProvider, { ...settings, applicationId: "a\n1" }, "applicationId", "whitespace"],

  // Misspelt keys: refused by name, with the closest known key.
  ["project with a misspelt description", projectProvider, { ...project, descripton: "x" }, "descripton", 'did you mean "description"?'],
  ["environment with clusterID", environmentProvider, { ...environment, clusterID: "c-1" }, "clusterID", 'did you mean "clusterId"?'],
  ["git token with gitApiURL", gitTokenProvider, { ...gitToken, gitApiURL: "https://git.acme.io" }, "gitApiURL", 'did you mean "gitApiUrl"?'],
  ["stage with aftr", deploymentStageProvider, { ...stage, aftr: "s-1" }, "aftr", 'did you mean "after"?'],
  ["database with instance_type in snake case", databaseProvider, { ...database, instance_type: "db.t3.medium" }, "instance_type", 'did you mean "instanceType"?'],
  ["application with min_running_instances", applicationProvider, { ...application, min_running_instances: 2 }, "min_running_instances", 'did you mean "minRunningInstances"?'],
  ["application with a key nothing is close to", applicationProvider, { ...application, zzzzzz: 1 }, "zzzzzz", "not an input of this resource"],
  ["application with a misspelt git branch", applicationProvider, repo({ brnach: "main" }), "gitRepository.brnach", 'did you mean "branch"?'],
  ["application with a snake-case port key", applicationProvider, port({ internal_port: 80 }), "ports[0].internal_port", 'did you mean "internalPort"?'],
  ["application with a misspelt probe name", applicationProvider, { ...application, healthchecks: { readinesProbe: { type: { tcp: {} } } } }, "healthchecks.readinesProbe", 'did you mean "readinessProbe"?'],
  ["application probe with a misspelt kind", applicationProvider, { ...application, healthchecks: { livenessProbe: { type: { htp: { port: 80 } } } } }, "healthchecks.livenessProbe.type.htp", 'did you mean "http"?'],
  ["application probe with a misspelt timing", applicationProvider, probe({ periodSecond: 5 }), "healthchecks.readinessProbe.periodSecond", 'did you mean "periodSeconds"?'],
  ["application volume with mountpoint in lower case", applicationProvider, { ...application, storage: [{ size: 10, mountpoint: "/data" }] }, "storage[0].mountpoint", 'did you mean "mountPoint"?'],
  ["database credentials with a misspelt password", databaseProvider, { ...database, masterCredentials: { login: "u", pasword: "p" } }, "masterCredentials.pasword", 'did you mean "password"?'],
  ["advanced settings with setting", applicationAdvancedSettingsProvider, { applicationId: "a-1", setting: {} }, "setting", 'did you mean "settings"?'],

  // Names need a character other than whitespace.
  ...blankNames.map(([what, provider, valid, name]): Case => [what, provider, { ...valid, name }, "name", "whitespace"]),
  ["application port name of a space", applicationProvider, port({ name: " " }), "ports[0].name", "whitespace"],

  // Numbers within the service's bounds (see provider/rules.ts for where each comes from).
  ["application cpu of 1e9 millicores", applicationProvider, { ...application, cpu: 1e9 }, "cpu", "<= 256000"],
  ["application memory of 10 TB", applicationProvider, { ...application, memory: 10_000_000 }, "memory", "<= 4194304"],
  ["application with 1000 GPUs", applicationProvider, { ...application, gpu: 1000 }, "gpu", "<= 64"],
  ["application with negative GPUs", applicationProvider, { ...application, gpu: -1 }, "gpu", ">= 0"],
  ["application with 5000 min instances", applicationProvider, { ...application, minRunningInstances: 5000, maxRunningInstances: -1 }, "minRunningInstances", "<= 1000"],
  ["application with negative min instances", applicationProvider, { ...application, minRunningInstances: -1 }, "minRunningInstances", ">= 0"],
  ["application with max instances of -2", applicationProvider, { ...application, maxRunningInstances: -2 }, "maxRunningInstances", ">= -1"],
  ["application with 1001 max instances", applicationProvider, { ...application, maxRunningInstances: 1001 }, "maxRunningInstances", "<= 1000"],
  ["application with a 100 TB volume", applicationProvider, { ...application, storage: [{ size: 100_000, mountPoint: "/data" }] }, "storage[0].size", "<= 65536"],
  ["application with external port 70000", applicationProvider, port({ externalPort: 70000 }), "ports[0].externalPort", "<= 65535"],
  ["application probe on port 0", applicationProvider, { ...application, healthchecks: { readinessProbe: { type: { tcp: { port: 0 } } } } }, "healthchecks.readinessProbe.type.tcp.port", ">= 1"],
  ["database cpu of 1e9 millicores", databaseProvider, { ...database, cpu: 1e9 }, "cpu", "<= 256000"],
  ["database memory of 5 TB", databaseProvider, { ...database, memory: 5_000_000 }, "memory", "<= 4194304"],
  ["database storage of 100 TB", databaseProvider, { ...database, storage: 100_000 }, "storage", "<= 65536"],

  // Git addresses: https or http only (the service clones over http(s)).
  ["application git URL with ssh:", applicationProvider, repo({ url: "ssh://git@github.com/acme/api.git" }), "gitRepository.url", "clones over https"],
  ["application git URL in the scp-like form", applicationProvider, repo({ url: "git@github.com:acme/api.git" }), "gitRepository.url", "clones over https"],
  ["application git URL that is not a URL", applicationProvider, repo({ url: "not a url" }), "gitRepository.url", "git repository URL"],
  ["application git URL with javascript:", applicationProvider, repo({ url: "javascript:alert(1)" }), "gitRepository.url", "javascript"],
  ["application git URL with file:", applicationProvider, repo({ url: "file:///srv/git/api.git", provider: "GITHUB" }), "gitRepository.url", "file"],
  ["application git URL with ftp:", applicationProvider, repo({ url: "ftp://git.acme.io/api.git", provider: "GITLAB" }), "gitRepository.url", "ftp"],
  ["application git URL without a repository path", applicationProvider, repo({ url: "https://github.com" }), "gitRepository.url", "path"],
  ["git token API URL with file:", gitTokenProvider, { ...gitToken, gitApiUrl: "file:///etc/passwd" }, "gitApiUrl", "http:// or https://"],
  ["git token API URL with javascript:", gitTokenProvider, { ...gitToken, gitApiUrl: "javascript:alert(1)" }, "gitApiUrl", "http:// or https://"],

  // Cross-field rules.
  ["database instance type on a CONTAINER database", databaseProvider, { ...database, instanceType: "db.t3.medium" }, "instanceType", "MANAGED"],

  // Containers and their registries: image names, tags and registry URLs before any call.
  ["container image name with a registry host", containerProvider, { ...containerIn, imageName: "docker.io/library/nginx" }, "imageName", "registry host"],
  ["container image name with its tag", containerProvider, { ...containerIn, imageName: "nginx:1.27" }, "imageName", "tag separately"],
  ["container image name in uppercase", containerProvider, { ...containerIn, imageName: "Acme/Web" }, "imageName", "uppercase"],
  ["container image name with a digest", containerProvider, { ...containerIn, imageName: "nginx@sha256:abc" }, "imageName", "digest"],
  ["container with a tag holding a space", containerProvider, { ...containerIn, tag: "1 27" }, "tag", "whitespace"],
  ["container with a tag starting with .", containerProvider, { ...containerIn, tag: ".latest" }, "tag", "image tag"],
  ["container with an empty tag", containerProvider, { ...containerIn, tag: "" }, "tag", "image tag"],
  ["container without tag", containerProvider, { ...containerIn, tag: undefined }, "tag", "required"],
  ["container registry id with a slash", containerProvider, { ...containerIn, registryId: "r/1" }, "registryId", '"/"'],
  ["container with max below min instances", containerProvider, { ...containerIn, minRunningInstances: 2, maxRunningInstances: 1 }, "maxRunningInstances", "minRunningInstances"],
  ["container secret also a variable", containerProvider, { ...containerIn, environmentVariables: { K: "a" }, secrets: { K: "b" } }, "secrets.K", "environmentVariables"],
  ["container with image in snake case", containerProvider, { ...containerIn, image_name: "nginx" }, "image_name", 'did you mean "imageName"?'],
  ["registry with an http URL", containerRegistryProvider, { ...registry, url: "http://registry.example.com" }, "url", "https://"],
  ["generic registry without URL", containerRegistryProvider, { ...registry, url: undefined }, "url", "required for GENERIC_CR"],
  ["Docker Hub registry at another URL", containerRegistryProvider, { ...registry, kind: "DOCKER_HUB", url: "https://hub.example.com" }, "url", "https://docker.io"],
  ["GitHub registry at another URL", containerRegistryProvider, { ...registry, kind: "GITHUB_CR", url: "https://docker.io" }, "url", "https://ghcr.io"],
  ["registry of an unknown kind", containerRegistryProvider, { ...registry, kind: "QUAY" }, "kind", "DOCKER_HUB"],
  ["registry of the retired DOCR kind", containerRegistryProvider, { ...registry, kind: "DOCR" }, "kind", "no longer supports"],
  ["ECR registry without region", containerRegistryProvider, { ...registry, kind: "ECR", config: { accessKeyId: "AKIA", secretAccessKey: "k" } }, "config.region", "region"],
  ["registry config with a misspelt password", containerRegistryProvider, { ...registry, config: { username: "u", pasword: "p" } }, "config.pasword", 'did you mean "password"?'],
  ["container advanced settings with a build key", advancedSettingsProviderOf("container"), { containerId: "c-1", settings: { "build.timeout_max_sec": 100 } }, 'settings["build.timeout_max_sec"]', "applications"],
  ["container advanced settings of an id with a slash", advancedSettingsProviderOf("container"), { containerId: "c/1", settings: {} }, "containerId", '"/"'],
  ["job advanced settings with an ingress key", advancedSettingsProviderOf("job"), { jobId: "j-1", settings: { "network.ingress.proxy_body_size_mb": 10 } }, 'settings["network.ingress.proxy_body_size_mb"]', "not of jobs"],
  ["job advanced settings with a negative run TTL", advancedSettingsProviderOf("job"), { jobId: "j-1", settings: { "job.delete_ttl_seconds_after_finished": -1 } }, 'settings["job.delete_ttl_seconds_after_finished"]', ">= 0"],
  ["job advanced settings with containerId", advancedSettingsProviderOf("job"), { containerId: "c-1", settings: {} }, "containerId", "not an input of this resource"],

  // Jobs: the schedule, the source and the image, before any call.
  ["job with a cron expression of 6 fields", jobProvider, cron({ expression: "0 0 3 * * *" }), "schedule.cron.expression", "seconds are not supported"],
  ["job with a cron minute of 61", jobProvider, cron({ expression: "61 * * * *" }), "schedule.cron.expression", "outside 0-59"],
  ["job with an unknown cron macro", jobProvider, cron({ expression: "@every 5m" }), "schedule.cron.expression", "@daily"],
  ["job with an unknown timezone", jobProvider, cron({ timezone: "Mars/Olympus" }), "schedule.cron.timezone", "IANA timezone"],
  ["job with both cron and onStart", jobProvider, { ...cronJob, schedule: { cron: { expression: "0 3 * * *" }, onStart: {} } }, "schedule", "cron and onStart"],
  ["job with neither cron nor a lifecycle event", jobProvider, { ...cronJob, schedule: {} }, "schedule", "got none"],
  ["job without schedule", jobProvider, { ...cronJob, schedule: undefined }, "schedule", "required"],
  ["job with both image and docker", jobProvider, { ...cronJob, source: { ...imageSource, docker: { gitRepository: { url: "https://github.com/acme/jobs.git" } } } }, "source", "got both"],
  ["job with neither image nor docker", jobProvider, { ...cronJob, source: {} }, "source", "got neither"],
  ["job with a tag starting with -", jobProvider, image({ tag: "-latest" }), "source.image.tag", "image tag"],
  ["job with a tag holding a colon", jobProvider, image({ tag: "1.0:x" }), "source.image.tag", '":"'],
  ["job image name with a registry host", jobProvider, image({ imageName: "ghcr.io/acme/report" }), "source.image.imageName", "registry host"],
  ["job image name with its tag", jobProvider, image({ imageName: "acme/report:1.0" }), "source.image.imageName", "tag separately"],
  ["job image name in uppercase", jobProvider, image({ imageName: "Acme/Report" }), "source.image.imageName", "uppercase"],
  ["job registry id with a slash", jobProvider, image({ registryId: "r/1" }), "source.image.registryId", '"/"'],
  ["job git URL with javascript:", jobProvider, { ...cronJob, source: { docker: { gitRepository: { url: "javascript:alert(1)" } } } }, "source.docker.gitRepository.url", "javascript"],
  ["job lifecycle event with a misspelt key", jobProvider, { ...cronJob, schedule: { onStart: { argument: ["up"] } } }, "schedule.onStart.argument", 'did you mean "arguments"?'],
  ["job with negative maxRestarts", jobProvider, { ...cronJob, maxRestarts: -1 }, "maxRestarts", ">= 0"],
  ["job with maxNbRestart (the service's spelling)", jobProvider, { ...cronJob, maxNbRestart: 1 }, "maxNbRestart", 'did you mean "maxRestarts"?'],
  ["job with port 0", jobProvider, { ...cronJob, port: 0 }, "port", ">= 1"],
  ["job secret also a variable", jobProvider, { ...cronJob, environmentVariables: { K: "a" }, secrets: { K: "b" } }, "secrets.K", "environmentVariables"],

  // Deployments from the program: database deploys, inline advanced settings, environment deployments.
  ["database deploy wait of 0 s", databaseProvider, { ...database, deploy: true, deployTimeoutSeconds: 0 }, "deployTimeoutSeconds", ">= 1"],
  ["database deploy as a string", databaseProvider, { ...database, deploy: "yes" }, "deploy", "boolean"],
  ["application advanced setting of the wrong type", applicationProvider, { ...application, advancedSettings: { "network.ingress.proxy_body_size_mb": "big" } }, 'advancedSettings["network.ingress.proxy_body_size_mb"]', "integer"],
  ["application advanced setting misspelt", applicationProvider, { ...application, advancedSettings: { "network.ingress.proxy_body_size": 10 } }, 'advancedSettings["network.ingress.proxy_body_size"]', "proxy_body_size_mb"],
  ["container advanced setting of applications only", containerProvider, { ...containerIn, advancedSettings: { "build.timeout_max_sec": 100 } }, 'advancedSettings["build.timeout_max_sec"]', "applications"],
  ["job advanced setting of another kind", jobProvider, { ...cronJob, advancedSettings: { "network.ingress.proxy_body_size_mb": 10 } }, 'advancedSettings["network.ingress.proxy_body_size_mb"]', "not of jobs"],
  ["job advanced settings as a list", jobProvider, { ...cronJob, advancedSettings: ["cronjob.concurrency_policy"] }, "advancedSettings", "object"],
  ["environment deployment without environment", environmentDeploymentProvider, {}, "environmentId", "required"],
  ["environment deployment to an unknown state", environmentDeploymentProvider, { ...envDeploy, desiredState: "PAUSED" }, "desiredState", "RUNNING"],
  ["environment deployment deleting the environment", environmentDeploymentProvider, { ...envDeploy, onDelete: "delete" }, "onDelete", "keep"],
  ["environment deployment waiting 0 s", environmentDeploymentProvider, { ...envDeploy, timeoutSeconds: 0 }, "timeoutSeconds", ">= 1"],
  ["environment deployment trigger as a number", environmentDeploymentProvider, { ...envDeploy, triggers: { release: 3 } }, "triggers.release", "string"],
  ["environment deployment pinning a container to a bad tag", environmentDeploymentProvider, { ...envDeploy, services: { containers: { "c-1": "1 28" } } }, "services.containers", "whitespace"],
  ["environment deployment pinning a job to tag and commit", environmentDeploymentProvider, { ...envDeploy, services: { jobs: { "j-1": { imageTag: "1.0", gitCommitId: "abc" } } } }, "services.jobs", "got both"],
  ["environment deployment pinning a job to nothing", environmentDeploymentProvider, { ...envDeploy, services: { jobs: { "j-1": {} } } }, "services.jobs", "got neither"],
  ["environment deployment pinning a database", environmentDeploymentProvider, { ...envDeploy, services: { databases: { "d-1": "x" } } }, "services.databases", "not an input"],
  ["environment deployment of a misspelt key", environmentDeploymentProvider, { ...envDeploy, trigger: { a: "b" } }, "trigger", 'did you mean "triggers"?'],

  // Clusters and their cloud credentials: node counts, disks, clouds and key pairs before any call.
  ["cluster with more min than max nodes", clusterProvider, { ...clusterIn, minRunningNodes: 4, maxRunningNodes: 2 }, "minRunningNodes", "at most maxRunningNodes (2)"],
  ["cluster with 0 nodes", clusterProvider, { ...clusterIn, minRunningNodes: 0 }, "minRunningNodes", ">= 1"],
  ["cluster disk below the AWS bound", clusterProvider, { ...clusterIn, diskSize: 5 }, "diskSize", "20 to 1000 GB on AWS"],
  ["cluster disk above the Scaleway bound", clusterProvider, { ...clusterIn, cloudProvider: "SCW", region: "fr-par", diskSize: 600 }, "diskSize", "20 to 500 GB on SCW"],
  ["cluster disk IOPS on GCP", clusterProvider, { ...clusterIn, cloudProvider: "GCP", region: "europe-west1", diskIops: 4000 }, "diskIops", "AWS node disks only"],
  ["cluster disk IOPS below its bound", clusterProvider, { ...clusterIn, diskIops: 100 }, "diskIops", ">= 3000"],
  ["cluster on an unknown cloud", clusterProvider, { ...clusterIn, cloudProvider: "DO" }, "cloudProvider", "AWS"],
  ["cluster without credentials", clusterProvider, { ...clusterIn, credentialsId: undefined }, "credentialsId", "required"],
  ["cluster waiting 0 s", clusterProvider, { ...clusterIn, timeoutSeconds: 0 }, "timeoutSeconds", ">= 1"],
  ["cluster with the service's node spelling", clusterProvider, { ...clusterIn, min_running_nodes: 1 }, "min_running_nodes", 'did you mean "minRunningNodes"?'],
  ["cluster metrics with the service's spelling", clusterProvider, { ...clusterIn, metricsParameters: { configuration: { resource_profile: "LOW" } } }, "metricsParameters.configuration.resource_profile", "resourceProfile"],
  ["cluster metrics with an unknown resource profile", clusterProvider, { ...clusterIn, metricsParameters: { configuration: { resourceProfile: "MEDIUM" } } }, "metricsParameters.configuration.resourceProfile", "NORMAL"],
  ["cluster alerting without its switch", clusterProvider, { ...clusterIn, metricsParameters: { configuration: { alerting: { configName: "main" } } } }, "metricsParameters.configuration.alerting.enabled", "boolean"],
  ["cluster charts with a misspelt nginx key", clusterProvider, { ...clusterIn, infrastructureChartsParameters: { nginx: { replicas: 2 } } }, "infrastructureChartsParameters.nginx.replicas", "replicaCount"],
  ["cluster charts with EKS Anywhere on AWS", clusterProvider, { ...clusterIn, infrastructureChartsParameters: { eksAnywhere: { gitRepository: { url: "https://github.com/acme/eksa.git", gitTokenId: "t-1" }, yamlFilePath: "/c.yaml" } } }, "infrastructureChartsParameters.eksAnywhere", "on-premise clusters only"],
  ["cluster charts with an EKS Anywhere repository without a token", clusterProvider, { ...clusterIn, cloudProvider: "ON_PREMISE", region: "dc-1", infrastructureChartsParameters: { eksAnywhere: { gitRepository: { url: "https://github.com/acme/eksa.git", gitTokenId: "" }, yamlFilePath: "/c.yaml" } } }, "infrastructureChartsParameters.eksAnywhere.gitRepository.gitTokenId", ">= 1 characters"],
  ["cluster secret manager with an AWS role on GCP", clusterProvider, { ...clusterIn, secretManagerAccesses: [{ name: "sm", endpoint: { mode: "GCP_SECRET_MANAGER", region: "europe-west1", projectId: "p" }, authentication: { mode: "AWS_ROLE_ARN", roleArn: "arn:aws:iam::1:role/x" } }] }, "secretManagerAccesses[0].authentication.mode", "cannot authenticate to Google Secret Manager"],
  ["cluster secret manager with a GCP key on AWS", clusterProvider, { ...clusterIn, secretManagerAccesses: [{ name: "sm", endpoint: { mode: "AWS_PARAMETER_STORE", region: "eu-west-3" }, authentication: { mode: "GCP_JSON_CREDENTIALS", jsonCredentials: "e30=" } }] }, "secretManagerAccesses[0].authentication.mode", "expected an authentication of AWS"],
  ["cluster secret manager on GCP without a project", clusterProvider, { ...clusterIn, secretManagerAccesses: [{ name: "sm", endpoint: { mode: "GCP_SECRET_MANAGER", region: "europe-west1" }, authentication: { mode: "AUTOMATICALLY_CONFIGURED" } }] }, "secretManagerAccesses[0].endpoint.projectId", "required for Google Secret Manager"],
  ["cluster secret manager with static keys lacking the secret", clusterProvider, { ...clusterIn, secretManagerAccesses: [{ name: "sm", endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3" }, authentication: { mode: "AWS_STATIC_CREDENTIALS", region: "eu-west-3", accessKey: "AKIA" } }] }, "secretManagerAccesses[0].authentication.secretKey", "required for AWS static credentials"],
  ["cluster secret manager with a role ARN on automatic authentication", clusterProvider, { ...clusterIn, secretManagerAccesses: [{ name: "sm", endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3" }, authentication: { mode: "AUTOMATICALLY_CONFIGURED", roleArn: "arn" } }] }, "secretManagerAccesses[0].authentication.roleArn", "not a field of automatic authentication"],
  ["cluster secret manager with a GCP key not in base64", clusterProvider, { ...clusterIn, secretManagerAccesses: [{ name: "sm", endpoint: { mode: "GCP_SECRET_MANAGER", region: "europe-west1", projectId: "p" }, authentication: { mode: "GCP_JSON_CREDENTIALS", jsonCredentials: '{"type":"service_account"}' } }] }, "secretManagerAccesses[0].authentication.jsonCredentials", "base64"],
  ["cluster secret manager with an unknown key", clusterProvider, { ...clusterIn, secretManagerAccesses: [{ name: "sm", endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3", project: "p" }, authentication: { mode: "AUTOMATICALLY_CONFIGURED" } }] }, "secretManagerAccesses[0].endpoint.project", "projectId"],
  ["cluster secret managers of the same name", clusterProvider, { ...clusterIn, secretManagerAccesses: [0, 1].map(() => ({ name: "sm", endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3" }, authentication: { mode: "AUTOMATICALLY_CONFIGURED" } })) }, "secretManagerAccesses[1].name", "distinct"],
  ["AWS credentials with a key pair and a role", awsCredentialsProvider, { ...awsKeys, roleArn: "arn:aws:iam::1:role/x" }, "roleArn", "not both"],
  ["AWS credentials with neither key pair nor role", awsCredentialsProvider, { organizationId: "org-1", name: "prod" }, "roleArn", "required"],
  ["AWS credentials with half a key pair", awsCredentialsProvider, { ...awsKeys, secretAccessKey: undefined }, "secretAccessKey", "other half"],
  ["EKS Anywhere credentials without the vSphere password", awsCredentialsProvider, { ...awsKeys, vsphereUser: "ops@vsphere.local" }, "vspherePassword", "other half of the vSphere account"],
  ["EKS Anywhere credentials without the vSphere user", awsCredentialsProvider, { ...awsKeys, vspherePassword: "vsphere-pass" }, "vsphereUser", "other half of the vSphere account"],
  ["Scaleway credentials without the secret key", scalewayCredentialsProvider, { ...scaleway, scalewaySecretKey: undefined }, "scalewaySecretKey", "required"],
  ["GCP credentials with an empty key", gcpCredentialsProvider, { organizationId: "org-1", name: "gcp", gcpCredentials: "" }, "gcpCredentials", ">= 1"],
  ["cluster advanced settings with a misspelt key", clusterAdvancedSettingsProvider, { ...clusterSettings, settings: { "loki.log_retention_in_weeks": 4 } }, 'settings["loki.log_retention_in_weeks"]', "close valid names: loki.log_retention_in_week"],
  ["cluster advanced settings with a service key", clusterAdvancedSettingsProvider, { ...clusterSettings, settings: { "network.ingress.proxy_body_size_mb": 10 } }, 'settings["network.ingress.proxy_body_size_mb"]', "not of clusters"],
  ["cluster advanced settings with a text retention", clusterAdvancedSettingsProvider, { ...clusterSettings, settings: { "loki.log_retention_in_week": "four" } }, 'settings["loki.log_retention_in_week"]', "integer"],
  ["cluster advanced settings with an unknown IMDS mode", clusterAdvancedSettingsProvider, { ...clusterSettings, settings: { "aws.eks.ec2.metadata_imds": "always" } }, 'settings["aws.eks.ec2.metadata_imds"]', '"required"'],
  ["cluster advanced settings with CIDRs as one string", clusterAdvancedSettingsProvider, { ...clusterSettings, settings: { "k8s.api.allowed_public_access_cidrs": "10.0.0.0/8" } }, 'settings["k8s.api.allowed_public_access_cidrs"]', "array"],
  ["cluster advanced settings without the organization", clusterAdvancedSettingsProvider, { clusterId: "c-1", settings: {} }, "organizationId", "expected an id"],
  ["cluster advanced settings with organizationID", clusterAdvancedSettingsProvider, { ...clusterSettings, organizationID: "o" }, "organizationID", 'did you mean "organizationId"?'],
  ["deployment rule starting at 25:00", deploymentRuleProvider, { ...rule, startTime: "25:00" }, "startTime", "HH:MM"],
  ["deployment rule stopping at 7pm", deploymentRuleProvider, { ...rule, stopTime: "7pm" }, "stopTime", "HH:MM"],
  ["deployment rule in an unknown time zone", deploymentRuleProvider, { ...rule, timeZone: "Europe/Atlantis" }, "timeZone", "IANA time zone"],
  ["deployment rule with an empty pattern", deploymentRuleProvider, { ...rule, environmentNamePattern: " " }, "environmentNamePattern", "empty"],
  ["deployment rule on no weekday", deploymentRuleProvider, { ...rule, weekdays: [] }, "weekdays", ">= 1 items"],
  ["deployment restriction path from the root", applicationProvider, restricted({ mode: "MATCH", value: "/api" }), "deploymentRestrictions", "not starting with"],
  ["deployment restriction of an unknown mode", applicationProvider, restricted({ mode: "ONLY", value: "api/" }), "deploymentRestrictions", "MATCH"],
  ["deployment restriction given twice", applicationProvider, { ...application, deploymentRestrictions: [{ mode: "MATCH", value: "a/" }, { mode: "MATCH", value: "a/" }] }, "deploymentRestrictions", "given twice"],
  ["deployment restrictions on a container", containerProvider, { ...containerIn, deploymentRestrictions: [] }, "deploymentRestrictions", "unknown"],
];

const fx = useFixture();
beforeAll(async () => {
  await clearRequests(fx.emulator);
});

describe("invalid inputs are rejected by check, naming the field", () => {
  it("has at least 60 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)("%s", async (_what, provider, inputs, property, reasonWord) => {
    const result = await provider.check!({}, { ...inputs, __provider: "serialized" });
    const failures = result.failures ?? [];
    const failure = failures.find((f) => f.property === property || f.property.startsWith(`${property}.`) || f.property.startsWith(`${property}[`));
    expect(failure).toBeDefined();
    expect(failure!.reason.toLowerCase()).toContain(reasonWord.toLowerCase());
  });

  it("never quotes a secret value in a failure", async () => {
    const result = await gitTokenProvider.check!({}, { ...gitToken, token: 12345678, name: "" });
    const text = JSON.stringify(result.failures);
    expect(text).toContain("token");
    expect(text).not.toContain("12345678");
    const app = await applicationProvider.check!({}, { ...application, secrets: { K: 987654321 } });
    expect(JSON.stringify(app.failures)).toContain("secrets.K");
    expect(JSON.stringify(app.failures)).not.toContain("987654321");
    const aws = await awsCredentialsProvider.check!({}, { ...awsKeys, secretAccessKey: 55555555, name: "" });
    expect(JSON.stringify(aws.failures)).toContain("secretAccessKey");
    expect(JSON.stringify(aws.failures)).not.toContain("55555555");
  });

  it("sent no request to the service", async () => {
    expect(await requests(fx.emulator)).toEqual([]);
  });
});
