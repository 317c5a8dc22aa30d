import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where deliveries may go: a bot's `url` is the tenant's to choose, so by default it must reach
 * the public internet only — never the platform's own loopback, link-local (cloud metadata),
 * private or otherwise special addresses. Operators open more with `DELIVERY_ALLOWED_NETWORKS`
 * (CIDR list, e.g. `127.0.0.0/8` on a development machine).
 */
export class DestinationGuard {
  private readonly allowed: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

  constructor(allowedNetworks: string[]) {
    this.allowed = allowedNetworks.map((cidr) => ipaddr.parseCIDR(cidr));
  }

  /** Whether a connection to this address is allowed. */
  permits(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    let parsed = ipaddr.parse(address);
    if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
    if (this.allowed.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits))) return true;
    return parsed.range() === 'unicast';
  }

  /**
   * A DNS lookup for `http.request` that answers only permitted addresses: the connection is
   * made to the very address checked, so a name cannot resolve one way for the check and
   * another for the connection.
   */
  readonly lookup = (
    hostname: string,
    options: object,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const permitted = (addresses as LookupAddress[]).filter((a) => this.permits(a.address));
      if (permitted.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to no permitted address`), { code: 'EDESTINATION' }), '', 0);
      if ((options as { all?: boolean }).all) return callback(null, permitted);
      callback(null, permitted[0].address, permitted[0].family);
    });
  };

  /** For URLs naming an address directly (no lookup happens for them). */
  permitsHost(hostname: string): boolean {
    const bare = hostname.replace(/^\[|\]$/g, '');
    return isIP(bare) === 0 || this.permits(bare);
  }
}
