/* repeat.h - runs of equal float steps, to the bit: what n steps of the same
 * dt make of a clock (n additions) or of a fading confidence (n
 * subtractions), in a few operations instead of n, and a bound of the
 * first. The dormant beliefs' replays (belief.c) and the sleeping places'
 * (place.c, through belief.c) are made of them. Pure float arithmetic: no
 * world, no state. */
#ifndef WARY_REPEAT_H
#define WARY_REPEAT_H

#include <stdbool.h>
#include <stdint.h>

/* fl(...fl(fl(t + d) + d)... + d), n additions of d (t, d >= 0), to the bit,
 * in a few operations: what n steps of dt d do to a clock. */
float wy_add_repeat(float t, float d, uint32_t n);
/* Above what n additions of d to t (t, d >= 0), then one of dt, can make in
 * floats, or +inf (n of 2^16 or more): a bound of wy_add_repeat(t, d, n) + dt
 * that costs no loop. */
float wy_add_repeat_bound(float t, float d, uint32_t n, float dt);
/* n steps of fading by f (c > 0 or 0, f >= 0): each c = fl(c - f), or 0
 * when that is not above 0 (then it stays 0), to the bit, in a few
 * operations: what n steps fade a place's confidence (place.c, faded). */
float wy_fade_repeat(float c, float f, uint32_t n);

/* Whether n steps of s = fl(s - fl(s x m)) from s surely take s below
 * 2^-24 at one of them (s > 0, 0 < m <= 1), from a bound of the steps
 * worked out in a dozen products: where a dormant belief's smoothing
 * towards a confidence of 0 lands on it (belief.c, replay_run) without the
 * walk. False when it is not sure. */
bool wy_decay_sinks(float s, float m, uint32_t n);

/* Whether a meter s eased by m towards a confidence c that each step takes
 * f off (c = fl(c - f) while that stays above 0, then s = fl(s + fl(fl(c -
 * s) x m))), from 0 < c <= s <= 1, ends every step more than 2^-16 above
 * c, so that it never lands on it (wy_smooth_lands): where a fading
 * dormant belief's replay (belief.c, fade_run) can leave the landing's test
 * out of its loop. */
bool wy_chase_clear(float f, float m);

#endif
