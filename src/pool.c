/* pool.c - the default worker pool (pool.h): pthreads, one mutex and two
 * condition variables. Pieces are handed out in order under the mutex; which
 * worker runs which piece does not matter, since a step's results do not
 * depend on the split. The only file of src/ that uses threads.
 *
 * A step runs several tasks a few hundred microseconds apart. A thread that
 * waits on a condition variable takes tens of microseconds to wake (more in
 * a virtual machine), which on a step of about a millisecond left the second
 * worker with little of each task. So a worker that ends a task, and the
 * thread that waits for the last piece, first spin for a while (WY_SPIN_NS)
 * watching for the next task or the end, yielding the CPU between looks,
 * and only then sleep. */
#define _POSIX_C_SOURCE 200809L
#include "pool.h"

#ifdef WARY_NO_THREADS
/* Built without the pool (WARY_THREADS=OFF): a world's def that would need
 * it is refused before it is asked for (world.c), so none is ever made and
 * the library starts no thread and needs no threads library. */
wy_pool *wy_pool_create(const wy_allocator *alloc, int32_t workers) {
  (void)alloc;
  (void)workers;
  return NULL;
}
int32_t wy_pool_failed_thread(int *code) {
  *code = 0;
  return 0;
}
void wy_pool_destroy(wy_pool *pool) { (void)pool; }
void *wy_pool_enqueue(wary_task_fn task, int32_t count, int32_t min_range, void *task_context, void *user) {
  (void)count;
  (void)min_range;
  (void)task_context;
  (void)task;
  return user;
}
void wy_pool_finish(void *task, void *user) {
  (void)task;
  (void)user;
}
#else

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

/* How long a thread watches before it sleeps: longer than the gaps between
 * a step's tasks, short next to a frame, so a game that steps once a frame
 * loses at most this much of a core a step to it. */
#define WY_SPIN_NS 100000

/* Pieces per worker a task is cut into (at least min_range items each):
 * enough that the last piece to end leaves little of a phase with one worker
 * idle, and that a worker slowed by the machine's other load leaves its share
 * to the others. 16 against 4 took 10,000 agents from a median of 1.62x to
 * 1.77x on 2 workers (bench part workers, 6 and 7 runs at load about 1). */
#define WY_PIECES_PER_WORKER 16

typedef struct wy_pool_thread {
  wy_pool *pool;
  int32_t worker;
  pthread_t thread;
} wy_pool_thread;

struct wy_pool {
  wy_allocator alloc;
  int32_t workers;
  int32_t started; /* threads running */
  wy_pool_thread *threads;
  pthread_mutex_t lock;
  pthread_cond_t wake; /* a task came, or stop */
  pthread_cond_t idle; /* the last piece of the task ended */
  wary_task_fn task;
  void *context;
  int32_t count, piece, next; /* items, items a piece, first item not handed out */
  atomic_int running;         /* pieces being run (written under the lock) */
  atomic_uint tasks;          /* tasks enqueued, and stops (written under the lock) */
  bool stop;
};

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Spins, without the lock, until the count of tasks is no longer seen (when
 * tasks is given) or no piece runs (when it is NULL), or WY_SPIN_NS have
 * gone; whichever it was, the caller looks again under the lock. Between two
 * looks the CPU goes to any other thread ready to run on it: with more
 * workers than cores, or a process held to fewer cores, the thread doing the
 * work runs, not the one spinning. */
static void spin_while(const atomic_uint *tasks, unsigned seen, const atomic_int *running) {
  int64_t end = 0;
  for (int i = 0;; i++) {
    if (tasks ? atomic_load_explicit(tasks, memory_order_relaxed) != seen
              : atomic_load_explicit(running, memory_order_relaxed) == 0)
      return;
    if ((i & 7) == 7) {
      int64_t t = now_ns();
      if (end == 0) end = t + WY_SPIN_NS;
      else if (t >= end) return;
    }
    sched_yield();
  }
}

/* Runs pieces of the current task until none is left; the lock is held on
 * entry and on return. */
static void run_pieces(wy_pool *p, int32_t worker) {
  while (p->task && p->next < p->count) {
    int32_t start = p->next;
    int32_t end = p->count - start > p->piece ? start + p->piece : p->count;
    p->next = end;
    atomic_fetch_add(&p->running, 1);
    wary_task_fn task = p->task;
    void *context = p->context;
    pthread_mutex_unlock(&p->lock);
    task(start, end, worker, context);
    pthread_mutex_lock(&p->lock);
    if (atomic_fetch_sub(&p->running, 1) == 1 && p->next >= p->count) pthread_cond_signal(&p->idle);
  }
}

