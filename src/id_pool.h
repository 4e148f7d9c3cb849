/* id_pool.h - the slots and generations behind the ids of one kind (actors,
 * boxes, lights, environments): the layout is wary.h's (kind | generation |
 * slot index). A freed slot is reused last-freed first; a slot whose
 * generation would pass the maximum is retired instead, so an old id never
 * names a new object. */
#ifndef WARY_ID_POOL_H
#define WARY_ID_POOL_H

#include "array.h"
#include "base.h"
#include "wary.h"

/* An id inside the core: kind | generation | slot index, as wary.h lays it
 * out. The public functions take and give the typed handles of wary.h. */
typedef uint32_t wy_id;

#define WY_ID_INDEX_MASK ((1u << WARY_ID_INDEX_BITS) - 1u)
#define WY_ID_GEN_MAX ((1u << WARY_ID_GEN_BITS) - 1u)
#define WY_ID_KIND_SHIFT (WARY_ID_INDEX_BITS + WARY_ID_GEN_BITS)
_Static_assert(WARY_MAX_ALIVE == 1 << WARY_ID_INDEX_BITS, "WARY_MAX_ALIVE is the slots of a kind");

typedef struct wy_id_entry {
  wy_id id;     /* the id of its live object, 0: none (one compare checks an id) */
  uint16_t gen;   /* generation of its last object, 0: never used */
} wy_id_entry;

typedef struct wy_id_pool {
  uint32_t kind;                /* wary_kind */
  WY_ARRAY(wy_id_entry) slots;   /* count: slots ever used */
  WY_ARRAY(int32_t) free;       /* freed slots to reuse, the last freed on top */
  /* A bit a slot, set while its object lives (derived: a load builds it
   * from slots): walks of every slot pass retired and freed ones by 64 at
   * a time (wy_id_next_live). count: the words of slots.count. */
  WY_ARRAY(uint64_t) live;
  int32_t alive;
  const wy_allocator *alloc;
} wy_id_pool;

void wy_id_pool_init(wy_id_pool *p, wary_kind kind, const wy_allocator *alloc);
void wy_id_pool_free(wy_id_pool *p);
/* The slot the next wy_id_alloc takes, made sure that it cannot fail; or
 * WARY_ERR_FULL (the kind has used every slot) or WARY_ERR_OUT_OF_MEMORY. */
int32_t wy_id_reserve(wy_id_pool *p);
/* The id of a new object in the slot wy_id_reserve returned. */
wy_id wy_id_alloc(wy_id_pool *p);
/* The object in a live slot is gone: the slot is reused, or retired. */
void wy_id_release(wy_id_pool *p, int32_t slot);
/* Builds live from slots (after a load wrote them); false on out of memory. */
bool wy_id_pool_relive(wy_id_pool *p);
/* WARY_OK when id names a live object of p's kind, else WARY_ERR_WRONG_KIND
 * (an id of another kind) or WARY_ERR_STALE_ID (null, removed, or no id at all). */
int wy_id_status(const wy_id_pool *p, wy_id id);

static inline int32_t wy_id_index(wy_id id) { return (int32_t)(id & WY_ID_INDEX_MASK); }

/* The slot of the live object id names, -1 unless it names one of p's kind. */
static inline int32_t wy_id_slot(const wy_id_pool *p, wy_id id) {
  uint32_t i = id & WY_ID_INDEX_MASK;
  return id != 0 && i < (uint32_t)p->slots.count && p->slots.data[i].id == id ? (int32_t)i : -1;
}

/* The id of the live object in a slot. */
static inline wy_id wy_id_make(const wy_id_pool *p, int32_t slot) { return p->slots.data[slot].id; }

static inline bool wy_id_live(const wy_id_pool *p, int32_t slot) { return p->slots.data[slot].id != 0; }

/* The live slots among word's 64 in [start, end), as bits (wy_bits_in). */
static inline uint64_t wy_id_live_bits(const wy_id_pool *p, int32_t word, int32_t start, int32_t end) {
  return wy_bits_in(p->live.data, word, start, end);
}

#endif
