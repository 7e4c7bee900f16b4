/**
 * The client's endpoint groups come from one table (sdk/families.ts): a family registers its group there once and
 * the client has it as a member.
 */
import { DeployServiceClient, ENDPOINT_GROUPS } from "../../sdk";

describe("the endpoint groups table", () => {
  it("gives the client one member per entry, an instance of the entry's group", () => {
    const client = new DeployServiceClient({ baseUrl: "http://127.0.0.1:9", token: "t" });
    const names = Object.keys(ENDPOINT_GROUPS) as Array<keyof typeof ENDPOINT_GROUPS>;
    expect(names.length).toBeGreaterThanOrEqual(24);
    for (const name of names) expect(client[name]).toBeInstanceOf(ENDPOINT_GROUPS[name]);
  });

  it("keeps the members every caller uses, with the owner scopes' values attached", () => {
    const client = new DeployServiceClient({ baseUrl: "http://127.0.0.1:9", token: "t" });
    for (const name of ["projects", "environments", "applications", "webhooks", "gitTokens", "customDomains", "costs"]) {
      expect(Object.keys(client)).toContain(name);
    }
    expect(typeof client.projects.variables.list).toBe("function");
    expect(typeof client.environments.secrets.create).toBe("function");
  });
});