static void *thread_main(void *arg) {
  wy_pool_thread *t = arg;
  wy_pool *p = t->pool;
  pthread_mutex_lock(&p->lock);
  while (!p->stop) {
    run_pieces(p, t->worker);
    unsigned seen = atomic_load(&p->tasks);
    pthread_mutex_unlock(&p->lock);
    spin_while(&p->tasks, seen, NULL);
    pthread_mutex_lock(&p->lock);
    /* no task came while it spun: sleep (enqueue signals under the lock) */
    if (!p->stop && atomic_load(&p->tasks) == seen) pthread_cond_wait(&p->wake, &p->lock);
  }
  pthread_mutex_unlock(&p->lock);
  return NULL;
}

static _Thread_local int32_t failed_thread;
static _Thread_local int failed_code;

int32_t wy_pool_failed_thread(int *code) {
  *code = failed_code;
  int32_t thread = failed_thread;
  failed_thread = failed_code = 0; /* read once: no later refusal takes it for its own */
  return thread;
}

wy_pool *wy_pool_create(const wy_allocator *alloc, int32_t workers) {
  failed_thread = 0;
  failed_code = 0;
  wy_pool *p = wy_alloc_zero(alloc, sizeof *p);
  if (!p) return NULL;
  p->alloc = *alloc;
  p->workers = workers;
  atomic_init(&p->running, 0);
  atomic_init(&p->tasks, 0u);
  p->threads = wy_alloc_zero(alloc, (size_t)(workers - 1) * sizeof *p->threads);
  bool lock = p->threads && pthread_mutex_init(&p->lock, NULL) == 0;
  bool wake = lock && pthread_cond_init(&p->wake, NULL) == 0;
  bool idle = wake && pthread_cond_init(&p->idle, NULL) == 0;
  if (!idle) {
    if (wake) pthread_cond_destroy(&p->wake);
    if (lock) pthread_mutex_destroy(&p->lock);
    if (p->threads) wy_free(alloc, p->threads, (size_t)(workers - 1) * sizeof *p->threads);
    wy_free(alloc, p, sizeof *p);
    return NULL;
  }
  for (int32_t i = 0; i < workers - 1; i++) {
    wy_pool_thread *t = &p->threads[i];
    t->pool = p;
    t->worker = i + 1;
    int rc = pthread_create(&t->thread, NULL, thread_main, t);
    if (rc != 0) {
      failed_thread = i + 1;
      failed_code = rc;
      wy_pool_destroy(p);
      return NULL;
    }
    p->started++;
  }
  return p;
}

void wy_pool_destroy(wy_pool *p) {
  if (!p) return;
  pthread_mutex_lock(&p->lock);
  p->stop = true;
  atomic_fetch_add(&p->tasks, 1u);
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  for (int32_t i = 0; i < p->started; i++) pthread_join(p->threads[i].thread, NULL);
  pthread_cond_destroy(&p->idle);
  pthread_cond_destroy(&p->wake);
  pthread_mutex_destroy(&p->lock);
  wy_allocator alloc = p->alloc;
  wy_free(&alloc, p->threads, (size_t)(p->workers - 1) * sizeof *p->threads);
  wy_free(&alloc, p, sizeof *p);
}

void *wy_pool_enqueue(wary_task_fn task, int32_t count, int32_t min_range, void *task_context, void *user) {
  wy_pool *p = user;
  int32_t pieces = p->workers * WY_PIECES_PER_WORKER;
  int32_t piece = (count + pieces - 1) / pieces;
  pthread_mutex_lock(&p->lock);
  p->task = task;
  p->context = task_context;
  p->count = count;
  p->piece = piece > min_range ? piece : (min_range > 0 ? min_range : 1);
  p->next = 0;
  atomic_store(&p->running, 0);
  atomic_fetch_add(&p->tasks, 1u);
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  return p;
}

void wy_pool_finish(void *task, void *user) {
  (void)task;
  wy_pool *p = user;
  pthread_mutex_lock(&p->lock);
  run_pieces(p, 0);
  if (atomic_load(&p->running) > 0) {
    pthread_mutex_unlock(&p->lock);
    spin_while(NULL, 0, &p->running);
    pthread_mutex_lock(&p->lock);
  }
  while (atomic_load(&p->running) > 0) pthread_cond_wait(&p->idle, &p->lock);
  p->task = NULL;
  pthread_mutex_unlock(&p->lock);
}

#endif /* WARY_NO_THREADS */
