/* test_place_lead.c - a place list looks at its sleepers' leads (place.h)
 * only once the world clock reaches wy_place_lead_clock, so that clock must
 * come no later than the first step whose lead, each step's dt added in
 * floats as a step adds it, reaches its deadline. Each case draws a
 * deadline (a game's few seconds, tiny ones, 0, huge ones), a lead below it
 * (a hair below, far below, 0), a world clock to start from (0 to 2^40 s)
 * and a run of up to 2^12 steps of one dt, of a jittered dt, or of dt that
 * jump by factors of up to 8 either way; the steps are then taken one by
 * one. No step before the one the lead reaches its deadline in may be
 * before the clock; and under one dt of a game, the clock comes at most two
 * steps early. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "place.h"

#define CASES 40000
#define STEPS 4096

int main(void) {
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
