/* error.h - the last-error record of a world: the text of the last call that
 * failed (wary_last_error), in the format wary.h describes:
 *
 *   <function>: <what>: expected <what was expected>, got <what was given>
 *
 * A failure only notes its function, its format and its arguments; the text
 * is written when someone reads it (or at once, for the log callback), so a
 * call that fails as an answer (no belief yet) costs a few stores. The
 * formats are a subset of printf's: %s (a string that lives as long as the
 * world: a literal or an interned name), %d, %u, %x (an id, written 0x%08x)
 * and %g (a float, the shortest text that reads back as the same float;
 * nan, inf, -inf). */
#ifndef WARY_ERROR_H
#define WARY_ERROR_H

#include <stdbool.h>

#include "base.h"
#include "id_pool.h"
#include "wary.h"

/* wy_fail formats its text itself (below): GCC checks it as the GNU printf
 * it follows, also where the C library's printf is another (MinGW's is
 * Microsoft's, which knows no %zu); clang has no gnu_printf. */
#if defined(__GNUC__) && !defined(__clang__)
#define WY_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__)
#define WY_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define WY_PRINTF(f, a)
#endif

enum { WY_ERROR_ARGS = 8, WY_ERROR_TEXT = 320 };

/* The conversions wy_fail takes: %s %d %u %x %g, and 64-bit %llu %llx
 * (unsigned long long) and %zu (size_t). */
typedef union wy_error_arg {
  const char *s;
  int d;
  unsigned u;
  unsigned long long q;
  double g;
} wy_error_arg;

typedef struct wy_error {
  wary_log_fn log;   /* the world def's; NULL: none */
  void *log_user;
  const char *fn;    /* the public function that failed last; NULL: none has */
  const char *fmt;
  wy_error_arg args[WY_ERROR_ARGS];
  bool written;      /* text holds the failure above */
  bool logging;      /* inside the log callback: a failure there is not logged again */
  char text[WY_ERROR_TEXT];
} wy_error;

/* Notes that fn failed for the reason fmt and its arguments give, passes the
 * text to the log callback, and returns status. */
int wy_fail(wy_error *e, int status, const char *fn, const char *fmt, ...) WY_PRINTF(4, 5);
/* The text of the last failure, "" when there was none. */
const char *wy_error_text(wy_error *e);
/* A refused wary_world_create's text, kept for its thread (no world holds
 * it), and read back by wary_last_error(NULL): "" until one is kept. */
void wy_error_keep_refusal(wy_error *e);
const char *wy_error_refusal(void);

/* ---- the common failures --------------------------------------------------- */

static inline int wy_fail_in_step(wy_error *e, const char *fn) {
  return wy_fail(e, WARY_ERR_IN_STEP, fn, "not allowed during a step (between wary_step_begin and wary_step_end)");
}
/* WARY_ERR_NOT_IN_STEP for a call that only a step allows. */
static inline int wy_fail_not_in_step(wy_error *e, const char *fn) {
  return wy_fail(e, WARY_ERR_NOT_IN_STEP, fn, "only allowed during a step (between wary_step_begin and wary_step_end)");
}
static inline int wy_fail_memory(wy_error *e, const char *fn) {
  return wy_fail(e, WARY_ERR_OUT_OF_MEMORY, fn, "out of memory");
}
/* what (an argument, a def) is NULL. */
static inline int wy_fail_null(wy_error *e, int status, const char *fn, const char *what) {
  return wy_fail(e, status, fn, "%s: expected a pointer, got NULL", what);
}
/* wy_id_reserve refused a new object of a kind (noun: "actor"). */
static inline int wy_fail_reserve(wy_error *e, const char *fn, int status, const char *noun) {
  return status == WARY_ERR_FULL
             ? wy_fail(e, status, fn,
                       "table full: %d %s handles alive at once at most (WARY_MAX_ALIVE), or every id used "
                       "(each slot serves 511 in turn: about 5.3e8 creations)",
                       WARY_MAX_ALIVE, noun)
             : wy_fail_memory(e, fn);
}
/* WARY_ERR_NOT_FOUND: what is not a key from wary_name. */
static inline int wy_fail_name(wy_error *e, const char *fn, const char *what, int32_t key) {
  return wy_fail(e, WARY_ERR_NOT_FOUND, fn, "%s: expected an interned name (a key from wary_name), got %d", what,
                 key);
}
/* i is not one of the count indices of a table (noun: "a material"). */
int wy_fail_index(wy_error *e, int status, const char *fn, const char *what, const char *noun, int32_t i,
                  int32_t count);

