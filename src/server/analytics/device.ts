import Bowser from 'bowser';

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** The kind of device a user agent says it is; desktop when it says nothing we know. */
export function deviceClass(userAgent: string): DeviceClass {
  if (!userAgent) return 'desktop';
  const type = Bowser.parse(userAgent).platform.type;
  return type === 'mobile' || type === 'tablet' ? type : 'desktop';
}
