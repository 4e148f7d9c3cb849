/* consumer.c - a C program built against an installed wary by
 * scripts/install_test.sh (through pkg-config and through find_package).
 * A guard with the default vision looks at a target 10 m ahead for one
 * second; it prints the guard's confidence and state. By the seed's distance
 * falloff, 1 - (10 / 30)^2, that is 0.889 and tracked. */
#include <stdio.h>

#include <wary.h>

/* A failed call, in the core's words (with no world yet, the status's). */
static int fail(const wary_world *w, int status) {
  fprintf(stderr, "consumer: %s\n", w ? wary_last_error(w) : wary_status_string(status));
  return 1;
}

int main(void) {
  wary_world_def wd = wary_default_world_def();
  wd.units_per_meter = 1.0f;
  wary_world *w;
  int status = wary_world_create(&wd, &w);
  if (status != WARY_OK) return fail(NULL, status);

  wary_profile_def pd = wary_default_profile_def();
  pd.senses[0].sense = WARY_SENSE_VISION;
  pd.sense_count = 1;
  int32_t profile;
  status = wary_profile_create(w, &pd, &profile);
  if (status != WARY_OK) return fail(w, status);

  wary_actor_def guard_def = wary_default_actor_def();
  guard_def.profile = profile;
  wary_actor_id guard, target;
  status = wary_actor_create(w, &guard_def, &guard);
  if (status != WARY_OK) return fail(w, status);
  wary_actor_def target_def = wary_default_actor_def();
  target_def.pos[0] = 10.0f;
  status = wary_actor_create(w, &target_def, &target);
  if (status != WARY_OK) return fail(w, status);

  for (int i = 0; i < 60; i++) {
    status = wary_step(w, 1.0f / 60.0f);
    if (status != WARY_OK) return fail(w, status);
  }
  wary_belief b;
  status = wary_belief_get(w, guard, target, &b);
  if (status != WARY_OK) return fail(w, status);
  printf("consumer: confidence %.3f %s\n", b.confidence, wary_state_name(b.state));
  wary_world_destroy(w);
  return 0;
}
