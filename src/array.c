/* array.c - growth of the core's one growable array (array.h). */
#include "array.h"

int32_t wy_grown_cap(int32_t cap, int32_t need) {
  if (need > INT32_MAX / 2) return 0;
  int32_t n = cap < 16 ? 16 : cap;
  while (n < need) n *= 2;
  return n;
}

void *wy_grow(const wy_allocator *al, void *data, int32_t *cap, int32_t need, size_t size) {
  if (need <= *cap) return data;
  int32_t n = wy_grown_cap(*cap, need);
  if (n == 0) return data;
  void *p = wy_realloc(al, data, (size_t)*cap * size, (size_t)n * size);
  if (!p) return data;
  *cap = n;
  return p;
}
