/* environment.h - what surrounds the actors: lamps, the sun, and
 * environments (fog, dark rooms, muffled spaces), with their ids. The light
 * level they make at a target is light.c's. */
#ifndef WARY_ENVIRONMENT_H
#define WARY_ENVIRONMENT_H

#include "wary.h"

typedef struct wy_light {
  wary_light_def def; /* radius scaled */
} wy_light;

typedef struct wy_env {
  wary_environment_def def;
} wy_env;

/* Vision and hearing range scales and the light override (-1 none) of the
 * environments at p: the thickest fog, the darkest room. */
void wy_env_at(const wary_world *w, const float p[3], float *vision_scale, float *hearing_scale,
               float *light);

#endif
