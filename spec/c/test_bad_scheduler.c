/* test_bad_scheduler.c - a host scheduler that breaks the task contract
 * (wary.h, wary_task_fn; tasks.c) makes the step fail with
 * WARY_ERR_BAD_VALUE naming the fault, and never write out of bounds: a
 * worker index out of 0 .. workers - 1, a piece outside [0, count), one
 * overlapping items another took (none of these runs), the range not
 * covered (what no piece ran runs later on the stepping thread). Where the senses' pass broke it, the world is as it
 * was (the same snapshot); once the scheduler keeps the contract again,
 * the world steps as one that never met the faulty scheduler. Run under
 * ASan in the test command, where a write past the lanes would stop it. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "faults.h"
#include "wary.h"

#define WORKERS 2
#define AGENTS 12
#define TARGETS 4

enum { FAIR, WORKER_TOO_HIGH, WORKER_NEGATIVE, PIECE_PAST_END, PIECE_SKIPPED, PIECE_TWICE, PIECES_OVERLAP, FAULTS };

typedef struct host {
  int fault;
  int32_t passes;   /* parallel-fors handed over */
  int32_t fault_at; /* the fault only in the pass of this number (passes counts them), -1: in every pass */
} host;

/* Runs the range on this thread in pieces of 3, worker k % WORKERS, with
 * the fault asked for in the first pass of a step it sees. */
static void *enqueue(wary_task_fn task, int32_t count, int32_t min_range, void *context, void *user) {
  (void)min_range;
  host *h = user;
  int fault = h->fault_at < 0 || h->fault_at == h->passes ? h->fault : FAIR;
  h->passes++;
  for (int32_t start = 0, k = 0; start < count; start += 3, k++) {
    int32_t end = start + 3 < count ? start + 3 : count, worker = k % WORKERS;
    if (k == 1 && fault == WORKER_TOO_HIGH) worker = WORKERS;
    if (k == 1 && fault == WORKER_NEGATIVE) worker = -1;
    if (k == 1 && fault == PIECE_SKIPPED) continue;
    /* [0, 3) [2, 5) [6, 9) ...: the items add up, item 2 twice, 5 never. */
    if (k == 1 && fault == PIECES_OVERLAP) task(start - 1, end - 1, worker, context);
    else task(start, end, worker, context);
    if (k == 1 && fault == PIECE_TWICE) task(start, end, worker, context);
  }
  if (fault == PIECE_PAST_END) task(count, count + 5, 0, context);
  return NULL;
}

static void never_finish(void *task, void *user) {
  (void)task;
  (void)user;
  ENSURE(!"finish_task is not called when enqueue_task returned NULL");
}

/* w with AGENTS agents that see and TARGETS targets, on a grid of spacing units. */
static wary_world *populate(wary_world *w, float spacing) {
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = WARY_SENSE_VISION;
  p.sense_count = 1;
  int32_t profile = make_profile(w, &p);
  for (int i = 0; i < AGENTS + TARGETS; i++) {
    wary_actor_def a = wary_default_actor_def();
    a.pos[0] = (float)(i % 4) * spacing;
    a.pos[1] = (float)(i / 4) * spacing;
    a.team = i < AGENTS ? 1 : 2;
    a.profile = i < AGENTS ? profile : -1;
    make_actor(w, &a);
  }
  return w;
}

static wary_world *scene(host *h) {
  wary_world_def def = wary_default_world_def();
  if (h) {
    def.workers = WORKERS;
    def.enqueue_task = enqueue;
    def.finish_task = never_finish;
    def.task_user = h;
  }
  return populate(make_world(&def), 300.0f);
}

static const char *const expected_text[] = {
  [WORKER_TOO_HIGH] = "wary_step_begin: enqueue_task: worker: expected an index in [0, 1] (workers - 1), got 2",
  [WORKER_NEGATIVE] = "wary_step_begin: enqueue_task: worker: expected an index in [0, 1] (workers - 1), got -1",
  [PIECE_PAST_END] = "wary_step_begin: enqueue_task: a piece: expected [start, end) inside [0, 16), got [16, 21)",
  [PIECE_SKIPPED] = "wary_step_begin: enqueue_task: the pieces: expected to cover [0, 16) once, got 13 items",
  [PIECE_TWICE] = "wary_step_begin: enqueue_task: the pieces: expected to cover [0, 16) once, got [3, 6) over items "
                 "another piece took",
  [PIECES_OVERLAP] = "wary_step_begin: enqueue_task: the pieces: expected to cover [0, 16) once, got [2, 5) over "
                     "items another piece took",
};

