/**
 * What an IP address is, for the webhook target check (`webhook-targets.ts`): loopback, private, link-local,
 * unspecified, a cloud metadata address, reserved (multicast, documentation, broadcast) or public. Addresses come in
 * the forms WHATWG URL parsing and `dns.lookup` give (dotted IPv4, IPv6 text, no brackets); the legacy IPv4 forms
 * (`2130706433`, `0x7f.1`, `127.1`) are turned into dotted ones by the URL parser before they get here.
 */
import net from "node:net";

/** The kinds of address; only `loopback` is a webhook target by default. */
export type AddressKind = "loopback" | "private" | "link-local" | "unspecified" | "metadata" | "reserved" | "public";

/** Cloud metadata and credential endpoints (AWS, GCP, Azure, Oracle: 169.254.169.254; ECS/EKS; AWS IPv6; Alibaba). */
const METADATA_V4 = new Set(["169.254.169.254", "169.254.170.2", "169.254.170.23", "100.100.100.200"]);
const METADATA_V6 = new Set(["fd00:ec2:0:0:0:0:0:254"]);

function v4Bytes(ip: string): number[] | undefined {
  if (!net.isIPv4(ip)) return undefined;
  return ip.split(".").map(Number);
}

/** The 16 bytes of an IPv6 address (a zone id dropped), or undefined when it is not one. */
function v6Bytes(ip: string): number[] | undefined {
  let text = ip.split("%")[0] ?? "";
  if (!net.isIPv6(text)) return undefined;
  const lastColon = text.lastIndexOf(":");
  const v4 = v4Bytes(text.slice(lastColon + 1));
  if (v4) text = `${text.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  const [head = "", tail] = text.split("::");
  const h = head === "" ? [] : head.split(":");
  const t = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

function v4Kind(b: readonly number[]): AddressKind {
  const [a = 0, c = 0, d = 0] = b;
  if (METADATA_V4.has(b.join("."))) return "metadata";
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && c >= 16 && c <= 31) || (a === 192 && c === 168) || (a === 100 && c >= 64 && c <= 127)) return "private";
  if (a === 169 && c === 254) return "link-local";
  // multicast, 240/4 and broadcast; IETF protocol assignments; documentation (TEST-NET-1..3); benchmarking
  if (a >= 224 || (a === 192 && c === 0 && (d === 0 || d === 2)) || (a === 198 && c === 51 && d === 100) || (a === 203 && c === 0 && d === 113)) return "reserved";
  if (a === 198 && (c === 18 || c === 19)) return "reserved";
  return "public";
}

/** An IPv4 address carried inside an IPv6 one (NAT64, 6to4, IPv4-compatible): what it reaches, never this host. */
function embeddedKind(v4: readonly number[]): AddressKind {
  const k = v4Kind(v4);
  return k === "loopback" ? "reserved" : k;
}

function v6Kind(b: readonly number[]): AddressKind {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (METADATA_V6.has(groupsOf(b))) return "metadata";
  if (zeros(0, 16)) return "unspecified";
  if (zeros(0, 15) && b[15] === 1) return "loopback";
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4Kind(b.slice(12)); // IPv4-mapped: the IPv4 host itself
  if (zeros(0, 12)) return embeddedKind(b.slice(12)); // IPv4-compatible (deprecated)
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return zeros(4, 12) ? embeddedKind(b.slice(12)) : "private"; // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return embeddedKind(b.slice(2, 6)); // 6to4
  if (b[0] === 0xfe && ((b[1] ?? 0) & 0xc0) === 0x80) return "link-local";
  if ((b[0] === 0xfe && ((b[1] ?? 0) & 0xc0) === 0xc0) || ((b[0] ?? 0) & 0xfe) === 0xfc) return "private"; // site-local, unique local
  if (b[0] === 0xff || (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8)) return "reserved"; // multicast, documentation
  return "public";
}

function groupsOf(b: readonly number[]): string {
  return Array.from({ length: 8 }, (_, i) => (((b[2 * i] ?? 0) << 8) | (b[2 * i + 1] ?? 0)).toString(16)).join(":");
}

/** Whether `text` is an IP address (IPv4 dotted or IPv6, without brackets). */
export function isIpAddress(text: string): boolean {
  return v4Bytes(text) !== undefined || v6Bytes(text) !== undefined;
}

/** What an address is; an unparsable one is `reserved` (never allowed by default). */
export function addressKind(ip: string): AddressKind {
  const v4 = v4Bytes(ip);
  if (v4) return v4Kind(v4);
  const v6 = v6Bytes(ip);
  return v6 ? v6Kind(v6) : "reserved";
}

/**
 * One spelling per address, to compare an address with an allowed one: dotted IPv4 (an IPv4-mapped IPv6 address
 * too), else the eight IPv6 groups in hex; undefined when `ip` is not an address.
 */
export function addressKey(ip: string): string | undefined {
  const v4 = v4Bytes(ip);
  if (v4) return v4.join(".");
  const v6 = v6Bytes(ip);
  if (!v6) return undefined;
  if (v6.slice(0, 10).every((x) => x === 0) && v6[10] === 0xff && v6[11] === 0xff) return v6.slice(12).join(".");
  return groupsOf(v6);
}
