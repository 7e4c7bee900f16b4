/**
 * Write operations of the reference's wider coverage (issue 36) whose body sets no field of a record the round trip
 * could read back, each with the test that checks what it does.
 */
export const OPERATIONS_CHECKED_ELSEWHERE: Record<string, string> = {
  "POST /environment/{environmentId}/service/uninstall": "names services to uninstall; contract-environment-reads.test.ts checks their states",
  "POST /environment/{environmentId}/service/delete": "names services to delete; contract-environment-reads.test.ts checks they are gone",
  "POST /environment/{environmentId}/cleanFailedJobs": "names jobs; contract-environment-reads.test.ts checks the answer lists them",
  "POST /deploymentQueue/{deploymentRequestId}/cancelDeployment": "cancels a request; contract-environment-reads.test.ts checks the queue empties",
  "PUT /application/{applicationId}/network": "sets the network setting; contract-environment-reads.test.ts reads it back",
  "PUT /container/{containerId}/network": "sets the network setting; contract-environment-reads.test.ts reads it back",
  "POST /cluster/{clusterId}/lock": "locks a cluster; contract-clusters-extras.test.ts reads the lock back from the organization's locks",
  "POST /clusters/{clusterId}/analysis": "starts an analysis; contract-clusters-extras.test.ts follows it to its end",
  "PUT /organization/{organizationId}/cluster/{clusterId}/eks-anywhere/commit": "sets the commit; contract-clusters-extras.test.ts checks the answer",
  "PUT /organization/{organizationId}/cluster/{clusterId}/karpenterPrivateSubnetIds": "sets subnets (no read in the reference); contract-clusters-extras.test.ts checks the refusals",
  ...Object.fromEntries(["checkDockerfile", "checkHelmRepository", "checkContainerImage", "checkGitFile", "helmDefaultValues"].map((op) => [
    `POST /environment/{environmentId}/${op}`, "a check or a read; contract-organization-extras.test.ts checks its answers and refusals",
  ])),
  "POST /organization/{organizationId}/onboarding": "sets the status; contract-organization-extras.test.ts reads it back",
  "PUT /account": "sets the communication address; contract-organization-extras.test.ts reads it back",
  "POST /organization/{organizationId}/policyApiToken": "makes a token; contract-organization-extras.test.ts lists it and signs in with it",
  ...Object.fromEntries(["listDirectoriesFromGitRepository", "parseTerraformVariablesFromGitRepo", "listTfVarsFilesFromGitRepo"].map((op) => [
    `POST /organization/{organizationId}/${op}`, "a read of a repository; contract-git-repositories.test.ts checks its answers",
  ])),
};
