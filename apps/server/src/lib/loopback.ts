/** An address of this machine's loopback interface (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** The host name a Host header names, lower-cased, without its port ('[::1]' keeps its brackets). */
export function hostNameOf(host: string | undefined): string {
  if (!host) return '';
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0]!;
}

/** A host name that can only mean this machine: localhost, 127.x.x.x or [::1]. */
export function isLoopbackHost(name: string): boolean {
  return name === 'localhost' || name === '[::1]' || isLoopbackAddress(name);
}
