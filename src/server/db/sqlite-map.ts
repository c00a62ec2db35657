/**
 * How much of the database file each SQLite connection reads through a memory map (`PRAGMA
 * mmap_size`): all of it up to the most this build of SQLite allows (0x7fff0000 bytes).
 * Without a map SQLite copies every page it reads from the kernel's cache into its own, one
 * system call a page, and a stored article page of 10 KB spans several pages: reading one took
 * 44 µs on 30,000 stored pages, and 19 µs mapped (PERFORMANCE.md, item 51). The mapped pages are
 * the kernel's page cache, shared by every connection and process and given back under memory
 * pressure; writes still go through SQLite's own cache and the write-ahead log.
 */
export const sqliteMapBytes = 0x7fff0000;
