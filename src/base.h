/* base.h - the small math and the def validators every layer shares. */
#ifndef WARY_BASE_H
#define WARY_BASE_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Float results are the same to the bit in every build (docs/install.md,
 * "Builds that give the same results"): never -ffast-math, and no product
 * fused into an addition (an FMA rounds once where the steps, and a
 * sleeping belief's replay of them, round twice). CMake passes
 * -ffp-contract=off; so that a build of the sources by other means keeps
 * it too (clang fuses by default, GCC under -std=gnu11, wherever the
 * target has an FMA), each compiler is told here as well (under CMake's
 * flags GCC's code is the same with the pragma and without). */
#if defined(__FAST_MATH__)
#error "wary: built with -ffast-math (or -Ofast): its results would differ from one build to the next (docs/install.md)"
#endif
/* Floats and doubles computed as themselves, not in a wider type (x87:
 * build 32-bit x86 with -msse2 -mfpmath=sse). */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD > 0
#error "wary: floats are evaluated in a wider type here (FLT_EVAL_METHOD > 0): use -msse2 -mfpmath=sse (docs/install.md)"
#endif
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#define WY_PI 3.14159265358979f
#define WY_DEG2RAD 0.017453292519943295f

/* Asks for the cache line at p before it is read (a hint: nothing else
 * changes, and p need not point at anything). The step walks records
 * scattered through memory once a world has aged (docs/architecture.md);
 * waiting for each in turn is most of its time then. On x86 it is the
 * instruction itself: GCC 12 drops __builtin_prefetch from some loops. */
#ifndef WY_PREFETCH /* a build may bring its own, to measure with and without */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define WY_PREFETCH(p) __asm__ volatile("prefetcht0 (%0)" : : "r"((const void *)(p)))
#elif defined(__GNUC__) || defined(__clang__)
#define WY_PREFETCH(p) __builtin_prefetch((p), 0, 3)
#else
#define WY_PREFETCH(p) ((void)(p))
#endif
#endif

/* A helper of a hot loop inlined where the compiler would rather call it
 * (its prologue costs more than its body saves), and a branch the loop
 * seldom takes. */
#if defined(__GNUC__)
#define WY_INLINE static inline __attribute__((always_inline))
#define WY_RARELY(c) __builtin_expect(!!(c), 0)
#else
#define WY_INLINE static inline
#define WY_RARELY(c) (c)
#endif

/* A function kept out of line (its callers' code stays small, or a
 * profile names it). */
#if defined(__GNUC__) || defined(__clang__)
#define WY_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define WY_NOINLINE __declspec(noinline)
#else
#define WY_NOINLINE
#endif

/* A function only rare paths call (an array's growth, a failure): GCC
 * then lays the paths that lead to a call of it out of line, so a step's
 * common path fetches fewer lines of code. */
#if defined(__GNUC__)
#define WY_COLD __attribute__((cold, noinline))
#else
#define WY_COLD
#endif

/* Keeps a rarely taken branch a branch: GCC would make `if (c) x = y;` a
 * select, which puts the test on a loop's chain of dependent operations
 * (an empty asm statement cannot be made a select). */
#if defined(__GNUC__) || defined(__clang__)
#define WY_KEEP_BRANCH() __asm__("")
#else
#define WY_KEEP_BRANCH() ((void)0)
#endif

/* A sense's interval at a level of detail (its interval x the tier's
 * scale, each finite): the longest wait a float holds where the product
 * is not one, so that its clock stays a number a later tier can scale
 * back (wy_stretch_wait) rather than inf, or NaN at a phase of 0. */
static inline float wy_period(float interval, float scale) {
  float p = interval * scale;
  return p <= FLT_MAX ? p : FLT_MAX;
}

/* The time left to a periodic update (every interval seconds) once it is
 * done, from next_due, its time left when it fell due (at most a float
 * drift's epsilon above 0): one interval later; or, after a step longer
 * than the interval, the next time on its own phase (fmodf is exact, the
 * result then in (0, interval]), so that no backlog of updates is left and
 * updates staggered over the interval stay so. An interval of 0: every
 * step. */
static inline float wy_next_period(float next_due, float interval) {
  float next = next_due + interval;
  if (next <= 0.0f) next = interval > 0.0f ? fmodf(next, interval) + interval : interval;
  return next;
}

/* The index of x's lowest set bit (x != 0). */
static inline int32_t wy_lowest_bit(uint64_t x) {
#if defined(__GNUC__)
  return __builtin_ctzll(x);
#else
  int32_t n = 0;
  while (!(x & 1u)) {
    x >>= 1;
    n++;
  }
  return n;
#endif
}

/* WY_PREFETCH of every line of the size bytes at p (none when size is 0). */
static inline void wy_prefetch_span(const void *p, size_t size) {
  const char *c = (const char *)p;
  if (size == 0) return;
  for (size_t at = 0; at < size; at += 64) WY_PREFETCH(c + at);
  WY_PREFETCH(c + size - 1);
}

/* Of a bit set of slots (a word a 64 slots; NULL: every slot set), word's
 * bits that are in [start, end): a set's slots of a range in order are
 *   for (int32_t wd = start >> 6; wd << 6 < end; wd++)
 *     for (uint64_t b = wy_bits_in(set, wd, start, end); b; b &= b - 1) {
 *       int32_t s = wd << 6 | wy_lowest_bit(b); ...
 * (a few instructions a slot set, one word's read for 64 that are not). */
static inline uint64_t wy_bits_in(const uint64_t *set, int32_t word, int32_t start, int32_t end) {
  int32_t lo = word << 6;
  uint64_t bits = set ? set[word] : ~0ull;
  if (start > lo) bits &= ~0ull << (start - lo);
  if (end - lo < 64) bits &= (1ull << (end - lo)) - 1u;
  return bits;
}

static inline bool wy_finite(float v) { return isfinite(v) != 0; }
static inline bool wy_finite3(float x, float y, float z) {
  return wy_finite(x) && wy_finite(y) && wy_finite(z);
}
/* v, or the float it saturates to: NaN 0, an infinity the largest finite
 * float of its sign (a sum of game-given terms that overflowed). */
static inline float wy_saturate(float v) {
  if (v != v) return 0.0f;
  return v > FLT_MAX ? FLT_MAX : (v < -FLT_MAX ? -FLT_MAX : v);
}
/* A level of detail's new interval is ratio times the old: a wait still
 * running (above eps) waits the same share of it, unless that product is no
 * float (scales 1e38 apart), when it keeps the time left. */
static inline void wy_stretch_wait(float *due, float ratio, float eps) {
  if (*due > eps && isfinite(*due * ratio)) *due *= ratio;
}
static inline float wy_clamp01(float v) { return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }
static inline float wy_dist3(const float a[3], const float b[3]) {
  float dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return sqrtf(dx * dx + dy * dy + dz * dz);
}

/* Def validators: finite and >= 0; that and <= 1; -1 (unset: scaled) or that. */
static inline bool wy_nonneg(float v) { return wy_finite(v) && v >= 0.0f; }
static inline bool wy_unit(float v) { return wy_nonneg(v) && v <= 1.0f; }
static inline bool wy_scaled_ok(float v) { return v == -1.0f || wy_nonneg(v); }

/* What a function that makes an indexed thing returns: WARY_OK with the
 * index in *out, or the negative status of index (and *out -1). */
static inline int wy_index_out(int32_t index, int32_t *out) {
  if (out) *out = index >= 0 ? index : -1;
  return index >= 0 ? 0 : index;
}

#endif
