/* test_fmath.c - the core's own sine, cosine, arc cosine, arc tangent, e^x
 * and x^y (src/fmath.h): within a float step of the true value (taken from
 * the C library's double functions, rounded once), C's answers at the
 * special values, and the same bits as on the machine these pins were
 * taken from: a build whose bits differ would not step a lockstep game's
 * worlds alike (docs/install.md). */
#include <stdint.h>

#include "check.h"
#include "fmath.h"

#define PI 0x1.921fb54442d18p+1 /* the double nearest pi */

static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* Steps of float between a and b (both finite, or equal). */
static int64_t steps_apart(float a, float b) {
  int32_t x, y;
  memcpy(&x, &a, sizeof x);
  memcpy(&y, &b, sizeof y);
  if (x < 0) x = INT32_MIN - x;
  if (y < 0) y = INT32_MIN - y;
  return (int64_t)x - y;
}

static uint32_t seed = 12345u;
static float uniform(float lo, float hi) {
  seed = seed * 1664525u + 1013904223u;
  return lo + (hi - lo) * (float)(seed >> 8) / 16777216.0f;
}

/* Within one float step of the double function rounded, over 200,000
 * arguments each; how many are not exactly it is printed. */
static void test_within_a_step_of_the_true_value(void) {
  enum { N = 200000 };
  int64_t worst = 0;
  long off = 0;
  for (int i = 0; i < N; i++) {
    float x = uniform(-20.0f, 20.0f), big = uniform(-4e5f, 4e5f), u = uniform(-1.0f, 1.0f);
    float y = uniform(-50.0f, 50.0f), e = uniform(-103.0f, 88.0f), b = uniform(0.0f, 30.0f), p = uniform(-9.0f, 9.0f);
    float got[] = {wy_sinf(x), wy_cosf(x), wy_sinf(big), wy_cosf(big), wy_acosf(u), wy_atan2f(y, x), wy_expf(e),
                   wy_powf(b, p)};
    float want[] = {(float)sin(x), (float)cos(x), (float)sin(big), (float)cos(big), (float)acos(u),
                    (float)atan2(y, x), (float)exp(e), (float)pow(b, p)};
    for (size_t k = 0; k < sizeof got / sizeof *got; k++) {
      int64_t d = steps_apart(got[k], want[k]);
      if (d < 0) d = -d;
      off += d != 0;
      if (d > worst) worst = d;
    }
  }
  printf("fmath: %d arguments of eight functions: %ld not the double's rounding, the worst %lld step(s) off\n", N,
         off, (long long)worst);
  ENSURE(worst <= 1);
}

/* C's answers where they are special. */
static void test_special_values(void) {
  ENSURE(bits(wy_sinf(-0.0f)) == 0x80000000u && bits(wy_sinf(0.0f)) == 0u && wy_cosf(-0.0f) == 1.0f);
  ENSURE(isnan(wy_sinf(INFINITY)) && isnan(wy_cosf(-INFINITY)) && isnan(wy_sinf(NAN)));
  float s, c;
  wy_sincosf(-0.0f, &s, &c);
  ENSURE(bits(s) == 0x80000000u && c == 1.0f);
  wy_sincosf(NAN, &s, &c);
  ENSURE(isnan(s) && isnan(c));
  ENSURE(wy_acosf(1.0f) == 0.0f && isnan(wy_acosf(1.0001f)) && isnan(wy_acosf(NAN)));
  ENSURE(wy_expf(0.0f) == 1.0f && wy_expf(-INFINITY) == 0.0f && wy_expf(INFINITY) == INFINITY);
  ENSURE(wy_expf(89.0f) == INFINITY && wy_expf(-104.0f) == 0.0f && isnan(wy_expf(NAN)));
  ENSURE(wy_expf(-87.5f) > 0.0f && wy_expf(-87.5f) < 1.2e-38f); /* a subnormal float, rounded once */
  /* atan2: the signs of zero and the infinities. */
  ENSURE(bits(wy_atan2f(0.0f, 0.0f)) == 0u && bits(wy_atan2f(-0.0f, 0.0f)) == 0x80000000u);
  ENSURE(wy_atan2f(0.0f, -0.0f) == (float)PI && wy_atan2f(-0.0f, -1.0f) == -(float)PI);
  ENSURE(wy_atan2f(INFINITY, INFINITY) == (float)(PI / 4) && wy_atan2f(-INFINITY, -INFINITY) == -(float)(3 * PI / 4));
  ENSURE(wy_atan2f(1.0f, INFINITY) == 0.0f && wy_atan2f(1.0f, -INFINITY) == (float)PI);
  ENSURE(wy_atan2f(INFINITY, 5.0f) == (float)(PI / 2) && isnan(wy_atan2f(NAN, 1.0f)));
  /* pow: C99 Annex F's cases. */
  ENSURE(wy_powf(NAN, 0.0f) == 1.0f && wy_powf(1.0f, NAN) == 1.0f && isnan(wy_powf(NAN, 1.0f)));
  ENSURE(wy_powf(0.0f, 2.5f) == 0.0f && wy_powf(0.0f, -1.0f) == INFINITY && wy_powf(-0.0f, -3.0f) == -INFINITY);
  ENSURE(bits(wy_powf(-0.0f, 3.0f)) == 0x80000000u && wy_powf(-2.0f, 3.0f) == -8.0f && wy_powf(-2.0f, 2.0f) == 4.0f);
  ENSURE(isnan(wy_powf(-2.0f, 0.5f)) && wy_powf(-1.0f, INFINITY) == 1.0f && wy_powf(0.5f, INFINITY) == 0.0f);
  ENSURE(wy_powf(2.0f, -INFINITY) == 0.0f && wy_powf(-2.0f, INFINITY) == INFINITY && wy_powf(INFINITY, -2.0f) == 0.0f);
  ENSURE(wy_powf(0.25f, 0.5f) == 0.5f && wy_powf(2.0f, 10.0f) == 1024.0f);
}

