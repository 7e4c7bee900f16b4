import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import * as ds from "pulumi-deploy-service";

/** What one environment of the shop needs to know. */
export interface AppEnvironmentArgs {
  organizationId: pulumi.Input<string>;
  projectId: pulumi.Input<string>;
  clusterId: pulumi.Input<string>;
  /** The environment's name in the service, e.g. `staging` or `fb-login-page`. */
  environmentName: string;
  mode: "DEVELOPMENT" | "STAGING" | "PRODUCTION";
  /** The git branch both applications build from. */
  branch: string;
  /** A personal access token of the git provider, kept as a secret. */
  gitToken: pulumi.Input<string>;
  /** The API's LOG_LEVEL variable. */
  logLevel?: string;
  /** How many API instances may run at most. */
  maxApiInstances?: number;
  /**
   * Deploy the environment in `up`, stage by stage (database, then API, then frontend), and wait for it.
   * Default false: the services are configured but not deployed.
   */
  deploy?: boolean;
  /** Any value: changing it redeploys the environment (e.g. a release number). */
  release?: string | undefined;
}

/**
 * One environment of the shop: a PostgreSQL database, an API and a frontend built from git, the deployment
 * stages that deploy them in that order, and an `APP_ENV` variable at the environment that both services see. The main stack builds `staging` and `production` with it,
 * and the feature-branch example builds one per git branch.
 */
export class AppEnvironment extends pulumi.ComponentResource {
  readonly environment: ds.Environment;
  readonly database: ds.Database;
  readonly api: ds.Application;
  readonly frontend: ds.Application;
  readonly gitToken: ds.GitToken;
  /** The environment's deployment, when `deploy` is set. */
  readonly deployment?: ds.EnvironmentDeployment;

  constructor(name: string, args: AppEnvironmentArgs, opts?: pulumi.ComponentResourceOptions) {
    super("shop:index:AppEnvironment", name, {}, opts);
    const parent = { parent: this };

    this.environment = new ds.Environment(`${name}-env`, {
      projectId: args.projectId,
      name: args.environmentName,
      mode: args.mode,
      clusterId: args.clusterId,
      // Set once on the environment, seen by every service in it (a service's own value of the key would win).
      environmentVariables: { APP_ENV: args.environmentName },
    }, parent);
    const environmentId = this.environment.id;

    // Stages deploy in order: the database first, then the API, then the frontend.
    const databaseStage = new ds.DeploymentStage(`${name}-stage-database`, {
      environmentId, name: "database", description: "Databases deploy first",
    }, parent);
    const apiStage = new ds.DeploymentStage(`${name}-stage-api`, {
      environmentId, name: "api", description: "Backends, once their databases are up", after: databaseStage.id,
    }, parent);
    const frontendStage = new ds.DeploymentStage(`${name}-stage-frontend`, {
      environmentId, name: "frontend", description: "Frontends, once the API is up", after: apiStage.id,
    }, parent);

    const databasePassword = new random.RandomPassword(`${name}-db-password`, { length: 24, special: false }, parent);
    this.database = new ds.Database(`${name}-db`, {
      environmentId,
      name: "shop-db",
      type: "POSTGRESQL",
      version: "16",
      mode: "CONTAINER",
      accessibility: "PRIVATE",
      cpu: 500,
      memory: 512,
      storage: 10,
      deploymentStageId: databaseStage.id,
      masterCredentials: { login: "shop", password: databasePassword.result },
    }, parent);

    this.gitToken = new ds.GitToken(`${name}-git-token`, {
      organizationId: args.organizationId,
      name: `shop-${args.environmentName}`,
      type: "GITHUB",
      token: args.gitToken,
      description: `Builds the shop's ${args.environmentName} environment`,
    }, parent);

    const httpProbe = (port: number) => ({
      type: { http: { path: "/healthz", port, scheme: "HTTP" } },
      initialDelaySeconds: 10,
      periodSeconds: 10,
      timeoutSeconds: 5,
      successThreshold: 1,
      failureThreshold: 3,
    });

    this.api = new ds.Application(`${name}-api`, {
      environmentId,
      name: "api",
      gitRepository: { url: "https://github.com/acme/shop-api.git", branch: args.branch, rootPath: "/", gitTokenId: this.gitToken.id },
      buildMode: "DOCKER",
      dockerfilePath: "Dockerfile",
      cpu: 500,
      memory: 512,
      minRunningInstances: 1,
      maxRunningInstances: args.maxApiInstances ?? 1,
      ports: [{ internalPort: 8080, externalPort: 443, publiclyAccessible: true, protocol: "HTTP", name: "http" }],
      healthchecks: { readinessProbe: httpProbe(8080), livenessProbe: httpProbe(8080) },
      deploymentStageId: apiStage.id,
      environmentVariables: {
        DATABASE_HOST: this.database.host,
        DATABASE_PORT: this.database.port.apply((port) => String(port)),
        DATABASE_USER: "shop",
        LOG_LEVEL: args.logLevel ?? "info",
      },
      secrets: { DATABASE_PASSWORD: databasePassword.result },
    }, parent);

    const apiSettings = new ds.ApplicationAdvancedSettings(`${name}-api-settings`, {
      applicationId: this.api.id,
      settings: {
        "network.ingress.proxy_body_size_mb": 25,
        "network.ingress.enable_cors": true,
        "network.ingress.cors_allow_origin": "*",
        "deployment.termination_grace_period_seconds": 60,
        "hpa.cpu.average_utilization_percent": 70,
      },
    }, parent);

    const sessionSecret = new random.RandomPassword(`${name}-session-secret`, { length: 32 }, parent);
    this.frontend = new ds.Application(`${name}-frontend`, {
      environmentId,
      name: "frontend",
      gitRepository: { url: "https://github.com/acme/shop-frontend.git", branch: args.branch, gitTokenId: this.gitToken.id },
      buildMode: "DOCKER",
      cpu: 250,
      memory: 256,
      minRunningInstances: 1,
      maxRunningInstances: 2,
      ports: [{ internalPort: 3000, externalPort: 443, publiclyAccessible: true, protocol: "HTTP", name: "web" }],
      healthchecks: { readinessProbe: httpProbe(3000), livenessProbe: httpProbe(3000) },
      deploymentStageId: frontendStage.id,
      environmentVariables: { API_INTERNAL_URL: "http://api:8080", NODE_ENV: "production" },
      secrets: { SESSION_SECRET: sessionSecret.result },
    }, parent);

    const frontendSettings = new ds.ApplicationAdvancedSettings(`${name}-frontend-settings`, {
      applicationId: this.frontend.id,
      settings: { "network.ingress.force_ssl_redirect": true, "deployment.update_strategy.type": "RollingUpdate" },
    }, parent);

    if (args.deploy) {
      // Declared after everything it deploys, so the first deployment already has the settings and variables.
      this.deployment = new ds.EnvironmentDeployment(`${name}-deployment`, {
        environmentId,
        desiredState: "RUNNING",
        triggers: { release: args.release ?? "1" },
        timeoutSeconds: 1800,
      }, { parent: this, dependsOn: [this.database, this.api, this.frontend, apiSettings, frontendSettings] });
    }

    this.registerOutputs({});
  }
}
