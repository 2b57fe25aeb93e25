/*
 * scan.c - a "C ceiling" for the parsing benchmarks.
 *
 * Reads a GPS file, takes every track point's position (and locates its time),
 * and sums the haversine distance between consecutive positioned points:
 *
 *     scan FORMAT FILE        FORMAT: gpx, tcx, nmea, gpsd, fit
 *
 * prints "<points> <distance_m>" (2 decimals). Exit status 1 on I/O errors or
 * a malformed/bad-CRC FIT file, 2 on bad arguments.
 *
 * Every format is streamed through one reused buffer filled with read(): a
 * parser returns how far it got (the start of a record cut off by the end of
 * the buffer), the rest moves to the front and the buffer is refilled. No
 * allocation per point. SCAN_DEBUG=1 also prints, on stderr, how many points
 * had a time.
 *
 * Build: cc -O2 -Wall -Wextra -o scan scan.c -lm        (C99 plus memmem)
 */
#define _GNU_SOURCE /* memmem */
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CHUNK
#define CHUNK (1u << 20) /* initial size of the reused read buffer */
#endif

static void die(const char *msg) {
  fprintf(stderr, "scan: %s\n", msg);
  exit(1);
}

/* ---- distance ---------------------------------------------------------- */

static const double R_EARTH = 6371008.8, DEG = 3.14159265358979323846 / 180.0;
/* A running sum: points so far, metres, and the last point (radians, cos lat). */
static struct track {
  unsigned long n;
  double dist, phi, lam, cphi;
} trk, gga; /* gga: NMEA GGA fixes, used only if a file has no RMC */
static unsigned long n_timed; /* points whose time was found */

static void add_to(struct track *t, double lat, double lon) {
  double phi = lat * DEG, lam = lon * DEG, c = cos(phi);
  if (t->n++) { /* haversine */
    double sp = sin((phi - t->phi) * 0.5), sl = sin((lam - t->lam) * 0.5);
    double a = sp * sp + t->cphi * c * sl * sl;
    t->dist += 2.0 * R_EARTH * asin(sqrt(a < 1.0 ? a : 1.0));
  }
  t->phi = phi, t->lam = lam, t->cphi = c;
}
static void add_point(double lat, double lon) { add_to(&trk, lat, lon); }

/* ---- numbers ----------------------------------------------------------- */

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static const double POW10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                               1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                               1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* Parses a decimal number at the start of [s, e) (leading blanks skipped).
 * Returns the end of the number, or NULL if there is no digit. Fast path:
 * up to 15 significant digits with no exponent is an exact integer divided by
 * an exact power of ten, so one division rounds correctly; anything else
 * (exponent, long mantissa) goes through strtod on a NUL-terminated copy. */
static const char *parse_num(const char *s, const char *e, double *out) {
  while (s < e && is_space(*s)) s++;
  const char *p = s;
  int neg = 0, nd = 0, frac = 0;
  uint64_t m = 0;
  if (p < e && (*p == '-' || *p == '+')) neg = (*p++ == '-');
  while (p < e && (unsigned)(*p - '0') < 10) m = m * 10 + (unsigned)(*p++ - '0'), nd++;
  if (p < e && *p == '.') {
    p++;
    while (p < e && (unsigned)(*p - '0') < 10) m = m * 10 + (unsigned)(*p++ - '0'), nd++, frac++;
  }
  if (!nd) return NULL;
  if (nd <= 15 && !(p < e && (*p == 'e' || *p == 'E'))) {
    double v = (double)m / POW10[frac];
    *out = neg ? -v : v;
    return p;
  }
  char tmp[64], *end; /* slow path */
  size_t len = (size_t)(e - s) < sizeof tmp - 1 ? (size_t)(e - s) : sizeof tmp - 1;
  memcpy(tmp, s, len);
  tmp[len] = 0;
  *out = strtod(tmp, &end);
  return end == tmp ? NULL : s + (end - tmp);
}

/* First occurrence of needle in [p, e), or NULL. */
static const char *find(const char *p, const char *e, const char *needle, size_t n) {
  return p < e ? memmem(p, (size_t)(e - p), needle, n) : NULL;
}

/* Where a parser that found nothing more may stop: keep the last n-1 bytes, a
 * needle of length n may straddle the refill. */
