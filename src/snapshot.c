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

uint64_t wy_io_le_slow(wy_io *io, uint64_t v, size_t n) {
  uint8_t b[8];
  for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(v >> (8 * i));
  wy_io_raw(io, b, n);
  uint64_t r = 0;
  for (size_t i = 0; i < n; i++) r |= (uint64_t)b[i] << (8 * i);
  return r;
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
