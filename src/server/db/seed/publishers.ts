import type { LogoEmblem } from './images/logo.js';

export type PublisherKey =
  'harbour' | 'northgate' | 'meridian' | 'valley' | 'ledger' | 'riverside' | 'summit';

export interface DemoPublisher {
  key: PublisherKey;
  name: string;
  /** Two letters for the logo's monogram. */
  initials: string;
  emblem: LogoEmblem;
  /** Logo background and foreground. */
  colours: readonly [string, string];
}

/** Invented newspapers and agencies; the articles name them by key. */
export const demoPublishers: readonly DemoPublisher[] = [
  {
    key: 'harbour',
    name: 'The Harbour Herald',
    initials: 'HH',
    emblem: 'waves',
    colours: ['#12355b', '#f4d35e'],
  },
  {
    key: 'northgate',
    name: 'Northgate Gazette',
    initials: 'NG',
    emblem: 'arch',
    colours: ['#7a1e2c', '#f7ede2'],
  },
  {
    key: 'meridian',
    name: 'Meridian Press Agency',
    initials: 'MP',
    emblem: 'compass',
    colours: ['#1f4e3d', '#e9f5db'],
  },
  {
    key: 'valley',
    name: 'The Valley Courier',
    initials: 'VC',
    emblem: 'hills',
    colours: ['#3d5a80', '#e0fbfc'],
  },
  {
    key: 'ledger',
    name: 'The Capital Ledger',
    initials: 'CL',
    emblem: 'column',
    colours: ['#22223b', '#e9c46a'],
  },
  {
    key: 'riverside',
    name: 'Riverside Chronicle',
    initials: 'RC',
    emblem: 'river',
    colours: ['#005f73', '#e9d8a6'],
  },
  {
    key: 'summit',
    name: 'Summit Wire Service',
    initials: 'SW',
    emblem: 'peak',
    colours: ['#bc4b51', '#fff8f0'],
  },
];
