/**
 * The webhook target check (`emulator/deployments/webhook-targets.ts`): which addresses and names a webhook may reach, in every
 * spelling URL parsing accepts; the allow list and its option; names resolved (a fake `dns.lookup`: nothing leaves
 * the machine) with every address checked.
 */
import dns from "node:dns";
import { HELP, parseArgs } from "../../../emulator/cli";
import { addressKind } from "../../../emulator/deployments/ip-address";
import { allowListOf, normalizeAllowHost, resolveTarget, targetUrlProblem } from "../../../emulator/deployments/webhook-targets";

const LOOPBACK_ONLY = allowListOf(undefined);

describe("addresses", () => {
  it.each([
    ["127.0.0.1", "loopback"], ["127.9.8.7", "loopback"], ["::1", "loopback"], ["::ffff:127.0.0.1", "loopback"], ["::ffff:7f00:1", "loopback"],
    ["169.254.169.254", "metadata"], ["::ffff:169.254.169.254", "metadata"], ["::ffff:a9fe:a9fe", "metadata"], ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"], ["64:ff9b::a9fe:a9fe", "metadata"], ["2002:a9fe:a9fe::1", "metadata"],
    ["169.254.1.1", "link-local"], ["fe80::1", "link-local"], ["10.1.2.3", "private"], ["172.16.0.1", "private"], ["172.31.255.255", "private"],
    ["192.168.0.1", "private"], ["100.64.0.1", "private"], ["fd00::1", "private"], ["fc00::1", "private"], ["::ffff:10.0.0.1", "private"],
    ["0.0.0.0", "unspecified"], ["0.1.2.3", "unspecified"], ["::", "unspecified"], ["::ffff:0.0.0.0", "unspecified"],
    ["224.0.0.1", "reserved"], ["255.255.255.255", "reserved"], ["ff02::1", "reserved"], ["::127.0.0.1", "reserved"],
    ["8.8.8.8", "public"], ["172.32.0.1", "public"], ["192.0.78.1", "public"], ["2606:4700::1111", "public"], ["not an address", "reserved"],
  ])("%s is %s", (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });
});

