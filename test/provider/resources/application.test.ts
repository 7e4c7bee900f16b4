import { applicationProvider as p } from "../../../provider/resources/application/index";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, failDeploys, injectFault, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture({ clearFaultsAfterEach: true });
let counter = 0;

const checked = (inputs: Props): Promise<Props> => checkedInputs(p, inputs);

function appInputs(extra: Props = {}): Props {
  counter += 1;
  return {
    environmentId: fx.envId,
    name: `app-${counter}`,
    gitRepository: { url: "https://github.com/acme/api.git" },
    ports: [{ internalPort: 8080, publiclyAccessible: true }],
    environmentVariables: { A: "1", B: "2", C: "3" },
    secrets: { TOKEN: "s3cr3t-value-one" },
    ...extra,
  };
}

describe("Application variables and secrets", () => {
  it("changes one variable with exactly one API call", async () => {
    const inputs = await checked(appInputs());
    const { id, outs } = await p.create!(inputs);
    const news = await checked({ ...inputs, environmentVariables: { A: "1", B: "two", C: "3" } });
    await clearRequests(fx.emulator);
    const { outs: after } = await p.update!(id, outs as Props, news);
    const log = await requests(fx.emulator);
    expect(log.map((r) => r.method)).toEqual(["PUT"]);
    expect(log[0]!.path).toMatch(new RegExp(`^/application/${id}/environmentVariable/`));
    expect((after as Props)["environmentVariables"]).toEqual({ A: "1", B: "two", C: "3" });
  });

  it("adds and removes keys with one call each, secrets included", async () => {
    const inputs = await checked(appInputs());
    const { id, outs } = await p.create!(inputs);
    const news = await checked({ ...inputs, environmentVariables: { A: "1", B: "2", D: "4" }, secrets: { TOKEN: "s3cr3t-value-one", NEW: "n" } });
    await clearRequests(fx.emulator);
    await p.update!(id, outs as Props, news);
    const log = (await requests(fx.emulator)).map((r) => `${r.method} ${r.path.replace(id, "ID").replace(/\/[0-9a-f-]{36}$/, "/X")}`);
    expect(log.sort()).toEqual([
      "DELETE /application/ID/environmentVariable/X",
      "POST /application/ID/environmentVariable",
      "POST /application/ID/secret",
    ]);
    const secrets = await fx.client.secrets.list(id);
    expect(secrets.map((s) => s.key).sort()).toEqual(["NEW", "TOKEN"]);
  });
});

describe("Application edits", () => {
  it("keeps the port's id when it changes, and can add a port", async () => {
    const inputs = await checked(appInputs());
    const { id, outs } = await p.create!(inputs);
    const before = (await fx.client.applications.get(id)).ports ?? [];
    const news = await checked({
      ...inputs,
      ports: [{ internalPort: 8080, publiclyAccessible: false }, { internalPort: 9090, publiclyAccessible: false, protocol: "GRPC" }],
    });
    await p.update!(id, outs as Props, news);
    const after = (await fx.client.applications.get(id)).ports ?? [];
    expect(after.find((x) => x.internal_port === 8080)?.id).toBe(before[0]!.id);
    expect(after.find((x) => x.internal_port === 8080)?.publicly_accessible).toBe(false);
    expect(after.find((x) => x.internal_port === 9090)?.protocol).toBe("GRPC");
  });

  it("sends healthchecks and the derived git provider on create", async () => {
    const inputs = await checked(appInputs({ gitRepository: { url: "https://gitlab.com/acme/web" } }));
    const { id } = await p.create!(inputs);
    const record = await fx.client.applications.get(id);
    expect(record.git_repository?.provider).toBe("GITLAB");
    expect(record.healthchecks).toEqual({});
  });
});

describe("Application partial failures", () => {
  it("a create failing after the application exists reports its id and what was done", async () => {
    // The initial variables and secrets travel in one import: refused, none of them is made.
    await injectFault(fx.emulator, { method: "POST", path: "/application/*/environmentVariable/import", status: 400, times: 1 });
    const inputs = await checked(appInputs());
    let error: { id?: string; properties?: Props; message: string } | undefined;
    try {
      await p.create!(inputs);
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.id).toBeDefined();
    expect(error!.properties!["environmentVariables"]).toEqual({});
    expect(error!.properties!["secrets"]).toEqual({});
    expect(error!.message).not.toContain("s3cr3t-value-one");
    expect((await fx.client.applications.get(error!.id!)).name).toBe(inputs["name"]);
    // The next `up` finishes the job: the diff against what was recorded shows the missing secret.
    const d = await p.diff!(error!.id!, error!.properties!, inputs);
    expect(d.changes).toBe(true);
    await p.update!(error!.id!, error!.properties!, inputs);
    expect((await fx.client.secrets.list(error!.id!)).map((s) => s.key)).toEqual(["TOKEN"]);
  });
});

describe("Application deploy", () => {
  it("deploys and waits when deploy is true", async () => {
    const inputs = await checked(appInputs({ deploy: true, deployTimeoutSeconds: 60 }));
    const { id } = await p.create!(inputs);
    const status = await fx.client.applications.status(id);
    expect(status.state).toBe("DEPLOYED");
  });

  it("reports the deployed commit once a deployment ran, and none before", async () => {
    const { outs: before } = await p.create!(await checked(appInputs({ name: "commit-none" })));
    expect((before as Props)["deployedCommitId"]).toBeUndefined();
    const { id, outs } = await p.create!(await checked(appInputs({ name: "commit-shown", deploy: true, deployTimeoutSeconds: 60 })));
    const repo = (await fx.client.applications.get(id)).git_repository;
    expect(repo?.deployed_commit_id).toEqual(expect.any(String));
    expect(outs).toMatchObject({
      deployedCommitId: repo?.deployed_commit_id,
      deployedCommitDate: repo?.deployed_commit_date,
      deployedCommitContributor: repo?.deployed_commit_contributor,
    });
    const read = await p.read!(id, outs as Props);
    expect((read.props as Props)["deployedCommitId"]).toBe(repo?.deployed_commit_id);
  });

  it("a failed deploy is an error with the state, log lines and the id, without secrets", async () => {
    const inputs = await checked(appInputs());
    const { id, outs } = await p.create!(inputs);
    await failDeploys(fx.emulator, id, "BUILD");
    const news = await checked({ ...inputs, cpu: 750, deploy: true, deployTimeoutSeconds: 60 });
    let error: { id?: string; properties?: Props; message: string; finalState?: string } | undefined;
    try {
      await p.update!(id, outs as Props, news);
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.id).toBe(id);
    expect(error!.message).toMatch(/BUILD_ERROR/);
    expect(error!.message).toMatch(/last log lines/);
    expect(error!.message).not.toContain("s3cr3t-value-one");
    // Recorded as not deployed, so the next `up` deploys again.
    expect(error!.properties!["deploy"]).toBe(false);
    expect(error!.properties!["cpu"]).toBe(750);
  });
});
