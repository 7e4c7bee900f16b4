/**
 * The cluster group against the emulator, on the routes it serves today: the list, one cluster read through it (the
 * service has no read of one), every cluster's status, an upgrade, a token. The rest of the family is tested against
 * a loopback server (`clusters.test.ts`) and the reference (`cluster-reference.test.ts`).
 */
import { isNotFound } from "../../sdk";
import { useEmulator } from "./support/emulator-harness";
import { rejectionOf } from "./support/helpers";

const harness = useEmulator(0);

test("seeded clusters: list, get through the list, status, upgrade, token", async () => {
  const h = harness();
  const client = h.client();
  const org = h.emu.ids.organizationId;
  const [eu] = h.emu.ids.clusterIds;
  const clusters = await client.clusters.list(org);
  expect(clusters.map((c) => c.id)).toEqual(expect.arrayContaining(h.emu.ids.clusterIds));
  const one = await client.clusters.get(org, eu!);
  expect(one).toEqual(clusters.find((c) => c.id === eu));
  expect(isNotFound(await rejectionOf(client.clusters.get(org, "6a0e7a9c-0000-4000-8000-0000000000ff")))).toBe(true);
  expect(await client.clusters.status(org, eu!)).toMatchObject({ cluster_id: eu, status: expect.any(String) });
  expect((await client.clusters.upgrade(eu!)).cluster_id).toBe(eu);
  const token = await client.clusters.token(eu!);
  expect(token.status.token.length).toBeGreaterThan(8);
});
