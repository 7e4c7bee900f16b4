import { applicationProvider } from "../../../provider/resources/application/index";
import { databaseProvider } from "../../../provider/resources/database";
import { diffInputs, normalize, sameValue } from "../../../provider/framework/diff";
import { environmentProvider } from "../../../provider/resources/environment";
import { UNKNOWN } from "../../../provider/framework/unknowns";

describe("diffInputs", () => {
  const opts = { keys: ["a", "b", "parent"], replaceOn: ["parent"], deleteBeforeReplace: true };

  it("sees no change when only key order, undefined or null members differ", () => {
    const olds = { a: { x: 1, y: [1, 2] }, b: null, parent: "p", createdAt: "t" };
    const news = { a: { y: [1, 2], x: 1, z: undefined }, parent: "p" };
    expect(diffInputs(olds, news, opts)).toEqual({ changes: false });
  });

  it("sees list order as a change", () => {
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(normalize({ b: 1, a: null })).toEqual({ b: 1 });
  });

  it("replaces (delete first) only when a replace-on key changed", () => {
    expect(diffInputs({ a: 1, parent: "p" }, { a: 2, parent: "p" }, opts)).toEqual({ changes: true });
    expect(diffInputs({ a: 1, parent: "p" }, { a: 1, parent: "q" }, opts)).toEqual({
      changes: true, replaces: ["parent"], deleteBeforeReplace: true,
    });
  });

  it("counts an unknown value as a change (and a replacement for a parent id)", () => {
    expect(diffInputs({ a: 1, parent: "p" }, { a: UNKNOWN, parent: "p" }, opts).changes).toBe(true);
    expect(diffInputs({ a: { x: 1 }, parent: "p" }, { a: { x: UNKNOWN }, parent: "p" }, opts).changes).toBe(true);
    expect(diffInputs({ a: 1, parent: "p" }, { a: 1, parent: UNKNOWN }, opts).replaces).toEqual(["parent"]);
  });

  it("treats an absent computed key as whatever the service chose", () => {
    const o = { ...opts, computed: ["b"] };
    expect(diffInputs({ a: 1, b: "chosen", parent: "p" }, { a: 1, parent: "p" }, o).changes).toBe(false);
    expect(diffInputs({ a: 1, b: "chosen", parent: "p" }, { a: 1, b: "other", parent: "p" }, o).changes).toBe(true);
  });
});

describe("resource diffs", () => {
  it("environment: a cluster left out is not a change; another cluster replaces", async () => {
    const olds = { projectId: "p", name: "e", mode: "STAGING", clusterId: "c1", createdAt: "t" };
    expect(await environmentProvider.diff!("id", olds, { projectId: "p", name: "e", mode: "STAGING" })).toEqual({ changes: false });
    const d = await environmentProvider.diff!("id", olds, { projectId: "p", name: "e", mode: "STAGING", clusterId: "c2" });
    expect(d).toEqual({ changes: true, replaces: ["clusterId"], deleteBeforeReplace: true });
  });

  it("database: type and mode replace, storage updates in place", async () => {
    const olds = { environmentId: "e", name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE", cpu: 250, storage: 10, memory: 100 };
    const news = { ...olds, memory: undefined };
    expect((await databaseProvider.diff!("id", olds, news)).changes).toBe(false);
    expect((await databaseProvider.diff!("id", olds, { ...news, storage: 20 })).replaces).toBeUndefined();
    expect((await databaseProvider.diff!("id", olds, { ...news, type: "MYSQL" })).replaces).toEqual(["type"]);
    expect((await databaseProvider.diff!("id", olds, { ...news, mode: "MANAGED" })).replaces).toEqual(["mode"]);
  });

  it("a state written before an input with a default existed is no change; setting the input is one", async () => {
    // A database stored by a version without `deploy`/`deployTimeoutSeconds`, an application without `advancedSettings`.
    const olds = { environmentId: "e", name: "db", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE", cpu: 250, storage: 10, memory: 100 };
    const checked = (await databaseProvider.check!({}, { ...olds, memory: undefined })).inputs;
    expect(checked).toMatchObject({ deploy: false, deployTimeoutSeconds: 1800 });
    expect(await databaseProvider.diff!("id", olds, checked)).toEqual({ changes: false });
    expect((await databaseProvider.diff!("id", olds, { ...checked, deploy: true })).changes).toBe(true);
    expect((await databaseProvider.diff!("id", olds, { ...checked, deployTimeoutSeconds: 60 })).changes).toBe(true);
    const app = { environmentId: "e", name: "api", gitRepository: { url: "https://github.com/a/b" } };
    const appNews = (await applicationProvider.check!({}, app)).inputs;
    const appOlds = { ...appNews };
    delete appOlds["advancedSettings"];
    expect(await applicationProvider.diff!("id", appOlds, appNews)).toEqual({ changes: false });
    expect((await applicationProvider.diff!("id", appOlds, { ...appNews, advancedSettings: { "network.ingress.enable_cors": true } })).changes).toBe(true);
  });

  it("application: the service's port names, external ports and branch are not changes", async () => {
    const news = {
      environmentId: "e", name: "api", gitRepository: { url: "https://github.com/a/b", rootPath: "/", provider: "GITHUB" },
      ports: [{ internalPort: 80, publiclyAccessible: true, protocol: "HTTP" }], secrets: { K: "v" },
    };
    const olds = {
      ...news,
      gitRepository: { ...news.gitRepository, branch: "main" },
      ports: [{ internalPort: 80, publiclyAccessible: true, protocol: "HTTP", name: "p80", externalPort: 443, isDefault: true }],
      deploymentStageId: "s-1", variableRefs: {}, secretRefs: { K: { id: "x" } },
    };
    expect((await applicationProvider.diff!("id", olds, news)).changes).toBe(false);
    const renamed = { ...news, ports: [{ ...news.ports[0], name: "web" }] };
    expect((await applicationProvider.diff!("id", olds, renamed)).changes).toBe(true);
    expect((await applicationProvider.diff!("id", olds, { ...news, secrets: { K: "w" } })).changes).toBe(true);
  });
});
