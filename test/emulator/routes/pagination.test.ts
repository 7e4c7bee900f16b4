/**
 * The lists that answered every record whatever `page`/`page_size` said now paginate as the service's lists do
 * (`service-api.md`: `results` and a `pagination` object): custom roles, cloud credentials, deployment restrictions,
 * a project's deployment rules, custom domains, deployment stages, API tokens, members and invitations. Without the
 * parameters they answer every record, as before.
 */
import { appBody, projectAndEnv, useEmulator } from "../support/helpers";
import { projectRuleBody, restrictionBody } from "../support/deployment-rules";

const c = useEmulator();

async function made(path: string, body: unknown): Promise<void> {
  const r = await c.call("POST", path, body);
  expect([path, r.status < 300]).toEqual([path, true]);
}

/** Three of each listed family; answers each list's path. */
async function lists(): Promise<string[]> {
  const org = `/organization/${c.org}`;
  const { projectId, envId } = await projectAndEnv(c, "pages");
  const app = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body.id as string;
  for (const i of [1, 2, 3]) {
    await made(`${org}/customRole`, { name: `role-${i}` });
    await made(`${org}/aws/credentials`, { type: "AWS_STATIC", name: `aws-${i}`, access_key_id: "AKIA", secret_access_key: "s" });
    await made(`/application/${app}/deploymentRestriction`, restrictionBody(`src${i}/`));
    await made(`/project/${projectId}/deploymentRule`, projectRuleBody(`rule-${i}`, c.emu.ids.clusterIds[0] as string));
    await made(`/application/${app}/customDomain`, { domain: `d${i}.example.com`, generate_certificate: true });
    await made(`/environment/${envId}/deploymentStage`, { name: `stage-${i}` });
    await made(`${org}/apiToken`, { name: `token-${i}`, role_id: null });
  }
  for (const i of [1, 2, 3, 4, 5]) await made(`${org}/inviteMember`, { email: `m${i}@example.com`, role: "VIEWER" });
  const invitations = (await c.call("GET", `${org}/inviteMember`)).body.results as Array<{ id: string }>;
  for (const inv of invitations.slice(0, 2)) await made(`${org}/inviteMember/${inv.id}`, {});
  return [
    `${org}/customRole`, `${org}/aws/credentials`, `/application/${app}/deploymentRestriction`, `/project/${projectId}/deploymentRule`,
    `/application/${app}/customDomain`, `/environment/${envId}/deploymentStage`, `${org}/apiToken`, `${org}/member`, `${org}/inviteMember`,
  ];
}

it("each list answers the page asked for, with the pagination object, and everything without parameters", async () => {
  for (const path of await lists()) {
    const all = await c.call("GET", path);
    expect([path, all.status, all.body.pagination]).toEqual([path, 200, undefined]);
    const total = (all.body.results as unknown[]).length;
    expect([path, total >= 3]).toEqual([path, true]);
    const second = await c.call("GET", `${path}?page=2&page_size=2`);
    expect([path, second.body.results, second.body.pagination]).toEqual([
      path, all.body.results.slice(2, 4), { page: 2, page_size: 2, total_count: total, total_pages: Math.ceil(total / 2) },
    ]);
    const first = await c.call("GET", `${path}?page_size=1`);
    expect([path, first.body.results, first.body.pagination.page]).toEqual([path, all.body.results.slice(0, 1), 1]);
    const bad = await c.call("GET", `${path}?page=0`);
    expect([path, bad.status, bad.body.message]).toEqual([path, 400, expect.stringMatching(/^page:/)]);
  }
});
