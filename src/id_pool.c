/* id_pool.c - allocating, releasing and checking the ids of one kind. */
#include "id_pool.h"

#include <string.h>

void wy_id_pool_init(wy_id_pool *p, wary_kind kind, const wy_allocator *alloc) {
  memset(p, 0, sizeof *p);
  p->kind = (uint32_t)kind;
  p->alloc = alloc;
}

void wy_id_pool_free(wy_id_pool *p) {
  wy_array_free(p->alloc, &p->slots);
  wy_array_free(p->alloc, &p->free);
  wy_array_free(p->alloc, &p->live);
}

static int32_t words_of(int32_t slots) { return (slots + 63) >> 6; }

int32_t wy_id_reserve(wy_id_pool *p) {
  if (p->free.count > 0) return p->free.data[p->free.count - 1];
  int32_t n = p->slots.count;
  if ((uint32_t)n > WY_ID_INDEX_MASK) return WARY_ERR_FULL;
  /* The free list keeps room for every slot, so releasing never fails. */
  if (!wy_array_reserve(p->alloc, &p->slots, n + 1) || !wy_array_reserve(p->alloc, &p->free, n + 1) ||
      !wy_array_reserve(p->alloc, &p->live, words_of(n + 1)))
    return WARY_ERR_OUT_OF_MEMORY;
  return n;
}

wy_id wy_id_alloc(wy_id_pool *p) {
  int32_t slot;
  if (p->free.count > 0) {
    slot = p->free.data[--p->free.count];
  } else {
    slot = p->slots.count++;
    p->slots.data[slot].gen = 0;
    if ((slot & 63) == 0) p->live.data[p->live.count++] = 0;
  }
  p->live.data[slot >> 6] |= 1ull << (slot & 63);
  wy_id_entry *s = &p->slots.data[slot];
  s->gen++;
  s->id = p->kind << WY_ID_KIND_SHIFT | (uint32_t)s->gen << WARY_ID_INDEX_BITS | (uint32_t)slot;
  p->alive++;
  return s->id;
}

void wy_id_release(wy_id_pool *p, int32_t slot) {
  wy_id_entry *s = &p->slots.data[slot];
  s->id = 0;
  p->live.data[slot >> 6] &= ~(1ull << (slot & 63));
  p->alive--;
  if (s->gen < WY_ID_GEN_MAX) p->free.data[p->free.count++] = slot;
}

int wy_id_status(const wy_id_pool *p, wy_id id) {
  if (wy_id_slot(p, id) >= 0) return WARY_OK;
  uint32_t kind = id >> WY_ID_KIND_SHIFT;
  bool other = kind != p->kind && kind >= WARY_KIND_ACTOR && kind <= WARY_KIND_ENVIRONMENT;
  return other ? WARY_ERR_WRONG_KIND : WARY_ERR_STALE_ID;
}

bool wy_id_pool_relive(wy_id_pool *p) {
  int32_t words = words_of(p->slots.count);
  if (!wy_array_reserve(p->alloc, &p->live, words)) return false;
  p->live.count = words;
  if (words > 0) memset(p->live.data, 0, (size_t)words * sizeof *p->live.data);
  for (int32_t i = 0; i < p->slots.count; i++)
    if (p->slots.data[i].id != 0) p->live.data[i >> 6] |= 1ull << (i & 63);
  return true;
}
