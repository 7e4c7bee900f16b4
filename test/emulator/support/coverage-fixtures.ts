/**
 * Sample bodies and path parameter values for the operations of the reference's wider coverage (issue 36), for the
 * tests that call every route (`prototype-safety.test.ts`).
 */
type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

const repo = { url: "https://github.com/acme/api.git", provider: "GITHUB", owner: "acme", name: "api" };

/** A body each of those routes with a request schema accepts (`probe`: an id of the right form). */
export function coverageSampleBodies(probe: string): Record<string, unknown> {
  return {
    "POST /environment/{environmentId}/service/uninstall": {},
    "POST /environment/{environmentId}/service/delete": {},
    "POST /environment/{environmentId}/cleanFailedJobs": { job_ids: [] },
    "POST /deploymentQueue/{deploymentRequestId}/cancelDeployment": {},
    "PUT /application/{applicationId}/network": { sticky_session: true },
    "PUT /container/{containerId}/network": { sticky_session: true },
    "POST /cluster/{clusterId}/lock": { reason: "probe" },
    "POST /clusters/{clusterId}/analysis": { kind: "COST_RECOMMENDATION", output_format: "JSON" },
    "PUT /organization/{organizationId}/cluster/{clusterId}/eks-anywhere/commit": { commit_id: "abc123" },
    "PUT /organization/{organizationId}/cluster/{clusterId}/karpenterPrivateSubnetIds": {},
    "POST /environment/{environmentId}/checkDockerfile": { git_repository: repo, dockerfile_path: "Dockerfile" },
    "POST /environment/{environmentId}/checkHelmRepository": { git_repository: repo },
    "POST /environment/{environmentId}/checkContainerImage": { registry_id: probe, image_name: "probe", tag: "1" },
    "POST /environment/{environmentId}/checkGitFile": { git_repository: repo, files: ["values.yaml"] },
    "POST /environment/{environmentId}/helmDefaultValues": { source: { helm_repository: { chart_name: "redis", chart_version: "19.6.4" } } },
    "POST /organization/{organizationId}/onboarding": { status: "COMPLETED" },
    "PUT /account": { communication_email: "probe@example.com" },
    "POST /organization/{organizationId}/policyApiToken": { name: "probe-policy", opa_policy: "package probe" },
    "POST /organization/{organizationId}/listDirectoriesFromGitRepository": repo,
    "POST /organization/{organizationId}/parseTerraformVariablesFromGitRepo": { git_repository: repo },
    "POST /organization/{organizationId}/listTfVarsFilesFromGitRepo": { git_repository: repo, mode: { type: "AutoDiscover" } },
  };
}

/** Real values of those routes' own path parameters: an analysis and a policy token made, the others named. */
export async function coverageFixtures(call: Call, ids: { organizationId: string; clusterId: string; applicationId: string }): Promise<Record<string, string>> {
  const analysis = await call("POST", `/clusters/${ids.clusterId}/analysis`, { kind: "COST_RECOMMENDATION", output_format: "JSON" });
  const token = await call("POST", `/organization/${ids.organizationId}/policyApiToken`, { name: "fixture-policy", opa_policy: "package fixture" });
  if (analysis.status >= 300 || token.status >= 300) throw new Error(`coverage fixtures: ${analysis.status} ${token.status}`);
  return {
    analysisId: analysis.body.id, policyApiTokenId: token.body.id, targetApplicationId: ids.applicationId, databaseType: "POSTGRESQL", serviceType: "APPLICATION",
    deploymentRequestId: "00000000-0000-4000-8000-000000000036",
  };
}
