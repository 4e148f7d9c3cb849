/* light.h - the light level at a target (vision, the GECK model). */
#ifndef WARY_LIGHT_H
#define WARY_LIGHT_H

#include "world.h"

/* The light level (0..1) at t's chest, with the sun's shadow traced or not. */
float wy_light_at(wary_world *w, wy_actor *t, bool sun_shadow);

#endif
