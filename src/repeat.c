/* repeat.c - runs of equal float steps, to the bit (repeat.h). Inside one
 * binade of the running value every step adds (or takes off) the same
 * rounded amount, so a run of them is one multiplication; a step that
 * leaves the binade, or whose amount is halfway between two floats, is
 * taken as it is. spec/c/test_quiet.c checks both against the steps one by
 * one. */
#include "repeat.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "base.h"

/* Where the running value is below this many steps of d, its binade holds
 * so few of them that they cost less one by one than its arithmetic, each
 * operation of which waits on the one before: a time in state replayed
 * from 0 at 60 Hz crosses nine binades by 5 s. Replaying the 326,422 calls
 * of 600 steps of the bench's game world at 120 s, 32 took the mean call
 * from 38.6 to 29.3 ns; the truncations below (for floorf and floor), 23
 * ns; taking each binade from the one before (wy_add_repeat), 21 ns: 9 us
 * less of the world's 1 ms step. */
#define WY_REPEAT_FEW 32.0f

/* frexpf's exponent of a normal float (t = m 2^e, 0.5 <= m < 1), and 2^k
 * as a float (FLT_MIN_EXP <= k < FLT_MAX_EXP) and as a double (k too):
 * from the bits, as wy_add_repeat asks them of every run. */
static int exponent_of(float t) {
  uint32_t bits;
  memcpy(&bits, &t, sizeof bits);
  return (int)((bits >> 23) & 0xffu) - 126;
}