static size_t keep_tail(const char *b, const char *p, size_t len, size_t n) {
  size_t at = len >= n - 1 ? len - (n - 1) : 0, done = (size_t)(p - b);
  return done > at ? done : at;
}

/* ---- GPX --------------------------------------------------------------- */

/* Every <trkpt lat=".." lon=".."> (attributes in any order, ' or " quotes) and
 * the <time> child before its </trkpt>. */
static size_t parse_gpx(const char *b, size_t len, int eof) {
  const char *p = b, *e = b + len;
  for (;;) {
    const char *s = find(p, e, "<trkpt", 6);
    if (!s) return eof ? len : keep_tail(b, p, len, 6);
    const char *q = s + 6;
    if (q >= e) goto cut;
    if (!is_space(*q) && *q != '>' && *q != '/') { p = q; continue; } /* <trkptx */
    double lat = 0, lon = 0;
    int has = 0, empty = 0;
    for (;;) { /* attributes up to > or /> */
      while (q < e && is_space(*q)) q++;
      if (q >= e) goto cut;
      if (*q == '>') { q++; break; }
      if (*q == '/') { empty = 1; q++; break; }
      const char *name = q;
      while (q < e && *q != '=' && !is_space(*q) && *q != '>') q++;
      size_t nlen = (size_t)(q - name);
      while (q < e && is_space(*q)) q++;
      if (q >= e) goto cut;
      if (*q != '=') { has = 0; empty = 1; break; } /* malformed: drop the point */
      q++;
      while (q < e && is_space(*q)) q++;
      if (q >= e) goto cut;
      if (*q != '"' && *q != '\'') { has = 0; empty = 1; break; }
      const char *v = q + 1, *ve = memchr(v, *q, (size_t)(e - v));
      if (!ve) goto cut;
      if (nlen == 3 && name[0] == 'l' && name[1] == 'a' && name[2] == 't')
        has |= parse_num(v, ve, &lat) ? 1 : 0;
      else if (nlen == 3 && name[0] == 'l' && name[1] == 'o' && name[2] == 'n')
        has |= parse_num(v, ve, &lon) ? 2 : 0;
      q = ve + 1;
    }
    /* children: stop at <time> or at </trkpt (a new <trkpt also ends it) */
    while (!empty) {
      const char *r = memchr(q, '<', (size_t)(e - q));
      if (!r || e - r < 7) { if (eof) { q = e; break; } goto cut; }
      if (!memcmp(r, "<time>", 6)) { n_timed += has == 3; q = r + 6; break; }
      if (!memcmp(r, "</trkpt", 7)) { q = r + 7; break; }
      if (!memcmp(r, "<trkpt", 6)) { q = r; break; } /* unclosed: a new one starts */
      q = r + 1;
    }
    if (has == 3) add_point(lat, lon);
    p = q;
    continue;
  cut: /* the element runs past the buffer: redo it after the refill */
    if (!eof) return (size_t)(s - b);
    p = e; /* truncated file: drop the last partial point */
  }
}

/* ---- TCX --------------------------------------------------------------- */

/* Every <Trackpoint>: <Time>, and <LatitudeDegrees>/<LongitudeDegrees> inside
 * <Position>; once all three are seen the rest of the element is skipped (the
 * search for the next "<Trackpoint" cannot match "</Trackpoint>"). */