/* A worker index out of range, a piece past the end or one left out, in
 * the senses' pass: refused, the world as it was; then, the scheduler fair again, the
 * same steps as a world that ran on one thread all along. */
static void test_refused_and_unchanged(int fault) {
  host h = {FAIR, 0, -1};
  wary_world *w = scene(&h), *ref = scene(NULL);
  for (int i = 0; i < 30; i++) {
    ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK);
    ENSURE(wary_step(ref, 1.0f / 30.0f) == WARY_OK);
  }
  ENSURE(same_bytes(w, ref));
  h.fault = fault;
  ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_ERR_BAD_VALUE);
  const char *text = wary_last_error(w);
  if (strncmp(text, expected_text[fault], strlen(expected_text[fault])) != 0)
    fprintf(stderr, "test_bad_scheduler: got \"%s\"\n", text);
  ENSURE(strncmp(text, expected_text[fault], strlen(expected_text[fault])) == 0);
  ENSURE(same_bytes(w, ref));
  h.fault = FAIR;
  for (int i = 0; i < 30; i++) {
    ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK);
    ENSURE(wary_step(ref, 1.0f / 30.0f) == WARY_OK);
  }
  ENSURE(same_bytes(w, ref));
  ENSURE(h.passes > 60);
  wary_world_destroy(w);
  wary_world_destroy(ref);
}

/* A worker index out of range in the beliefs' pass, the last of a step
 * (which cannot be taken back): the piece ran on the stepping thread, so
 * the step is whole, the same as one thread's; the fault is still reported. */
static void test_late_fault_reported_with_the_step_done(void) {
  host h = {FAIR, 0, -1};
  wary_world *w = scene(&h), *ref = scene(NULL);
  ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK && wary_step(ref, 1.0f / 30.0f) == WARY_OK);
  int32_t before = h.passes;
  ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK && wary_step(ref, 1.0f / 30.0f) == WARY_OK);
  int32_t per_step = h.passes - before;
  ENSURE(per_step >= 4); /* motion, gather, commit; then apply and resolve in wary_step_end */
  h.fault = WORKER_TOO_HIGH;
  h.fault_at = h.passes + per_step - 1;
  ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_ERR_BAD_VALUE);
  const char *want = "wary_step_end: enqueue_task: worker: expected an index in [0, 1] (workers - 1), got 2";
  ENSURE(strncmp(wary_last_error(w), want, strlen(want)) == 0);
  ENSURE(wary_step(ref, 1.0f / 30.0f) == WARY_OK);
  ENSURE(same_bytes(w, ref));
  ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK && wary_step(ref, 1.0f / 30.0f) == WARY_OK);
  ENSURE(same_bytes(w, ref));
  wary_world_destroy(w);
  wary_world_destroy(ref);
}

/* An even split of fewer items than workers hands out empty pieces: none
 * is a fault, and the steps are one thread's. */
static void *even_split(wary_task_fn task, int32_t count, int32_t min_range, void *context, void *user) {
  (void)min_range;
  (void)user;
  for (int32_t i = 0; i < 4; i++) task(i * count / 4, (i + 1) * count / 4, i, context);
  return NULL;
}

static void test_empty_pieces_are_none(void) {
  wary_world_def def = wary_default_world_def();
  def.workers = 4;
  def.enqueue_task = even_split;
  def.finish_task = never_finish;
  wary_world *w = make_world(&def), *ref = make_world(NULL);
  wary_world *worlds[2] = {w, ref};
  for (int k = 0; k < 2; k++) {
    wary_profile_def p = wary_default_profile_def();
    p.senses[0].sense = WARY_SENSE_VISION;
    p.sense_count = 1;
    wary_actor_def a = wary_default_actor_def();
    a.profile = make_profile(worlds[k], &p);
    a.team = 1;
    make_actor(worlds[k], &a);
    a = wary_default_actor_def();
    a.pos[0] = 300.0f;
    a.team = 2;
    make_actor(worlds[k], &a); /* two actors, one agent: pieces of 0 and 1 items */
  }
  for (int i = 0; i < 30; i++) ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK && wary_step(ref, 1.0f / 30.0f) == WARY_OK);
  ENSURE(same_bytes(w, ref));
  wary_world_destroy(w);
  wary_world_destroy(ref);
}

