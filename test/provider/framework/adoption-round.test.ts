/**
 * Name conflicts of creates running side by side, through the provider the engine's host serves (`providerFor`):
 * what the next `pulumi up` after an interrupted one meets. Every failing create names every conflicting object, and
 * the one command its message prints takes them all over.
 */
import { providerFor } from "../../../provider/runtime";
import { ENV_ADOPT } from "../../../provider/framework/adoption";
import { setRoundTiming } from "../../../provider/framework/conflict-round";
import { checkedInputs } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture();

beforeAll(() => setRoundTiming({ graceMs: 200, quietMs: 1500, maxMs: 5000 }));
afterAll(() => setRoundTiming({}));

const failureOf = (p: Promise<unknown>): Promise<string> => p.then(() => "", (e: Error) => e.message);

/** The ids of the one `DEPLOY_SERVICE_ADOPT=... pulumi up` a message prints. */
function printedIds(message: string): string[] {
  const commands = [...message.matchAll(new RegExp(`\`${ENV_ADOPT}=([^\\s\`]+) pulumi up\``, "g"))];
  expect(commands).toHaveLength(1);
  return commands[0]![1]!.split(",");
}

/** Makes applications named `names` in the fixture's environment (as an interrupted run did), with their checked inputs. */
async function madeOutside(names: string[]): Promise<Array<{ id: string; inputs: Props }>> {
  const p = providerFor("Application");
  return Promise.all(names.map(async (name) => {
    const inputs = await checkedInputs(p, {
      environmentId: fx.envId, name, gitRepository: { url: "https://github.com/acme/api.git", branch: "main" }, __provider: "serialized",
    });
    return { id: (await p.create!(inputs)).id, inputs };
  }));
}

describe.each([2, 5])("%i creates in flight that each meet an existing object", (count) => {
  const names = Array.from({ length: count }, (_, i) => `round${count}-${i}`);

  it("each fail naming every conflicting object; the one command printed takes them all over", async () => {
    const made = await madeOutside(names);
    const p = providerFor("Application");
    const messages = await Promise.all(made.map((m) => failureOf(p.create!(m.inputs))));
    for (const [i, message] of messages.entries()) {
      expect(message).toContain(`already exists in environment ${fx.envId} with id ${made[i]!.id}`);
      for (const [j, m] of made.entries()) expect(message).toContain(`application "${names[j]}" (id ${m.id})`);
      expect(new Set(printedIds(message))).toEqual(new Set(made.map((m) => m.id)));
    }

    process.env[ENV_ADOPT] = printedIds(messages[0]!).join(",");
    try {
      const created = await Promise.all(made.map((m) => p.create!(m.inputs)));
      expect(created.map((c) => c.id)).toEqual(made.map((m) => m.id));
    } finally {
      delete process.env[ENV_ADOPT];
    }
    expect((await fx.client.applications.list(fx.envId)).filter((a) => names.includes(a.name))).toHaveLength(count);

    // A later conflict, beside a create that succeeds, names only itself.
    const [alone] = await madeOutside([`alone${count}`]);
    const fresh = await checkedInputs(p, {
      environmentId: fx.envId, name: `fresh${count}`, gitRepository: { url: "https://github.com/acme/api.git" }, __provider: "serialized",
    });
    const [message, created] = await Promise.all([failureOf(p.create!(alone!.inputs)), p.create!(fresh)]);
    expect(created.id).not.toBe("");
    expect(printedIds(message)).toEqual([alone!.id]);
    expect(message).toContain(`add \`adopt: { id: "${alone!.id}" }\` to the resource's args`);
  });
});
