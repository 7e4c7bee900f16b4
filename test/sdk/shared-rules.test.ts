/**
 * Facts the sdk and the Pulumi provider share, defined once in `sdk/`: the provider's git-provider rule says the rule
 * its check applies (the sdk's), and the environment types are one list.
 */
import { gitRepositorySchema } from "../../provider/resources/application/schema";
import { WEBHOOK_ENVIRONMENT_TYPES } from "../../provider/resources/webhook";
import {
  ENVIRONMENT_MODES, ENVIRONMENT_TYPES, GIT_PROVIDER_REQUIRED_REASON, REPORTED_ENVIRONMENT_MODES, ROLE_ENVIRONMENT_TYPES,
  WebhookRequest, gitProviderOfUrl,
} from "../../sdk";

describe("one definition of the shared rules", () => {
  test("a self-hosted host naming its product is accepted by the provider's check, whose message states that rule", () => {
    expect(gitProviderOfUrl("https://gitlab.acme.io/team/api")).toBe("GITLAB");
    const ok = gitRepositorySchema.safeParse({ url: "https://gitlab.acme.io/team/api" });
    expect(ok.success && ok.data.provider).toBe("GITLAB");
    const missing = gitRepositorySchema.safeParse({ url: "https://git.acme.io/team/api" });
    expect(missing.success).toBe(false);
    const issue = missing.error?.issues.find((i) => i.path.join(".") === "provider");
    expect(issue?.message).toBe(GIT_PROVIDER_REQUIRED_REASON);
    expect(issue?.message).toContain("self-hosted host starting with github., gitlab. or bitbucket.");
  });

  test("the environment types are one list", () => {
    expect(ENVIRONMENT_TYPES).toEqual(["DEVELOPMENT", "PREVIEW", "PRODUCTION", "STAGING"]);
    expect(WEBHOOK_ENVIRONMENT_TYPES).toBe(ENVIRONMENT_TYPES);
    expect(REPORTED_ENVIRONMENT_MODES).toBe(ENVIRONMENT_TYPES);
    expect([...ROLE_ENVIRONMENT_TYPES].sort()).toEqual([...ENVIRONMENT_TYPES]);
    expect(ENVIRONMENT_MODES).toEqual(ENVIRONMENT_TYPES.filter((t) => t !== "PREVIEW"));
    expect(WebhookRequest.safeParse({ target_url: "https://hooks.test/x", events: [], environment_types_filter: ["QA"] }).success).toBe(false);
  });
});
