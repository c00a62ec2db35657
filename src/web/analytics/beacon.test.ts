// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BeaconEvent } from '#shared/api/analytics';
import { createBeacon, type Beacon } from './beacon';
import { articleBodyAttribute, scrollDepthNow } from './scrollDepth';

let sent: BeaconEvent[];
let beacon: Beacon | undefined;
let visibility: DocumentVisibilityState;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  visibility = 'visible';
  // The browser's own parts the beacon talks to: what it sends, and whether the tab is shown.
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      expect(url).toBe('/api/events');
      sent.push(JSON.parse(body) as BeaconEvent);
      return true;
    },
  });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(document, 'referrer', {
    configurable: true,
    value: 'https://search.example/?q=pier',
  });
  window.innerHeight = 800;
});

afterEach(() => {
  beacon?.stop();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** An article body 2,000 px long whose top is `top` px below the window's top. */
function articleBody(top: () => number) {
  const body = document.createElement('div');
  body.setAttribute(articleBodyAttribute, '');
  body.getBoundingClientRect = () => DOMRect.fromRect({ y: top(), height: 2000, width: 600 });
  document.body.append(body);
}

function hide() {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
}

function show() {
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The reader scrolls; the depth is read at the next frame. */
function scroll() {
  window.dispatchEvent(new Event('scroll'));
  vi.advanceTimersToNextFrame();
}

describe('the scroll depth', () => {
  it('is how much of the article body the window has shown', () => {
    let top = 400;
    articleBody(() => top);
    // 400 px of its 2,000 are in the 800 px window.
    expect(scrollDepthNow()).toBe(20);
    top = -1000;
    expect(scrollDepthNow()).toBe(90);
    top = -1500;
    expect(scrollDepthNow()).toBe(100);
    top = 900;
    expect(scrollDepthNow()).toBe(0);
  });
});

describe('the page beacon', () => {
  it('sends the view with the referrer, then the engaged seconds and deepest scroll when hidden', () => {
    let top = 400;
    articleBody(() => top);
    beacon = createBeacon();
    beacon.view('/articles/7?utm_source=mail');
    expect(sent).toEqual([
      {
        type: 'pageview',
        path: '/articles/7?utm_source=mail',
        referrer: 'https://search.example/?q=pier',
      },
    ]);

    vi.advanceTimersByTime(5000);
    top = -1000;
    scroll();
    top = -200;
    scroll();
    vi.advanceTimersByTime(4000);
    hide();
    expect(sent[1]).toEqual({
      type: 'engagement',
      path: '/articles/7?utm_source=mail',
      engagedSeconds: 9,
      scrollDepth: 90,
    });

    // Closing the hidden tab sends nothing more: the view's figures went with the hiding.
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);

    // Back on the tab, the view counts afresh.
    show();
    vi.advanceTimersByTime(3000);
    hide();
    expect(sent[2]).toEqual({
      type: 'engagement',
      path: '/articles/7?utm_source=mail',
      engagedSeconds: 3,
      scrollDepth: 50,
    });
  });

  it('ends a view with the next page of the app, which has no referrer', () => {
    beacon = createBeacon();
    const end = beacon.view('/');
    vi.advanceTimersByTime(2000);
    end();
    beacon.view('/allpublishedarticles?page=2');
    expect(sent).toEqual([
      { type: 'pageview', path: '/', referrer: 'https://search.example/?q=pier' },
      { type: 'engagement', path: '/', engagedSeconds: 2, scrollDepth: 0 },
      { type: 'pageview', path: '/allpublishedarticles?page=2' },
    ]);
  });

  it('counts no time spent on pages it does not count', () => {
    beacon = createBeacon();
    beacon.view('/')();
    vi.advanceTimersByTime(30_000);
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(10_000);
    hide();
    expect(sent.map((event) => event.type)).toEqual(['pageview']);
    show();
    beacon.view('/search?q=pier');
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.at(-1)).toMatchObject({ type: 'engagement', engagedSeconds: 1 });
  });
});
