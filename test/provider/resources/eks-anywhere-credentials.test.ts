/**
 * EKS Anywhere on vSphere credentials, `AwsCredentials` with `vsphereUser` and `vspherePassword`: sent as the
 * service's `EKS_ANYWHERE_VSPHERE_ROLE` or `_STATIC` body, the password a Pulumi secret kept from the state on
 * refresh (the service never answers it), read back with no drift.
 */
import { awsCredentials, awsCredentialsProvider as p } from "../../../provider/resources/cloud-credentials";
import { checkedInputs } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

type Props = Record<string, unknown>;
const fx = useFixture();

it.each([
  ["a role", { roleArn: "arn:aws:iam::123456789012:role/eksa" }, { role_arn: "arn:aws:iam::123456789012:role/eksa" }],
  ["a key pair", { accessKeyId: "AKIAVSPHERE", secretAccessKey: "vsphere-aws-secret" }, { access_key_id: "AKIAVSPHERE" }],
])("with %s: the vSphere account reaches the wire, the password stays a secret of the state, a refresh shows no drift", async (_what, auth, shown) => {
  const name = `eksa-${Math.random().toString(36).slice(2, 8)}`;
  const inputs = await checkedInputs(p, { organizationId: fx.orgId, name, vsphereUser: "ops@vsphere.local", vspherePassword: "vsphere-pass-123", ...auth, __provider: "serialized" });
  const made = await p.create!(inputs);
  const record = await fx.client.awsCredentials.get(fx.orgId, made.id);
  expect(record).toMatchObject({ name, object_type: "EKS_ANYWHERE_VSPHERE", vsphere_user: "ops@vsphere.local", ...shown });
  expect(JSON.stringify(record)).not.toContain("vsphere-pass-123");
  expect([awsCredentials.secretInputs, awsCredentials.secretOutputs]).toEqual([expect.arrayContaining(["vspherePassword", "secretAccessKey"]), expect.arrayContaining(["vspherePassword"])]);

  const read = await p.read!(made.id, made.outs);
  expect(read.inputs).toMatchObject({ vsphereUser: "ops@vsphere.local", vspherePassword: "vsphere-pass-123", ...auth });
  expect((await p.diff!(made.id, read.props as Props, inputs)).changes).toBe(false);
  await p.delete!(made.id, made.outs);
});
