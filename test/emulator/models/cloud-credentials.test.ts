/**
 * Cloud credentials of the five clouds, one table: created, listed, read, replaced and deleted per cloud; what is shown
 * comes back, a secret never does (not in an answer, not in the state dump); the organization's list names the
 * clusters using each set; the routes refuse a Read token's writes and bad bodies naming the field.
 */
import { control } from "../../../emulator/control/control-client";
import { fieldOf, useEmulator } from "../support/helpers";

const c = useEmulator();

const SECRETS = ["aws-secret-value-1", "aws-secret-value-2", "gcp-key-json-secret", "scw-secret-value"];
const BODIES: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
  ["aws", { type: "AWS_STATIC", name: "keys", access_key_id: "AKIA0001", secret_access_key: SECRETS[0] }, { object_type: "AWS", access_key_id: "AKIA0001" }],
  ["aws", { type: "AWS_ROLE", name: "role", role_arn: "arn:aws:iam::123456789012:role/deployer" }, { object_type: "AWS_ROLE", role_arn: "arn:aws:iam::123456789012:role/deployer" }],
  ["gcp", { name: "gcp", gcp_credentials: SECRETS[2] }, { object_type: "GCP" }],
  ["scaleway", { name: "scw", scaleway_access_key: "SCW01", scaleway_secret_key: SECRETS[3], scaleway_project_id: "p", scaleway_organization_id: "o" },
    { object_type: "SCW", scaleway_access_key: "SCW01", scaleway_project_id: "p", scaleway_organization_id: "o" }],
  ["azure", { name: "az", azure_subscription_id: "sub", azure_tenant_id: "ten" },
    { object_type: "AZURE", azure_subscription_id: "sub", azure_tenant_id: "ten", azure_application_id: expect.any(String), azure_application_object_id: expect.any(String) }],
  ["onPremise", { name: "rack" }, { object_type: "OTHER" }],
];

describe("cloud credentials", () => {
  it("of every cloud come back as sent, without their secrets, and are replaced and deleted", async () => {
    for (const [cloud, body, shown] of BODIES) {
      const base = `/organization/${c.org}/${cloud}/credentials`;
      const made = await c.call("POST", base, body);
      expect([cloud, made.status]).toEqual([cloud, 201]);
      expect(made.body).toEqual({ id: made.body.id, name: body["name"], ...shown });
      expect((await c.call("GET", `${base}/${made.body.id}`)).body).toEqual(made.body);
      expect((await c.call("GET", base)).body.results).toContainEqual(made.body);
      const renamed = await c.call("PUT", `${base}/${made.body.id}`, { ...body, name: `${body["name"]}-2` });
      expect([cloud, renamed.status, renamed.body.name]).toEqual([cloud, 200, `${body["name"]}-2`]);
      if (cloud === "azure") expect(renamed.body.azure_application_id).toBe(made.body.azure_application_id);
    }
    const aws = (await c.call("GET", `/organization/${c.org}/aws/credentials`)).body.results as Array<{ id: string; object_type: string }>;
    expect(aws.map((a) => a.object_type).sort()).toEqual(["AWS", "AWS_ROLE"]);
    // another cloud's path does not find them
    expect((await c.call("GET", `/organization/${c.org}/gcp/credentials/${aws[0]?.id}`)).status).toBe(404);
    // the secret changes in place
    const keys = aws.find((a) => a.object_type === "AWS") as { id: string };
    await c.call("PUT", `/organization/${c.org}/aws/credentials/${keys.id}`, { type: "AWS_STATIC", name: "keys", access_key_id: "AKIA0001", secret_access_key: SECRETS[1] });

    const all = await c.call("GET", `/organization/${c.org}/credentials`);
    expect(all.body.results).toHaveLength(BODIES.length);
    expect(all.body.results[0]).toEqual({ credential: expect.objectContaining({ object_type: expect.any(String) }), clusters: [] });
    const dump = await (await control(c.emu, "GET", "/state")).text();
    for (const secret of SECRETS) {
      expect(JSON.stringify(all.body)).not.toContain(secret);
      expect(dump).not.toContain(secret);
    }
    expect(dump).toContain("\"secret_access_key\":\"***\"");

    expect((await c.call("DELETE", `/organization/${c.org}/aws/credentials/${keys.id}`)).status).toBe(204);
    expect((await c.call("GET", `/organization/${c.org}/aws/credentials/${keys.id}`)).status).toBe(404);
  });

  it("of EKS Anywhere on vSphere (a role or a key pair) are AWS credentials answered without the vSphere password or the secret key", async () => {
    const base = `/organization/${c.org}/aws/credentials`;
    const role = await c.call("POST", base, { type: "EKS_ANYWHERE_VSPHERE_ROLE", name: "vs-role", vsphere_user: "ops@vsphere.local", vsphere_password: "vsphere-pass-1", role_arn: "arn:aws:iam::123456789012:role/eksa" });
    expect([role.status, role.body]).toEqual([201, { id: role.body.id, name: "vs-role", object_type: "EKS_ANYWHERE_VSPHERE", vsphere_user: "ops@vsphere.local", role_arn: "arn:aws:iam::123456789012:role/eksa" }]);
    const keys = await c.call("POST", base, { type: "EKS_ANYWHERE_VSPHERE_STATIC", name: "vs-keys", vsphere_user: "ops", vsphere_password: "vsphere-pass-2", access_key_id: "AKIAVS", secret_access_key: "vsphere-aws-secret" });
    expect([keys.status, keys.body]).toEqual([201, { id: keys.body.id, name: "vs-keys", object_type: "EKS_ANYWHERE_VSPHERE", vsphere_user: "ops", access_key_id: "AKIAVS" }]);
    const missing = await c.call("POST", base, { type: "EKS_ANYWHERE_VSPHERE_ROLE", name: "vs", vsphere_user: "ops", role_arn: "arn:aws:iam::123456789012:role/eksa" });
    expect([missing.status, fieldOf(missing.body.message)]).toEqual([400, "vsphere_password"]);
    const listed = JSON.stringify((await c.call("GET", base)).body);
    const dump = await (await control(c.emu, "GET", "/state")).text();
    for (const secret of ["vsphere-pass-1", "vsphere-pass-2", "vsphere-aws-secret"]) expect([listed.includes(secret), dump.includes(secret)]).toEqual([false, false]);
  });

  it("refuse a body missing a field, naming it, and a Read token's writes", async () => {
    const base = `/organization/${c.org}/aws/credentials`;
    const missing = await c.call("POST", base, { type: "AWS_STATIC", name: "keys", access_key_id: "AKIA" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("secret_access_key");
    const badArn = await c.call("POST", base, { type: "AWS_ROLE", name: "role", role_arn: "deployer" });
    expect([badArn.status, fieldOf(badArn.body.message)]).toEqual([400, "role_arn"]);
    const scw = await c.call("POST", `/organization/${c.org}/scaleway/credentials`, { name: "scw", scaleway_access_key: "a" });
    expect(scw.status).toBe(400);
    expect(scw.body.message).toContain("scaleway_secret_key");
    const read = await c.call("POST", `/organization/${c.org}/azure/credentials`, { name: "az", azure_subscription_id: "s", azure_tenant_id: "t" }, c.emu.tokens.read);
    expect(read.status).toBe(403);
    expect((await c.call("GET", `/organization/${c.org}/azure/credentials`, undefined, c.emu.tokens.read)).status).toBe(200);
    expect((await c.call("POST", `/organization/${c.org}/azure/credentials`, { name: "az", azure_subscription_id: "s", azure_tenant_id: "t" }, c.emu.tokens.write)).status).toBe(201);
  });
});
