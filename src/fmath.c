/* fmath.c - sine, cosine, arc cosine, arc tangent, e^x and x^y, the same to
 * the bit on every machine (fmath.h says why). Each works in doubles:
 * reduce the argument with exact or correctly rounded steps, sum a short
 * Taylor series whose first left-out term is below 1e-13 of the answer
 * (a millionth of a float's step), then round once to float. The constants are written in hexadecimal, so
 * that no compiler's decimal conversion enters. */
#include "fmath.h"

#include "base.h" /* no fused multiply-add, no -ffast-math, no wider floats */

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <math.h> /* floor, fmod, ldexp, frexp, sqrt, fabs, copysign: exact or correctly rounded */

#define PI_D 0x1.921fb54442d18p+1
#define PIO2_D 0x1.921fb54442d18p+0
/* pi/2 as a 33-bit head and the rest: n * PIO2_HI is exact for n < 2^20. */
#define PIO2_HI 0x1.921fb544p+0
#define PIO2_LO 0x1.0b4611a626331p-34
#define TWO_OVER_PI 0x1.45f306dc9c883p-1
/* ln 2 as a 32-bit head and the rest: n * LN2_HI is exact for |n| < 2^21. */
#define LN2_HI 0x1.62e42feep-1
#define LN2_LO 0x1.a39ef35793c76p-33
#define LOG2E 0x1.71547652b82fep+0
#define SQRT1_2 0x1.6a09e667f3bcdp-1

/* ---- sine and cosine ------------------------------------------------------------ */

/* x = n pi/2 + r with |r| a little over pi/4 at most; *quadrant = n mod 4. */
static double reduce(double x, int *quadrant) {
  /* Past 2^19, n * PIO2_HI would round: first a remainder against 2 pi
   * (fmod is exact), the same everywhere. */
  if (!(fabs(x) < 0x1p19)) x = fmod(x, 2.0 * PI_D);
  double n = floor(x * TWO_OVER_PI + 0.5);
  *quadrant = (int)((int64_t)n & 3); /* |n| < 2^20: exact; & 3 is n mod 4, also below 0 */
  return (x - n * PIO2_HI) - n * PIO2_LO;
}

/* sin r for |r| <= 0.79: to r^13 (r^15 / 15! < 2e-14). */
static double sin_series(double r) {
  double z = r * r;
  return r + r * z *
                 (-1.0 / 6.0 +
                  z * (1.0 / 120.0 +
                       z * (-1.0 / 5040.0 +
                            z * (1.0 / 362880.0 + z * (-1.0 / 39916800.0 + z * (1.0 / 6227020800.0))))));
}

/* cos r for |r| <= 0.79: to r^14 (r^16 / 16! < 1e-15). */
static double cos_series(double r) {
  double z = r * r;
  return 1.0 +
         z * (-0.5 +
              z * (1.0 / 24.0 +
                   z * (-1.0 / 720.0 +
                        z * (1.0 / 40320.0 +
                             z * (-1.0 / 3628800.0 + z * (1.0 / 479001600.0 + z * (-1.0 / 87178291200.0)))))));
}

float wy_sinf(float xf) {
  double x = xf;
  if (x - x != 0.0) return (float)(x - x); /* NaN, infinity: NaN */
  if (x == 0.0) return xf;                 /* sin(-0) = -0 */
  int q;
  double r = reduce(x, &q);
  double v = q == 0 ? sin_series(r) : q == 1 ? cos_series(r) : q == 2 ? -sin_series(r) : -cos_series(r);
  return (float)v;
}

float wy_cosf(float xf) {
  double x = xf;
  if (x - x != 0.0) return (float)(x - x);
  if (x == 0.0) return 1.0f;
  int q;
  double r = reduce(x, &q);
  double v = q == 0 ? cos_series(r) : q == 1 ? -sin_series(r) : q == 2 ? -cos_series(r) : sin_series(r);
  return (float)v;
}

void wy_sincosf(float xf, float *sin_out, float *cos_out) {
  double x = xf;
  if (x - x != 0.0) {
    *sin_out = *cos_out = (float)(x - x);
    return;
  }
  if (x == 0.0) {
    *sin_out = xf;
    *cos_out = 1.0f;
    return;
  }
  int q;
  double r = reduce(x, &q);
  double s = sin_series(r), c = cos_series(r);
  *sin_out = (float)(q == 0 ? s : q == 1 ? c : q == 2 ? -s : -c);
  *cos_out = (float)(q == 0 ? c : q == 1 ? -s : q == 2 ? -c : s);
}

/* ---- arc tangent and arc cosine --------------------------------------------------- */

/* atan(i / 8), i = 0 .. 8, each the double nearest the true value. */
static const double ATAN_EIGHTHS[9] = {
    0.0,
    0x1.fd5ba9aac2f6ep-4,
    0x1.f5b75f92c80ddp-3,
    0x1.6f61941e4def1p-2,
    0x1.dac670561bb4fp-2,
    0x1.1e00babdefeb4p-1,
    0x1.4978fa3269ee1p-1,
    0x1.700a7c5784634p-1,
    0x1.921fb54442d18p-1,
};

