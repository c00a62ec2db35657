import { writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * A small MaxMind DB (format 2.0) written here, for the country look-ups' tests: nothing may
 * be downloaded, and no package ships a database. The format: a binary search tree over the
 * address's bits (IPv6; IPv4 under 96 zero bits), 24-bit records; 16 zero bytes; a data section
 * of typed values; then "\xAB\xCD\xEFMaxMind.com" and the metadata, a map.
 */

type Value = string | number | Value[] | { [key: string]: Value };

/** A field's control byte(s): types past 7 are "extended", their number less 7 in a second byte. */
function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error('only short values are written here');
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    // uint32, big-endian, in as few bytes as it needs.
    const bytes: number[] = [];
    for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    return Buffer.concat([control(6, bytes.length), Buffer.from(bytes)]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    control(7, entries.length),
    ...entries.flatMap(([key, item]) => [encode(key), encode(item)]),
  ]);
}

/** An IPv4 network's bits, under the 96 zero bits that IPv4 takes in an IPv6 tree. */
function bitsOf(network: string): number[] {
  const [address, length] = network.split('/') as [string, string];
  const octets = address.split('.').map(Number);
  const bits = octets.flatMap((octet) =>
    Array.from({ length: 8 }, (_, n) => (octet >> (7 - n)) & 1),
  );
  return [...Array<number>(96).fill(0), ...bits.slice(0, Number(length))];
}

/**
 * A country database mapping IPv4 networks (`203.0.113.0/24`) to ISO country codes, as the
 * GeoLite2 country database shapes its records (`{ country: { iso_code } }`).
 */
export function countryDatabase(countries: Record<string, string>): Buffer {
  type Record = number | { data: number } | null;
  const nodes: [Record, Record][] = [[null, null]];
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const [network, isoCode] of Object.entries(countries)) {
    const record = encode({ country: { iso_code: isoCode } });
    const offset = dataLength;
    data.push(record);
    dataLength += record.length;
    const bits = bitsOf(network);
    let node = 0;
    for (const [n, bit] of bits.entries()) {
      if (n === bits.length - 1) {
        nodes[node]![bit] = { data: offset };
        break;
      }
      const next = nodes[node]![bit];
      if (typeof next === 'number') {
        node = next;
      } else {
        nodes.push([null, null]);
        nodes[node]![bit] = nodes.length - 1;
        node = nodes.length - 1;
      }
    }
  }
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  const valueOf = (record: Record) =>
    record === null ? count : typeof record === 'number' ? record : count + 16 + record.data;
  nodes.forEach(([left, right], n) => {
    tree.writeUIntBE(valueOf(left), n * 6, 3);
    tree.writeUIntBE(valueOf(right), n * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: count,
    record_size: 24,
    ip_version: 6,
    database_type: 'Test-Country',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    description: { en: 'Countries for tests' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com', 'latin1'),
    metadata,
  ]);
}

/** The database written as `countries.mmdb` in folder `dir`, for GEOIP_DATABASE; answers its path. */
export function countryDatabaseFile(dir: string, countries: Record<string, string>): string {
  const file = path.join(dir, 'countries.mmdb');
  writeFileSync(file, countryDatabase(countries));
  return file;
}
