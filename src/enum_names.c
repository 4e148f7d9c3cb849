/* enum_names.c - the names of the enum values a host prints, as the generated
 * wary.enums gives them (the enum's common prefix taken off, lowercased);
 * spec/enum_names_spec.lua compares them, name for name. */
#include <stddef.h>

#include "wary.h"

/* names[value], NULL for a value with no name. */
#define NAME_OF(names, value) \
  ((value) >= 0 && (value) < (int32_t)(sizeof names / sizeof names[0]) ? names[value] : NULL)

const char *wary_state_name(int32_t state) {
  static const char *const names[] = {
    [WARY_UNDETECTED] = "undetected",
    [WARY_SUSPECTED] = "suspected",
    [WARY_DETECTED] = "detected",
    [WARY_TRACKED] = "tracked",
    [WARY_LOST] = "lost",
    [WARY_REMEMBERED] = "remembered",
    [WARY_EXPIRED] = "expired",
  };
  return NAME_OF(names, state);
}

const char *wary_event_name(int32_t type) {
  static const char *const names[] = {
    [WARY_EV_SUSPECT] = "suspect",
    [WARY_EV_DETECT] = "detect",
    [WARY_EV_TRACK] = "track",
    [WARY_EV_LOST] = "lost",
    [WARY_EV_REMEMBER] = "remember",
    [WARY_EV_FORGET] = "forget",
    [WARY_EV_TELEGRAPH] = "telegraph",
    [WARY_EV_SENSE_ERROR] = "sense_error",
    [WARY_EV_HEAR] = "hear",
    [WARY_EV_SOUND_HEARD] = "sound_heard",
    [WARY_EV_LOCATION_BELIEF_CHANGED] = "location_belief_changed",
    [WARY_EV_GECK] = "geck",
    [WARY_EV_DAMAGED] = "damaged",
    [WARY_EV_PAIN_REPORTED] = "pain_reported",
    [WARY_EV_EMOTION_CHANGED] = "emotion_changed",
  };
  return NAME_OF(names, type);
}

const char *wary_loss_reason_name(int32_t reason) {
  static const char *const names[] = {
    [WARY_LOSS_NONE] = "none",
    [WARY_LOSS_OCCLUDED] = "occluded",
    [WARY_LOSS_OUT_OF_RANGE] = "out_of_range",
    [WARY_LOSS_SENSOR_DROPOUT] = "sensor_dropout",
    [WARY_LOSS_SUPPRESSED_BY_PAIN] = "suppressed_by_pain",
  };
  return NAME_OF(names, reason);
}

const char *wary_emotion_name(int32_t emotion) {
  static const char *const names[] = {
    [WARY_CALM] = "calm",
    [WARY_CURIOUS] = "curious",
    [WARY_ALERT] = "alert",
    [WARY_AGGRESSIVE] = "aggressive",
    [WARY_FEARFUL] = "fearful",
    [WARY_PANICKED] = "panicked",
  };
  return NAME_OF(names, emotion);
}

const char *wary_detection_state_name(int32_t state) {
  static const char *const names[] = {
    [WARY_GECK_NORMAL] = "normal",
    [WARY_GECK_ALERT] = "alert",
    [WARY_GECK_COMBAT] = "combat",
    [WARY_GECK_LOST] = "lost",
  };
  return NAME_OF(names, state);
}

const char *wary_geck_event_name(int32_t type) {
  static const char *const names[] = {
    [WARY_GECK_EVENT_NOTICED] = "noticed",
    [WARY_GECK_EVENT_DAMAGE] = "damage",
    [WARY_GECK_EVENT_LAST_KNOWN] = "last_known",
    [WARY_GECK_EVENT_IMPACT] = "impact",
    [WARY_GECK_EVENT_EXPLOSION] = "explosion",
    [WARY_GECK_EVENT_WEAPON] = "weapon",
    [WARY_GECK_EVENT_CUSTOM] = "custom",
  };
  return NAME_OF(names, type);
}

const char *wary_stance_name(int32_t stance) {
  static const char *const names[] = {
    [WARY_STANDING] = "standing",
    [WARY_CROUCHED] = "crouched",
    [WARY_PRONE] = "prone",
  };
  return NAME_OF(names, stance);
}

const char *wary_threat_level_name(int32_t level) {
  static const char *const names[] = {
    [WARY_THREAT_NONE] = "none",
    [WARY_THREAT_LOW] = "low",
    [WARY_THREAT_MEDIUM] = "medium",
    [WARY_THREAT_HIGH] = "high",
    [WARY_THREAT_CRITICAL] = "critical",
  };
  return NAME_OF(names, level);
}

const char *wary_factor_name(int32_t kind) {
  static const char *const names[] = {
    [WARY_FACTOR_DISTANCE] = "distance",
    [WARY_FACTOR_ANGLE] = "angle",
    [WARY_FACTOR_EXPOSURE] = "exposure",
    [WARY_FACTOR_LIGHT] = "light",
    [WARY_FACTOR_MOTION] = "motion",
    [WARY_FACTOR_WEATHER] = "weather",
    [WARY_FACTOR_VISIBILITY] = "visibility",
    [WARY_FACTOR_CONE] = "cone",
    [WARY_FACTOR_SOUND] = "sound",
    [WARY_FACTOR_LOUDNESS] = "loudness",
    [WARY_FACTOR_FILTER] = "filter",
    [WARY_FACTOR_WALLS] = "walls",
    [WARY_FACTOR_SINGLE] = "single",
    [WARY_FACTOR_BUILD_UP] = "build_up",
    [WARY_FACTOR_HEARD] = "heard",
    [WARY_FACTOR_SCENT] = "scent",
    [WARY_FACTOR_SENSITIVITY] = "sensitivity",
    [WARY_FACTOR_CLEAR] = "clear",
    [WARY_FACTOR_DAMAGE] = "damage",
    [WARY_FACTOR_DECAY] = "decay",
    [WARY_FACTOR_RETURNED] = "returned",
    [WARY_FACTOR_ACCURACY] = "accuracy",
    [WARY_FACTOR_SHARE] = "share",
    [WARY_FACTOR_PAIN] = "pain",
    [WARY_FACTOR_WEIGHT] = "weight",
    [WARY_FACTOR_WEIGHED] = "weighed",
    [WARY_FACTOR_BONUS] = "bonus",
    [WARY_FACTOR_FUSED] = "fused",
    [WARY_FACTOR_EVIDENCE] = "evidence",
    [WARY_FACTOR_LOWER] = "lower",
    [WARY_FACTOR_FLOOR] = "floor",
    [WARY_FACTOR_CEILING] = "ceiling",
    [WARY_FACTOR_RESULT] = "result",
    [WARY_FACTOR_SMOOTHED] = "smoothed",
  };
  return NAME_OF(names, kind);
}
