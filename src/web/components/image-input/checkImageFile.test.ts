import { describe, expect, it } from 'vitest';
import { imageFileMessages, maxImageBytes } from '#shared/images';
import { checkImageFile, imageAccept } from './checkImageFile';

const file = (size: number, type: string) => new File([new Uint8Array(size)], 'x', { type });

describe('checkImageFile', () => {
  it('lets accepted images up to 5 MB through', () => {
    for (const type of imageAccept.split(','))
      expect(checkImageFile(file(10, type))).toBeUndefined();
    expect(checkImageFile(file(maxImageBytes, 'image/jpeg'))).toBeUndefined();
  });

  it('refuses a larger file in the server’s words', () => {
    expect(checkImageFile(file(maxImageBytes + 1, 'image/jpeg'))).toBe(imageFileMessages.tooLarge);
  });

  it('refuses other types, and leaves an unnamed type to the server', () => {
    expect(checkImageFile(file(10, 'image/svg+xml'))).toBe(imageFileMessages.type);
    expect(checkImageFile(file(10, 'text/html'))).toBe(imageFileMessages.type);
    expect(checkImageFile(file(10, ''))).toBeUndefined();
  });

  it('offers exactly the accepted types in the file picker', () => {
    expect(imageAccept).toBe('image/jpeg,image/png,image/webp,image/gif,image/avif');
  });
});
