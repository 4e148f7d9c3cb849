/* test_kept_rung.c - a full resolve takes a sensed belief on the ladder
 * (Undetected to Tracked) whose confidence after the step keeps it on its
 * rung (held.h, wy_keeps_rung) as one whose state step_states leaves as it
 * is (resolve.c, resolve: kept), only its clock moving. So for every such
 * case the rung step_states works out (wy_rung_of, Tracked held back
 * until min_track_duration in Detected) must be the state itself. Each
 * case draws thresholds (some equal, some at 0), a state, a time in state
 * about min_track_duration and a confidence at, next to or between the
 * thresholds, or 0, 1, NaN or an infinity. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "held.h"

#define CASES 200000

/* A confidence about threshold t: on it, a float step either side, or t
 * with some noise. */
static float about(float t) {
  switch (lcg() % 4u) {
    case 0: return t;
    case 1: return nextafterf(t, INFINITY);
    case 2: return nextafterf(t, -INFINITY);
    default: return t + 0.05f * (unit() - 0.5f);
  }
}

/* The rung step_states (resolve.c) works out for a belief in state at
 * confidence conf, time in state time after the step: its level, with
 * Tracked held back in Detected until min_track_duration. */
static int32_t level_of(const wy_profile *p, int32_t state, float conf, float time) {
  int32_t level = wy_rung_of(&p->def, conf);
  if (level == WARY_TRACKED && state != WARY_TRACKED &&
      !(state == WARY_DETECTED && time >= p->def.min_track_duration))
    level = WARY_DETECTED;
  return level;
}

int main(void) {
  *lcg_seed() = 11u;
  int64_t kept = 0;
  for (int c = 0; c < CASES; c++) {
    wy_profile p;
    memset(&p, 0, sizeof p);
    p.def = wary_default_profile_def();
    p.def.suspect_threshold = c % 13 == 0 ? 0.0f : 0.05f + 0.2f * unit();
    p.def.detect_threshold = c % 7 == 0 ? p.def.suspect_threshold : p.def.suspect_threshold + 0.3f * unit();
    p.def.track_threshold = c % 5 == 0 ? p.def.detect_threshold : p.def.detect_threshold + 0.3f * unit();
    p.def.min_track_duration = c % 11 == 0 ? 0.0f : unit();
    wy_keep_bounds(&p);
    wy_belief b;
    memset(&b, 0, sizeof b);
    b.state = (int8_t)(lcg() % 4u);
    float time = about(p.def.min_track_duration);
    float conf;
    switch (lcg() % 8u) {
      case 0: conf = about(p.def.suspect_threshold); break;
      case 1: conf = about(p.def.detect_threshold); break;
      case 2: conf = about(p.def.track_threshold); break;
      case 3: conf = 0.0f; break;
      case 4: conf = 1.0f; break;
      case 5: conf = c % 2 ? NAN : (c % 4 == 1 ? INFINITY : -INFINITY); break;
      default: conf = unit(); break;
    }
    if (!wy_keeps_rung(&p, &b, conf, time)) continue;
    kept++;
    ENSURE(level_of(&p, b.state, conf, time) == b.state);
  }
  /* Most cases are on their rung, or the test tests little. */
  ENSURE(kept > CASES / 5);
  return check_summary("test_kept_rung");
}
