/* test_alloc.c - the allocator hooks of wary_world_def: a counting allocator
 * sees every allocation and free of a world (its creation, a workload that
 * touches every module, its destruction) and the counts balance; the sizes
 * the core gives back are those it asked for; a def with half the hooks is
 * refused. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "counting.h"
#include "wary.h"

static void silent_sense(void *user, const wary_sense_query *q, wary_sense_result *out) {
  (void)user;
  out->active = q->distance < 500.0f;
  out->confidence = 0.7f;
  out->accuracy = 0.5f;
}

/* Something of every kind, stepped: names, materials, boxes (and the
 * hierarchy), lights, environments, sounds, filters, pain, profiles with
 * every built-in sense and a custom one, agents and targets, evidence, hits,
 * sounds heard, places, stimuli; then some of it removed. */
static void workload(wary_world *w) {
  int32_t tag, mat, sense, prof, snd, pain, stim;
  MADE(wary_name(w, "tag", &tag));
  wary_material_def md = wary_default_material_def();
  MADE(wary_material_create(w, &md, &mat));
  wary_box_id boxes[20];
  for (int i = 0; i < 20; i++) {
    wary_box_def bd = wary_default_box_def();
    bd.min[0] = (float)(i * 300);
    bd.max[0] = bd.min[0] + 100.0f;
    bd.max[1] = 100.0f;
    bd.max[2] = 200.0f;
    bd.material = mat;
    MADE(wary_box_create(w, &bd, &boxes[i]));
  }
  wary_light_def ld = wary_default_light_def();
  wary_light_id light;
  MADE(wary_light_create(w, &ld, &light));
  wary_environment_def ed = wary_default_environment_def();
  wary_environment_id env;
  MADE(wary_environment_create(w, &ed, &env));
  wary_sound_def sd = wary_default_sound_def();
  MADE(wary_name(w, "Footstep", &sd.name));
  MADE(wary_sound_create(w, &sd, &snd));
  wary_filter_def fd = wary_default_filter_def();
  int32_t filter;
  MADE(wary_filter_create(w, &fd, &filter));
  wary_pain_def pd = wary_default_pain_def();
  MADE(wary_name(w, "burn", &pd.name));
  MADE(wary_pain_create(w, &pd, &pain));
  wary_sense_def cs = wary_default_sense_def();
  cs.max_range = 3000.0f;
  cs.evaluate = silent_sense;
  MADE(wary_sense_create(w, &cs, &sense));
  wary_profile_def p = wary_default_profile_def();
  for (int32_t s = 0; s < 8; s++) p.senses[s].sense = s;
  p.senses[8].sense = sense;
  p.sense_count = 9;
  MADE(wary_profile_create(w, &p, &prof));
  wary_geck_def gd = wary_default_geck_def();
  ENSURE(wary_profile_set_geck(w, prof, &gd) == WARY_OK);
  wary_actor_id agents[30], targets[10];
  for (int i = 0; i < 30; i++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = (float)(i * 150);
    ad.pos[1] = 500.0f;
    ad.team = 1;
    ad.profile = prof;
    MADE(wary_actor_create(w, &ad, &agents[i]));
  }
  for (int i = 0; i < 10; i++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = (float)(i * 400 + 50);
    ad.pos[1] = 700.0f;
    ad.team = 2;
    MADE(wary_actor_create(w, &ad, &targets[i]));
    ENSURE(wary_actor_set_prop(w, targets[i], tag, 1.0f) == WARY_OK);
  }
  for (int step = 0; step < 200; step++) {
    wary_actor_id a = agents[step % 30], t = targets[step % 10];
    if (step % 7 == 0) ENSURE(wary_emit_sound(w, t, snd) == WARY_OK);
    if (step % 11 == 0) ENSURE(wary_emit_sound_at(w, snd, 100.0f, 600.0f, 0.0f) == WARY_OK);
    if (step % 13 == 0) ENSURE(wary_evidence_add(w, a, t, tag, WARY_RAISE, 0.5f, 1.0f, 0) == WARY_OK);
    if (step % 17 == 0) {
      wary_damage_def dd = wary_default_damage_def();
      dd.victim = a;
      dd.instigator = t;
      dd.amount = 30.0f;
      ENSURE(wary_apply_damage(w, &dd) == WARY_OK);
      ENSURE(wary_report_pain(w, a, pain, 0.5f) == WARY_OK);
      ENSURE(wary_report_touch(w, a, t) == WARY_OK);
    }
    if (step % 19 == 0) {
      wary_stimulus_def st = wary_default_stimulus_def();
      MADE(wary_name(w, "Stimulus.Shake", &stim));
      st.tag = stim;
      st.pos[1] = 500.0f;
      ENSURE(wary_emit_stimulus(w, &st) == WARY_OK);
      ENSURE(wary_report_location(w, a, 10.0f, 20.0f, 0.0f, tag, 0.8f, 0.5f) == WARY_OK);
    }
    for (int i = 0; i < 10; i++)
      ENSURE(wary_actor_set_pos(w, targets[i], (float)(i * 400 + 50 + step * 5), 700.0f, 0.0f) == WARY_OK);
    ENSURE(wary_step(w, 1.0f / 60.0f) == WARY_OK);
  }
  ENSURE(wary_world_stats(w).beliefs > 0);
  for (int i = 0; i < 10; i += 2) ENSURE(wary_actor_destroy(w, agents[i]) == WARY_OK);
  ENSURE(wary_actor_destroy(w, targets[3]) == WARY_OK);
  ENSURE(wary_box_destroy(w, boxes[4]) == WARY_OK);
  ENSURE(wary_step(w, 1.0f / 60.0f) == WARY_OK);
}

