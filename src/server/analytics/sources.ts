import type { SourceKind } from '#shared/api/analytics';

/** Where a page view came from: its kind, and the name the dashboard lists it under. */
export interface Source {
  kind: SourceKind;
  source: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** Hosts (and their subdomains) of search engines; `google` and the like match any country's. */
const searchEngines = [
  /(^|\.)google\.[a-z.]+$/,
  /(^|\.)bing\.com$/,
  /(^|\.)duckduckgo\.com$/,
  /(^|\.)search\.yahoo\.com$/,
  /(^|\.)yandex\.[a-z.]+$/,
  /(^|\.)baidu\.com$/,
  /(^|\.)ecosia\.org$/,
  /(^|\.)search\.brave\.com$/,
  /(^|\.)qwant\.com$/,
  /(^|\.)startpage\.com$/,
];

const socialNetworks = [
  /(^|\.)facebook\.com$/,
  /^fb\.me$/,
  /^t\.co$/,
  /(^|\.)twitter\.com$/,
  /(^|\.)x\.com$/,
  /(^|\.)linkedin\.com$/,
  /^lnkd\.in$/,
  /(^|\.)reddit\.com$/,
  /(^|\.)instagram\.com$/,
  /(^|\.)threads\.net$/,
  /^bsky\.app$/,
  /(^|\.)mastodon\.[a-z.]+$/,
  /^news\.ycombinator\.com$/,
  /(^|\.)pinterest\.[a-z.]+$/,
  /(^|\.)tiktok\.com$/,
  /(^|\.)youtube\.com$/,
  /(^|\.)whatsapp\.com$/,
];

/** UTM sources of the same kinds, as campaigns name them. */
const searchNames = new Set(['google', 'bing', 'duckduckgo', 'yahoo', 'yandex', 'baidu', 'ecosia']);
const socialNames = new Set([
  'facebook',
  'twitter',
  'x',
  'linkedin',
  'reddit',
  'instagram',
  'threads',
  'bluesky',
  'mastodon',
  'hackernews',
  'pinterest',
  'tiktok',
  'youtube',
  'whatsapp',
]);

/** The referrer's host without `www.`, or null for none or no URL. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer || !URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.hostname.toLowerCase().replace(/^www\./, '') || null;
}

const utmOf = (query: URLSearchParams, name: string) => {
  const value = query.get(`utm_${name}`)?.trim().toLowerCase().slice(0, 100);
  return value ? value : null;
};

/**
 * Classifies a page view by its path's UTM parameters and its referrer's host (all the server
 * keeps of the referrer). Our own newsletter's links say `utm_source=newsletter&utm_medium=email`;
 * a referrer of our own site is a reader moving within it, counted as direct, not as a source.
 */
export function sourceOf(path: string, referrer: string | undefined, ownHost: string): Source {
  const query = new URLSearchParams(path.includes('?') ? path.slice(path.indexOf('?') + 1) : '');
  const utm = {
    utmSource: utmOf(query, 'source'),
    utmMedium: utmOf(query, 'medium'),
    utmCampaign: utmOf(query, 'campaign'),
  };
  const host = referrerHost(referrer);
  const external = host && host !== ownHost.replace(/^www\./, '') ? host : null;
  const kindOf = (kind: SourceKind, source: string): Source => ({ kind, source, ...utm });
  if (utm.utmSource === 'newsletter' || utm.utmMedium === 'email') {
    return kindOf('newsletter', utm.utmSource ?? 'newsletter');
  }
  if (external) {
    if (searchEngines.some((pattern) => pattern.test(external))) return kindOf('search', external);
    if (socialNetworks.some((pattern) => pattern.test(external))) return kindOf('social', external);
    return kindOf('referrer', external);
  }
  if (utm.utmSource) {
    if (searchNames.has(utm.utmSource)) return kindOf('search', utm.utmSource);
    if (socialNames.has(utm.utmSource)) return kindOf('social', utm.utmSource);
    return kindOf('referrer', utm.utmSource);
  }
  return kindOf('direct', 'direct');
}
