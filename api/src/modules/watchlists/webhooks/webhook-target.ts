import { lookup } from 'node:dns/promises';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be posted (issue 29, security review): only to public unicast addresses.
 * The host is resolved when the webhook is added and again at each delivery (a DNS answer can
 * change between the two: "DNS rebinding"), every address it resolves to is checked, and the
 * connection is made to the checked address (the socket's lookup answers it, so no second
 * resolution happens). Loopback, link-local (cloud metadata at 169.254.169.254), private,
 * carrier-grade NAT, unique-local, unspecified, multicast, reserved and IPv4-mapped IPv6 forms of
 * them are refused unless an administrator allows a network with WEBHOOK_ALLOW_NETWORKS.
 * Redirects are never followed, the request has a short timeout and the answer's body is not kept.
 */

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface TargetPolicy {
  /** Networks an administrator allowed (WEBHOOK_ALLOW_NETWORKS); none by default. */
  allow: readonly Network[];
  /** The resolver (tests inject one); the system's by default. */
  resolve?: Resolve;
}

export const WEBHOOK_TIMEOUT_MS = 5_000;
/** The most of a receiver's answer read before the connection is dropped (only its status is used). */
export const WEBHOOK_MAX_ANSWER_BYTES = 64 * 1024;

const WHAT: Record<string, string> = {
  loopback: 'a loopback address (this server itself)',
  linkLocal: 'a link-local address (169.254.0.0/16 or fe80::/10, where cloud metadata services answer)',
  private: 'a private network address (10/8, 172.16/12, 192.168/16)',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  uniqueLocal: 'a unique-local IPv6 address (fc00::/7)',
  unspecified: 'the unspecified address (0.0.0.0 or ::)',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
};

/** A refused webhook address: `message` says which address and why. */
export class TargetRefused extends Error {}

/** Parses WEBHOOK_ALLOW_NETWORKS: comma-separated CIDRs or single addresses; answers null for a bad entry. */
export function parseNetworks(raw: string): Network[] | null {
  const out: Network[] = [];
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (ipaddr.isValidCIDR(entry)) out.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const ip = ipaddr.parse(entry);
      out.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else return null;
  }
  return out;
}

/** Why `address` may not receive webhooks, or null when it may (a public unicast address or an allowed one). */
export function refusal(address: string, allow: readonly Network[]): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.process(address); // ::ffff:10.0.0.1 is checked as 10.0.0.1
  if (allow.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))) return null;
  const range = ip.range();
  if (range === 'unicast') return null;
  return `${address} is ${WHAT[range] ?? `not a public address (${range})`}`;
}

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** The URL's host resolved and checked: every address it resolves to must be allowed. Throws TargetRefused. */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<{ address: string; family: number }[]> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('it is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefused('it must start with http:// or https://');
  if (url.username || url.password) throw new TargetRefused('it must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch (error) {
      throw new TargetRefused(`its host ${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'no answer'})`);
    }
    if (addresses.length === 0) throw new TargetRefused(`its host ${host} does not resolve`);
  }
  for (const { address } of addresses) {
    const why = refusal(address, policy.allow);
    if (why) throw new TargetRefused(`its host ${host} resolves to ${why}; webhooks go only to public addresses`);
  }
  return addresses;
}

/** A socket lookup that answers only the addresses already checked (no second resolution). */
function pinned(addresses: { address: string; family: number }[]): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  }) as LookupFunction;
}

/**
 * Posts `body` to a webhook after checking its address (refused: TargetRefused); answers the
 * receiver's status. A redirect is answered as its 3xx status, not followed.
 */
export async function postWebhook(
  raw: string,
  headers: Record<string, string>,
  body: string,
  policy: TargetPolicy & { timeoutMs?: number },
): Promise<number> {
  const addresses = await checkTarget(raw, policy);
  const url = new URL(raw);
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    agent: false,
    lookup: pinned(addresses),
    signal: AbortSignal.timeout(policy.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(url, options, (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > WEBHOOK_MAX_ANSWER_BYTES) res.destroy();
      });
      res.on('error', () => undefined);
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error) => reject(error));
    req.end(body);
  });
}

/** The policy of this deployment: WEBHOOK_ALLOW_NETWORKS (validated when the configuration loads). */
export function targetPolicy(config: { webhookAllowNetworks: string[] }, resolve?: Resolve): TargetPolicy {
  return { allow: parseNetworks(config.webhookAllowNetworks.join(',')) ?? [], resolve };
}

/** Injection token for a resolver other than the system's (tests). */
export const WEBHOOK_RESOLVE = Symbol('WEBHOOK_RESOLVE');
