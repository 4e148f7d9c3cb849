/* light.h - the light level at a target (vision, the GECK model). */
#ifndef WARY_LIGHT_H
#define WARY_LIGHT_H

#include "world.h"

/* The light level (0..1) at t's chest, with the sun's shadow traced or not;
 * *rays counts the rays of the one call that fills t's cache for this light
 * epoch. Calls from agents sensed at once may ask about one target: the
 * cache is claimed and published through atomics, so each value is computed
 * and counted once, whichever worker does it. */
float wy_light_at(wary_world *w, wy_actor *t, bool sun_shadow, uint64_t *rays);

#endif
