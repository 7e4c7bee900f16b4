module github.com/deploy-service/pulumi-deploy-service/sdk-gen/go

go 1.25

require github.com/pulumi/pulumi/sdk/v3 v3.30.0
