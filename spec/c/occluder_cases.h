/* occluder_cases.h - what the C tests of the box walks share (test_geometry,
 * test_sight_bundle): the segment test written apart from the library's,
 * and materials whose products show the order they are taken in. Include
 * after occluders.h. */
#ifndef WARY_SPEC_OCCLUDER_CASES_H
#define WARY_SPEC_OCCLUDER_CASES_H

#include <math.h>
#include <stdbool.h>

#include "occluders.h"

/* Closed segment against closed box, written apart from the library's walk;
 * touching the box only at one end of the segment is no crossing. */
static inline bool brute_touch(const wy_box *box, const float a[3], const float b[3]) {
  float lo = 0.0f;
  float hi = 1.0f;
  for (int k = 0; k < 3; k++) {
    float d = b[k] - a[k];
    if (d == 0.0f) {
      if (a[k] < box->min[k] || a[k] > box->max[k]) {
        return false;
      }
    } else {
      float t0 = (box->min[k] - a[k]) / d;
      float t1 = (box->max[k] - a[k]) / d;
      lo = fmaxf(lo, fminf(t0, t1));
      hi = fminf(hi, fmaxf(t0, t1));
    }
  }
  return lo < hi || (lo == hi && lo > 0.0f && hi < 1.0f);
}

/* Transmissions whose products round, so that their order shows, among
 * clear and opaque ones; and the same with -0.0 beside 0. */
static const wy_material rounding[8] = {
    {0.0f, true}, {1.0f, false}, {1.0f, true}, {0.72f, false},
    {0.3f, true}, {0.61f, false}, {0.0f, true}, {1.0f, false},
};
static const wy_material signed_zeros[8] = {
    {0.0f, true}, {-0.0f, true}, {1.0f, false}, {0.72f, false},
    {-0.0f, false}, {0.61f, false}, {1.0f, true}, {1.0f, false},
};

#endif