/* The bits this implementation gives, taken once: every machine must give
 * them (glibc's acosf(0) is 0x3fc90fdb, musl's 0x3fc90fda). */
static void test_the_same_bits_everywhere(void) {
  static const struct {
    float x;
    uint32_t sin, cos;
  } trig[] = {
      {0x1p-1f, 0x3ef57744u, 0x3f60a940u},       {0x1p+0f, 0x3f576aa4u, 0x3f0a5140u},
      {0x1p+1f, 0x3f68c7b7u, 0xbed51133u},       {0x1.921fb6p+1f, 0xb3bbbd2eu, 0xbf800000u},
      {0x1.ca5dc2p+5f, 0x3f2df53au, 0x3f3bd0c1u}, {0x1.f4p+9f, 0x3f53ae61u, 0x3f0ff813u},
      {0x1.d0f488p+5f, 0x3f800000u, 0x38865bb5u}, {0x1.e848p+19f, 0xbeb33259u, 0x3f6fcefdu},
  };
  for (size_t i = 0; i < sizeof trig / sizeof *trig; i++) {
    float s, c;
    wy_sincosf(trig[i].x, &s, &c);
    ENSURE(bits(wy_sinf(trig[i].x)) == trig[i].sin && bits(wy_cosf(trig[i].x)) == trig[i].cos);
    ENSURE(bits(s) == trig[i].sin && bits(c) == trig[i].cos);
  }
  static const struct {
    float x;
    uint32_t v;
  } acos_of[] = {{0.0f, 0x3fc90fdbu},         {0x1p-1f, 0x3f860a92u},        {-0x1p-1f, 0x40060a92u},
                 {0x1.fff2e4p-1f, 0x3c67b9d5u}, {-0x1p+0f, 0x40490fdbu},       {0x1.f7cedap-4f, 0x3fb94728u}},
    exp_of[] = {{0x1p+0f, 0x402df854u},         {-0x1.99999ap-2f, 0x3f2b9a18u}, {-0x1.666666p+1f, 0x3d7913fau},
                {0x1.4p+3f, 0x46ac14eeu},       {-0x1.9p+5f, 0x1b692bebu},      {-0x1.c71c72p-4f, 0x3f651430u}};
  for (size_t i = 0; i < sizeof acos_of / sizeof *acos_of; i++) ENSURE(bits(wy_acosf(acos_of[i].x)) == acos_of[i].v);
  for (size_t i = 0; i < sizeof exp_of / sizeof *exp_of; i++) ENSURE(bits(wy_expf(exp_of[i].x)) == exp_of[i].v);
  ENSURE(bits(wy_atan2f(1.0f, 2.0f)) == 0x3eed6338u && bits(wy_atan2f(-3.0f, -0.5f)) == 0xbfde3372u &&
         bits(wy_atan2f(0.3f, -7.0f)) == 0x4046521du);
  ENSURE(bits(wy_powf(0.25f, 1.5f)) == 0x3e000000u && bits(wy_powf(0.7f, 3.3f)) == 0x3e9dcb8bu &&
         bits(wy_powf(12.5f, -2.25f)) == 0x3b5f10c4u);
}

int main(void) {
  test_within_a_step_of_the_true_value();
  test_special_values();
  test_the_same_bits_everywhere();
  return check_summary("test_fmath");
}
