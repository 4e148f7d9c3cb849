/* no_pool.c - a C program built by scripts/install_test.sh against a wary
 * built with -DWARY_THREADS=OFF (no worker pool, no threads library): a
 * world that asks for 2 workers and brings no scheduler is refused, with a
 * message that says why; one with 1 worker, or with 2 and a scheduler of
 * the host's, steps. Prints the refusal and "no_pool: ok". */
#include <stdio.h>
#include <string.h>

#include <wary.h>

/* The host's scheduler: every piece on the calling thread, in order, as
 * worker 0 and 1 in turn. */
static void *serial_enqueue(wary_task_fn task, int32_t count, int32_t min_range, void *context, void *user) {
  int32_t piece = min_range > 0 ? min_range : 1, worker = 0;
  for (int32_t start = 0; start < count; start += piece, worker ^= 1)
    task(start, count - start > piece ? start + piece : count, worker, context);
  return user;
}

static void serial_finish(void *task, void *user) {
  (void)task;
  (void)user;
}

/* A world of def with one guard: whether it steps. */
static int steps(const wary_world_def *def) {
  wary_world *w;
  if (wary_world_create(def, &w) != WARY_OK) return 0;
  wary_actor_def ad = wary_default_actor_def();
  int ok = wary_actor_create(w, &ad, NULL) == WARY_OK && wary_step(w, 1.0f / 60.0f) == WARY_OK;
  wary_world_destroy(w);
  return ok;
}

int main(void) {
  static int token;
  wary_world_def def = wary_default_world_def();
  def.workers = 2;
  wary_world *w = NULL;
  int status = wary_world_create(&def, &w);
  const char *why = wary_last_error(NULL);
  printf("%s\n", why);
  if (status != WARY_ERR_BAD_VALUE || w || !strstr(why, "world_def.workers") || !strstr(why, "WARY_THREADS=OFF") ||
      !strstr(why, "got 2")) {
    fprintf(stderr, "no_pool: workers = 2 without a scheduler: status %d (%s)\n", status, why);
    return 1;
  }
  def.workers = 1;
  if (!steps(&def)) {
    fprintf(stderr, "no_pool: workers = 1 did not step: %s\n", wary_last_error(NULL));
    return 1;
  }
  def.workers = 2;
  def.enqueue_task = serial_enqueue;
  def.finish_task = serial_finish;
  def.task_user = &token;
  if (!steps(&def)) {
    fprintf(stderr, "no_pool: workers = 2 with a scheduler did not step: %s\n", wary_last_error(NULL));
    return 1;
  }
  printf("no_pool: ok\n");
  return 0;
}
