/**
 * A family declares its secret fields in its own file (`secretFields(...)` beside its records); sdk/sensitive.ts
 * collects them for redaction instead of keeping a hand-written list.
 */
import "../../sdk";
import { RememberedSecrets, SENSITIVE_KEYS, secretFields, sensitiveValues } from "../../sdk/sensitive";

describe("secret fields declared by the families", () => {
  it("collects every family's fields (the list sdk/sensitive.ts used to keep by hand)", () => {
    expect([...SENSITIVE_KEYS].sort()).toEqual([
      "access_key_id", "api_token", "aws_secret_access_key", "content", "gcp_credentials", "json_credentials", "login", "password",
      "scaleway_access_key", "scaleway_secret_key", "secret_access_key", "secret_key", "spec_config_secret", "target_secret",
      "target_url", "token", "value", "vsphere_password",
    ]);
  });

  it("keeps a newly declared field out of messages: a secret for good, a sensitive one for its own call only", () => {
    secretFields({ secret: ["signing_key_of_a_new_family"], sensitive: ["login_of_a_new_family"] });
    const body = { signing_key_of_a_new_family: "s3cr3t-key", login_of_a_new_family: "admin-user", name: "plain" };
    expect(sensitiveValues(body).sort()).toEqual(["admin-user", "s3cr3t-key"]);
    const remembered = new RememberedSecrets();
    remembered.addSent("/organization/o1/newFamily", body, false);
    expect(remembered.all()).toEqual(["s3cr3t-key"]);
  });
});
