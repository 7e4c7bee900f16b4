/**
 * Which webhook targets the emulator calls. A webhook is set by a Write token and its deliveries are recorded, so an
 * unchecked target would let a token make the emulator's host POST to its cloud's metadata endpoint or to the
 * private network around it. The rule:
 * - by default only loopback hosts are called (127.0.0.0/8, ::1, IPv4-mapped loopback, names resolving only to
 *   those, such as `localhost`); link-local, private, unspecified, reserved, metadata and public addresses are refused;
 * - `webhookAllowHosts` (CLI `--allow-webhook-host HOST`, repeatable) allows more hosts: an IP address allows that
 *   address, a name allows that name and whatever it resolves to; cloud metadata addresses and names and unspecified
 *   addresses (0.0.0.0, ::) are never allowed;
 * - a URL with a user name or password is refused (it would be sent as Basic auth and shown to readers of the webhook).
 *
 * At create (and replace), {@link targetUrlProblem} checks the URL as written: its scheme, userinfo, an IP literal
 * (after WHATWG URL parsing, so `2130706433`, `0x7f.1` and `127.1` are 127.0.0.1) and the metadata names. Other names
 * are not resolved at create: the emulator may run offline, and what a name resolves to at create proves nothing
 * about delivery. At delivery the same check runs again (the allow list may have changed, a data file may hold
 * older webhooks), then {@link resolveTarget} resolves a name to all its addresses, every one of which must pass, and
 * the request goes to the address that was checked (never resolved twice, so a name cannot be rebound between the
 * check and the connection).
 */
import dns from "node:dns";
import net from "node:net";
import { addressKey, addressKind, isIpAddress, type AddressKind } from "./ip-address";

/** Names of cloud metadata endpoints (GCP, AWS), refused at create and at delivery whatever the allow list says. */
export const METADATA_NAMES: ReadonlySet<string> = new Set([
  "metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal",
]);

/** Kinds of address that no allow list opens. */
const NEVER: ReadonlySet<AddressKind> = new Set(["metadata", "unspecified"]);

const WHAT: Record<AddressKind, string> = {
  loopback: "a loopback address", private: "a private address", "link-local": "a link-local address",
  unspecified: "an unspecified address (0.0.0.0, ::)", metadata: "a cloud metadata address",
  reserved: "a reserved address (multicast, broadcast, documentation)", public: "a public address",
};

/** The allowed hosts beyond loopback, as matched: names (lower case, no trailing dot) and address keys. */
export interface AllowList {
  names: ReadonlySet<string>;
  addresses: ReadonlySet<string>;
}

/** The allow list of normalized entries (see {@link normalizeAllowHost}); absent = loopback only. */
export function allowListOf(hosts: readonly string[] | undefined): AllowList {
  const names = new Set<string>();
  const addresses = new Set<string>();
  for (const h of hosts ?? []) {
    const key = addressKey(h);
    if (key !== undefined) addresses.add(key);
    else names.add(nameOf(h));
  }
  return { names, addresses };
}

function nameOf(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, "");
}

/** The host of a parsed URL: `{address}` for an IP literal (no brackets), else `{name}`. */
function hostOf(url: URL): { address: string } | { name: string } {
  const h = url.hostname;
  if (h.startsWith("[") && h.endsWith("]")) return { address: h.slice(1, -1) };
  return isIpAddress(h) ? { address: h } : { name: nameOf(h) };
}

/**
 * Normalizes one allowed host (`--allow-webhook-host`, `webhookAllowHosts`): a name in lower case, an address as URL
 * parsing spells it (`[fd00::1]` and `fd00::1` give `fd00::1`). Throws, quoting the entry, when it is not a bare host
 * or names a metadata or unspecified host.
 */
export function normalizeAllowHost(entry: string): string {
  const text = entry.trim();
  let url: URL | undefined;
  try {
    url = new URL(`http://${net.isIPv6(text) ? `[${text}]` : text}/`);
  } catch {
    url = undefined;
  }
  if (!url || text === "" || url.host !== url.hostname || url.pathname !== "/" || url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") {
    throw new Error(`expected a host name or an IP address (no scheme, port or path), got ${JSON.stringify(entry)}`);
  }
  const host = hostOf(url);
  const kind = "address" in host ? addressKind(host.address) : METADATA_NAMES.has(host.name) ? "metadata" : undefined;
  if (kind !== undefined && NEVER.has(kind)) throw new Error(`${JSON.stringify(entry)} is ${WHAT[kind]}, which is never allowed`);
  return "address" in host ? host.address : host.name;
}

/** Why `address` may not be called; `nameAllowed`: it is an address of an allowed name. */
function addressProblem(address: string, allow: AllowList, nameAllowed: boolean): string | undefined {
  const kind = addressKind(address);
  if (kind === "loopback") return undefined;
  if (NEVER.has(kind)) return `${WHAT[kind]}, which the emulator never calls`;
  if (nameAllowed || allow.addresses.has(addressKey(address) ?? "")) return undefined;
  return `${WHAT[kind]}; the emulator calls loopback hosts only, unless a host is allowed (--allow-webhook-host HOST)`;
}

/**
 * Why a webhook's `target_url` may not be called, checked without resolving names (see the module's comment), as
 * the rest of a `target_url: ...` message; undefined when it may. Quotes nothing of the URL.
 */
export function targetUrlProblem(raw: string, allow: AllowList): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "expected an http:// or https:// URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "expected an http:// or https:// URL";
  if (url.username !== "" || url.password !== "") {
    return "expected no user name or password in the URL (they would be sent as Basic auth and shown to every reader "
      + "of the webhook); sign deliveries with target_secret instead";
  }
  const host = hostOf(url);
  if ("name" in host) return METADATA_NAMES.has(host.name) ? "names a cloud metadata host, which the emulator never calls" : undefined;
  const why = addressProblem(host.address, allow, false);
  return why === undefined ? undefined : `expected a loopback or allowed host, got ${why}`;
}

/** An address a delivery may connect to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Where a delivery connects: the checked addresses, in order; or why it does not (`final`: trying again cannot help). */
export type Resolution = { ok: true; addresses: CheckedAddress[] } | { ok: false; why: string; final: boolean };

/**
 * Resolves the host of a URL that passed {@link targetUrlProblem} to the addresses to connect to: an IP literal as
 * is; a name to all its addresses (`dns.lookup`, in the resolver's order), every one of which must pass.
 */
export async function resolveTarget(url: URL, allow: AllowList): Promise<Resolution> {
  const host = hostOf(url);
  if ("address" in host) return { ok: true, addresses: [{ address: host.address, family: net.isIPv6(host.address) ? 6 : 4 }] };
  let found: dns.LookupAddress[];
  try {
    found = await lookupAll(host.name);
  } catch (e) {
    return { ok: false, why: `name not resolved: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, final: false };
  }
  if (found.length === 0) return { ok: false, why: "name not resolved: no address", final: false };
  const nameAllowed = allow.names.has(host.name);
  for (const a of found) {
    const why = addressProblem(a.address, allow, nameAllowed);
    if (why !== undefined) return { ok: false, why: `refused: the target's name resolves to ${a.address}, ${why}`, final: true };
  }
  return { ok: true, addresses: found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })) };
}

function lookupAll(name: string): Promise<dns.LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dns.lookup(name, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });
}
