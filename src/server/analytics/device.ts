import Bowser from 'bowser';
import type { DeviceClass } from '#shared/api/analytics';

/** The kind of device a user agent says it is; desktop when it says nothing we know. */
export function deviceClass(userAgent: string): DeviceClass {
  if (!userAgent) return 'desktop';
  const type = Bowser.parse(userAgent).platform.type;
  return type === 'mobile' || type === 'tablet' ? type : 'desktop';
}
