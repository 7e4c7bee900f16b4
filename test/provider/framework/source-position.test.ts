/**
 * The engine records where the program declared each resource (`sourcePosition` in the state; Pulumi Cloud shows
 * it). The Pulumi SDK takes it from the call stack, expecting one constructor between `CustomResource` and the
 * program: a resource of this package must name the program's line, not a line inside the package.
 */
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import * as resourceRuntime from "@pulumi/pulumi/runtime/resource";
import * as ds from "../../../provider";

pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: (a) => a.inputs }, "project", "stack", false);

/** The 1-based line of this file holding `marker`. */
function lineOf(marker: string): number {
  return fs.readFileSync(__filename, "utf8").split("\n").findIndex((l) => l.includes(marker) && !l.includes("lineOf(")) + 1;
}

type Declare = () => unknown;
const declared: Array<[string, Declare]> = [
  ["Project", () => new ds.Project("p", { organizationId: "org", name: "p" })], // at:Project
  ["Application", () => new ds.Application("a", { environmentId: "env", name: "a", gitRepository: { url: "https://github.com/acme/a.git" } })], // at:Application
  ["ApplicationAdvancedSettings", () => new ds.ApplicationAdvancedSettings("s", { applicationId: "app", settings: {} })], // at:ApplicationAdvancedSettings
  ["Variable", () => new ds.Variable("v", { scope: "PROJECT", parentId: "p", key: "K", value: "v" })], // at:Variable
  ["Database", () => new ds.Database("d", { environmentId: "env", name: "d", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE" })], // at:Database
  ["ContainerAdvancedSettings", () => new ds.ContainerAdvancedSettings("cs", { containerId: "c", settings: {} })], // at:ContainerAdvancedSettings
  ["Cluster", () => new ds.Cluster("k", { organizationId: "org", name: "k", cloudProvider: "AWS", region: "eu-west-3", credentialsId: "cred" })], // at:Cluster
  ["ClusterAdvancedSettings", () => new ds.ClusterAdvancedSettings("ks", { organizationId: "org", clusterId: "k", settings: {} })], // at:ClusterAdvancedSettings
  ["AwsCredentials", () => new ds.AwsCredentials("aws", { organizationId: "org", name: "aws", roleArn: "arn:aws:iam::123456789012:role/x" })], // at:AwsCredentials
  ["Helm", () => new ds.Helm("h", { environmentId: "env", name: "h", source: { repository: { repositoryId: "r", chartName: "c", chartVersion: "1.0.0" } } })], // at:Helm
];

describe("the source position the engine records for a resource", () => {
  afterEach(() => jest.restoreAllMocks());

  it.each(declared)("of a %s is the program's line that declares it", (kind, declare) => {
    const register = jest.spyOn(resourceRuntime, "registerResource");
    declare();
    const position = register.mock.calls[0]?.[9] as { uri: string; line: number } | undefined;
    expect(position?.uri).toMatch(/\/test\/provider\/framework\/source-position\.test\.ts$/);
    expect(position?.line).toBe(lineOf(`// at:${kind}`));
  });
});