/* atan t for t in [0, 1]: atan(c) + atan((t - c) / (1 + t c)) with c the
 * nearest eighth, whose |u| <= 1/16 leaves a series to u^11 (u^13 / 13 <
 * 2e-17). */
static double atan01(double t) {
  int i = (int)(t * 8.0 + 0.5);
  double c = (double)i / 8.0;
  double u = (t - c) / (1.0 + t * c), z = u * u;
  double p =
      u + u * z * (-1.0 / 3.0 + z * (1.0 / 5.0 + z * (-1.0 / 7.0 + z * (1.0 / 9.0 + z * (-1.0 / 11.0)))));
  return ATAN_EIGHTHS[i] + p;
}

/* atan2(y, x) as C's, in doubles. */
static double atan2_d(double y, double x) {
  if (x != x || y != y) return x + y;
  double ay = fabs(y), ax = fabs(x), a;
  if (ay == 0.0 && ax == 0.0) a = 0.0;
  else if (ay == INFINITY && ax == INFINITY) a = PI_D / 4.0;
  else if (ay > ax) a = PIO2_D - atan01(ax / ay);
  else a = atan01(ay / ax);
  if (signbit(x)) a = PI_D - a;
  return copysign(a, y);
}

float wy_atan2f(float y, float x) { return (float)atan2_d(y, x); }

float wy_acosf(float xf) {
  double x = xf;
  if (!(x >= -1.0 && x <= 1.0)) return NAN;
  return (float)atan2_d(sqrt((1.0 - x) * (1.0 + x)), x);
}

/* ---- e^x and x^y ------------------------------------------------------------------ */

/* e^x = 2^n e^r, |r| <= ln 2 / 2: to r^11 (r^12 / 12! < 6e-15). Past the
 * floats' range either way (x beyond +-150, as wy_expf and wy_powf ask),
 * infinity or 0. */
static double exp_d(double x) {
  if (x != x) return x;
  if (x > 150.0) return INFINITY;
  if (x < -150.0) return 0.0;
  double n = floor(x * LOG2E + 0.5);
  double r = (x - n * LN2_HI) - n * LN2_LO;
  double p =
      1.0 +
      r * (1.0 +
           r * (1.0 / 2.0 +
                r * (1.0 / 6.0 +
                     r * (1.0 / 24.0 +
                          r * (1.0 / 120.0 +
                               r * (1.0 / 720.0 +
                                    r * (1.0 / 5040.0 +
                                         r * (1.0 / 40320.0 +
                                              r * (1.0 / 362880.0 + r * (1.0 / 3628800.0 + r * (1.0 / 39916800.0)))))))))));
  /* 2^n from its bits (|n| <= 217, a normal double): exact. */
  uint64_t bits = (uint64_t)((int64_t)n + 1023) << 52;
  double scale;
  memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

float wy_expf(float x) { return (float)exp_d(x); }

/* ln x for a finite x > 0: x = 2^e m, m in [sqrt(1/2), sqrt(2)), ln m =
 * 2 atanh s with s = (m - 1) / (m + 1), |s| < 0.172: to s^15 (s^17 / 17 x 2
 * < 1e-14). */
static double log_d(double x) {
  int e;
  double m = frexp(x, &e);
  if (m < SQRT1_2) {
    m *= 2.0;
    e--;
  }
  double s = (m - 1.0) / (m + 1.0), z = s * s;
  double p =
      s * (2.0 +
           z * (2.0 / 3.0 +
                z * (2.0 / 5.0 +
                     z * (2.0 / 7.0 + z * (2.0 / 9.0 + z * (2.0 / 11.0 + z * (2.0 / 13.0 + z * (2.0 / 15.0))))))));
  return (double)e * LN2_HI + ((double)e * LN2_LO + p);
}

float wy_powf(float xf, float yf) {
  double x = xf, y = yf;
  if (y == 0.0 || x == 1.0) return 1.0f;
  if (x != x || y != y) return NAN;
  bool whole = floor(y) == y, odd = whole && fabs(y) != INFINITY && fmod(y, 2.0) != 0.0;
  double ax = fabs(x);
  double v;
  if (x < 0.0 && !whole && ax != INFINITY) return NAN;
  if (ax == 0.0) v = y > 0.0 ? 0.0 : INFINITY;
  else if (ax == INFINITY) v = y > 0.0 ? INFINITY : 0.0;
  else if (y == INFINITY || y == -INFINITY) v = ax == 1.0 ? 1.0 : (ax > 1.0) == (y > 0.0) ? INFINITY : 0.0;
  else v = exp_d(y * log_d(ax));
  return (float)(signbit(x) && odd ? -v : v);
}
