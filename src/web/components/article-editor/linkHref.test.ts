import { describe, expect, it } from 'vitest';
import { allowedHref } from './linkHref';

describe('allowedHref', () => {
  it('takes absolute http, https and mailto addresses', () => {
    expect(allowedHref(' https://example.com/a?b=c ')).toBe('https://example.com/a?b=c');
    expect(allowedHref('HTTP://Example.com')).toBe('http://example.com/');
    expect(allowedHref('mailto:desk@example.com')).toBe('mailto:desk@example.com');
  });

  it('refuses every other scheme, however spelled, and relative or empty addresses', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'ftp://example.com/file',
      'tel:+441234',
      '/articles/1',
      '//example.com',
      'example.com',
      'http://',
      '',
    ]) {
      expect(allowedHref(href), href).toBeNull();
    }
  });
});
