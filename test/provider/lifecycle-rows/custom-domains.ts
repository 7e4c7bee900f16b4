/** Lifecycle rows of area E: `CustomDomain`, on an application, a container and a Helm chart. */
import { customDomain } from "../../../provider/resources/custom-domain";
import type { CustomDomainServiceKind } from "../../../sdk";
import type { Fixture } from "../support/fixture";
import { fromDefinition, type LifecycleRow, type Props } from "../support/lifecycle-row";

let counter = 0;

/** A bare service of the kind made through the sdk, for the domain to hang off. */
async function sdkService(fx: Fixture, kind: CustomDomainServiceKind, n: number): Promise<string> {
  if (kind === "application") {
    const app = await fx.client.applications.create(fx.envId, {
      name: `lc-domain-app-${n}`, git_repository: { url: "https://github.com/acme/host.git", provider: "GITHUB" }, healthchecks: {},
    });
    return app.id;
  }
  if (kind === "helm") {
    const repository = (await fx.client.helmRepositories.create(fx.orgId, { name: `lc-domain-charts-${n}`, kind: "HTTPS", url: "https://charts.example.com" })).id;
    const source = { helm_repository: { repository, chart_name: "ingress-nginx", chart_version: "4.12.1" } };
    return (await fx.client.helms.create(fx.envId, { name: `lc-domain-helm-${n}`, source, ports: [{ internal_port: 80, service_name: "web" }] })).id;
  }
  const registryId = (await fx.client.containerRegistries.list(fx.orgId))[0]!.id;
  const ctr = await fx.client.containers.create(fx.envId, { name: `lc-domain-ctr-${n}`, registry_id: registryId, image_name: "nginx", tag: "1.27" });
  return ctr.id;
}

function row(kind: CustomDomainServiceKind): LifecycleRow {
  const service = (props: Props): [CustomDomainServiceKind, string] => [kind, String(props["serviceId"])];
  return {
    ...fromDefinition(customDomain),
    kind: `CustomDomain (${kind})`,
    inputs: async (fx) => {
      counter += 1;
      // A fresh domain each time: domains are unique in the organization.
      return { serviceKind: kind, serviceId: await sdkService(fx, kind, counter), domain: `lc-${counter}.${kind}.example.com` };
    },
    update: (_fx, base) => ({ ...base, generateCertificate: false, useCdn: true }),
    expectUpdated: async (fx, id, props) => {
      const d = await fx.client.customDomains.status(...service(props), id);
      expect([d.generate_certificate, d.use_cdn]).toEqual([false, true]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, domain: `moved.${String(base["domain"])}` }, replaces: ["domain"] }),
    changeOutside: async (fx, id, props) => {
      await fx.client.customDomains.update(...service(props), id, { domain: String(props["domain"]), generate_certificate: true, use_cdn: false });
      return (read) => expect([read["domain"], read["generateCertificate"], read["useCdn"]]).toEqual([props["domain"], true, false]);
    },
  };
}

/** `CustomDomain` on each service kind that takes one. */
export const rows: LifecycleRow[] = [row("application"), row("container"), row("helm")];