static void test_counting(bool with_realloc) {
  counter c;
  memset(&c, 0, sizeof c);
  wary_world_def d = wary_default_world_def();
  d.alloc_fn = count_alloc;
  d.realloc_fn = with_realloc ? count_realloc : NULL;
  d.free_fn = count_free;
  d.alloc_user = &c;
  wary_world *w = NULL;
  MADE(wary_world_create(&d, &w));
  ENSURE(c.allocs > 0);
  if (w) {
    workload(w);
    wary_world_destroy(w);
  }
  ENSURE(c.allocs > 100);
  ENSURE(with_realloc ? c.reallocs > 0 : c.reallocs == 0);
  ENSURE(c.frees == c.allocs);
  ENSURE(c.live_blocks == 0);
  ENSURE(c.live_bytes == 0);
  ENSURE(c.size_mismatches == 0);
}

static void test_half_hooks_refused(void) {
  counter c;
  memset(&c, 0, sizeof c);
  wary_world *w = NULL;
  wary_world_def d = wary_default_world_def();
  d.alloc_fn = count_alloc;
  d.alloc_user = &c;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_BAD_VALUE && !w);
  d = wary_default_world_def();
  d.free_fn = count_free;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_BAD_VALUE && !w);
  d = wary_default_world_def();
  d.realloc_fn = count_realloc;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_BAD_VALUE && !w);
  ENSURE(c.allocs == 0);
}

/* A world whose allocator has nothing to give is not made. */
static void *no_memory(void *user, size_t size) {
  (void)user;
  (void)size;
  return NULL;
}

static void test_nothing_to_give(void) {
  wary_world_def d = wary_default_world_def();
  d.alloc_fn = no_memory;
  d.free_fn = count_free;
  wary_world *w = NULL;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_OUT_OF_MEMORY && !w);
}

/* The allocator refuses the nth allocation and nothing else. */
typedef struct refusing {
  long count, nth;
  int logged;           /* failure texts the log heard */
  bool named_create;    /* every one of them named wary_world_create */
} refusing;

static void *refuse_nth(void *user, size_t size) {
  refusing *r = user;
  return r->count++ == r->nth ? NULL : malloc(size);
}

static void *refuse_nth_realloc(void *user, void *p, size_t old_size, size_t size) {
  (void)old_size;
  refusing *r = user;
  return r->count++ == r->nth ? NULL : realloc(p, size);
}

static void plain_free(void *user, void *p, size_t size) {
  (void)user;
  (void)size;
  free(p);
}

static void log_refusal(void *user, const char *message) {
  refusing *r = user;
  r->logged++;
  r->named_create = r->named_create && strncmp(message, "wary_world_create: ", 19) == 0;
}

/* Whichever allocation wary_world_create is refused, it says so once, in
 * its own name (the built-in senses it makes first used to log a
 * wary_sense_create failure before it). */
static void test_create_refused_once(void) {
  int refused = 0;
  for (long nth = 0; nth < 1000; nth++) {
    refusing r = {0, nth, 0, true};
    wary_world_def d = wary_default_world_def();
    d.alloc_fn = refuse_nth;
    d.realloc_fn = refuse_nth_realloc;
    d.free_fn = plain_free;
    d.alloc_user = &r;
    d.log = log_refusal;
    d.log_user = &r;
    wary_world *w = NULL;
    int status = wary_world_create(&d, &w);
    if (status == WARY_OK) {
      ENSURE(r.logged == 0);
      wary_world_destroy(w);
      break;
    }
    refused++;
    ENSURE(status == WARY_ERR_OUT_OF_MEMORY && !w);
    ENSURE(r.logged == 1 && r.named_create);
  }
  ENSURE(refused > 20); /* every allocation of the creation was refused once */
}

int main(void) {
  test_create_refused_once();
  test_counting(true);
  test_counting(false);
  test_half_hooks_refused();
  test_nothing_to_give();
  return check_summary("test_alloc");
}
