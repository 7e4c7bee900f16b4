/**
 * A credential written into a URL is refused by `check`, before anything is stored or sent, with a message that
 * names the field and says where the credential goes, and never quotes it: a git repository's URL (a GitToken's
 * `gitTokenId`), a container registry's URL (its `config`), a webhook's target (a signing secret). A webhook's
 * signing secret with a line break, which could never be sent as a header, is refused the same way.
 */
import { providerFor } from "../../../provider/runtime";

type Props = Record<string, unknown>;

const ID = "5b0f7b4e-8a8e-4b59-9d3e-2f1c6a7d9e01";
const TOKEN = "glpat-Zq7Kx9CredentialInUrl";
const application: Props = { environmentId: ID, name: "api", gitRepository: { url: "https://github.com/acme/api.git" } };
const job: Props = {
  environmentId: ID, name: "migrate", schedule: { onStart: {} },
  source: { docker: { gitRepository: { url: "https://github.com/acme/api.git" } } },
};
const hook: Props = { organizationId: ID, targetUrl: "https://hooks.example.com/deploys", events: ["DEPLOYMENT_FAILURE"] };

async function failures(kind: string, inputs: Props) {
  return (await providerFor(kind).check!({}, { ...inputs, __provider: "serialized" })).failures ?? [];
}

/** The one failure of `inputs`: at `property`, containing `words`, without the token. */
async function expectRefused(kind: string, inputs: Props, property: string, words: string[]): Promise<void> {
  const found = await failures(kind, inputs);
  expect(found.map((f) => f.property)).toEqual([property]);
  for (const w of words) expect(found[0]!.reason).toContain(w);
  expect(JSON.stringify(found)).not.toContain(TOKEN);
  expect(JSON.stringify(found)).not.toContain(TOKEN.slice(6, 16));
}

describe("credentials in URLs are refused by check", () => {
  const gitUrls = [
    `https://oauth2:${TOKEN}@gitlab.com/acme/api.git`, `https://${TOKEN}@github.com/acme/api.git`,
    `http://ci:${TOKEN}@github.com/acme/api`, `ssh://git:${TOKEN}@bitbucket.org/acme/api.git`,
  ];

  it("an application's git URL with a token in it, saying the token goes in a GitToken (gitTokenId)", async () => {
    for (const url of gitUrls) {
      await expectRefused("Application", { ...application, gitRepository: { url, gitTokenId: ID } }, "gitRepository.url", ["GitToken", "gitTokenId"]);
    }
    // An ssh address naming the ssh user is refused for its scheme, with the https form to give instead.
    for (const url of ["ssh://git@github.com/acme/api.git", "git@github.com:acme/api.git"]) {
      await expectRefused("Application", { ...application, gitRepository: { url } }, "gitRepository.url", ["https://github.com/owner/repo"]);
    }
  });

  it("a job's git URL the same way", async () => {
    for (const url of gitUrls) {
      await expectRefused("Job", { ...job, source: { docker: { gitRepository: { url } } } }, "source.docker.gitRepository.url", ["GitToken", "gitTokenId"]);
    }
  });

  it("a container registry's URL with credentials in it, saying they go in the registry's config", async () => {
    const base = { organizationId: ID, name: "mirror", config: { username: "acme", password: "p" } };
    await expectRefused("ContainerRegistry", { ...base, kind: "GENERIC_CR", url: `https://acme:${TOKEN}@registry.example.com` }, "url", ["config"]);
    await expectRefused("ContainerRegistry", { ...base, kind: "DOCKER_HUB", url: `https://${TOKEN}@docker.io` }, "url", ["config"]);
  });

  it("a webhook target with userinfo, and a signing secret with CR or LF, naming the field", async () => {
    await expectRefused("Webhook", { ...hook, targetUrl: `https://hooks:${TOKEN}@hooks.example.com/deploys` }, "targetUrl", ["credentials"]);
    await expectRefused("Webhook", { ...hook, targetUrl: `https://${TOKEN}@hooks.example.com/deploys` }, "targetUrl", ["credentials"]);
    for (const targetSecret of [`${TOKEN}\r\nX-Injected: 1`, `${TOKEN}\n`, `${TOKEN}\r`]) {
      await expectRefused("Webhook", { ...hook, targetSecret }, "targetSecret", ["line breaks"]);
    }
    expect(await failures("Webhook", { ...hook, targetSecret: TOKEN })).toEqual([]);
  });
});
