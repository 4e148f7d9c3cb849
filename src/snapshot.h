/* snapshot.h - the byte format of a saved world (wary_world_save): one
 * visitor walks each record, and the same walk writes it, reads it back or
 * hashes it, so the three can never disagree. Every value goes out
 * little-endian at a fixed width (floats as their bits), whatever the
 * machine, the compiler's struct layout or the binding. A read past the end
 * marks the stream bad and reads zeros: the caller checks once. */
#ifndef WARY_SNAPSHOT_H
#define WARY_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum wy_io_mode { WY_IO_WRITE, WY_IO_READ, WY_IO_HASH } wy_io_mode;

typedef struct wy_io {
  wy_io_mode mode;
  uint8_t *out;       /* write: the caller's buffer (NULL: size only) */
  size_t cap;         /* write: its capacity; nothing is written past it */
  const uint8_t *in;  /* read */
  size_t size;        /* read: bytes in */
  size_t pos;         /* bytes written (or that would be), or read */
  bool bad;           /* read: ran past the end, or a value was out of its range */
  uint64_t hash;      /* hash: FNV-1a 64 of the bytes visited */
  uint32_t version;   /* read: the snapshot's format version (save.h); 0: this library's */
} wy_io;

#define WY_FNV_OFFSET 0xcbf29ce484222325ull

/* FNV-1a 64 of n bytes, continuing from h: a change of any single byte changes it. */
uint64_t wy_fnv1a(uint64_t h, const void *p, size_t n);

void wy_io_raw(wy_io *io, uint8_t *p, size_t n); /* n bytes as they are */
/* v (n bytes, n <= 8) through the stream, least significant byte first:
 * wy_io_le, whose write and read on a little-endian machine (a save's or
 * a load's fields are most of its time) are inline. */
uint64_t wy_io_le_slow(wy_io *io, uint64_t v, size_t n);
static inline uint64_t wy_io_le(wy_io *io, uint64_t v, size_t n) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (io->mode == WY_IO_WRITE) {
    if (io->out && io->pos <= io->cap && n <= io->cap - io->pos) memcpy(io->out + io->pos, &v, n);
    io->pos += n;
    return v;
  }
  if (io->mode == WY_IO_READ && !io->bad && io->pos <= io->size && n <= io->size - io->pos) {
    uint64_t r = 0;
    memcpy(&r, io->in + io->pos, n);
    io->pos += n;
    return r;
  }
#endif
  return wy_io_le_slow(io, v, n);
}

/* What a value holds before it goes through io: read, nothing (the record
 * being read into may not be initialised), so it is copied only otherwise. */
#define WY_IO_UNSIGNED(name, type, n)                                     \
  static inline void name(wy_io *io, type *v) {                           \
    type u = 0;                                                           \
    if (io->mode != WY_IO_READ) memcpy(&u, v, sizeof u);                  \
    *v = (type)wy_io_le(io, u, n);                                        \
  }
WY_IO_UNSIGNED(wy_io_u8, uint8_t, 1)
WY_IO_UNSIGNED(wy_io_u16, uint16_t, 2)
WY_IO_UNSIGNED(wy_io_u32, uint32_t, 4)
WY_IO_UNSIGNED(wy_io_u64, uint64_t, 8)
#undef WY_IO_UNSIGNED

static inline void wy_io_i8(wy_io *io, int8_t *v) {
  uint8_t u = 0;
  if (io->mode != WY_IO_READ) memcpy(&u, v, sizeof u);
  wy_io_u8(io, &u);
  *v = (int8_t)(u > 127 ? (int)u - 256 : (int)u);
}

static inline void wy_io_i32(wy_io *io, int32_t *v) {
  uint32_t u = 0;
  if (io->mode != WY_IO_READ) memcpy(&u, v, sizeof u);
  wy_io_u32(io, &u);
  *v = u > INT32_MAX ? (int32_t)(u - 2147483648u) - INT32_MAX - 1 : (int32_t)u;
}

static inline void wy_io_f32(wy_io *io, float *v) {
  uint32_t u = 0;
  if (io->mode != WY_IO_READ) memcpy(&u, v, sizeof u);
  wy_io_u32(io, &u);
  memcpy(v, &u, sizeof u);
}

static inline void wy_io_f64(wy_io *io, double *v) {
  uint64_t u = 0;
  if (io->mode != WY_IO_READ) memcpy(&u, v, sizeof u);
  wy_io_u64(io, &u);
  memcpy(v, &u, sizeof u);
}

/* One byte, 0 or 1 (read: anything else is bad). */
static inline void wy_io_bool(wy_io *io, bool *v) {
  uint8_t u = io->mode != WY_IO_READ && *v ? 1 : 0;
  wy_io_u8(io, &u);
  if (u > 1) io->bad = true;
  *v = u == 1;
}

/* A count: read, it must lie in [0, max] and not exceed the bytes left, else
 * the stream is bad and it reads 0. */
void wy_io_count(wy_io *io, int32_t *v, int32_t max);

/* One value of any of those types, or every element of an array. */
#define WY_IO(io, x)                                                                              \
  _Generic((x), uint8_t: wy_io_u8, uint16_t: wy_io_u16, uint32_t: wy_io_u32, uint64_t: wy_io_u64, \
           int8_t: wy_io_i8, int32_t: wy_io_i32, float: wy_io_f32, double: wy_io_f64,              \
           bool: wy_io_bool)((io), &(x))
#define WY_IO_ARRAY(io, a)                                                  \
  do {                                                                      \
    for (size_t wy_k_ = 0; wy_k_ < sizeof(a) / sizeof((a)[0]); wy_k_++) WY_IO((io), (a)[wy_k_]); \
  } while (0)

#endif
