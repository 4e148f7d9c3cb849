/* pool.h - libwary's default worker pool: workers - 1 threads of its own and
 * the thread that waits, running the pieces of one task at a time. Its
 * enqueue and finish are the task callbacks of wary_world_def; a world makes
 * one when its def asks for workers and brings no scheduler (world_create.c). */
#ifndef WARY_POOL_H
#define WARY_POOL_H

#include "alloc.h"

typedef struct wy_pool wy_pool;

/* A pool of workers (2 .. WARY_MAX_WORKERS) that allocates through alloc;
 * NULL when memory or a thread could not be had (nothing is left running). */
wy_pool *wy_pool_create(const wy_allocator *alloc, int32_t workers);
/* The thread (1 .. workers - 1) whose start failed in this thread's last
 * wy_pool_create that returned NULL, and pthread_create's error code; 0 when
 * that call lacked memory instead (or none failed). Read once: then 0. */
int32_t wy_pool_failed_thread(int *code);
/* Stops and joins the threads; NULL: nothing. No task may be under way. */
void wy_pool_destroy(wy_pool *pool);
/* wary_enqueue_task_fn with user the pool: the threads start on the pieces
 * (at least min_range items each, but the last); returns the pool. One task
 * at a time: each is finished before the next is enqueued. */
void *wy_pool_enqueue(wary_task_fn task, int32_t count, int32_t min_range, void *task_context, void *user);
/* wary_finish_task_fn: the calling thread (worker 0) runs pieces too, then
 * waits for the last one. */
void wy_pool_finish(void *task, void *user);

#endif
