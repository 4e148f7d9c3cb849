/* snapshot.c - the little-endian writer, reader and hasher of snapshot.h. */
#include "snapshot.h"

#include <string.h>

uint64_t wy_fnv1a(uint64_t h, const void *p, size_t n) {
  const uint8_t *b = p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

void wy_io_raw(wy_io *io, uint8_t *p, size_t n) {
  switch (io->mode) {
  case WY_IO_WRITE:
    if (io->out && io->pos <= io->cap && n <= io->cap - io->pos) memcpy(io->out + io->pos, p, n);
    break;
  case WY_IO_READ:
    if (io->bad || io->pos > io->size || n > io->size - io->pos) {
      io->bad = true;
      memset(p, 0, n);
      return;
    }
    memcpy(p, io->in + io->pos, n);
    break;
  case WY_IO_HASH: io->hash = wy_fnv1a(io->hash, p, n); break;
  }
  io->pos += n;
}

/* v (n bytes, n <= 8) through the stream, least significant byte first. */
static uint64_t io_le(wy_io *io, uint64_t v, size_t n) {
  uint8_t b[8];
  for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(v >> (8 * i));
  wy_io_raw(io, b, n);
  uint64_t r = 0;
  for (size_t i = 0; i < n; i++) r |= (uint64_t)b[i] << (8 * i);
  return r;
}

/* What a value holds before it goes through io: read, nothing (the record
 * being read into may not be initialised). */
#define OUT(io, v) ((io)->mode == WY_IO_READ ? 0 : *(v))

void wy_io_u8(wy_io *io, uint8_t *v) { *v = (uint8_t)io_le(io, OUT(io, v), 1); }
void wy_io_u16(wy_io *io, uint16_t *v) { *v = (uint16_t)io_le(io, OUT(io, v), 2); }
void wy_io_u32(wy_io *io, uint32_t *v) { *v = (uint32_t)io_le(io, OUT(io, v), 4); }
void wy_io_u64(wy_io *io, uint64_t *v) { *v = io_le(io, OUT(io, v), 8); }

void wy_io_i8(wy_io *io, int8_t *v) {
  uint8_t u = (uint8_t)OUT(io, v);
  wy_io_u8(io, &u);
  *v = (int8_t)(u > 127 ? (int)u - 256 : (int)u);
}

void wy_io_i32(wy_io *io, int32_t *v) {
  uint32_t u = (uint32_t)OUT(io, v);
  wy_io_u32(io, &u);
  *v = u > INT32_MAX ? (int32_t)(u - 2147483648u) - INT32_MAX - 1 : (int32_t)u;
}

void wy_io_f32(wy_io *io, float *v) {
  uint32_t u = 0;
  if (io->mode != WY_IO_READ) memcpy(&u, v, sizeof u);
  wy_io_u32(io, &u);
  memcpy(v, &u, sizeof u);
}

void wy_io_f64(wy_io *io, double *v) {
  uint64_t u = 0;
  if (io->mode != WY_IO_READ) memcpy(&u, v, sizeof u);
  wy_io_u64(io, &u);
  memcpy(v, &u, sizeof u);
}

void wy_io_bool(wy_io *io, bool *v) {
  uint8_t u = io->mode != WY_IO_READ && *v ? 1 : 0;
  wy_io_u8(io, &u);
  if (u > 1) io->bad = true;
  *v = u == 1;
}

void wy_io_count(wy_io *io, int32_t *v, int32_t max) {
  wy_io_i32(io, v);
  /* Read, each element takes at least a byte: a count beyond the bytes left
   * is no snapshot's, and would only make the reader allocate in vain. */
  bool beyond = io->mode == WY_IO_READ && (size_t)*v > io->size - (io->pos < io->size ? io->pos : io->size);
  if (*v < 0 || *v > max || beyond) {
    io->bad = true;
    *v = 0;
  }
}
