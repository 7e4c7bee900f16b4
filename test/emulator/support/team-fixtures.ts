/** Bodies and records of the organization's people and access (issue 19 routes), for the route-table probes. */
import type { Client } from "./helpers";

/** A body each team route with a request schema accepts; `uuid` is any id of the right form. */
export function teamSampleBodies(uuid: string): Record<string, unknown> {
  return {
    "PUT /organization/{organizationId}": { name: "probe", plan: "TEAM_2025" },
    "PUT /organization/{organizationId}/member": { user_id: uuid, role_id: uuid },
    "DELETE /organization/{organizationId}/member": { user_id: uuid },
    "POST /organization/{organizationId}/inviteMember": { email: "probe@example.com", role: "VIEWER" },
    "POST /organization/{organizationId}/apiToken": { name: "probe", scope: "ADMIN", role_id: null },
    "POST /organization/{organizationId}/customRole": { name: "probe" },
    "PUT /organization/{organizationId}/customRole/{customRoleId}": { name: "probe", cluster_permissions: [], project_permissions: [] },
  };
}

/** One invitation, API token and custom role, made through the API: the ids of their path parameters. */
export async function teamFixtures(c: Client): Promise<Record<string, string>> {
  const made = async (path: string, body: unknown): Promise<string> => {
    const r = await c.call("POST", `/organization/${c.org}/${path}`, body);
    if (r.status !== 201) throw new Error(`fixture ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { id: string }).id;
  };
  return {
    inviteId: await made("inviteMember", { email: "fixture@example.com", role: "DEVELOPER" }),
    apiTokenId: await made("apiToken", { name: "fixture", scope: "ADMIN", role_id: null }),
    customRoleId: await made("customRole", { name: "fixture" }),
  };
}

/** Id of the emulator's built-in `Write` role (the built-in roles' ids are the same in every emulator). */
export const WRITE_ROLE_ID = "00000000-0000-4000-8000-000000000003";

/** Round-trip sample values the schema cannot tell: an address for invitations, a real role (and its older name). */
export function teamFixedValues(): Record<string, unknown> {
  return { email: (v: number) => `rt${v}@example.com`, role_id: WRITE_ROLE_ID, role: "DEVELOPER" };
}

/** Round-trip families of the team routes (organization settings, invitations, API tokens). */
export const TEAM_FAMILIES = [
  {
    name: "organization settings", edit: "/organization/{organizationId}", read: "/organization/{organizationId}", idParam: "organizationId",
    existing: (fx: { params: Record<string, string> }) => fx.params["organizationId"] as string,
  },
  {
    name: "invitations", create: "/organization/{organizationId}/inviteMember", read: "/organization/{organizationId}/inviteMember/{inviteId}",
    idParam: "inviteId",
  },
  { name: "API tokens", create: "/organization/{organizationId}/apiToken", read: "/organization/{organizationId}/apiToken", idParam: "apiTokenId", listed: true },
];

/** Team writes the round trip does not check as sent, and why (other tests check them). */
export const TEAM_CHECKED_ELSEWHERE: Record<string, string> = {
  "PUT /organization/{organizationId}/member": "names the member in its body (user_id), not its path; organization-team.test.ts checks the new role comes back",
  "DELETE /organization/{organizationId}/member": "removes a member; organization-team.test.ts checks it is gone",
  "POST /organization/{organizationId}/customRole":
    "the answer lists every cluster and project with derived permissions; organization-team.test.ts checks name, description and permissions",
  "PUT /organization/{organizationId}/customRole/{customRoleId}":
    "the answer lists every cluster and project (every environment type, MANAGER for a project admin), not the entries sent; organization-team.test.ts checks them",
};