describe("target_url at create", () => {
  it.each([
    ["http://169.254.169.254/latest/meta-data/", /cloud metadata address, which the emulator never calls/],
    ["http://2852039166/", /cloud metadata address/], // 169.254.169.254 as one number
    ["http://0xa9.0xfe.0xa9.0xfe/", /cloud metadata address/],
    ["http://0251.0376.0251.0376/", /cloud metadata address/],
    ["http://169.254.43518/", /cloud metadata address/],
    ["http://[::ffff:169.254.169.254]/", /cloud metadata address/],
    ["http://[fd00:ec2::254]/", /cloud metadata address/],
    ["http://metadata.google.internal/computeMetadata/v1/", /cloud metadata host/],
    ["http://METADATA.Google.Internal./", /cloud metadata host/],
    ["http://metadata/", /cloud metadata host/],
    ["http://instance-data/latest/", /cloud metadata host/],
    ["http://10.0.0.1:8080/hook", /private address; the emulator calls loopback hosts only, unless a host is allowed \(--allow-webhook-host HOST\)/],
    ["http://192.168.1.10/", /private address/],
    ["http://[fd00::1]/", /private address/],
    ["http://[fe80::1]/", /link-local address/],
    ["http://169.254.10.1/", /link-local address/],
    ["http://0.0.0.0:8080/", /unspecified address/],
    ["http://0/", /unspecified address/],
    ["http://[::]/", /unspecified address/],
    ["http://8.8.8.8/", /public address/],
    ["https://1.1.1.1/", /public address/],
    ["http://hooks:pa55word@127.0.0.1:9/", /no user name or password/],
    ["http://hooks@localhost:9/", /no user name or password/],
    ["ftp://127.0.0.1/", /http:\/\/ or https:\/\//],
  ])("%s is refused", (url, why) => {
    const problem = targetUrlProblem(url, LOOPBACK_ONLY);
    expect(problem).toMatch(why);
    expect(problem).not.toMatch(/pa55word|hooks|169\.254|10\.0\.0\.1|metadata\.google/i);
  });

  it.each([
    "http://127.0.0.1:9/hook", "http://2130706433:9/", "http://0x7f.1:9/", "http://127.1:9/", "http://[::1]:9/", "http://[::ffff:127.0.0.1]:9/",
    "http://localhost:9/", "https://hooks.slack.com/services/T0/B0/X", "http://receiver.example.test/", // names are resolved at delivery
  ])("%s is accepted (loopback, or a name to resolve at delivery)", (url) => {
    expect(targetUrlProblem(url, LOOPBACK_ONLY)).toBeUndefined();
  });

  it("the allow list opens the addresses it names, in any spelling, and never a metadata or unspecified one", () => {
    const allow = allowListOf(["10.0.0.5", "fd00::7"].map(normalizeAllowHost));
    expect(targetUrlProblem("http://10.0.0.5:8080/", allow)).toBeUndefined();
    expect(targetUrlProblem("http://167772165/", allow)).toBeUndefined(); // 10.0.0.5
    expect(targetUrlProblem("http://[fd00:0::7]/", allow)).toBeUndefined();
    expect(targetUrlProblem("http://10.0.0.6/", allow)).toMatch(/private address/);
    expect(targetUrlProblem("http://169.254.169.254/", allowListOf(["169.254.169.254"]))).toMatch(/never calls/);
    expect(targetUrlProblem("http://0.0.0.0/", allowListOf(["0.0.0.0"]))).toMatch(/never calls/);
  });
});

describe("allowed hosts (--allow-webhook-host, webhookAllowHosts)", () => {
  it("normalizes names and addresses; refuses ports, paths, schemes, metadata and unspecified hosts", () => {
    expect(["Receiver.Internal", "[fd00::1]", "fd00:0::1", "10.0.0.5", "0x0a.0.0.5"].map(normalizeAllowHost))
      .toEqual(["receiver.internal", "fd00::1", "fd00::1", "10.0.0.5", "10.0.0.5"]);
    for (const bad of ["", "host:8080", "http://host", "host/path", "user@host"]) expect(() => normalizeAllowHost(bad)).toThrow(/expected a host name or an IP address/);
    for (const never of ["169.254.169.254", "metadata.google.internal", "0.0.0.0", "::"]) expect(() => normalizeAllowHost(never)).toThrow(/never allowed/);
  });

  it("the CLI takes --allow-webhook-host HOST, repeatable, and its --help says what it does", () => {
    expect(parseArgs(["--allow-webhook-host", "10.0.0.5", "--allow-webhook-host", "Hooks.Internal"]).options.webhookAllowHosts).toEqual(["10.0.0.5", "hooks.internal"]);
    expect(() => parseArgs(["--allow-webhook-host", "169.254.169.254"])).toThrow(/^--allow-webhook-host: .*never allowed/);
    expect(() => parseArgs(["--allow-webhook-host"])).toThrow(/^--allow-webhook-host: expected a host/);
    expect(parseArgs([]).options.webhookAllowHosts).toBeUndefined();
    expect(HELP).toContain("  --allow-webhook-host HOST");
    expect(HELP).toMatch(/loopback hosts only/);
  });
});

describe("names at delivery", () => {
  type Answer = Array<{ address: string; family: number }>;
  const answers: Record<string, Answer> = {
    "receiver.test": [{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }],
    "mixed.test": [{ address: "127.0.0.1", family: 4 }, { address: "10.0.0.9", family: 4 }],
    "rebound.test": [{ address: "169.254.169.254", family: 4 }],
    "internal.test": [{ address: "10.0.0.9", family: 4 }],
  };
  beforeEach(() => {
    jest.spyOn(dns, "lookup").mockImplementation(((name: string, _o: unknown, cb: (e: Error | null, a?: Answer) => void) => {
      const a = answers[name];
      if (a) cb(null, a);
      else cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" }));
    }) as unknown as typeof dns.lookup);
  });
  afterEach(() => jest.restoreAllMocks());

  it("resolves a name to all its addresses; every one must pass", async () => {
    expect(await resolveTarget(new URL("http://receiver.test:9/"), LOOPBACK_ONLY)).toEqual({
      ok: true, addresses: [{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }],
    });
    expect(await resolveTarget(new URL("http://mixed.test/"), LOOPBACK_ONLY)).toEqual({
      ok: false, final: true, why: expect.stringMatching(/^refused: the target's name resolves to 10\.0\.0\.9, a private address/),
    });
    expect(await resolveTarget(new URL("http://rebound.test/"), allowListOf(["rebound.test"]))).toMatchObject({ ok: false, why: expect.stringMatching(/metadata address/) });
    expect(await resolveTarget(new URL("http://internal.test/"), allowListOf(["internal.test"]))).toMatchObject({ ok: true });
    expect(await resolveTarget(new URL("http://internal.test/"), allowListOf(["10.0.0.9"]))).toMatchObject({ ok: true });
    expect(await resolveTarget(new URL("http://nowhere.test/"), LOOPBACK_ONLY)).toEqual({ ok: false, final: false, why: "name not resolved: ENOTFOUND" });
    expect(await resolveTarget(new URL("http://[::1]:9/"), LOOPBACK_ONLY)).toEqual({ ok: true, addresses: [{ address: "::1", family: 6 }] });
  });
});
