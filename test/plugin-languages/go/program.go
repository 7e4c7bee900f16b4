package main

import (
	ds "github.com/deploy-service/pulumi-deploy-service/sdk-gen/go/deployservice"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// program is the README's Go example: a project, an environment with two deployment stages, a database, an
// application with variables and a secret, and the environment's deployment, through the generated Go SDK.
func program(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	org, err := ds.GetOrganization(ctx, &ds.GetOrganizationArgs{}, nil)
	if err != nil {
		return err
	}
	cluster, err := ds.LookupCluster(ctx, &ds.LookupClusterArgs{OrganizationId: org.Id, Name: pulumi.StringRef("eu-west")}, nil)
	if err != nil {
		return err
	}
	project, err := ds.NewProject(ctx, "shop", &ds.ProjectArgs{
		OrganizationId: pulumi.String(org.Id),
		Name:           pulumi.String("shop-go"),
	})
	if err != nil {
		return err
	}
	env, err := ds.NewEnvironment(ctx, "staging", &ds.EnvironmentArgs{
		ProjectId: project.ID(),
		Name:      pulumi.String("staging"),
		Mode:      ds.EnvironmentModeStaging,
		ClusterId: pulumi.String(cluster.Id),
	})
	if err != nil {
		return err
	}
	dbStage, err := ds.NewDeploymentStage(ctx, "stage-database", &ds.DeploymentStageArgs{
		EnvironmentId: env.ID(), Name: pulumi.String("database"),
	})
	if err != nil {
		return err
	}
	apiStage, err := ds.NewDeploymentStage(ctx, "stage-api", &ds.DeploymentStageArgs{
		EnvironmentId: env.ID(), Name: pulumi.String("api"), After: dbStage.ID(),
	})
	if err != nil {
		return err
	}
	db, err := ds.NewDatabase(ctx, "db", &ds.DatabaseArgs{
		EnvironmentId:     env.ID(),
		Name:              pulumi.String("shop-db"),
		Type:              ds.DatabaseTypePostgresql,
		Version:           pulumi.String("16"),
		Mode:              ds.DatabaseModeContainer,
		DeploymentStageId: dbStage.ID(),
	})
	if err != nil {
		return err
	}
	logLevel := cfg.Get("logLevel")
	if logLevel == "" {
		logLevel = "info"
	}
	api, err := ds.NewApplication(ctx, "api", &ds.ApplicationArgs{
		EnvironmentId:     env.ID(),
		Name:              pulumi.String("api"),
		GitRepository:     ds.ApplicationGitRepositoryArgs{Url: pulumi.String("https://github.com/acme/shop-api.git"), Branch: pulumi.String("main")},
		Ports:             ds.ApplicationPortsArray{ds.ApplicationPortsArgs{InternalPort: pulumi.Int(8080), PubliclyAccessible: pulumi.Bool(true)}},
		DeploymentStageId: apiStage.ID(),
		EnvironmentVariables: pulumi.StringMap{
			"LOG_LEVEL":     pulumi.String(logLevel),
			"DATABASE_HOST": db.Host,
		},
		Secrets: pulumi.StringMap{"API_KEY": cfg.RequireSecret("apiKey")},
	})
	if err != nil {
		return err
	}
	_, err = ds.NewEnvironmentDeployment(ctx, "deploy", &ds.EnvironmentDeploymentArgs{
		EnvironmentId: env.ID(),
	}, pulumi.DependsOn([]pulumi.Resource{db, api}))
	if err != nil {
		return err
	}
	ctx.Export("projectId", project.ID())
	ctx.Export("environmentId", env.ID())
	ctx.Export("applicationId", api.ID())
	return nil
}
