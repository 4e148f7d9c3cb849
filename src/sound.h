/* sound.h - sound types and hearing filters (seed 003) and emitting sounds. */
#ifndef WARY_SOUND_H
#define WARY_SOUND_H

#include "world.h"

typedef struct wy_sound {
  wary_sound_def def;   /* max_range scaled */
  int32_t stimulus_tag; /* Stimulus.Sound.<name> */
} wy_sound;

struct wy_sounds {
  WY_ARRAY(wy_sound) types;
  WY_ARRAY(wary_filter_def) filters;
};

extern const wy_module wy_sound_module;

#endif
