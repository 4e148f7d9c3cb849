/* test_rung_wait.c - a belief fading on a rung sleeps (belief.h,
 * wy_belief_fades) only for steps in which nothing can take it off the
 * rung: wy_rung_wait's wake_step and wake_at come no later than the first
 * step whose held step (held.h, wy_held_step: the very operations of a full
 * resolve) would refuse, for any dt the steps then take. Each case draws a
 * profile (thresholds, fade rate, two or three slots with their decay
 * scales, vision's direct cut on some), a belief on a rung with silences
 * that may tie, and a run of steps of one dt, of a jittered dt, or of dt
 * that jump by factors of up to 8 either way; the steps are then taken one
 * by one until the held step refuses. No step before the wait ends may be
 * that one; and under one dt the wait is most of the way there, so that the
 * sleepers sleep. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "held.h"

#define CASES 20000

/* The rates wy_resolve_beliefs takes for a step of dt (held.h). */
static wy_rates rates_for(const wy_profile *p, float dt) {
  wy_rates k;
  memset(&k, 0, sizeof k);
  k.fade = wy_fade_of(p, -1, dt);
  for (int32_t s = 0; s < p->slot_count; s++) k.slot_fade[s] = wy_fade_of(p, s, dt);
  k.growth = p->def.uncertainty_growth * dt;
  k.smooth = wy_smooth_of(p, dt);
  k.undulled = k.may_hold = k.calm = true;
  return k;
}

int main(void) {
  static const float dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 144.0f, 0.1f, 1.0f / 1000.0f};
  *lcg_seed() = 7u;
  int64_t early = 0, cases = 0, waited = 0, crossed = 0, cut_ties = 0;
  double near_sum = 0.0;
  int64_t near_cases = 0;
  for (int c = 0; c < CASES; c++) {
    wy_profile p;
    memset(&p, 0, sizeof p);
    p.def = wary_default_profile_def();
    p.def.suspect_threshold = 0.05f + 0.2f * unit();
    p.def.detect_threshold = p.def.suspect_threshold + 0.3f * unit();
    p.def.track_threshold = p.def.detect_threshold + 0.3f * unit();
    if (c % 17 == 0) p.def.suspect_threshold = 0.0f; /* the rung ends at 0 */
    wy_keep_bounds(&p);
    static const float fade_rates[] = {0.1f, 0.05f, 0.5f, 1e-4f, 2.0f};
    p.def.fade_rate = c % 5 ? fade_rates[lcg() % 5u] : unit();
    p.slot_count = 2 + (int32_t)(lcg() % 2u);
    for (int32_t s = 0; s < p.slot_count; s++) {
      p.slots[s].weight = 1.0f;
      p.slots[s].loss_grace = 0.3f;
      p.slots[s].decay_scale = c % 3 ? 1.0f : 0.25f + 2.0f * unit();
      p.slots[s].direct_lost_cut = s == 0 && c % 2 == 0;
    }
    wy_belief b;
    memset(&b, 0, sizeof b);
    b.state = (int8_t)(WARY_SUSPECTED + (int32_t)(lcg() % 3u));
    float lo = b.state == WARY_TRACKED ? p.def.track_threshold
                                       : (b.state == WARY_DETECTED ? p.def.detect_threshold : p.def.suspect_threshold);
    float hi = b.state == WARY_TRACKED ? 1.0f
                                       : (b.state == WARY_DETECTED ? p.def.track_threshold : p.def.detect_threshold);
    b.confidence = lo + (hi - lo) * unit();
    if (c % 7 == 0) b.confidence = nextafterf(lo, 2.0f); /* a hair above its threshold */
    if (!(b.confidence > 0.0f) || wy_rung_of(&p.def, b.confidence) != b.state) continue;
    b.smoothed = b.confidence;
    b.held = true;
    b.losing_slot = -1;
    /* Silences past the grace: the last to report the least silent, a
     * direct-cut slot below it more silent by a little or a lot (equal
     * silences round to a tie, which goes to the lower slot). */
    wy_belief_slot bsl[WY_SLOTS];
    memset(bsl, 0, sizeof bsl);
    float base = 0.3f + 40.0f * unit();
    for (int32_t s = 0; s < p.slot_count; s++) {
      bsl[s].ever = s != 1 || c % 4 != 0;
      float extra = c % 6 == 0 ? ldexpf(1.0f, -(int)(8u + lcg() % 14u)) : 2.0f * unit();
      bsl[s].silent = base + (s == p.slot_count - 1 ? 0.0f : extra);
    }
    float quietest = INFINITY;
    for (int32_t s = 0; s < p.slot_count; s++)
      if (bsl[s].ever && bsl[s].silent < quietest) {
        quietest = bsl[s].silent;
        b.losing_slot = (int8_t)s;
      }
    if (b.losing_slot >= 0 && p.slots[b.losing_slot].direct_lost_cut) continue; /* Lost already */
    /* The steps' dt: one, jittered around it, or jumping. */
    float dt0 = dts[lcg() % 5u];
    int kind = (int)(lcg() % 3u);
    uint32_t wake_step;
    double wake_at;
    uint32_t k = wy_rung_wait(&p, &b, bsl, 0u, 0.0, dt0, &wake_step, &wake_at);
    cases++;
    double clock = 0.0;
    uint32_t step = 0;
    float dt = dt0;
    for (; step < 200000u; step++) {
      dt = dt0;
      if (kind == 1) dt = dt0 * (0.9f + 0.2f * unit());
      if (kind == 2) dt = dt0 * ldexpf(1.0f, (int)(lcg() % 7u) - 3);
      clock += (double)dt;
      wy_rates r = rates_for(&p, dt);
      if (!wy_held_step(&p, &r, &b, bsl, dt, p.slot_count)) break;
    }
    if (step == 200000u) continue;
    crossed++;
    /* Step `step` takes it off: the wait must have ended by then. */
    bool asleep = (int32_t)(step - wake_step) < 0 && clock < wake_at;
    early += asleep;
    waited += k > 0;
    /* Refused far above its threshold: a direct-cut slot tied with the last. */
    cut_ties += b.confidence - lo > 8.0f * p.def.fade_rate * 2.25f * dt;
    if (kind == 0 && step >= 100u && c % 2 != 0 && c % 3 != 0) {
      near_sum += (double)k / (double)step;
      near_cases++;
    }
  }
  ENSURE(cases > CASES / 2);
  ENSURE(crossed > cases * 9 / 10);
  ENSURE(early == 0);
  /* Most cases wait, some end at a direct-cut slot's tie. */
  ENSURE(waited > crossed / 2);
  ENSURE(cut_ties > 10);
  /* Under one dt, far from the next rung, the wait is nearly all of it. */
  ENSURE(near_cases > 500);
  ENSURE(near_sum / (double)near_cases > 0.9);
  return check_summary("test_rung_wait");
}