static float pow2f(int k) {
  uint32_t bits = (uint32_t)(k + 127) << 23;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static double pow2(int k) {
  uint64_t bits = (uint64_t)(k + 1023) << 52;
  double f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* The floats of the binade [2^(e-1), 2^e) are the multiples of *u; *per_u
 * is 1 / u (a double: 2^149 at most); *q is d in u's (exact while d < 2^24
 * u) and *units d rounded to a whole number of them. False when d is
 * halfway between two: then how a sum or difference with a float of the
 * binade rounds depends on that float. q is d / u rounded once to a float,
 * as a division would give it: the double product is exact. */
WY_INLINE bool units_at(int e, float d, float *u, double *per_u, float *q, double *units) {
  *u = e - 24 >= FLT_MIN_EXP ? pow2f(e - 24) : ldexpf(1.0f, e - 24);
  *per_u = pow2(24 - e);
  *q = (float)((double)d * *per_u);
  /* floorf(q) for q >= 0 (d >= 0), by truncation below 2^23, where floats
   * still have a fraction (the callers' q are below 2^24): shorter than
   * floorf's code without SSE4.1, and on the path each binade waits on. */
  float whole = *q < 0x1p23f ? (float)(int32_t)*q : *q;
  if (*q - whole == 0.5f) return false;
  *units = *q - whole < 0.5f ? whole : whole + 1.0f;
  return true;
}

/* units_at for x's binade (x normal), *e its exponent. */
WY_INLINE bool binade_units(float x, float d, int *e, float *u, double *per_u, float *q, double *units) {
  *e = exponent_of(x);
  return units_at(*e, d, u, per_u, q, units);
}

float wy_add_repeat(float t, float d, uint32_t n) {
  /* A few adds cost less than working them out. They are taken four at a
   * time, with one test of n for the four: the same adds in the same order. */
  if (n <= 8) {
    for (; n >= 4; n -= 4) t = t + d + d + d + d;
    for (; n > 0; n--) t += d;
    return t;
  }
  /* While t is below WY_REPEAT_FEW adds of d: one by one, four at a time. The
   * last four may take t up to three adds past that, which the binades
   * below take as well (they ask only t >= WY_REPEAT_FEW d). */
  float few = d * WY_REPEAT_FEW;
  for (; n >= 4 && t < few; n -= 4) t = t + d + d + d + d;
  for (; n > 0 && t < few; n--) t += d;
  while (n > 0) {
    if (!(t >= FLT_MIN) || !(t < FLT_MAX) || !(d >= 0.0f) || !(d < FLT_MAX)) {
      t += d;
      n--;
      continue;
    }
    /* t is in [2^(e-1), 2^e), where floats are the multiples of u. While the
     * sum stays below 2^e, t + d rounds to t plus d rounded to a multiple of
     * u: the same amount each time, unless d is halfway between two (then
     * which one depends on t: such a step is taken as it is). */
    int e;
    float u, q;
    double per_u, units;
    if (!binade_units(t, d, &e, &u, &per_u, &q, &units)) {
      t += d;
      n--;
      continue;
    }
    /* Then binade after binade: t >= WY_REPEAT_FEW d, so an add crosses at
     * most one power of 2, and the next binade's amounts are known before
     * t is (a branch the CPU guesses, not a wait on t's exponent). */
    for (;;) {
      if (units == 0.0) return t; /* every add leaves t as it is, and t stays */
      double top = pow2(e);
      double room = (top - (double)t) * per_u; /* u's left below 2^e */
      /* Adds that end a u or more below: (room - 1) / units floored, by
       * truncation (room is 1 to 2^23 u's, units at least 1); each adds
       * units x u exactly, and their sum stays a float of the binade. */
      double fit = (double)(int32_t)((room - 1.0) / units);
      if (fit >= 1.0) {
        double k = fit < (double)n ? fit : (double)n;
        t = (float)((double)t + k * (units * (double)u));
        n -= (uint32_t)k;
        if (n == 0) return t;
      }
      /* The add that ends within a u of 2^e or past it (after a run, the
       * next one does): as it comes. An add taken one by one is what a run
       * stands for, so taking it so is always right. */
      t += d;
      n--;
      if (n == 0 || !(t < FLT_MAX)) break;
      if ((double)t < top) continue; /* still below 2^e: its last add is next */
      e++;
      if (!units_at(e, d, &u, &per_u, &q, &units)) break; /* halfway: as it comes */
    }
  }
  return t;
}

/* One step of wy_fade_repeat: c - f, or 0 when that is not above 0. */
static float fade_once(float c, float f) {
  float v = c - f;
  return v > 0.0f ? v : 0.0f;
}

float wy_fade_repeat(float c, float f, uint32_t n) {
  if (f == 0.0f) return c; /* c - 0 is c */
  float few = f * WY_REPEAT_FEW;
  while (n > 0 && c > 0.0f) {
    if (n <= 8 || c < few || !(c >= FLT_MIN) || !(c < FLT_MAX) || !(f >= FLT_MIN) || !(f < c)) {
      /* A few steps, few left to 0, odd values, or one that reaches 0: as
       * they come. */
      c = fade_once(c, f);
      n--;
      continue;
    }
    /* c is in [2^(e-1), 2^e), where floats are the multiples of u. While the
     * exact c - f stays at or above 2^(e-1), it rounds to c less f rounded
     * to a multiple of u: the same amount each time, unless f is halfway
     * between two (then which one depends on c: such a step is taken as it
     * is). q = f / u is exact (u is a power of 2, f < c). */
    int e;
    float u, q;
    double per_u, units;
    if (!binade_units(c, f, &e, &u, &per_u, &q, &units)) {
      c = fade_once(c, f);
      n--;
      continue;
    }
    /* Step j of a run (from 0) is safe while room - j x units >= q, room the
     * u's of c above 2^(e-1) (an integer below 2^23): the last of k is
     * j = k - 1. The division only proposes k; the exact comparison of two
     * doubles (an integer, and q) decides. */
    double room = ((double)c - pow2(e - 1)) * per_u;
    if (units == 0.0 && room >= (double)q) return c; /* every step leaves c as it is */
    double most = units == 0.0 ? 0.0 : floor((room - (double)q) / units) + 1.0;
    uint32_t k = most < 1.0 ? 0u : most < (double)n ? (uint32_t)most : n;
    while (k > 0 && !(room - (double)(k - 1u) * units >= (double)q)) k--;
    if (k > 0) {
      c = (float)((double)c - (double)k * units * (double)u);
      n -= k;
      if (n == 0) break;
    }
    /* The step that would take it below 2^(e-1) (after a run, the next
     * one is): as it comes. A step taken one by one is what a run stands
     * for, so taking it so is always right. */
    c = fade_once(c, f);
    n--;
  }
  return c;
}

/* Above what n additions of d to t (t, d >= 0), then one of dt, can make in
 * floats, or +inf: each rounding adds at most 2^-24 of the sum it makes
 * (2^-149 below the normal floats), so the float sum is at most the real
 * one times (1 + 2^-24)^(n + 1) < 1 + (n + 1) 2^-23 (n < 2^16). */
float wy_add_repeat_bound(float t, float d, uint32_t n, float dt) {
  if (n >= 65536u) return INFINITY;
  double real = (double)t + (double)n * (double)d + (double)dt;
  double bound = real * (1.0 + (double)(n + 1u) * 0x1p-23) + (double)(n + 1u) * 0x1p-149;
  float f = (float)bound;
  if (!((double)f < bound)) return f;
  /* The float above f (f >= 0 and finite, as it is below bound): the
   * next bit pattern, as nextafterf gives it without the call. */
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  bits++;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* Each step from s >= 2^-24 (normal, and so is s x m for m >= 2^-100)
 * rounds its product down by at most 2^-24 of it and its difference up by
 * at most 2^-24 (a difference that rounds into the subnormals is exact):
 * it ends at most s x r, r = (1 - m (1 - 2^-24)) (1 + 2^-24). A step from
 * below 2^-24 ends there too (it takes off 0 or more). So if none of the n
 * steps ended below 2^-24, the last would end at most s r^n; when that is
 * below 2^-24, one of them did. r^n is worked out in doubles, by squares,
 * each rounding 2^-53 of it at most: under 2^-34 of it in all for n below
 * 2^16 (a larger n is taken as 2^16, which asks less), which the threshold
 * leaves room for. */
bool wy_decay_sinks(float s, float m, uint32_t n) {
  if (!(s > 0.0f) || !(s < FLT_MAX) || !(m >= 0x1p-100f) || !(m <= 1.0f) || n == 0) return false;
  double r = (1.0 - (double)m * (1.0 - 0x1p-24)) * (1.0 + 0x1p-24), power = 1.0;
  for (uint32_t k = n < 65536u ? n : 65536u; k > 0; k >>= 1) {
    if (k & 1u) power *= r;
    r *= r;
  }
  return (double)s * power < 0x1p-24 * (1.0 - 0x1p-20);
}

/* Each operation of a step rounds a value of at most 1 in magnitude (every
 * one lies in [-1, 1] while 0 < c <= s <= 1), off by at most 2^-25. So
 * c' = fl(c - f) is at most c - f + 2^-25, and s' = fl(s + fl(fl(c' - s)
 * m)) is at least s (1 - m) + c' m - 3 x 2^-25 (m <= 1): s' - c' is at
 * least (s - c') (1 - m) - 3 x 2^-25, and s - c' at least f - 2^-25 (s >=
 * c), so s' - c' >= f (1 - m) - 2^-23. From f (1 - m) >= 2^-15 (in
 * doubles: the product's rounding is far inside the margin) that is above
 * 2^-16, and s' >= c' again for the next step; the test's gap, the
 * difference rounded, is then 2^-16 or more. */
bool wy_chase_clear(float f, float m) {
  if (!(f < 1.0f) || !(m >= 0.0f) || !(m <= 1.0f)) return false;
  return (double)f * (1.0 - (double)m) >= 0x1p-15;
}
