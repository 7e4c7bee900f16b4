/** `CustomDomain`'s check: bad inputs refused before any call, naming the field; defaults; a domain not known yet passes. */
import { customDomainProvider } from "../../../provider/resources/custom-domain";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import { checkedInputs } from "../support/check-helpers";

type Props = Record<string, unknown>;

const valid: Props = { serviceKind: "application", serviceId: "a-1", domain: "shop.example.com" };

describe("CustomDomain check", () => {
  it("applies the defaults: a certificate, no CDN", async () => {
    expect(await checkedInputs(customDomainProvider, valid)).toMatchObject({ ...valid, generateCertificate: true, useCdn: false });
    expect(await checkedInputs(customDomainProvider, { ...valid, serviceKind: "container", domain: "*.example.com", useCdn: true }))
      .toMatchObject({ serviceKind: "container", domain: "*.example.com", useCdn: true });
  });

  it("lets a domain or a service id not known yet (preview) through", async () => {
    expect(await checkedInputs(customDomainProvider, { ...valid, domain: UNKNOWN, serviceId: UNKNOWN })).toMatchObject({ domain: UNKNOWN });
  });

  it.each<[string, Props, string, string]>([
    ["a domain of one label", { ...valid, domain: "localhost" }, "domain", "two labels"],
    ["a domain with an underscore", { ...valid, domain: "my_shop.example.com" }, "domain", '"my_shop"'],
    ["a domain with a scheme", { ...valid, domain: "https://shop.example.com" }, "domain", "label"],
    ["a domain with a path", { ...valid, domain: "shop.example.com/cart" }, "domain", "label"],
    ["an IP address", { ...valid, domain: "203.0.113.7" }, "domain", "ip address"],
    ["a wildcard inside the domain", { ...valid, domain: "shop.*.example.com" }, "domain", "leading"],
    ["an empty domain", { ...valid, domain: "" }, "domain", "two labels"],
    ["no domain", { ...valid, domain: undefined }, "domain", "required"],
    ["a database as the service kind", { ...valid, serviceKind: "database" }, "serviceKind", "application"],
    ["no service kind", { ...valid, serviceKind: undefined }, "serviceKind", "got nothing"],
    ["a service id of ..", { ...valid, serviceId: ".." }, "serviceId", "another object"],
    ["a service id with a slash", { ...valid, serviceId: "a/1" }, "serviceId", '"/"'],
    ["a certificate flag as a string", { ...valid, generateCertificate: "yes" }, "generateCertificate", "boolean"],
    ["use_cdn in the service's spelling", { ...valid, use_cdn: true }, "use_cdn", 'did you mean "useCdn"?'],
  ])("refuses %s, naming the field", async (_what, inputs, property, word) => {
    const result = await customDomainProvider.check!({}, { ...inputs, __provider: "serialized" });
    const failure = (result.failures ?? []).find((f) => f.property === property);
    expect(failure).toBeDefined();
    expect(failure!.reason.toLowerCase()).toContain(word.toLowerCase());
  });

  it("asks for a replacement when the domain, the service or its kind changes, and updates the flags in place", async () => {
    const olds = { ...(await checkedInputs(customDomainProvider, valid)), validationDomain: "z1.c1.example.net", status: "VALIDATION_PENDING" };
    const diff = async (change: Props) => customDomainProvider.diff!("d-1", olds, await checkedInputs(customDomainProvider, { ...valid, ...change }));
    expect((await diff({ domain: "www.example.com" })).replaces).toEqual(["domain"]);
    expect((await diff({ serviceId: "a-2" })).replaces).toEqual(["serviceId"]);
    expect((await diff({ serviceKind: "container" })).replaces).toEqual(["serviceKind"]);
    const flags = await diff({ useCdn: true, generateCertificate: false });
    expect([flags.changes, flags.replaces ?? []]).toEqual([true, []]);
    expect((await diff({})).changes).toBe(false);
  });
});
