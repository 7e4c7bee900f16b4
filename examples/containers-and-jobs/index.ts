/**
 * Containers and jobs: a web server deployed from a public Docker Hub image, a nightly report as a cron job and a
 * database migration that runs each time the environment starts, next to the database it migrates.
 *
 *   pulumi config set imageTag 1.27-alpine          # the web server's image tag (change it to roll out another)
 *   pulumi config set organizationId <id>           # optional: else the token's only organization
 *   pulumi config set clusterId <id>                # optional: else the cluster named by `cluster` (eu-west)
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
// Ids from config skip the lookups, so a preview with no change sends no request at all.
const organizationId: pulumi.Input<string> = config.get("organizationId") ?? ds.getOrganizationOutput({}).id;
const clusterId: pulumi.Input<string> =
  config.get("clusterId") ?? ds.getClusterOutput({ organizationId, name: config.get("cluster") ?? "eu-west" }).id;

const project = new ds.Project("jobs-demo", {
  organizationId,
  name: config.get("projectName") ?? "containers-and-jobs",
  description: "A container from a public image, with its cron and lifecycle jobs",
});

const environment = new ds.Environment("production", {
  projectId: project.id,
  clusterId,
  name: "production",
  mode: "PRODUCTION",
});

// Public images need no credentials: a Docker Hub registry with an empty config.
const dockerHub = new ds.ContainerRegistry("docker-hub", {
  organizationId,
  name: config.get("registryName") ?? "docker-hub-public",
  kind: "DOCKER_HUB",
  description: "Public images of Docker Hub",
});

const database = new ds.Database("reports-db", {
  environmentId: environment.id,
  name: "reports-db",
  type: "POSTGRESQL",
  version: "16",
  mode: "CONTAINER",
});

/** A connection string to the database; a Pulumi secret because it carries the password. */
const databaseUrl = pulumi.secret(
  pulumi.interpolate`postgres://${database.login}:${database.password}@${database.host}:${database.port}/postgres`,
);

const web = new ds.Container("web", {
  environmentId: environment.id,
  name: "web",
  registryId: dockerHub.id,
  imageName: "nginx",
  tag: config.get("imageTag") ?? "1.27-alpine",
  ports: [{ internalPort: 80, publiclyAccessible: true }],
  cpu: 250,
  memory: 256,
  environmentVariables: { NGINX_ENTRYPOINT_QUIET_LOGS: "1" },
  deploy: true,
});

const nightlyReport = new ds.Job("nightly-report", {
  environmentId: environment.id,
  name: "nightly-report",
  source: { image: { registryId: dockerHub.id, imageName: "postgres", tag: "16-alpine" } },
  schedule: {
    cron: {
      expression: "0 3 * * *",
      timezone: "Europe/Paris",
      entrypoint: "psql",
      arguments: ["$DATABASE_URL", "-c", "SELECT count(*) FROM orders WHERE created_at > now() - interval '1 day'"],
    },
  },
  maxDurationSeconds: 600,
  secrets: { DATABASE_URL: databaseUrl },
});

const migrate = new ds.Job("migrate", {
  environmentId: environment.id,
  name: "migrate",
  source: { image: { registryId: dockerHub.id, imageName: "migrate/migrate", tag: "v4.17.1" } },
  schedule: { onStart: { arguments: ["-path", "/migrations", "-database", "$DATABASE_URL", "up"] } },
  maxRestarts: 2,
  secrets: { DATABASE_URL: databaseUrl },
  // Nothing reads this job's built-in variables: leaving them unread saves a request when it is created.
  readBuiltInVariables: false,
});

export const environmentId = environment.id;
export const registryId = dockerHub.id;
export const webId = web.id;
export const webTag = web.tag;
export const nightlyReportId = nightlyReport.id;
export const migrateId = migrate.id;
