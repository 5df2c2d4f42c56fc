// Requests to addresses a company typed (webhook endpoints): no server-side request forgery. Every
// address a host name resolves to must be public — checked in the connection's own lookup, so the
// address checked is the address connected to (a DNS answer that changes between a check and the
// connection cannot slip a private one in). Redirects are never followed, the answer is read up to
// a size limit, and the whole exchange has a short timeout.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3], // multicast and reserved
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return blocked.check(mapped[1]!, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true; // not an address at all: refuse
}

export class OutboundRefused extends Error {}

/** Resolves a host and refuses it when any of its addresses is private (registration's check). */
export async function assertPublicHost(host: string): Promise<void> {
  const bare = host.replace(/^\[|\]$/g, "");
  const addresses = isIP(bare)
    ? [bare]
    : (await new Promise<LookupAddress[]>((ok, fail) => dnsLookup(bare, { all: true }, (e, a) => (e ? fail(e) : ok(a))))).map((a) => a.address);
  if (!addresses.length || addresses.some(isPrivateAddress)) throw new OutboundRefused(`${host} resolves to a private address`);
}

/** A lookup for http.request that fails when any address of the host is private. */
const publicLookup: typeof dnsLookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error);
    const list = addresses as LookupAddress[];
    if (!list.length || list.some((a) => isPrivateAddress(a.address))) return callback(new OutboundRefused(`${hostname} resolves to a private address`));
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}) as typeof dnsLookup;

export interface PostOptions {
  /** Tests only (a configuration setting): loopback and private addresses are let through. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** The answer is read up to this many bytes; the rest is dropped. */
  maxBytes: number;
}

export interface PostAnswer {
  status: number;
  body: string;
}

/** POSTs `body` and reads the answer (never following a redirect: a 3xx is the answer). */
export async function postOutbound(url: string, body: string, headers: Record<string, string>, opts: PostOptions): Promise<PostAnswer> {
  const target = new URL(url);
  if (target.protocol !== "https:" && !(opts.allowPrivate && target.protocol === "http:")) throw new OutboundRefused("only https endpoints");
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // an address written literally is connected to without a lookup: check it here
  if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new OutboundRefused(`${host} is a private address`);
  const transport = target.protocol === "https:" ? https : http;
  return new Promise<PostAnswer>((resolve, reject) => {
    const request = transport.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "ThinkingFormat-Webhooks/1", ...headers },
        ...(opts.allowPrivate ? {} : { lookup: publicLookup }),
        timeout: opts.timeoutMs,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size >= opts.maxBytes) return;
          chunks.push(chunk.subarray(0, opts.maxBytes - size));
          size += chunk.length;
          if (size >= opts.maxBytes) res.destroy(); // enough read: the rest is not ours to wait for
        });
        const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer in ${opts.timeoutMs} ms`)), opts.timeoutMs);
    request.on("timeout", () => request.destroy(new Error(`no answer in ${opts.timeoutMs} ms`)));
    request.on("error", reject);
    request.on("close", () => clearTimeout(timer));
    request.end(body);
  });
}