static size_t parse_tcx(const char *b, size_t len, int eof) {
  const char *p = b, *e = b + len;
  for (;;) {
    const char *s = find(p, e, "<Trackpoint", 11);
    if (!s) return eof ? len : keep_tail(b, p, len, 11);
    const char *q = s + 11;
    if (q >= e) goto cut;
    if (*q != '>' && !is_space(*q)) { p = q; continue; } /* <TrackpointX */
    double lat = 0, lon = 0;
    int has = 0, inpos = 0, timed = 0;
    for (;;) {
      const char *r = memchr(q, '<', (size_t)(e - q));
      if (!r) {
        if (!eof) goto cut;
        q = e; /* truncated file: the element ends here */
        break;
      }
      const char *t = r + 1;
      size_t room = (size_t)(e - t);
      q = t;
      if (room < 18 && !eof) goto cut; /* longest tag tested: "LongitudeDegrees>" */
      if (!room) break;
#define TAG(s, n) (room >= (n) && !memcmp(t, s, n))
      if (t[0] == 'T' && TAG("Time>", 5)) {
        timed = 1;
        q = t + 5;
      } else if (t[0] == 'P' && TAG("Position>", 9)) {
        inpos = 1;
      } else if (inpos && t[0] == 'L' && (TAG("LatitudeDegrees>", 16) || TAG("LongitudeDegrees>", 17))) {
        int isLat = t[1] == 'a';
        const char *v = t + (isLat ? 16 : 17), *ve = memchr(v, '<', (size_t)(e - v));
        if (!ve) goto cut;
        if (parse_num(v, ve, isLat ? &lat : &lon)) has |= isLat ? 1 : 2;
        q = ve;
      } else if (t[0] == '/') {
        if (TAG("/Position>", 10)) inpos = 0;
        else if (TAG("/Trackpoint", 11)) break;
      } else if (t[0] == 'T' && TAG("Trackpoint", 10)) {
        q = r; /* unclosed: a new one starts */
        break;
      }
      if (has == 3 && timed && !inpos) break;
#undef TAG
    }
    if (has == 3) add_point(lat, lon), n_timed += timed;
    p = q;
    continue;
  cut:
    if (!eof) return (size_t)(s - b);
    p = e;
  }
}

/* ---- NMEA -------------------------------------------------------------- */

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* XOR of the bytes in [p, e), eight at a time. */
static unsigned xor_bytes(const char *p, const char *e) {
  uint64_t w = 0, t;
  for (; e - p >= 8; p += 8) memcpy(&t, p, 8), w ^= t;
  w ^= w >> 32, w ^= w >> 16, w ^= w >> 8;
  unsigned x = (unsigned)w & 0xFF;
  while (p < e) x ^= (unsigned char)*p++;
  return x;
}

/* "ddmm.mmmm,H" at q (H: pos or neg hemisphere letter), fields ending before
 * s (the '*'). Stores degrees; returns the start of the next field, or NULL
 * if either field is empty or malformed. */
static const char *nmea_coord(const char *q, const char *s, char pos, char neg, double *out) {
  double v;
  const char *ne = parse_num(q, s, &v);
  if (!ne || s - ne < 2 || ne[0] != ',' || (ne[1] != pos && ne[1] != neg) || (ne[2] != ',' && ne[2] != '*'))
    return NULL; /* ne[2] is at most the '*' itself */
  double deg = trunc(v / 100.0);
  v = deg + (v - deg * 100.0) / 60.0;
  *out = ne[1] == neg ? -v : v;
  return ne + 3;
}

/* One line [p, e) without its newline: $ttRMC / $ttGGA (any talker tt) with a
 * *hh checksum equal to the XOR of the bytes between '$' and '*'; lines
 * without one, or with a wrong one, are skipped. */
static void nmea_line(const char *p, const char *e) {
  if (e - p < 10 || p[0] != '$' || p[6] != ',') return;
  int rmc = p[3] == 'R' && p[4] == 'M' && p[5] == 'C';
  if (!rmc && !(p[3] == 'G' && p[4] == 'G' && p[5] == 'A')) return;
  const char *s = memchr(p, '*', (size_t)(e - p));
  if (!s || e - s < 3) return;
  int h = hexval(s[1]), l = hexval(s[2]);
  if (h < 0 || l < 0 || (unsigned)(h << 4 | l) != xor_bytes(p + 1, s)) return;
  const char *q = p + 7;
  while (q < s && *q != ',') q++; /* time field: located, not decoded */
  int timed = q > p + 7;
  if (q++ >= s) return;
  double lat, lon;
  if (rmc) { /* $ttRMC,time,status,lat,N,lon,E,...: a point when status is A */
    if (s - q < 2 || q[0] != 'A' || q[1] != ',') return;
    if (!(q = nmea_coord(q + 2, s, 'N', 'S', &lat)) || !(q = nmea_coord(q, s, 'E', 'W', &lon))) return;
    n_timed += timed;
    add_point(lat, lon);
  } else { /* $ttGGA,time,lat,N,lon,E,quality,...: a fix when quality is 1-9 */
    if (!(q = nmea_coord(q, s, 'N', 'S', &lat)) || !(q = nmea_coord(q, s, 'E', 'W', &lon))) return;
    if (q >= s || *q < '1' || *q > '9') return;
    if (!trk.n) add_to(&gga, lat, lon); /* GGA distance matters only while no RMC was seen */
  }
}

