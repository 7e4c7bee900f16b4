/**
 * Contract of the organization's people and access routes with the reference (strict: an answer carries only the
 * fields its schema declares): organization edit, available roles, members, invitations, API tokens, custom roles,
 * cluster status and kubeconfig (status checked; the YAML body has no JSON schema to check).
 */
import { seen, useEmulator } from "../support/helpers";
import { referenceProblems } from "../support/reference-check";

const c = useEmulator();

it("every answer of the organization team routes matches the reference strictly", async () => {
  seen.length = 0;
  const org = `/organization/${c.org}`;
  const [eu] = c.emu.ids.clusterIds;
  await c.call("POST", `${org}/project`, { name: "contract-team" });
  await c.call("PUT", org, {
    name: "contract-org", plan: "TEAM_2025", description: "d", website_url: "https://example.com", repository: null,
    logo_url: "https://example.com/logo.png", icon_url: null, admin_emails: ["a@example.com"],
  });
  await c.call("GET", org);
  const roles = (await c.call("GET", `${org}/availableRole`)).body.results as Array<{ id: string; name: string }>;
  const write = roles.find((r) => r.name === "Write")?.id;
  const read = roles.find((r) => r.name === "Read")?.id;

  const role = (await c.call("POST", `${org}/customRole`, { name: "auditors", description: "read prod" })).body as { id: string };
  await c.call("GET", `${org}/customRole`);
  await c.call("GET", `${org}/customRole/${role.id}`);
  await c.call("PUT", `${org}/customRole/${role.id}`, {
    name: "auditors", cluster_permissions: [{ cluster_id: eu, permission: "ADMIN" }], project_permissions: [],
  });

  const inv = (await c.call("POST", `${org}/inviteMember`, { email: "dev@example.com", role_id: write })).body as { id: string };
  await c.call("POST", `${org}/inviteMember`, { email: "viewer@example.com", role: "VIEWER" });
  await c.call("GET", `${org}/inviteMember`);
  await c.call("GET", `${org}/inviteMember/${inv.id}`);
  await c.call("POST", `${org}/inviteMember/${inv.id}`);
  const members = (await c.call("GET", `${org}/member`)).body.results as Array<{ id: string; email: string }>;
  const dev = members.find((m) => m.email === "dev@example.com")?.id;
  await c.call("PUT", `${org}/member`, { user_id: dev, role_id: read });
  await c.call("DELETE", `${org}/member`, { user_id: dev });
  const other = (await c.call("GET", `${org}/inviteMember`)).body.results[0].id as string;
  await c.call("DELETE", `${org}/inviteMember/${other}`);

  const token = (await c.call("POST", `${org}/apiToken`, { name: "ci", description: "pipeline", role_id: role.id })).body as { id: string };
  await c.call("POST", `${org}/apiToken`, { name: "root", scope: "ADMIN", role_id: null });
  await c.call("GET", `${org}/apiToken`);
  await c.call("DELETE", `${org}/apiToken/${token.id}`);
  await c.call("DELETE", `${org}/customRole/${role.id}`);

  await c.call("GET", `${org}/cluster/${eu}/status`);
  await c.call("GET", `${org}/cluster/${eu}/kubeconfig`);

  const answers = seen.filter((a) => a.path.startsWith(org) && !a.path.endsWith("/project"));
  expect(answers.map((a) => `${a.method} ${a.status}`)).toEqual([
    "PUT 200", "GET 200", "GET 200",
    "POST 201", "GET 200", "GET 200", "PUT 200",
    "POST 201", "POST 201", "GET 200", "GET 200", "POST 201", "GET 200", "PUT 200", "DELETE 204", "GET 200", "DELETE 204",
    "POST 201", "POST 201", "GET 200", "DELETE 204", "DELETE 204",
    "GET 200", "GET 200",
  ]);
  expect(referenceProblems(answers, "organization team contract")).toEqual([]);
});
