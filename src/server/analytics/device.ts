import Bowser from 'bowser';
import type { DeviceClass } from '#shared/api/analytics';

/**
 * The classes of the user agents seen last, at most `knownAgents`, the oldest forgotten first:
 * parsing one is a few per cent of a beacon's CPU, and most events come from a few browsers.
 */
const known = new Map<string, DeviceClass>();
const knownAgents = 1_000;

/** The kind of device a user agent says it is; desktop when it says nothing we know. */
export function deviceClass(userAgent: string): DeviceClass {
  if (!userAgent) return 'desktop';
  let kind = known.get(userAgent);
  if (kind) return kind;
  const type = Bowser.parse(userAgent).platform.type;
  kind = type === 'mobile' || type === 'tablet' ? type : 'desktop';
  if (known.size >= knownAgents) known.delete(known.keys().next().value!);
  known.set(userAgent, kind);
  return kind;
}