/* ---- gpsd JSON --------------------------------------------------------- */

/* The value of key k (given with its quotes, n bytes) in [p, e): the first
 * character after the ':' and blanks, or NULL. A match not followed by ':' was
 * a string value and the search goes on; inside a JSON string a '"' is
 * escaped, so '"lat"' followed by ':' can only be a key. A plain loop: the
 * keys sit a few dozen bytes apart, too close for memmem's setup to pay. */
static const char *json_at(const char *p, const char *e, const char *k, size_t n) {
  for (const char *last = e - n; p <= last; p++) {
    if (p[0] != k[0] || p[n - 1] != k[n - 1]) continue;
    size_t i = 1;
    while (i < n - 1 && p[i] == k[i]) i++;
    if (i < n - 1) continue;
    const char *q = p + n;
    while (q < e && is_space(*q)) q++;
    if (q < e && *q == ':') {
      for (q++; q < e && is_space(*q);) q++;
      return q;
    }
  }
  return NULL;
}

/* The same on the line [p, e), looked for from `from` (a value start: where
 * the key gpsd writes before it was found) to the end, then before `from`. */
static const char *json_key(const char *p, const char *from, const char *e, const char *k, size_t n) {
  const char *v = json_at(from, e, k, n);
  return v ? v : json_at(p, from, k, n);
}

/* One line: {"class":"TPV",...,"time":"..",...,"lat":n,"lon":n,...}, the keys
 * in any order (gpsd's own order is only used as the place to look first). */
static void gpsd_line(const char *p, const char *e) {
  const char *v = json_key(p, p, e, "\"class\"", 7);
  if (!v || e - v < 5 || memcmp(v, "\"TPV\"", 5)) return;
  const char *t = json_key(p, v, e, "\"time\"", 6); /* located, not decoded */
  const char *a = json_key(p, t ? t : v, e, "\"lat\"", 5);
  const char *o = a ? json_key(p, a, e, "\"lon\"", 5) : NULL;
  double lat, lon;
  if (!o || !parse_num(a, e, &lat) || !parse_num(o, e, &lon)) return;
  n_timed += t && t < e && *t == '"';
  add_point(lat, lon);
}

/* Calls fn on every complete line; at EOF also on a last line without '\n'. */
static size_t by_lines(const char *b, size_t len, int eof, void (*fn)(const char *, const char *)) {
  const char *p = b, *e = b + len;
  while (p < e) {
    const char *nl = memchr(p, '\n', (size_t)(e - p));
    if (!nl) {
      if (!eof) break;
      nl = e;
    }
    fn(p, nl > p && nl[-1] == '\r' ? nl - 1 : nl);
    p = nl + (nl < e);
  }
  return (size_t)(p - b);
}
static size_t parse_nmea(const char *b, size_t len, int eof) { return by_lines(b, len, eof, nmea_line); }
static size_t parse_gpsd(const char *b, size_t len, int eof) { return by_lines(b, len, eof, gpsd_line); }

/* ---- FIT --------------------------------------------------------------- */

/* CRC-16 of the FIT SDK: its 16-entry nibble table applied to the low then
 * the high nibble of each byte. The same CRC is computed here eight bytes at a
 * time ("slicing-by-8"): crc_tab[0] is the SDK's step for one whole byte,
 * crc_tab[k] the effect of a byte followed by k zero bytes. */
static uint16_t crc_tab[8][256];

static void crc_init(void) {
  static const uint16_t nib[16] = {0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
                                   0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400};
  for (unsigned b = 0; b < 256; b++) {
    uint16_t crc = 0, tmp; /* the SDK's FitCRC_Get16(0, b) */
    tmp = nib[crc & 0xF], crc = (crc >> 4) & 0x0FFF, crc = crc ^ tmp ^ nib[b & 0xF];
    tmp = nib[crc & 0xF], crc = (crc >> 4) & 0x0FFF, crc = crc ^ tmp ^ nib[(b >> 4) & 0xF];
    crc_tab[0][b] = crc;
  }
  for (int k = 1; k < 8; k++)
    for (unsigned b = 0; b < 256; b++)
      crc_tab[k][b] = (uint16_t)((crc_tab[k - 1][b] >> 8) ^ crc_tab[0][crc_tab[k - 1][b] & 0xFF]);
}
static uint16_t crc16(uint16_t crc, const unsigned char *p, const unsigned char *e) {
  for (; e - p >= 8; p += 8) {
    crc ^= (uint16_t)(p[0] | p[1] << 8);
    crc = crc_tab[7][crc & 0xFF] ^ crc_tab[6][crc >> 8] ^ crc_tab[5][p[2]] ^ crc_tab[4][p[3]] ^
          crc_tab[3][p[4]] ^ crc_tab[2][p[5]] ^ crc_tab[1][p[6]] ^ crc_tab[0][p[7]];
  }
  while (p < e) crc = (uint16_t)((crc >> 8) ^ crc_tab[0][(crc ^ *p++) & 0xFF]);
  return crc;
}

