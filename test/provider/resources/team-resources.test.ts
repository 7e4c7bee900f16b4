/**
 * The team resources against the emulator: an API token really authenticates with its scope, keeps its value
 * through refreshes, rotates by creating the new token before the old one is deleted, and stops working once
 * deleted; an invitation goes from pending to accepted without leaving the state; the lifecycle of the two families
 * the service cannot change in place (every input replaces them); and the messages of a member or role not found.
 */
import { DeployServiceClient } from "../../../sdk";
import { apiToken, apiTokenProvider, rotatedName } from "../../../provider/resources/api-token";
import { organizationInvitation, organizationInvitationProvider } from "../../../provider/resources/organization-invitation";
import { organizationMemberProvider } from "../../../provider/resources/organization-member";
import { organizationSettingsProvider } from "../../../provider/resources/organization-settings";
import { checkedInputs } from "../support/check-helpers";
import { clearFaults, clearRequests, injectFault, requests, useFixture } from "../support/fixture";
import { sdkMember } from "../lifecycle-rows/team";

type Props = Record<string, unknown>;

const fx = useFixture();

/** A client calling the emulator with `token`. */
const clientWith = (token: string) => new DeployServiceClient({ baseUrl: fx.emulator.url, token, pacing: false, maxRetries: 0 });

/** The HTTP status a call ends with: 200 when it succeeds. */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
    return 200;
  } catch (e) {
    return (e as { status?: number }).status ?? -1;
  }
}

