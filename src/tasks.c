/* tasks.c - the step's passes through the host's scheduler (wary.h,
 * wary_task_fn), checked: a scheduler that breaks the contract (a worker
 * index out of 0 .. workers - 1, a piece outside the range, the range not
 * covered once) must not make the step write out of bounds or race on a
 * lane. Every piece goes through checked_piece: a worker index out of range
 * runs the piece later on the stepping thread, once the scheduler is done;
 * a piece outside the range does not run. The step then fails with the
 * first fault (step.c: in the first pass, before anything changed). */
#include <stdio.h>

#include "world.h"

WY_COLD static void fault(wy_tasks *t, const char *fmt, int32_t a, int32_t b, int32_t c) {
  int32_t expected = 0;
  if (!atomic_compare_exchange_strong(&t->broken, &expected, 1)) return;
  snprintf(t->fault, sizeof t->fault, fmt, a, b, c);
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
    int32_t k = atomic_fetch_add(&t->deferred, 1);
    if (k < WY_TASKS_DEFERRED) {
      t->deferred_range[k][0] = start;
      t->deferred_range[k][1] = end;
    }
    return;
  }
  atomic_fetch_add(&t->covered, (int64_t)(end - start));
  t->task(start, end, worker, w);
}

/* Out of line, so that each of the step's passes (wy_parallel_for, inlined
 * in them) holds only a call of it. */
static __attribute__((noinline)) void parallel_run(wary_world *w, wary_task_fn task, int32_t count,
                                                   int32_t min_range) {
  wy_tasks *t = &w->tasks;
  t->task = task;
  t->count = count;
  atomic_store(&t->covered, 0);
  atomic_store(&t->deferred, 0);
  void *handle = w->def.enqueue_task(checked_piece, count, min_range, w, w->def.task_user);
  if (handle) w->def.finish_task(handle, w->def.task_user);
  /* The scheduler is done: the pieces it gave a bad index run here, one
   * after another, on lane 0 (the step's results do not depend on the
   * lane or the split). */
  int32_t deferred = atomic_load(&t->deferred);
  for (int32_t k = 0; k < deferred && k < WY_TASKS_DEFERRED; k++) {
    atomic_fetch_add(&t->covered, (int64_t)(t->deferred_range[k][1] - t->deferred_range[k][0]));
    task(t->deferred_range[k][0], t->deferred_range[k][1], 0, w);
  }
  int64_t covered = atomic_load(&t->covered);
  if (covered != count)
    fault(t, "enqueue_task: the pieces: expected to cover [0, %d) once, got %d items (and %d pieces put off)",
          count, (int32_t)(covered < INT32_MAX ? covered : INT32_MAX), deferred);
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
