import { createHash } from 'node:crypto';
import type { AvatarLook } from './images/avatar.js';

export type PersonKey =
  'admin' | 'premium' | 'writer' | 'reader' | 'grace' | 'marcus' | 'sofia' | 'oliver' | 'hannah';

export interface DemoPerson {
  key: PersonKey;
  name: string;
  email: string;
  /** What the account shows off; only people with a role can sign in. */
  role?: string;
  isAdmin?: boolean;
  isPremium?: boolean;
  joinedDaysAgo: number;
  look: AvatarLook;
}

export const demoPassword = 'Tribune123';

/**
 * The four demo accounts (password `demoPassword`) and the staff writers who author most
 * articles. Staff writers get no credential, so nobody can sign in as them.
 */
export const demoPeople: readonly DemoPerson[] = [
  {
    key: 'admin',
    name: 'Amelia Hart',
    email: 'admin@example.com',
    role: 'admin',
    isAdmin: true,
    joinedDaysAgo: 720,
    look: { skin: '#f1c7a5', hair: '#6b3e26', hairStyle: 'long', clothing: '#264653' },
  },
  {
    key: 'premium',
    name: 'Daniel Okafor',
    email: 'premium@example.com',
    role: 'premium subscriber',
    isPremium: true,
    joinedDaysAgo: 190,
    look: { skin: '#8d5524', hair: '#1b1b1b', hairStyle: 'short', clothing: '#e76f51' },
  },
  {
    key: 'writer',
    name: 'Priya Raman',
    email: 'writer@example.com',
    role: 'free user, one article posted (the free limit)',
    joinedDaysAgo: 30,
    look: { skin: '#c68642', hair: '#2b1d14', hairStyle: 'bun', clothing: '#2a9d8f' },
  },
  {
    key: 'reader',
    name: 'Tom Becker',
    email: 'reader@example.com',
    role: 'free user, no articles yet',
    joinedDaysAgo: 4,
    look: { skin: '#ffdbac', hair: '#b5651d', hairStyle: 'curly', clothing: '#457b9d' },
  },
  {
    key: 'grace',
    name: 'Grace Whitfield',
    email: 'grace.whitfield@newsroom.tribune.example',
    joinedDaysAgo: 640,
    look: { skin: '#f3d2b3', hair: '#d4a373', hairStyle: 'long', clothing: '#6d597a' },
  },
  {
    key: 'marcus',
    name: 'Marcus Bell',
    email: 'marcus.bell@newsroom.tribune.example',
    joinedDaysAgo: 580,
    look: { skin: '#5c3a21', hair: '#111111', hairStyle: 'crop', clothing: '#3a5a40' },
  },
  {
    key: 'sofia',
    name: 'Sofia Delgado',
    email: 'sofia.delgado@newsroom.tribune.example',
    joinedDaysAgo: 455,
    look: { skin: '#e0ac69', hair: '#3b2417', hairStyle: 'curly', clothing: '#bc4749' },
  },
  {
    key: 'oliver',
    name: 'Oliver Nash',
    email: 'oliver.nash@newsroom.tribune.example',
    joinedDaysAgo: 390,
    look: { skin: '#f6d5be', hair: '#8a5a2b', hairStyle: 'short', clothing: '#1d3557' },
  },
  {
    key: 'hannah',
    name: 'Hannah Lindqvist',
    email: 'hannah.lindqvist@newsroom.tribune.example',
    joinedDaysAgo: 300,
    look: { skin: '#fbe3d0', hair: '#e9c46a', hairStyle: 'bun', clothing: '#0081a7' },
  },
];

/** The accounts one can sign in with, as the server prints them on start. */
export const demoAccounts: readonly { email: string; role: string }[] = demoPeople.flatMap(
  (person) => (person.role === undefined ? [] : [{ email: person.email, role: person.role }]),
);

/** A stable UUID-shaped id, so every run gives the demo rows the same ids. */
export function demoId(seed: string): string {
  const hex = createHash('sha256').update(`tribune-demo:${seed}`).digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}
