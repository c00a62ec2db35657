import { describe, expect, it } from 'vitest';
import { originOf, withOrigin } from './origin';

describe('the page to return to after signing in', () => {
  it('comes from the address, then the navigation state, then home', () => {
    expect(originOf({ search: '?from=%2Fmyarticles', state: null })).toBe('/myarticles');
    expect(originOf({ search: '?from=%2FupdateArticle%3Fid%3D5', state: null })).toBe(
      '/updateArticle?id=5',
    );
    const state = { from: { pathname: '/myprofile', search: '', hash: '' } };
    expect(originOf({ search: '', state })).toBe('/myprofile');
    expect(originOf({ search: '', state: null })).toBe('/');
  });

  it('never leads off the site or back to the login and register pages', () => {
    for (const from of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\\t\\evil.example',
      '/login',
      '/register?x=1',
    ]) {
      expect(originOf({ search: `?${new URLSearchParams({ from })}`, state: null }), from).toBe(
        '/',
      );
    }
  });

  it('is the parsed path, which a Location header can carry, never the text as sent', () => {
    const cases: [string, string][] = [
      ['/\nevil', '/evil'],
      ['/a\r\nSet-Cookie: x=1', '/aSet-Cookie:%20x=1'],
      ['/a\u0000b', '/a%00b'],
      ['/caf\u00e9?q=\u00e9t\u00e9#\u00e0', '/caf%C3%A9?q=%C3%A9t%C3%A9#%C3%A0'],
    ];
    for (const [from, expected] of cases) {
      const origin = originOf({ search: `?${new URLSearchParams({ from })}`, state: null });
      expect(origin, JSON.stringify(from)).toBe(expected);
      expect(origin).toMatch(/^[\x21-\x7e]+$/);
    }
  });

  it('is carried by the login and register addresses, which it survives', () => {
    expect(withOrigin('/login', '/myarticles')).toBe('/login?from=%2Fmyarticles');
    expect(withOrigin('/register', '/')).toBe('/register');
    const address = new URL(withOrigin('/login', '/updateArticle?id=5'), 'http://x');
    expect(originOf({ search: address.search, state: null })).toBe('/updateArticle?id=5');
  });
});
