/* test_place_lead.c - a place list looks at its sleepers' leads (place.h)
 * only once the world clock reaches wy_place_lead_clock, so that clock must
 * come no later than the first step whose lead, each step's dt added in
 * floats as a step adds it, reaches its deadline. Each case draws a
 * deadline (a game's few seconds, tiny ones, 0, huge ones), a lead below it
 * (a hair below, far below, 0), a world clock to start from (0 to 2^40 s)
 * and a run of up to 2^12 steps of one dt, of a jittered dt, or of dt that
 * jump by factors of up to 8 either way; the steps are then taken one by
 * one. The clock must come no later than the step in which the lead
 * reaches its deadline; and under one dt of a game, at most two steps
 * early. Then the same for the fading sleepers' clock (place.c,
 * fade_clock), in worlds. */
#include <math.h>
#include <string.h>

#include "belief.h"
#include "check.h"
#include "place.h"
#include "world.h"

#define CASES 40000
#define STEPS 4096

/* The step at which an agent's place belief, reported once at 0.5 and
 * fading at rate, leaves Detected: in a world that resolves every place
 * every step (all), or in one whose sleepers wait for their clock, from a
 * beliefs' clock of clock0. */
static long leaves_detected(bool all, double clock0, float dt, float rate) {
  wary_world *w = make_world(NULL);
  w->beliefs->resolve_all = all;
  w->every_part = all;
  wary_profile_def pd = wary_default_profile_def();
  pd.fade_rate = rate;
  wary_actor_def ad = wary_default_actor_def();
  ad.profile = make_profile(w, &pd);
  make_actor(w, &ad);
  w->beliefs->clock = clock0;
  const float pos[3] = {10.0f, 0.0f, 10.0f};
  ENSURE(wy_place_report(w, 0, pos, 1, 0.5f, 0.5f));
  long at = -1;
  for (long s = 0; s < 2000 && at < 0; s++) {
    ENSURE(wary_step(w, dt) == WARY_OK);
    for (int32_t e = 0; e < wary_event_count(w); e++)
      if (wary_events(w)[e].type == WARY_EV_LOCATION_BELIEF_CHANGED && wary_events(w)[e].from_state == WARY_DETECTED)
        at = s;
  }
  wary_world_destroy(w);
  return at;
}

/* A fading sleeper wakes in the step it leaves its rung in, however large
 * the clock (its rounding of tiny dt then counts: a long game, or a
 * snapshot of one) or small the dt. */
static void test_fade_clock(void) {
  static const float dts[] = {1.0f / 60.0f, 1e-4f, 1e-5f, 1e-6f};
  static const double clocks[] = {0.0, 1e6, 1e9, 1.37e9, 1e10};
  for (int d = 0; d < 4; d++)
    for (int c = 0; c < 5; c++) {
      float rate = 0.15f / (600.0f * dts[d]); /* about 600 steps from 0.5 to 0.35 */
      long all = leaves_detected(true, clocks[c], dts[d], rate);
      ENSURE(all > 500);
      ENSURE(leaves_detected(false, clocks[c], dts[d], rate) == all);
    }
}

int main(void) {
  test_fade_clock();
  static const float dts[] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 144.0f, 0.1f, 1.0f / 1000.0f, 0.5f};
  static const float ends[] = {5.0f, 30.0f, 0.25f, 1e-3f, 1e-40f, 0.0f, 3.0f, 1e5f};
  static const double clocks[] = {0.0, 1.0, 3600.0, 1e6, 0x1p40};
  *lcg_seed() = 11u;
  int64_t cases = 0, reached = 0, late = 0, game = 0, game_early = 0;
  for (int c = 0; c < CASES; c++) {
    float end = c % 3 ? ends[lcg() % 8u] : 100.0f * unit();
    float lead;
    switch (lcg() % 4u) {
    case 0: lead = nextafterf(end, 0.0f); break;
    case 1: lead = 0.0f; break;
    default: lead = end * unit(); break;
    }
    if (!(lead < end)) lead = end > 0.0f ? nextafterf(end, 0.0f) : 0.0f;
    double clock = clocks[lcg() % 5u] * (c % 2 ? 1.0 : (double)unit());
    float dt0 = dts[lcg() % 6u];
    int kind = (int)(lcg() % 3u);
    double due = wy_place_lead_clock(clock, lead, end);
    cases++;
    int32_t first_due = -1, step = 0;
    for (; step < STEPS; step++) {
      float dt = dt0;
      if (kind == 1) dt = dt0 * (0.9f + 0.2f * unit());
      if (kind == 2) dt = dt0 * ldexpf(1.0f, (int)(lcg() % 7u) - 3);
      lead += dt;
      clock += (double)dt;
      if (first_due < 0 && clock >= due) first_due = step;
      if (lead >= end) break;
    }
    if (step == STEPS) continue;
    reached++;
    /* Step `step` takes the lead to its deadline: the clock came by then. */
    late += first_due < 0;
    if (kind == 0 && dt0 >= 1.0f / 60.0f && end >= 1.0f && end <= 30.0f && clock < 1e6) {
      game++;
      game_early += step - first_due > 2;
    }
  }
  ENSURE(reached > cases / 2);
  ENSURE(late == 0);
  ENSURE(game > 1000);
  ENSURE(game_early == 0);
  /* +inf where nothing can come. */
  ENSURE(wy_place_lead_clock(1.0, -INFINITY, 5.0f) == INFINITY);
  ENSURE(wy_place_lead_clock(1.0, 2.0f, INFINITY) == INFINITY);
  return check_summary("test_place_lead");
}
