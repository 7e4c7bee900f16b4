import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";
import { exists, lifecycleRows, type LifecycleRow, type Props } from "../support/lifecycle-table";

const fx = useFixture();

// `olds`: the inputs stored by the last up, as the engine passes them (a check may ask the service about what changed).
const checked = (row: LifecycleRow, inputs: Props, olds: Props = {}): Promise<Props> => checkedInputs(row.provider, { ...inputs, __provider: "serialized" }, olds);

describe.each(lifecycleRows.map((row) => [row.kind, row] as const))("%s lifecycle", (_kind, row) => {
  const p = row.provider;
  let base: Props;
  let updated: Props;
  let id: string;
  let outs: Props;

  it("creates the object", async () => {
    base = await checked(row, await row.inputs(fx));
    const created = await p.create!(base);
    id = created.id;
    outs = created.outs as Props;
    expect(id).not.toBe("");
    expect(await exists(row, fx, id, outs)).toBe(true);
  });

  it("shows no change for the same inputs, with zero API calls", async () => {
    await clearRequests(fx.emulator);
    const again = await checked(row, await Promise.resolve(base), base);
    const d = await p.diff!(id, outs, again);
    expect(d.changes).toBe(false);
    expect(d.replaces ?? []).toEqual([]);
    expect(await requests(fx.emulator)).toEqual([]);
  });

  if (row.replaceOnly) {
    it("has no in-place change: every changed input asks for a replacement of exactly that input", async () => {
      updated = base;
      for (const { inputs, replaces } of row.changes(fx, base)) {
        const d = await p.diff!(id, outs, await checked(row, inputs));
        expect([d.changes, d.replaces]).toEqual([true, replaces]);
      }
    });
  } else {
    it("updates in place", async () => {
      updated = await checked(row, row.update(fx, base));
      const d = await p.diff!(id, outs, updated);
      expect(d.changes).toBe(true);
      expect(d.replaces ?? []).toEqual([]);
      outs = (await p.update!(id, outs, updated)).outs as Props;
      await row.expectUpdated(fx, id, outs);
      expect((await p.diff!(id, outs, updated)).changes).toBe(false);
    });
  }

  it("reads back what it wrote: a refresh shows no drift", async () => {
    const r = await p.read!(id, outs);
    expect(r.id).toBe(id);
    expect((await p.diff!(id, r.props as Props, updated)).changes).toBe(false);
    outs = r.props as Props;
  });

  if (!row.replaceOnly) {
    const inPlace = row;
    it("reads a change made outside, and the next update restores the program's values", async () => {
      const assertRead = await inPlace.changeOutside(fx, id, outs);
      const r = await p.read!(id, outs);
      expect(r.id).toBe(id);
      assertRead(r.inputs as Props);
      expect((await p.diff!(id, r.props as Props, updated)).changes).toBe(true);
      outs = (await p.update!(id, r.props as Props, updated)).outs as Props;
      const again = await p.read!(id, outs);
      expect((await p.diff!(id, again.props as Props, updated)).changes).toBe(false);
      outs = again.props as Props;
    });
  }

  it("asks for a replacement where the service cannot update in place", async () => {
    const { inputs, replaces } = row.replace(fx, updated);
    const d = await p.diff!(id, outs, await checked(row, inputs));
    expect(d.changes).toBe(true);
    expect(d.replaces).toEqual(expect.arrayContaining(replaces));
  });

  it("deletes, and deleting again is not an error", async () => {
    await p.delete!(id, outs);
    if (row.expectDeleted) await row.expectDeleted(fx, id, outs);
    else expect(await exists(row, fx, id, outs)).toBe(false);
    await expect(p.delete!(id, outs)).resolves.toBeUndefined();
  });

  it("reads an object deleted outside as gone (empty id)", async () => {
    const fresh = await checked(row, await row.inputs(fx));
    const created = await p.create!(fresh);
    await row.deleteOutside(fx, created.id, created.outs as Props);
    const r = await p.read!(created.id, created.outs as Props);
    expect(r.id).toBe("");
  });
});
