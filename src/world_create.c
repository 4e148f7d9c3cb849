/* world_create.c - the world assembled: wary_world_create registers every
 * module, lowest layer first (the world calls their hooks in this order);
 * wary_world_destroy; and the world's statistics, which count what the
 * modules hold. */
#include "belief.h"
#include "budget.h"
#include "brain.h"
#include "custom.h"
#include "damage.h"
#include "emission.h"
#include "emotion.h"
#include "geck.h"
#include "hearing.h"
#include "pain.h"
#include "place.h"
#include "pool.h"
#include "relation.h"
#include "report.h"
#include "small_senses.h"
#include "sound.h"
#include "stimulus.h"
#include "vision.h"

#include <string.h>

static const wy_module *const modules[] = {
  /* senses */
  &wy_report_module, &wy_vision_module, &wy_emission_module, &wy_sound_module,
  &wy_hearing_module, &wy_small_module, &wy_stimulus_module, &wy_custom_module,
  /* beliefs */
  &wy_belief_module, &wy_place_module,
  /* brain and GECK */
  &wy_brain_module, &wy_damage_module, &wy_pain_module, &wy_relation_module,
  &wy_emotion_module, &wy_geck_module,
  /* step */
  &wy_budget_module,
};

static int create(const wary_world_def *def, wary_world **out, wy_error *refusal) {
  const wary_world_def d = def ? *def : wary_default_world_def();
  refusal->log = d.log;
  refusal->log_user = d.log_user;
  if (!out) return wy_fail_null(refusal, WARY_ERR_BAD_VALUE, "wary_world_create", "out"); /* a world no one can destroy */
  *out = NULL;
  int status = wy_world_def_check(refusal, "wary_world_create", &d);
  if (status != WARY_OK) return status;
  wary_world *w = wy_world_new(&d, modules, (int32_t)(sizeof modules / sizeof modules[0]));
  if (w && !wy_senses_init(w)) {
    wy_world_free(w);
    w = NULL;
  }
  int code;
  int32_t thread = d.workers > 1 && !d.enqueue_task ? wy_pool_failed_thread(&code) : 0;
  if (!w && thread > 0)
    return wy_fail(refusal, WARY_ERR_OUT_OF_MEMORY, "wary_world_create",
                   "workers: could not start worker thread %d of the pool's %d (pthread_create: %s)", thread,
                   d.workers - 1, strerror(code));
  if (!w) return wy_fail_memory(refusal, "wary_world_create");
  *out = w;
  return WARY_OK;
}

int wary_world_create(const wary_world_def *def, wary_world **out) {
  wy_error refusal = {0};
  int status = create(def, out, &refusal);
  if (status != WARY_OK) wy_error_keep_refusal(&refusal);
  return status;
}

void wary_world_destroy(wary_world *w) {
  /* From an evaluate callback wary_step is still using the world below:
   * it frees the world when the callback returns. */
  if (w && w->in_evaluate) {
    w->destroy_after_evaluate = true;
    return;
  }
  wy_world_free(w);
}

wary_stats wary_world_stats(const wary_world *w) {
  wary_stats s = w->stats;
  s.beliefs = 0;
  for (int32_t i = 0; i < w->agents.count; i++) s.beliefs += wy_beliefs_of(w, i)->count;
  return s;
}
