// How a device reads to a person: "Firefox on Linux", not its raw User-Agent; "this computer" for a loopback
// address, not 0:0:0:0:0:0:0:1. The raw values stay in the title (a tooltip) for whoever wants them.

const BROWSERS = [['Edg/', 'Edge'], ['OPR/', 'Opera'], ['Firefox/', 'Firefox'], ['Chromium/', 'Chromium'],
  ['Chrome/', 'Chrome'], ['Safari/', 'Safari']];
const SYSTEMS = [['Android', 'Android'], ['iPhone', 'iPhone'], ['iPad', 'iPad'], ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'], ['CrOS', 'ChromeOS'], ['Linux', 'Linux']];

/** A short name for a User-Agent ("Firefox on Linux"), the User-Agent itself when it names no known browser, or null. */
export function deviceName(userAgent) {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([token]) => userAgent.includes(token))?.[1];
  const system = SYSTEMS.find(([token]) => userAgent.includes(token))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return browser || system;
  // not a browser we know (an app, curl): its own words, shortened
  return userAgent.length > 60 ? `${userAgent.slice(0, 59)}…` : userAgent;
}

/** An address as a person reads it: loopback as "this computer", IPv6 in its short form. */
export function addressName(address) {
  if (!address) return 'unknown address';
  if (address === '127.0.0.1' || address === '::1' || /^0:0:0:0:0:0:0:1$/.test(address)) return 'this computer';
  if (!address.includes(':')) return address;
  // the shortest form of an IPv6 address: leading zeros dropped, the longest run of zero groups as ::
  const groups = address.split(':').map((group) => group.replace(/^0+(?=.)/, ''));
  let best = [-1, 0];
  for (let i = 0; i < groups.length;) {
    let j = i;
    while (j < groups.length && groups[j] === '0') j += 1;
    if (j - i > best[1]) best = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  if (best[1] < 2) return groups.join(':');
  return `${groups.slice(0, best[0]).join(':')}::${groups.slice(best[0] + best[1]).join(':')}`;
}
