/* environment.h - what surrounds the actors: lamps, the sun, and
 * environments (fog, dark rooms, muffled spaces), with their ids. Which
 * environments hold a point is wy_env_at (world.h: it reads the world); the
 * light level they make at a target is light.c's. */
#ifndef WARY_ENVIRONMENT_H
#define WARY_ENVIRONMENT_H

#include "wary.h"

typedef struct wy_light {
  wary_light_def def; /* radius scaled */
} wy_light;

typedef struct wy_env {
  wary_environment_def def;
} wy_env;

/* The lamps' and environments' grids (world.h) built again if they are
 * stale: before a step, which reads them from many workers at once. False
 * when out of memory (the step fails then, as for the box tree; a grid
 * not built stays stale, and the next step tries again). */
bool wy_environment_prepare(wary_world *w);

#endif