/* WARY_OK when the corners are finite and each max >= its min; else
 * WARY_ERR_BAD_VALUE, the text naming def's min[i] and max[i] (def NULL: the
 * arguments min_x .. max_z). */
int wy_bounds_check(wy_error *e, const char *fn, const char *def, const float min[3], const float max[3]);

/* WARY_OK when id names a live object of p's kind; else the status of
 * wy_id_status, noted with why: null, removed, never made, or another kind.
 * what: the argument ("actor", "damage_def.victim"). */
int wy_id_check(wy_error *e, const char *fn, const char *what, const wy_id_pool *p, wy_id id);

/* ---- the checks of numbers ------------------------------------------------
 * Each is true when v breaks its rule, having noted WARY_ERR_BAD_VALUE for
 * field (index >= 0: field[index]); a value that keeps the rule costs the
 * test alone. */

typedef enum wy_rule {
  WY_FINITE,          /* finite */
  WY_NONNEG,          /* finite and >= 0 */
  WY_POSITIVE,        /* finite and > 0 */
  WY_UNIT,            /* finite and in [0, 1] */
  WY_SCALED,          /* -1 (unset: scaled) or finite and >= 0 */
  WY_SCALED_POSITIVE  /* -1 or finite and > 0 */
} wy_rule;

static inline bool wy_keeps(float v, wy_rule rule) {
  switch (rule) {
  case WY_FINITE: return wy_finite(v);
  case WY_NONNEG: return wy_nonneg(v);
  case WY_POSITIVE: return wy_finite(v) && v > 0.0f;
  case WY_UNIT: return wy_unit(v);
  case WY_SCALED: return wy_scaled_ok(v);
  case WY_SCALED_POSITIVE: return v == -1.0f || (wy_finite(v) && v > 0.0f);
  }
  return false;
}

/* Note that field[index] (index < 0: field) broke a rule, is not a finite
 * number in [lo, hi], or is not an integer in [lo, hi]; each returns true. */
bool wy_broke(wy_error *e, const char *fn, const char *field, int index, float v, wy_rule rule);
bool wy_broke_range(wy_error *e, const char *fn, const char *field, float v, float lo, float hi);
bool wy_broke_int(wy_error *e, const char *fn, const char *field, int index, int32_t v, int32_t lo,
                  int32_t hi);

static inline bool wy_bad(wy_error *e, const char *fn, const char *field, float v, wy_rule rule) {
  return !wy_keeps(v, rule) && wy_broke(e, fn, field, -1, v, rule);
}
static inline bool wy_bad_at(wy_error *e, const char *fn, const char *field, int index, float v,
                             wy_rule rule) {
  return !wy_keeps(v, rule) && wy_broke(e, fn, field, index, v, rule);
}
static inline bool wy_bad_range(wy_error *e, const char *fn, const char *field, float v, float lo,
                                float hi) {
  return !(wy_finite(v) && v >= lo && v <= hi) && wy_broke_range(e, fn, field, v, lo, hi);
}
static inline bool wy_bad_int(wy_error *e, const char *fn, const char *field, int index, int32_t v,
                              int32_t lo, int32_t hi) {
  return (v < lo || v > hi) && wy_broke_int(e, fn, field, index, v, lo, hi);
}

#endif