/* A step that failed for want of memory before its check read a fault
 * (the scheduler's too) leaves none for the next, fair step. */
static faults mem;
static bool arm;
static long fail_after;

static void *faulty_once(wary_task_fn task, int32_t count, int32_t min_range, void *context, void *user) {
  (void)min_range;
  (void)user;
  bool now = arm && count == AGENTS; /* the first pass over the agents: the gather */
  if (now) {
    mem.fail_at = mem.count + fail_after;
    arm = false;
  }
  for (int32_t start = 0, k = 0; start < count; start += 3, k++)
    task(start, start + 3 < count ? start + 3 : count, now && k == 1 ? WORKERS : k % WORKERS, context);
  return NULL;
}

static void test_fault_not_checked_is_forgotten(void) {
  bool seen = false;
  for (fail_after = 0; fail_after < 400 && !seen; fail_after++) {
    mem = (faults){0, -1, 0, false};
    wary_world_def def = wary_default_world_def();
    def.workers = WORKERS;
    def.enqueue_task = faulty_once;
    def.finish_task = never_finish;
    faults_use(&def, &mem);
    wary_world *w = populate(make_world(&def), 30.0f);
    arm = true;
    int status = wary_step(w, 1.0f / 30.0f);
    mem.fail_at = -1;
    arm = false;
    if (status == WARY_ERR_OUT_OF_MEMORY) {
      seen = true;
      ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK);
    }
    wary_world_destroy(w);
  }
  ENSURE(seen);
}

/* Each fault in each pass of a step (the passes over agents, actors and
 * sounds alike; the later ones cannot be taken back): the step returns
 * WARY_ERR_BAD_VALUE, never hangs nor runs an item twice, and leaves the
 * world as it was or as one fair step leaves it; then it steps as a world
 * that never met the faulty scheduler. */
static void test_every_fault_in_every_pass(void) {
  for (int fault = WORKER_TOO_HIGH; fault < FAULTS; fault++) {
    for (int32_t pass = 0;; pass++) {
      host h = {FAIR, 0, -1};
      wary_world *w = scene(&h), *ref = scene(NULL);
      for (int i = 0; i < 10; i++) ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK && wary_step(ref, 1.0f / 30.0f) == WARY_OK);
      int32_t before = h.passes;
      ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK && wary_step(ref, 1.0f / 30.0f) == WARY_OK);
      int32_t per_step = h.passes - before;
      bool last = pass >= per_step - 1;
      h.fault = fault;
      h.fault_at = h.passes + pass;
      ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_ERR_BAD_VALUE);
      if (!same_bytes(w, ref)) ENSURE(wary_step(ref, 1.0f / 30.0f) == WARY_OK && same_bytes(w, ref));
      for (int i = 0; i < 10; i++) ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK && wary_step(ref, 1.0f / 30.0f) == WARY_OK);
      ENSURE(same_bytes(w, ref));
      wary_world_destroy(w);
      wary_world_destroy(ref);
      if (last) break;
    }
  }
}

int main(void) {
  test_refused_and_unchanged(WORKER_TOO_HIGH);
  test_refused_and_unchanged(WORKER_NEGATIVE);
  test_refused_and_unchanged(PIECE_PAST_END);
  test_refused_and_unchanged(PIECE_SKIPPED);
  test_refused_and_unchanged(PIECE_TWICE);
  test_refused_and_unchanged(PIECES_OVERLAP);
  test_every_fault_in_every_pass();
  test_empty_pieces_are_none();
  test_fault_not_checked_is_forgotten();
  test_late_fault_reported_with_the_step_done();
  return check_summary("test_bad_scheduler");
}
