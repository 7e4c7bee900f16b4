/**
 * Where a service is reached, as outputs: `internalHost`, `externalHost` and `url` of applications, containers and
 * Helm charts (from the built-in variables listing the resource makes anyway), `internalHost` and `externalHost` of
 * databases (from the record), against the emulator; with `readBuiltInVariables: false` too.
 */
import { applicationProvider } from "../../../provider/resources/application/index";
import { containerProvider } from "../../../provider/resources/container";
import { databaseProvider } from "../../../provider/resources/database";
import { helmProvider } from "../../../provider/resources/helm/index";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";
import { withImplied } from "../../../provider/framework/implied-outputs";
import { serviceImpliedOutputs } from "../../../provider/service-kinds/parts";

type Props = Record<string, unknown>;
const fx = useFixture();
let counter = 0;

async function created(p: typeof applicationProvider, inputs: Props): Promise<{ id: string; outs: Props }> {
  return (await p.create!(await checkedInputs(p, inputs))) as { id: string; outs: Props };
}

const appInputs = (extra: Props = {}): Props => {
  counter += 1;
  return {
    environmentId: fx.envId, name: `hosts-app-${counter}`, gitRepository: { url: "https://github.com/acme/web.git" },
    ports: [{ internalPort: 8080, publiclyAccessible: true }], ...extra,
  };
};

describe("service URLs as outputs", () => {
  it("an application's hosts and URL come from the listing it makes for its built-ins: no request more", async () => {
    await clearRequests(fx.emulator);
    const { id, outs } = await created(applicationProvider, appInputs());
    const builtIns = outs["builtInVariables"] as Record<string, string>;
    const key = (suffix: string) => Object.keys(builtIns).find((k) => k.endsWith(suffix))!;
    expect(outs["internalHost"]).toBe(builtIns[key("_HOST_INTERNAL")]);
    expect(outs["externalHost"]).toBe(builtIns[key("_HOST_EXTERNAL")]);
    expect(outs["internalHost"]).toEqual(expect.stringMatching(/\S/));
    expect(outs["url"]).toBe(`https://${String(outs["externalHost"])}`);
    expect((await requests(fx.emulator)).filter((r) => r.method === "GET" && r.path === "/variable")).toHaveLength(1);
    // A refresh reads them back.
    const read = (await applicationProvider.read!(id, outs)) as { props: Props };
    expect([read.props["internalHost"], read.props["url"]]).toEqual([outs["internalHost"], outs["url"]]);
  });

  it("an application without a public port has an internal host only", async () => {
    const { outs } = await created(applicationProvider, appInputs({ ports: [{ internalPort: 8080, publiclyAccessible: false }] }));
    expect(outs["internalHost"]).toEqual(expect.stringMatching(/\S/));
    expect([outs["externalHost"], outs["url"]]).toEqual([undefined, undefined]);
  });

  it("with readBuiltInVariables: false, costs no listing on create and comes with the first refresh's", async () => {
    const inputs = appInputs({ readBuiltInVariables: false });
    const { id, outs } = await created(applicationProvider, inputs);
    // `{}`, which the inputs imply: the state leaves it out, the program reads it (implied-outputs.ts).
    expect([outs["builtInVariables"], withImplied(outs, inputs, serviceImpliedOutputs)["builtInVariables"], outs["url"]]).toEqual([undefined, {}, undefined]);
    const read = (await applicationProvider.read!(id, outs)) as { props: Props };
    expect(read.props["url"]).toEqual(expect.stringMatching(/^https:\/\/\S+$/));
    expect([read.props["builtInVariables"], withImplied(read.props, inputs, serviceImpliedOutputs)["builtInVariables"]]).toEqual([undefined, {}]);
  });

  it("a container's hosts and URL", async () => {
    counter += 1;
    const registryId = (await fx.client.containerRegistries.list(fx.orgId))[0]!.id;
    const { outs } = await created(containerProvider, {
      environmentId: fx.envId, name: `hosts-ctr-${counter}`, registryId, imageName: "nginx", tag: "1.27",
      ports: [{ internalPort: 80, publiclyAccessible: true }],
    });
    expect(outs["internalHost"]).toEqual(expect.stringMatching(/\S/));
    expect(outs["url"]).toEqual(expect.stringMatching(/^https:\/\/\S+$/));
  });

  it("a Helm chart's internal host", async () => {
    counter += 1;
    const repositoryId = (await fx.client.helmRepositories.create(fx.orgId, { name: `hosts-charts-${counter}`, kind: "HTTPS", url: "https://charts.example.com" })).id;
    const { outs } = await created(helmProvider, {
      environmentId: fx.envId, name: `hosts-helm-${counter}`,
      source: { repository: { repositoryId, chartName: "ingress-nginx", chartVersion: "4.12.1" } },
    });
    expect(outs["internalHost"]).toEqual(expect.stringMatching(/\S/));
  });

  it("a database's internal host, and its external host while public", async () => {
    counter += 1;
    const base = { environmentId: fx.envId, type: "POSTGRESQL", version: "16", mode: "CONTAINER" };
    const { outs: priv } = await created(databaseProvider, { ...base, name: `hosts-db-${counter}` });
    expect(priv["internalHost"]).toEqual(expect.stringMatching(/\S/));
    expect(priv["externalHost"]).toBeUndefined();
    const { outs: pub } = await created(databaseProvider, { ...base, name: `hosts-db-public-${counter}`, accessibility: "PUBLIC" });
    expect(pub["externalHost"]).toEqual(expect.stringMatching(/\S/));
  });
});
