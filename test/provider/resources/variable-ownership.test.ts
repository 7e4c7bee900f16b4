/**
 * A key belongs to one resource, through the provider as the engine's host serves it (`providerFor`, with adoption
 * and message wrappers): a standalone `Variable` or `Secret` on a key an owner's map holds fails naming the owner and
 * the map (not the generic "adopt it" of a taken name, which would give the key two owners), and an owner's map
 * gaining a key a standalone resource holds fails naming the map, the key and the entry holding it; the failure's
 * partial properties keep the serialized provider, so the stack can still be destroyed.
 */
import { providerFor } from "../../../provider/runtime";
import { checkedInputs } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture();
const SECRET_VALUE = "standalone-s3cr3t-value";
/** Stands for the text the engine keeps as `__provider`. */
const SERIALIZED = "exports.handler = () => provider";

async function failureOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected a failure");
}

describe("owner maps and standalone variables through providerFor", () => {
  const app = providerFor("Application");
  const variable = providerFor("Variable");
  const secret = providerFor("Secret");
  let appId: string;
  let appOuts: Props;
  let appInputs: Props;

  beforeAll(async () => {
    appInputs = await checkedInputs(app, {
      environmentId: fx.envId, name: "owner-app", gitRepository: { url: "https://github.com/acme/api.git" },
      environmentVariables: { PLAIN: "1" }, secretFiles: { CERT: { mountPath: "/etc/tls/cert.pem", value: "pem" } },
    });
    const made = await app.create!(appInputs);
    appId = made.id;
    appOuts = made.outs as Props;
  });

  it("a standalone Variable or Secret on a key the owner's map holds names the owner and the map, and does not offer adopt as the fix", async () => {
    const v = await checkedInputs(variable, { scope: "APPLICATION", parentId: appId, key: "PLAIN", value: "other" });
    const message = await failureOf(() => variable.create!(v));
    expect(message).toContain('key "PLAIN" is taken');
    expect(message).toContain(`application "owner-app" (${appId})`);
    expect(message).toContain("`environmentVariables` map");
    expect(message).toContain("adopting it would give the key two owners");
    // Not the generic conflict of a taken name, whose first advice is to adopt.
    expect(message).not.toContain("already exists in parent");
    expect(message).not.toContain("To keep both");
    const s = await checkedInputs(secret, { scope: "APPLICATION", parentId: appId, key: "CERT", value: SECRET_VALUE });
    const secretMessage = await failureOf(() => secret.create!(s));
    expect(secretMessage).toContain(`application "owner-app" (${appId})`);
    expect(secretMessage).toContain("`secretFiles` map");
    expect(secretMessage).not.toContain("already exists in parent");
    expect(secretMessage).not.toContain(SECRET_VALUE);
    // Nothing was made.
    const own = (await fx.client.variables.list({ parentId: appId, scope: "APPLICATION" })).filter((x) => x.scope === "APPLICATION");
    expect(own.map((x) => x.key).sort()).toEqual(["CERT", "PLAIN"]);
  });

  it("an owner's map gaining a key a standalone Variable holds names the map, the key and the Variable holding it", async () => {
    const v = await checkedInputs(variable, { scope: "APPLICATION", parentId: appId, key: "FREE", value: "standalone" });
    const standalone = await variable.create!(v);
    const news = await checkedInputs(app, { ...appInputs, environmentVariables: { PLAIN: "1", FREE: "mine" } });
    const message = await failureOf(() => app.update!(appId, appOuts, news));
    expect(message).toContain('Application "owner-app"');
    expect(message).toContain(appId);
    expect(message).toContain(`environmentVariables.FREE: the application already holds the key "FREE" as a variable of type VALUE (id ${standalone.id})`);
    expect(message).toContain("remove \"FREE\" from this application's `environmentVariables` map");
    // Not the advice of a taken name (rename the object).
    expect(message).not.toContain("The name is taken in its parent");
  });

  it("a failed update's properties (stored by the engine as the state) keep the serialized provider, so destroy can load it", async () => {
    const news = await checkedInputs(app, { ...appInputs, environmentVariables: { PLAIN: "2", FREE: "mine" } });
    const failed = await app.update!(appId, appOuts, { ...news, __provider: SERIALIZED }).then(
      () => undefined,
      (e: { properties?: Props }) => e,
    );
    expect(failed?.properties?.["__provider"]).toBe(SERIALIZED);
    // What was done before the refusal is in them too.
    expect((failed?.properties?.["environmentVariables"] as Props)["PLAIN"]).toBe("2");
  });
});
