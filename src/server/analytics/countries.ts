import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { Reader, type CountryResponse } from 'maxmind';

/** The ISO country code of a client address, or null when the database has none for it. */
export type CountryOf = (address: string) => string | null;

/** Each database opened, by its full path: the config's check and the analytics share one. */
const opened = new Map<string, CountryOf>();

/**
 * Opens a MaxMind-format country or city database (GEOIP_DATABASE), read whole into memory once
 * a process; throws when the file cannot be read or is no such database.
 */
export function openCountryDatabase(file: string): CountryOf {
  const key = path.resolve(file);
  let countryOf = opened.get(key);
  if (!countryOf) {
    countryOf = lookUpIn(new Reader<CountryResponse>(readFileSync(key)));
    opened.set(key, countryOf);
  }
  return countryOf;
}

function lookUpIn(reader: Reader<CountryResponse>): CountryOf {
  return (address) => {
    // An IPv4 client on a dual-stack socket comes as ::ffff:a.b.c.d.
    const plain =
      address.startsWith('::ffff:') && isIP(address.slice(7)) ? address.slice(7) : address;
    if (!isIP(plain)) return null;
    const found = reader.get(plain);
    const code = found?.country?.iso_code ?? found?.registered_country?.iso_code;
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  };
}