describe("ApiToken", () => {
  it("refuses both or neither of scope and customRoleId, and an unknown scope, before any call", async () => {
    const base = { organizationId: "org-1", name: "ci" };
    const reasons = async (inputs: Props) => ((await apiTokenProvider.check!({}, inputs)).failures ?? []).map((f) => `${f.property}: ${f.reason}`).join(" | ");
    expect(await reasons(base)).toMatch(/exactly one of scope .* and customRoleId, got neither/);
    expect(await reasons({ ...base, scope: "Read", customRoleId: "role-1" })).toMatch(/got both/);
    expect(await reasons({ ...base, scope: "Owner" })).toMatch(/^scope: .*"Deploy"/);
  });

  it("marks the token value a secret output", () => {
    expect(apiToken.secretOutputs).toContain("token");
  });

  describe("a Read token through its lifecycle", () => {
    let inputs: Props;
    let id: string;
    let outs: Props;

    beforeAll(async () => {
      inputs = await checkedInputs(apiTokenProvider, { organizationId: fx.orgId, name: "dashboard", scope: "Read", triggers: ["2026-11"] });
      const created = await apiTokenProvider.create!(inputs);
      id = created.id;
      outs = created.outs as Props;
    });

    it("gives a token that reads but cannot write", async () => {
      expect(outs["token"]).toEqual(expect.any(String));
      expect([outs["roleName"], outs["serviceName"]]).toEqual(["Read", "dashboard"]);
      const reader = clientWith(String(outs["token"]));
      expect(await statusOf(() => reader.projects.list(fx.orgId))).toBe(200);
      expect(await statusOf(() => reader.projects.create(fx.orgId, { name: "not-allowed" }))).toBe(403);
    });

    it("shows no change for the same inputs with zero calls, and keeps the value through a refresh", async () => {
      await clearRequests(fx.emulator);
      expect((await apiTokenProvider.diff!(id, outs, inputs)).changes).toBe(false);
      expect(await requests(fx.emulator)).toEqual([]);
      const read = await apiTokenProvider.read!(id, outs);
      expect([read.id, (read.props as Props)["token"]]).toEqual([id, outs["token"]]);
      expect((await apiTokenProvider.diff!(id, read.props as Props, inputs)).changes).toBe(false);
    });

    it("replaces on a new trigger (or any other input), creating the new token first", async () => {
      for (const change of [{ triggers: ["2026-12"] }, { name: "dashboard-2" }, { description: "x" }, { scope: "Write" }]) {
        const d = await apiTokenProvider.diff!(id, outs, await checkedInputs(apiTokenProvider, { ...inputs, ...change }));
        expect([d.replaces, d.deleteBeforeReplace ?? false]).toEqual([Object.keys(change), false]);
      }
    });

    it("rotates: the replacement takes another name while the old token holds it; deleting the old one revokes it", async () => {
      const next = await checkedInputs(apiTokenProvider, { ...inputs, triggers: ["2026-12"] });
      const created = await apiTokenProvider.create!(next);
      const newOuts = created.outs as Props;
      expect(newOuts["serviceName"]).toMatch(/^dashboard \(rotated \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)$/);
      expect(newOuts["name"]).toBe("dashboard");
      await apiTokenProvider.delete!(id, outs);
      expect(await statusOf(() => clientWith(String(outs["token"])).projects.list(fx.orgId))).toBe(401);
      expect(await statusOf(() => clientWith(String(newOuts["token"])).projects.list(fx.orgId))).toBe(200);
      // The next rotation finds the plain name free again.
      const third = await apiTokenProvider.create!(await checkedInputs(apiTokenProvider, { ...inputs, triggers: ["2027-01"] }));
      expect((third.outs as Props)["serviceName"]).toBe("dashboard");
      await apiTokenProvider.delete!(created.id, newOuts);
      await apiTokenProvider.delete!(third.id, third.outs as Props);
      await expect(apiTokenProvider.delete!(third.id, third.outs as Props)).resolves.toBeUndefined();
    });

    it("reads a token deleted outside as gone", async () => {
      const created = await apiTokenProvider.create!(await checkedInputs(apiTokenProvider, { organizationId: fx.orgId, name: "gone-soon", scope: "Deploy" }));
      await fx.client.apiTokens.delete(fx.orgId, created.id);
      expect((await apiTokenProvider.read!(created.id, created.outs as Props)).id).toBe("");
    });
  });

  it("works with a custom role's id: the token may write where the role grants it, and nowhere else", async () => {
    const role = await fx.client.customRoles.create(fx.orgId, { name: "token-role" });
    const project = await fx.client.projects.create(fx.orgId, { name: "custom-token-project" });
    await fx.client.customRoles.update(fx.orgId, role.id, { name: "token-role", cluster_permissions: [], project_permissions: [{ project_id: project.id, is_admin: true }] });
    const created = await apiTokenProvider.create!(await checkedInputs(apiTokenProvider, { organizationId: fx.orgId, name: "custom", customRoleId: role.id }));
    const outs = created.outs as Props;
    expect([outs["roleId"], outs["roleName"]]).toEqual([role.id, "token-role"]);
    const custom = clientWith(String(outs["token"]));
    expect(await statusOf(() => custom.projects.update(project.id, { name: "custom-token-project", description: "by the role" }))).toBe(200);
    expect(await statusOf(() => custom.projects.create(fx.orgId, { name: "by-custom-token" }))).toBe(403);
    await apiTokenProvider.delete!(created.id, outs);
  });

  it("never quotes the token value in a failure", async () => {
    const created = await apiTokenProvider.create!(await checkedInputs(apiTokenProvider, { organizationId: fx.orgId, name: "failing-delete", scope: "Read" }));
    const outs = created.outs as Props;
    await injectFault(fx.emulator, { method: "DELETE", path: `/organization/${fx.orgId}/apiToken/${created.id}`, status: 500, times: 10 });
    const failure = await apiTokenProvider.delete!(created.id, outs).then(() => "", (e: Error) => `${e.message}\n${e.stack ?? ""}`);
    await clearFaults(fx.emulator);
    expect(failure).toMatch(/API token "failing-delete"/);
    expect(failure.includes(String(outs["token"]))).toBe(false);
    await apiTokenProvider.delete!(created.id, outs);
  });

  it("names the service's rotated-name format", () => {
    expect(rotatedName("ci", new Date("2026-11-23T19:00:05.123Z"))).toBe("ci (rotated 2026-11-23T19:00:05Z)");
  });
});

