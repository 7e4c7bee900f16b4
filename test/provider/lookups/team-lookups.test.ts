/**
 * The team lookups against the emulator: a member by address or user id, an API token's metadata (never its
 * value), a custom role by name or id, and a cluster's kubeconfig, a Pulumi secret in its Output form. Each not
 * found fails naming the candidates.
 */
import * as pulumi from "@pulumi/pulumi";
import type { DeployServiceClient } from "../../../sdk";
import {
  findApiToken, findClusterKubeconfig, findCustomRole, findOrganizationMember, getApiTokenOutput, getClusterKubeconfig,
  getClusterKubeconfigOutput, getCustomRoleOutput, getOrganizationMember, getOrganizationMemberOutput,
} from "../../../provider/lookups/index";
import { useFixture } from "../support/fixture";
import { sdkMember } from "../lifecycle-rows/team";

const fx = useFixture();

function value<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe("team lookups", () => {
  let member: { id: string; email: string };
  let tokenId: string;
  let tokenValue: string;
  let roleId: string;

  beforeAll(async () => {
    member = await sdkMember(fx, "lookup");
    const token = await fx.client.apiTokens.create(fx.orgId, { name: "lookup-ci", description: "for CI", scope: "Deploy" });
    tokenId = token.id;
    tokenValue = token.token;
    roleId = (await fx.client.customRoles.create(fx.orgId, { name: "Lookup-Deployers", description: "deploys" })).id;
  });

  it("finds a member by address (any letter case) or user id, with the role", async () => {
    const found = await findOrganizationMember(fx.client, { organizationId: fx.orgId, email: member.email.toUpperCase() });
    expect(found).toMatchObject({ userId: member.id, email: member.email, organizationId: fx.orgId, roleName: "Read" });
    expect((await findOrganizationMember(fx.client, { organizationId: fx.orgId, userId: member.id })).email).toBe(member.email);
    await expect(findOrganizationMember(fx.client, { organizationId: fx.orgId })).rejects.toThrow(/exactly one of \{ email \} and \{ userId \}, got neither/);
  });

  it("fails naming the members when none has the address", async () => {
    await expect(findOrganizationMember(fx.client, { organizationId: fx.orgId, email: "nobody@acme.example" }))
      .rejects.toThrow(new RegExp(`getOrganizationMember: no member with address "nobody@acme.example".*${member.email.replace(/[.]/g, "\\.")}`));
  });

  it("finds an API token's metadata by name or id, never its value", async () => {
    const byName = await findApiToken(fx.client, { organizationId: fx.orgId, name: "lookup-ci" });
    expect(byName).toMatchObject({ id: tokenId, name: "lookup-ci", description: "for CI", roleName: "Deploy", organizationId: fx.orgId });
    expect(JSON.stringify(byName)).not.toContain(tokenValue);
    expect((await findApiToken(fx.client, { organizationId: fx.orgId, id: tokenId })).name).toBe("lookup-ci");
    await expect(findApiToken(fx.client, { organizationId: fx.orgId, name: "lookup-cd" })).rejects.toThrow(/no API token named "lookup-cd" .*"lookup-ci"/);
    await expect(findApiToken(fx.client, { organizationId: fx.orgId, id: "00000000-0000-4000-8000-00000000dead" })).rejects.toThrow(/no API token with id/);
  });

  it("fails naming the tokens and their ids when a name matches several", async () => {
    const twin = (id: string) => ({ id, name: "ci" });
    const client = { apiTokens: { list: async () => [twin("t-1"), twin("t-2")] } } as unknown as DeployServiceClient;
    await expect(findApiToken(client, { organizationId: "org-1", name: "ci" })).rejects.toThrow(/2 API tokens named "ci".*t-1.*t-2.*pass \{ id \}/);
  });

  it("finds a custom role by name (ignoring case) or id, with a permission on every cluster", async () => {
    const found = await findCustomRole(fx.client, { organizationId: fx.orgId, name: "lookup-deployers" });
    expect(found).toMatchObject({ id: roleId, name: "Lookup-Deployers", description: "deploys", organizationId: fx.orgId });
    expect(found.clusterPermissions.map((c) => c.clusterId).sort()).toEqual([...fx.clusterIds].sort());
    expect((await findCustomRole(fx.client, { organizationId: fx.orgId, id: roleId })).name).toBe("Lookup-Deployers");
    await expect(findCustomRole(fx.client, { organizationId: fx.orgId, name: "auditors" })).rejects.toThrow(/no custom role named "auditors" .*"Lookup-Deployers"/);
  });

  it("reads a cluster's kubeconfig naming the cluster", async () => {
    const found = await findClusterKubeconfig(fx.client, { organizationId: fx.orgId, clusterId: fx.clusterIds[0] });
    expect(found.kubeconfig).toMatch(/eu-west/);
    expect(found.clusterId).toBe(fx.clusterIds[0]);
  });

  it("Promise forms take plain values with the environment's credentials", async () => {
    expect((await getOrganizationMember({ organizationId: fx.orgId, email: member.email })).userId).toBe(member.id);
    expect((await getClusterKubeconfig({ organizationId: fx.orgId, clusterId: fx.clusterIds[1] })).kubeconfig).toMatch(/us-east/);
  });

  it("Output forms take Inputs; only the kubeconfig is a secret", async () => {
    const org = pulumi.output(fx.orgId);
    const found = getOrganizationMemberOutput({ organizationId: org, email: pulumi.output(member.email) });
    expect(await value(found.userId)).toBe(member.id);
    expect(await pulumi.isSecret(found.userId)).toBe(false);
    const token = getApiTokenOutput({ organizationId: org, name: "lookup-ci" });
    expect(await value(token.id)).toBe(tokenId);
    const role = getCustomRoleOutput({ organizationId: org, name: "Lookup-Deployers" });
    expect(await value(role.id)).toBe(roleId);
    const access = getClusterKubeconfigOutput({ organizationId: org, clusterId: pulumi.output(fx.clusterIds[0]) });
    expect(await value(access.kubeconfig)).toMatch(/eu-west/);
    expect(await pulumi.isSecret(access.kubeconfig)).toBe(true);
  });
});