static uint32_t rd32(const unsigned char *p, int be) {
  return be ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
            : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static struct fitdef {
  int defined, be;
  unsigned global;
  size_t size;                  /* bytes of a data message, developer fields included */
  int off_lat, off_lon, off_ts; /* offsets of the 4-byte fields 0, 1 and 253, or -1 */
} defs[16];                     /* by local message type */

/* Where the FIT stream is, across refills of the buffer. */
static int fit_in_data;      /* 0: at a file header (or the end), 1: in a file's records */
static size_t fit_left;      /* record bytes left in the current file */
static uint16_t fit_crc;     /* CRC of the current file so far */
static unsigned long fit_files;
static uint32_t last_ts;     /* last full timestamp, for compressed-timestamp headers */
static int have_ts;

/* One record at p (header byte first), known to be wholly in the buffer. */
static void fit_record(const unsigned char *p) {
  static const double SEMI = 180.0 / 2147483648.0; /* degrees per semicircle */
  unsigned h = *p++, local;
  if (h & 0x80) { /* compressed timestamp header: local type in bits 5-6, time offset in 0-4 */
    local = (h >> 5) & 3;
    if (have_ts) { /* the offset rolls over every 32 s from the last full timestamp */
      uint32_t off = h & 0x1F, ts = (last_ts & ~0x1Fu) + off;
      last_ts = off < (last_ts & 0x1F) ? ts + 0x20 : ts;
    }
  } else if (h & 0x40) { /* definition: reserved, architecture, global(2), nfields, 3 bytes each */
    struct fitdef *d = &defs[h & 0x0F];
    int be = p[1] == 1;
    unsigned nf = p[4];
    d->global = be ? (unsigned)p[2] << 8 | p[3] : (unsigned)p[3] << 8 | p[2];
    d->be = be, d->size = 0, d->off_lat = d->off_lon = d->off_ts = -1, d->defined = 1;
    p += 5;
    for (unsigned i = 0; i < nf; i++, p += 3) {
      unsigned num = p[0], sz = p[1];
      if (sz == 4 && num == 0 && d->off_lat < 0) d->off_lat = (int)d->size;
      if (sz == 4 && num == 1 && d->off_lon < 0) d->off_lon = (int)d->size;
      if (sz == 4 && num == 253 && d->off_ts < 0) d->off_ts = (int)d->size;
      d->size += sz;
    }
    if (h & 0x20) /* developer fields: count, then 3 bytes each (size in the middle) */
      for (unsigned i = 0, nd = *p++; i < nd; i++, p += 3) d->size += p[1];
    return;
  } else {
    local = h & 0x0F; /* normal data message */
  }
  const struct fitdef *d = &defs[local];
  if (d->global != 20) return; /* only "record" messages matter */
  if (d->off_ts >= 0) last_ts = rd32(p + d->off_ts, d->be), have_ts = 1;
  if (d->off_lat < 0 || d->off_lon < 0) return;
  int32_t la = (int32_t)rd32(p + d->off_lat, d->be), lo = (int32_t)rd32(p + d->off_lon, d->be);
  if (la == 0x7FFFFFFF || lo == 0x7FFFFFFF) return; /* invalid: no position */
  n_timed += have_ts;
  add_point(la * SEMI, lo * SEMI);
}

/* Header (12 or 14 bytes: size, protocol, profile(2), data size(4) LE, ".FIT",
 * [header CRC(2)]), records, then the file CRC (2, LE) over header + records;
 * a stored CRC of 0 means none. Chained files (a header right after the CRC)
 * are read one after another. */
static size_t parse_fit(const char *buf, size_t len, int eof) {
  const unsigned char *b = (const unsigned char *)buf, *p = b, *e = b + len, *crc_from = p;
  for (;;) {
    size_t avail = (size_t)(e - p);
    if (!fit_in_data) { /* a file header, or the end */
      if (!avail && eof && fit_files) return len;
      if (avail < 12 || avail < p[0]) {
        if (eof) die("not a FIT file (bad or cut header)");
        return (size_t)(p - b);
      }
      if (p[0] < 12 || memcmp(p + 8, ".FIT", 4)) die("not a FIT file (bad header)");
      fit_left = rd32(p + 4, 0), fit_crc = crc16(0, p, p + p[0]), p += p[0], crc_from = p;
      fit_in_data = 1, fit_files++, have_ts = 0;
      memset(defs, 0, sizeof defs);
      continue;
    }
    if (!fit_left) { /* the file CRC */
      if (avail < 2) break;
      unsigned stored = p[0] | (unsigned)p[1] << 8;
      fit_crc = crc16(fit_crc, crc_from, p);
      if (stored && stored != fit_crc) die("FIT file CRC mismatch");
      p += 2, fit_in_data = 0;
      continue;
    }
    /* a record: its size, from what of it is in the buffer (lim bytes) */
    size_t lim = avail < fit_left ? avail : fit_left, need;
    if (!lim) break;
    unsigned h = p[0];
    if ((h & 0xC0) == 0x40) { /* definition */
      need = 6 + (lim >= 6 ? 3 * (size_t)p[5] : 0);
      if (h & 0x20) need += 1 + (lim > need ? 3 * (size_t)p[need] : 0);
    } else {
      const struct fitdef *d = &defs[h & 0x80 ? (h >> 5) & 3 : h & 0x0F];
      if (!d->defined) die("malformed FIT: data message of an undefined local type");
      need = 1 + d->size;
    }
    if (need > lim) {
      if (need > fit_left) die("malformed FIT: a record runs past the data size");
      break; /* cut by the buffer */
    }
    fit_record(p);
    p += need, fit_left -= need;
  }
  if (eof) die("malformed FIT: file shorter than its header says");
  if (fit_in_data) fit_crc = crc16(fit_crc, crc_from, p);
  return (size_t)(p - b);
}

/* ---- driver ------------------------------------------------------------ */

typedef size_t (*parser)(const char *, size_t, int);

/* Reads fd through one buffer: parse() returns how much it used; the rest (a
 * record cut by the end of the buffer) is moved to the front and the buffer
 * refilled, or grown if one record fills it. */
static void stream(int fd, parser parse) {
  size_t cap = CHUNK, have = 0;
  char *buf = malloc(cap);
  if (!buf) die("out of memory");
  for (;;) {
    ssize_t r = read(fd, buf + have, cap - have);
    if (r < 0) die("read error");
    have += (size_t)r;
    int eof = r == 0;
    size_t used = parse(buf, have, eof);
    if (eof) break;
    memmove(buf, buf + used, have - used);
    have -= used;
    if (have == cap && !(buf = realloc(buf, cap *= 2))) die("out of memory");
  }
  free(buf);
}

int main(int argc, char **argv) {
  static const char *names[] = {"gpx", "tcx", "nmea", "gpsd", "fit"};
  static const parser parsers[] = {parse_gpx, parse_tcx, parse_nmea, parse_gpsd, parse_fit};
  int fmt = -1;
  for (int i = 0; argc == 3 && i < 5; i++)
    if (!strcmp(argv[1], names[i])) fmt = i;
  if (fmt < 0) {
    fprintf(stderr, "usage: scan gpx|tcx|nmea|gpsd|fit FILE\n");
    return 2;
  }
  int fd = open(argv[2], O_RDONLY);
  if (fd < 0) {
    perror(argv[2]);
    return 1;
  }
  crc_init();
  stream(fd, parsers[fmt]);
  close(fd);
  if (fmt == 2 && !trk.n) trk = gga; /* NMEA without RMC: the GGA fixes */
  if (getenv("SCAN_DEBUG")) fprintf(stderr, "points with a time: %lu\n", n_timed);
  printf("%lu %.2f\n", trk.n, trk.dist);
  return 0;
}