describe("OrganizationInvitation", () => {
  const email = "invitee@acme.example";
  let inputs: Props;
  let id: string;
  let outs: Props;

  beforeAll(async () => {
    inputs = await checkedInputs(organizationInvitationProvider, { organizationId: fx.orgId, email, role: "deploy" });
    const created = await organizationInvitationProvider.create!(inputs);
    id = created.id;
    outs = created.outs as Props;
  });

  it("invites with the role named, pending, its link a secret output", async () => {
    expect([outs["status"], outs["roleName"], outs["email"]]).toEqual(["PENDING", "Deploy", email]);
    expect(organizationInvitation.secretOutputs).toContain("invitationLink");
    const listed = await fx.client.invitations.get(fx.orgId, id);
    expect([listed.email, listed.role_name]).toEqual([email, "Deploy"]);
  });

  it("shows no change for the same inputs (the address in other letter case too), and none after a refresh", async () => {
    await clearRequests(fx.emulator);
    expect((await organizationInvitationProvider.diff!(id, outs, { ...inputs, email: email.toUpperCase() })).changes).toBe(false);
    expect(await requests(fx.emulator)).toEqual([]);
    const read = await organizationInvitationProvider.read!(id, outs);
    expect((await organizationInvitationProvider.diff!(id, read.props as Props, inputs)).changes).toBe(false);
  });

  it("replaces when the address or the role changes", async () => {
    for (const change of [{ email: "other@acme.example" }, { role: "Read" }]) {
      const d = await organizationInvitationProvider.diff!(id, outs, await checkedInputs(organizationInvitationProvider, { ...inputs, ...change }));
      expect(d.replaces).toEqual(Object.keys(change));
    }
  });

  it("reads an accepted invitation as ACCEPTED, with no change; its delete leaves the member", async () => {
    await fx.client.invitations.accept(fx.orgId, id);
    const read = await organizationInvitationProvider.read!(id, outs);
    expect([read.id, (read.props as Props)["status"]]).toEqual([id, "ACCEPTED"]);
    expect((await organizationInvitationProvider.diff!(id, read.props as Props, inputs)).changes).toBe(false);
    await organizationInvitationProvider.delete!(id, read.props as Props);
    const members = await fx.client.members.list(fx.orgId);
    expect(members.filter((m) => m.email === email).map((m) => m.role_name)).toEqual(["Deploy"]);
  });

  it("cancels a pending invitation on delete, and reads one cancelled outside as gone", async () => {
    const a = await organizationInvitationProvider.create!(await checkedInputs(organizationInvitationProvider, { organizationId: fx.orgId, email: "a@acme.example", role: "Read" }));
    await organizationInvitationProvider.delete!(a.id, a.outs as Props);
    expect(await statusOf(() => fx.client.invitations.get(fx.orgId, a.id))).toBe(404);
    await expect(organizationInvitationProvider.delete!(a.id, a.outs as Props)).resolves.toBeUndefined();
    const b = await organizationInvitationProvider.create!(await checkedInputs(organizationInvitationProvider, { organizationId: fx.orgId, email: "b@acme.example", role: "Read" }));
    await fx.client.invitations.delete(fx.orgId, b.id);
    expect((await organizationInvitationProvider.read!(b.id, b.outs as Props)).id).toBe("");
  });

  it("fails naming the organization's roles when the role matches none", async () => {
    const checked = await checkedInputs(organizationInvitationProvider, { organizationId: fx.orgId, email: "c@acme.example", role: "Superuser" });
    await expect(organizationInvitationProvider.create!(checked)).rejects.toThrow(/no role named "Superuser".*"Admin".*"Read"/);
  });
});

describe("OrganizationMember", () => {
  it("refuses both or neither of userId and email, and of role and roleId", async () => {
    const failures = async (inputs: Props) => ((await organizationMemberProvider.check!({}, inputs)).failures ?? []).map((f) => f.reason).join(" | ");
    expect(await failures({ organizationId: "o", role: "Read" })).toMatch(/exactly one of userId and email, got neither/);
    expect(await failures({ organizationId: "o", email: "a@b.c", userId: "u", role: "Read" })).toMatch(/got both/);
    expect(await failures({ organizationId: "o", email: "a@b.c" })).toMatch(/exactly one of role .* and roleId, got neither/);
  });

  it("fails naming the members when the address is none of theirs, and says how someone joins", async () => {
    const member = await sdkMember(fx, "known");
    const checked = await checkedInputs(organizationMemberProvider, { organizationId: fx.orgId, email: "stranger@acme.example", role: "Read" });
    const error = await organizationMemberProvider.create!(checked).then(() => undefined, (e: Error) => e.message);
    expect(error).toMatch(/no member with address "stranger@acme.example"/);
    expect(error).toContain(member.email);
    expect(error).toMatch(/OrganizationInvitation/);
  });

  it("gives a custom role by id", async () => {
    const member = await sdkMember(fx, "custom");
    const role = await fx.client.customRoles.create(fx.orgId, { name: "member-role" });
    const created = await organizationMemberProvider.create!(await checkedInputs(organizationMemberProvider, { organizationId: fx.orgId, userId: member.id, roleId: role.id }));
    expect([created.id, (created.outs as Props)["roleName"], (created.outs as Props)["email"]]).toEqual([member.id, "member-role", member.email]);
  });
});

describe("OrganizationSettings", () => {
  it("refuses a website, logo or icon that is no http(s) URL", async () => {
    const result = await organizationSettingsProvider.check!({}, { organizationId: "o", websiteUrl: "javascript:alert(1)", logoUrl: "ftp://x" });
    expect((result.failures ?? []).map((f) => f.property).sort()).toEqual(["logoUrl", "websiteUrl"]);
  });
});
