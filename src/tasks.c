/* tasks.c - the step's passes through the host's scheduler (wary.h,
 * wary_task_fn), checked: a scheduler that breaks the contract (a worker
 * index out of 0 .. workers - 1, a piece outside the range, pieces that
 * overlap or leave items out) must not make the step write out of bounds,
 * run an item twice or race on a lane. Every piece goes through
 * checked_piece, which claims its items (a bit each) before it runs them:
 * a piece outside the range, with a bad worker index, or overlapping items
 * another piece claimed does not run. Once the scheduler is done (its
 * finish_task returned: every piece has), the items no piece ran run here,
 * on the stepping thread and lane 0: each pass covers its range exactly
 * once whatever the scheduler did (the step's results do not depend on the
 * lane or the split), and the step then fails with the first fault (step.c:
 * in the first pass, before anything changed; later, at its end). */
#include <stdio.h>

#include "world.h"

WY_COLD static void fault(wy_tasks *t, const char *fmt, int32_t a, int32_t b, int32_t c) {
  int32_t expected = 0;
  if (!atomic_compare_exchange_strong(&t->broken, &expected, 1)) return;
  snprintf(t->fault, sizeof t->fault, fmt, a, b, c);
}

/* The bits of [start, end) in word k. */
static inline uint64_t word_bits(int32_t start, int32_t end, int32_t k) {
  int32_t lo = start > k * 64 ? start - k * 64 : 0, hi = end < (k + 1) * 64 ? end - k * 64 : 64;
  uint64_t upto = hi == 64 ? ~0ull : (1ull << hi) - 1;
  return upto & ~((1ull << lo) - 1);
}

/* Claims [start, end) (start < end) for one piece: true when no item of it
 * was claimed before. Otherwise it gives back the bits it set itself (a
 * piece that set one of them later found it set, and gave back its own): what
 * stays claimed is exactly the items of the pieces that run. */
static bool claim(wy_tasks *t, int32_t start, int32_t end) {
  _Atomic uint64_t *c = t->claims.data;
  int32_t first = start >> 6, last = (end - 1) >> 6;
  bool taken = false;
  for (int32_t k = first; k <= last; k++) {
    uint64_t bits = word_bits(start, end, k), old = atomic_fetch_or(&c[k], bits);
    if (!(old & bits)) continue;
    taken = true;
    /* Give back what this piece set of this word and the words before. */
    atomic_fetch_and(&c[k], ~(bits & ~old));
    for (int32_t j = first; j < k; j++) atomic_fetch_and(&c[j], ~word_bits(start, end, j));
    break;
  }
  return !taken;
}

static void checked_piece(int32_t start, int32_t end, int32_t worker, void *context) {
  wary_world *w = context;
  wy_tasks *t = &w->tasks;
  /* An empty piece (an even split of fewer items than workers) is none. */
  if (start == end && start >= 0 && end <= t->count) return;
  if (start < 0 || end > t->count || start > end) {
    fault(t, "enqueue_task: a piece: expected [start, end) inside [0, %d), got [%d, %d)", t->count, start, end);
    return;
  }
  if (worker < 0 || worker >= w->lanes.count) {
    fault(t, "enqueue_task: worker: expected an index in [0, %d] (workers - 1), got %d (piece [%d, ...))",
          w->lanes.count - 1, worker, start);
    return;
  }
  if (!claim(t, start, end)) {
    fault(t, "enqueue_task: the pieces: expected to cover [0, %d) once, got [%d, %d) over items another piece took",
          t->count, start, end);
    return;
  }
  atomic_fetch_add(&t->claimed, (int64_t)(end - start));
  t->task(start, end, worker, w);
}

/* Runs the items of [0, count) no piece ran, in runs, on lane 0; their
 * count. */
static int64_t fill_gaps(wary_world *w, wary_task_fn task, int32_t count) {
  const _Atomic uint64_t *c = w->tasks.claims.data;
  int64_t filled = 0;
  int32_t i = 0;
  while (i < count) {
    if (atomic_load(&c[i >> 6]) >> (i & 63) & 1) {
      i++;
      continue;
    }
    int32_t end = i + 1;
    while (end < count && !(atomic_load(&c[end >> 6]) >> (end & 63) & 1)) end++;
    task(i, end, 0, w);
    filled += end - i;
    i = end;
  }
  return filled;
}

/* Out of line, so that each of the step's passes (wy_parallel_for, inlined
 * in them) holds only a call of it. */
static WY_NOINLINE void parallel_run(wary_world *w, wary_task_fn task, int32_t count,
                                                   int32_t min_range) {
  wy_tasks *t = &w->tasks;
  int32_t words = (count + 63) >> 6;
  /* No room for the claims (out of memory): the pass runs here, whole. */
  if (!wy_array_reserve(&w->alloc, &t->claims, words)) {
    task(0, count, 0, w);
    return;
  }
  for (int32_t k = 0; k < words; k++) atomic_store_explicit(&t->claims.data[k], 0, memory_order_relaxed);
  t->task = task;
  t->count = count;
  atomic_store(&t->claimed, 0);
  void *handle = w->def.enqueue_task(checked_piece, count, min_range, w, w->def.task_user);
  /* finish_task returns once every piece has returned (wary.h): a host
   * whose finish returns earlier is not one this can check (a piece not yet
   * started cannot be seen). */
  if (handle) w->def.finish_task(handle, w->def.task_user);
  int64_t ran = atomic_load(&t->claimed);
  if (ran == count) return;
  int64_t filled = fill_gaps(w, task, count);
  fault(t, "enqueue_task: the pieces: expected to cover [0, %d) once, got %d items (%d left out ran here)", count,
        (int32_t)ran, (int32_t)filled);
}

void wy_parallel_for(wary_world *w, wary_task_fn task, int32_t count, int32_t min_range) {
  if (count <= 0) return;
  if (w->def.enqueue_task) parallel_run(w, task, count, min_range);
  else task(0, count, 0, w);
}

void wy_tasks_reset(wary_world *w) { atomic_store(&w->tasks.broken, 0); }

int wy_tasks_check(wary_world *w, const char *fn) {
  if (atomic_load(&w->tasks.broken) == 0) return WARY_OK;
  atomic_store(&w->tasks.broken, 0);
  return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn, "%s", w->tasks.fault);
}
