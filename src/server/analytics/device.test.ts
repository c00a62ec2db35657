import { describe, expect, it } from 'vitest';
import { deviceClass } from './device.js';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const chrome = (version: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0 Safari/537.36`;

describe('the device class', () => {
  it('is what the user agent says, the same when asked again, after many other agents too', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(deviceClass(iphone)).toBe('mobile');
      expect(deviceClass(ipad)).toBe('tablet');
      expect(deviceClass('')).toBe('desktop');
      // More agents than are remembered: the first ones are forgotten and parsed again.
      for (let version = 1; version <= 1_500; version += 1) {
        expect(deviceClass(chrome(version))).toBe('desktop');
      }
    }
  });
});
