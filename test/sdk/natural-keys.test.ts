/**
 * One rule for comparing natural keys (`sdk/natural-keys.ts`), the service's: a lost create is recovered by a name
 * that differs only in letter case where the service compares names ignoring case, never where it compares exactly;
 * the Pulumi provider's adoption and lookups read the same rule.
 */
import { NATURAL_KEYS } from "../../provider/framework/natural-keys";
import { ServerError, keyIgnoresCase, sameNaturalKey } from "../../sdk";
import { JSON_HEADERS, mockClient, project, rejectionOf, socketClosed } from "./support/helpers";

describe("natural keys compared as the service compares them", () => {
  test("a lost project create is recovered by a name differing only in case (the service ignores case)", async () => {
    const { pool, client, retries } = mockClient();
    pool.intercept({ path: "/organization/o1/project", method: "POST" }).replyWithError(socketClosed());
    pool.intercept({ path: "/organization/o1/project", method: "GET" }).reply(200, { results: [project("p1", "shop")] }, { headers: JSON_HEADERS });
    // Found by the lookup, so not sent again (a second POST would be a retry, and would find no answer here).
    expect((await client.projects.create("o1", { name: "Shop" })).id).toBe("p1");
    expect(retries).toEqual([]);
  });

  test("a git token (names compared exactly) is not taken for one whose name differs in case", async () => {
    const { pool, client } = mockClient({ maxRetries: 0 });
    pool.intercept({ path: "/organization/o1/gitToken", method: "POST" }).reply(503, { message: "down" });
    pool.intercept({ path: "/organization/o1/gitToken", method: "GET" })
      .reply(200, { results: [{ id: "g1", name: "gh", type: "GITHUB" }] }, { headers: JSON_HEADERS });
    const e = await rejectionOf(client.gitTokens.create("o1", { name: "GH", type: "GITHUB", token: "ghp_x" }));
    expect(e).toBeInstanceOf(ServerError);
  });

  test("the rule", () => {
    expect(sameNaturalKey("environment", "Prod", "prod")).toBe(true);
    expect(sameNaturalKey("git token", "Gh", "gh")).toBe(false);
    expect(sameNaturalKey("git token", "gh", "gh")).toBe(true);
  });

  test("the provider's natural keys read the sdk's rule for every family", () => {
    for (const nk of Object.values(NATURAL_KEYS)) expect([nk.noun, nk.ignoreCase]).toEqual([nk.noun, keyIgnoresCase(nk.noun)]);
    expect(Object.values(NATURAL_KEYS).filter((nk) => nk.ignoreCase).length).toBeGreaterThan(5);
  });
});
