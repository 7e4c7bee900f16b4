/**
 * Credentials written into a URL (sdk/url-credentials.ts) are refused before anything is sent: a git repository's
 * URL (the token goes in a git token), a container registry's URL (the credentials go in its `config`), a webhook's
 * target (a signing secret instead); a webhook's signing secret with a line break could never be sent as a header.
 * No message repeats the credential.
 */
import {
  BadRequestError, containerRegistryProblems, gitUrlProblem, hasUrlCredentials, urlUserinfo, webhookSecretProblem, webhookTargetProblem,
} from "../../sdk";
import { JSON_HEADERS, mockClient, rejectionOf } from "./support/helpers";

const TOKEN_IN_URL = "ghp_Zq7Kx9TokenInUrl";

function expectNoToken(e: unknown): void {
  const err = e as Error;
  expect(`${err.message}\n${String(err.stack)}`).not.toContain(TOKEN_IN_URL);
}

describe("credentials in URLs", () => {
  it("tells a user name, a password, and neither", () => {
    expect(urlUserinfo(`https://x:${TOKEN_IN_URL}@github.com/a/b`)).toBe("password");
    expect(urlUserinfo(`https://${TOKEN_IN_URL}@github.com/a/b`)).toBe("user");
    expect(urlUserinfo("https://github.com/a/b")).toBe("none");
    expect(urlUserinfo("git@github.com:a/b.git")).toBe("none");
    expect(hasUrlCredentials(`https://:${TOKEN_IN_URL}@h.example.com`)).toBe(true);
  });

  it("a git URL with a token or password in it is refused, saying the token goes in a git token", () => {
    for (const url of [
      `https://x-access-token:${TOKEN_IN_URL}@github.com/acme/api.git`, `https://${TOKEN_IN_URL}@github.com/acme/api.git`,
      `http://ci:${TOKEN_IN_URL}@gitlab.acme.io/acme/api`, `ssh://git:${TOKEN_IN_URL}@bitbucket.org/acme/api.git`,
    ]) {
      const problem = gitUrlProblem(url);
      expect(problem).toContain("without credentials");
      expect(problem).toContain("gitTokenId");
      expect(problem).not.toContain(TOKEN_IN_URL);
    }
    // An ssh address is refused for its scheme (the service clones over https), naming the https form, not a credential.
    for (const url of ["ssh://git@github.com/acme/api.git", "git@github.com:acme/api.git"]) {
      expect(gitUrlProblem(url)).toContain("https://github.com/owner/repo");
    }
  });

  it("a registry URL with credentials in it is refused, saying they go in config", () => {
    for (const [kind, url] of [["GENERIC_CR", "https://u:%s@registry.example.com"], ["DOCKER_HUB", "https://%s@docker.io"]] as const) {
      const problems = containerRegistryProblems(kind, url.replace("%s", TOKEN_IN_URL), { username: "u", password: "p" });
      expect(problems).toEqual([{ path: ["url"], message: expect.stringContaining("config") }]);
      expect(JSON.stringify(problems)).not.toContain(TOKEN_IN_URL);
    }
  });

  it("a webhook target with userinfo and a signing secret with CR or LF are refused, never quoted", () => {
    expect(webhookTargetProblem(`https://u:${TOKEN_IN_URL}@hooks.example.com/x`)).toContain("without credentials");
    expect(webhookTargetProblem("https://hooks.example.com/x")).toBeUndefined();
    for (const secret of [`${TOKEN_IN_URL}\r\nX-Evil: 1`, `${TOKEN_IN_URL}\n`, `a\rb`, `a\u0000b`]) {
      expect(webhookSecretProblem(secret)).toContain("line breaks");
      expect(webhookSecretProblem(secret)).not.toContain(TOKEN_IN_URL);
    }
    expect(webhookSecretProblem("tab\tand spaces are fine")).toBeUndefined();
  });

  it("the client refuses each before sending (no POST is intercepted, so a send would fail otherwise)", async () => {
    const { client, pool } = mockClient();
    // A webhook create first lists the webhooks (they have no unique name, so a lost answer is recovered by that list).
    pool.intercept({ path: "/organization/o1/webhook", method: "GET" }).reply(200, { results: [] }, { headers: JSON_HEADERS }).times(2);
    const git = await rejectionOf(client.applications.create("e1", {
      name: "a", git_repository: { url: `https://x:${TOKEN_IN_URL}@github.com/acme/api.git` },
    }));
    const registry = await rejectionOf(client.containerRegistries.create("o1", {
      name: "r", kind: "GENERIC_CR", url: `https://u:${TOKEN_IN_URL}@registry.example.com`,
    }));
    const target = await rejectionOf(client.webhooks.create("o1", { target_url: `https://u:${TOKEN_IN_URL}@h.example.com/x`, events: ["DEPLOYMENT_FAILURE"] }));
    const secret = await rejectionOf(client.webhooks.create("o1", {
      target_url: "https://h.example.com/x", events: ["DEPLOYMENT_FAILURE"], target_secret: `${TOKEN_IN_URL}\r\n`,
    }));
    expect(git.message).toContain('request field "git_repository.url": expected a repository URL without credentials');
    expect(registry.message).toContain('request field "url": expected the registry\'s URL without credentials');
    expect(target.message).toContain('request field "target_url": expected a target URL without credentials');
    expect(secret.message).toContain('request field "target_secret": expected a signing secret without line breaks');
    for (const e of [git, registry, target, secret]) {
      expect(e).toBeInstanceOf(BadRequestError);
      expectNoToken(e);
    }
  });
});
