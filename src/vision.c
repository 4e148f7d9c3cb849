/* vision.c - the built-in vision sense: its settings per profile, and seed
 * 000's "The vision formula":
 *
 *   confidence = distance falloff x angle falloff x exposure x light factor
 *              x motion bonus x weather x visibility x cone scale
 *
 * Cheapest first: cone and range from the head sample, then the factors that
 * need no ray, then one ray per sample point (stopping once nothing can save
 * the result). Any zero factor means no detection, with the loss reason that
 * says why: out_of_range (range, cone), sensor_dropout (dark, cloaked, no
 * weather), occluded (cover). */
#include "vision.h"

#include <string.h>

#include "fmath.h"
#include "light.h"
#include "occ_walk.h"

/* ---- settings ------------------------------------------------------------ */

wary_vision_def wary_default_vision_def(void) {
  wary_vision_def v;
  memset(&v, 0, sizeof v);
  v.max_range = -1.0f;
  v.interval = 0.1f;
  v.loss_grace = 0.2f;
  v.weight = 1.0f;
  v.half_angle = 60.0f;
  v.peripheral_half_angle = 110.0f;
  v.peripheral_scale = 0.45f;
  v.peripheral_range_scale = 0.6f;
  v.rear_half_angle = 60.0f;
  v.rear_scale = 0.25f;
  v.rear_range_scale = 0.35f;
  v.rear_min_speed = -1.0f;
  v.darkness_min_detection = 0.1f;
  v.motion_bonus = 0.3f;
  v.motion_bonus_speed = -1.0f;
  v.min_exposure = 0.05f;
  for (int i = 0; i < 3; i++) v.min_visible_points[i] = 1;
  v.sample_count = 5;
  v.eye_turn_rate = 360.0f;
  v.trace_sun_shadow = true;
  return v;
}

/* The def's distances scaled, and what a look works out from it alone:
 * the cosine of the widest cone's half angle plus a thousandth of a radian
 * and the head of a target with no points of its own (surely_out), not
 * worked out again for every target. */
static void derive(const wary_world *w, wy_vision_profile *vp) {
  wary_vision_def *v = &vp->def;
  v->max_range = wy_scaled(w, v->max_range, 30.0f);
  v->rear_min_speed = wy_scaled(w, v->rear_min_speed, 3.0f);
  v->motion_bonus_speed = wy_scaled(w, v->motion_bonus_speed, 6.0f);
  float widest = v->peripheral_cone && v->peripheral_half_angle > v->half_angle ? v->peripheral_half_angle
                                                                                 : v->half_angle;
  vp->outside_cos = v->rear_cone || !(widest < 179.0f) ? NAN : wy_cosf(widest * WY_PI / 180.0f + 1e-3f);
  /* As sample_source takes the points of a target without its own. */
  for (int32_t stance = 0; stance < 3; stance++) {
    bool profile_points = v->default_samples.count > 0;
    const float *src = profile_points ? v->default_samples.points : wy_stance_points[stance];
    float scale = profile_points ? 1.0f : w->def.units_per_meter;
    int32_t n = profile_points ? v->default_samples.count : v->sample_count < 5 ? v->sample_count : 5;
    vp->head_up[stance] = n > 0 && src[0] * scale == 0.0f && src[1] * scale == 0.0f ? src[2] * scale : NAN;
  }
}

static int curve_check(wy_error *e, const char *fn, const char *name, int32_t count, const float *values) {
  if (count != 0 && count != WARY_CURVE_POINTS)
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "vision_def.%s_count: expected 0 or %d (WARY_CURVE_POINTS), got %d",
                   name, WARY_CURVE_POINTS, count);
  for (int32_t i = 0; i < count; i++)
    if (!wy_nonneg(values[i]))
      return wy_fail(e, WARY_ERR_BAD_VALUE, fn, "vision_def.%s[%d]: expected a finite number >= 0, got %g", name,
                     i, values[i]);
  return WARY_OK;
}

static int vision_check(wy_error *e, const char *fn, const wary_vision_def *v) {
  if (!v) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "vision_def");
  if (wy_bad(e, fn, "vision_def.max_range", v->max_range, WY_SCALED) ||
      wy_bad(e, fn, "vision_def.rear_min_speed", v->rear_min_speed, WY_SCALED) ||
      wy_bad(e, fn, "vision_def.motion_bonus_speed", v->motion_bonus_speed, WY_SCALED) ||
      wy_bad(e, fn, "vision_def.interval", v->interval, WY_POSITIVE) ||
      wy_bad(e, fn, "vision_def.loss_grace", v->loss_grace, WY_NONNEG) ||
      wy_bad(e, fn, "vision_def.weight", v->weight, WY_NONNEG) ||
      wy_bad(e, fn, "vision_def.eye_turn_rate", v->eye_turn_rate, WY_NONNEG) ||
      wy_bad(e, fn, "vision_def.first_spot_reaction_time", v->first_spot_reaction_time, WY_NONNEG) ||
      wy_bad_range(e, fn, "vision_def.half_angle", v->half_angle, 0.0f, 180.0f) ||
      wy_bad_range(e, fn, "vision_def.peripheral_half_angle", v->peripheral_half_angle, 0.0f, 180.0f) ||
      wy_bad_range(e, fn, "vision_def.rear_half_angle", v->rear_half_angle, 0.0f, 180.0f) ||
      wy_bad(e, fn, "vision_def.peripheral_scale", v->peripheral_scale, WY_UNIT) ||
      wy_bad(e, fn, "vision_def.peripheral_range_scale", v->peripheral_range_scale, WY_UNIT) ||
      wy_bad(e, fn, "vision_def.rear_scale", v->rear_scale, WY_UNIT) ||
      wy_bad(e, fn, "vision_def.rear_range_scale", v->rear_range_scale, WY_UNIT) ||
      wy_bad(e, fn, "vision_def.darkness_min_detection", v->darkness_min_detection, WY_UNIT) ||
      wy_bad(e, fn, "vision_def.motion_bonus", v->motion_bonus, WY_NONNEG) ||
      wy_bad(e, fn, "vision_def.min_exposure", v->min_exposure, WY_UNIT))
    return WARY_ERR_BAD_VALUE;
  /* The peripheral cone is the ring beyond the focal one: narrower, it would never apply. */
  if (v->peripheral_cone && !(v->peripheral_half_angle > v->half_angle))
    return wy_fail(e, WARY_ERR_BAD_VALUE, fn,
                   "vision_def.peripheral_half_angle: expected more than half_angle %g with peripheral_cone on "
                   "(the ring beyond the focal cone), got %g",
                   (double)v->half_angle, (double)v->peripheral_half_angle);
  for (int i = 0; i < 3; i++)
    if (wy_bad_int(e, fn, "vision_def.min_visible_points", i, v->min_visible_points[i], 0, WARY_MAX_SAMPLES))
      return WARY_ERR_BAD_VALUE;
  if (wy_bad_int(e, fn, "vision_def.sample_count", -1, v->sample_count, 1, WARY_MAX_SAMPLES))
    return WARY_ERR_BAD_VALUE;
  int status = wy_samples_check(e, fn, "vision_def.default_samples", &v->default_samples);
  if (status == WARY_OK) status = curve_check(e, fn, "distance_curve", v->distance_curve_count, v->distance_curve);
  if (status == WARY_OK) status = curve_check(e, fn, "angle_curve", v->angle_curve_count, v->angle_curve);
  if (status == WARY_OK) status = curve_check(e, fn, "motion_curve", v->motion_curve_count, v->motion_curve);
  return status;
}

/* What the profile's slots and its agents' eyes take from its vision. */
static void contract(wy_profile *p, const wary_vision_def *v) {
  wy_contract *c = &p->builtin[WARY_SENSE_VISION];
  c->interval = v->interval;
  c->range = v->max_range;
  c->loss_grace = v->loss_grace;
  c->weight = v->weight;
  p->eye_turn_rate = v->eye_turn_rate;
}

int wary_profile_set_vision(wary_world *w, int32_t profile, const wary_vision_def *def) {
  int status = wy_profile_check(w, __func__, profile);
  if (status == WARY_OK) status = vision_check(w->error, __func__, def);
  if (status == WARY_OK) status = wy_step_check(w, __func__);
  if (status != WARY_OK) return status;
  wy_profile *p = &w->profiles.data[profile];
  wy_vision_profile *v = &w->vision->profiles.data[profile];
  v->def = *def;
  derive(w, v);
  contract(p, &v->def);
  wy_profile_refresh(w, p);
  return WARY_OK;
}

static bool create(wary_world *w) {
  w->vision = wy_alloc_zero(&w->alloc, sizeof *w->vision);
  return w->vision != NULL;
}

static void destroy(wary_world *w) {
  if (!w->vision) return;
  wy_array_free(&w->alloc, &w->vision->profiles);
  wy_free(&w->alloc, w->vision, sizeof *w->vision);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)agents;
  return wy_array_reserve(&w->alloc, &w->vision->profiles, profiles);
}

/* The profile's vision at its defaults. */
static void defaults(wary_world *w, int32_t profile) {
  wy_vision_profile *v = &w->vision->profiles.data[profile];
  v->def = wary_default_vision_def();
  derive(w, v);
  contract(&w->profiles.data[profile], &v->def);
}

static void profile_added(wary_world *w, int32_t profile) {
  w->vision->profiles.count++;
  defaults(w, profile);
}

static void sense_dropped(wary_world *w, int32_t profile, int32_t sense) {
  if (sense == WARY_SENSE_VISION) defaults(w, profile);
}

const wy_module wy_vision_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .profile_added = profile_added,
  .sense_dropped = sense_dropped,
};

/* ---- evaluation ------------------------------------------------------------ */

/* Where target t's sample points come from (x, y, z, weight each; x, y,
 * z times *scale), and how many are taken: the target's own points, else
 * the profile's default ones, else the built-in five of its stance
 * (actor.c, wy_stance_points), the first sample_count of them (seed 000:
 * the count limits the built-in set only). */
static int32_t sample_source(const wary_world *w, const wary_vision_def *v, const wy_actor *t,
                             const float **points, float *scale) {
  *scale = 1.0f;
  /* sight (actor.h), in t's first line, says whether it has points of its
   * own: samples.count is two lines further, which a target with the
   * built-in points would otherwise read for this alone. */
  if (t->sight & WY_SIGHT_OWN_POINTS) {
    *points = t->samples.points;
    return t->samples.count;
  }
  if (v->default_samples.count > 0) {
    *points = v->default_samples.points;
    return v->default_samples.count;
  }
  *points = wy_stance_points[t->stance];
  *scale = w->def.units_per_meter;
  return v->sample_count < 5 ? v->sample_count : 5;
}

/* World positions and weights of t's sample points; returns their count.
 * The pointers restrict (pos and weight are a wy_sight's, src a target's,
 * def's or built-in points), and t's position is read once: else the
 * vectorised loop first compares every address with every other. */
static int32_t sample_points(const wary_world *w, const wary_vision_def *v, const wy_actor *t,
                             float (*restrict pos)[3], float *restrict weight) {
  const float *points;
  float scale;
  int32_t n = sample_source(w, v, t, &points, &scale);
  const float *restrict src = points;
  float s, c;
  wy_sincosf(t->yaw * WY_PI / 180.0f, &s, &c);
  float px = t->pos[0], py = t->pos[1], pz = t->pos[2];
  for (int32_t i = 0; i < n; i++) {
    float x = src[4 * i] * scale, y = src[4 * i + 1] * scale, z = src[4 * i + 2] * scale;
    pos[i][0] = px + c * x - s * y;
    pos[i][1] = py + s * x + c * y;
    pos[i][2] = pz + z;
    weight[i] = src[4 * i + 3];
  }
  return n;
}

/* A sampled curve at x in 0..1 (linear between its points). */
static float curve(const float *values, int32_t count, float x) {
  if (x <= 0.0f) return values[0];
  if (x >= 1.0f) return values[count - 1];
  float f = x * (float)(count - 1);
  int32_t i = (int32_t)f;
  float t = f - (float)i;
  return values[i] + (values[i + 1] - values[i]) * t;
}

typedef struct wy_cone_pick {
  int32_t cone;
  float angle;      /* degrees, off the cone's axis */
  float norm;       /* angle / the cone's half angle */
  float scale;
  float range_scale;
} wy_cone_pick;

static wy_cone_pick pick_cone(const wary_vision_def *v, float angle, float speed) {
  wy_cone_pick c = {WARY_CONE_NONE, angle, 1.0f, 0.0f, 0.0f};
  if (angle <= v->half_angle) {
    c.cone = WARY_CONE_FOCAL;
    c.norm = v->half_angle > 0.0f ? angle / v->half_angle : 0.0f;
    c.scale = 1.0f;
    c.range_scale = 1.0f;
  } else if (v->peripheral_cone && angle <= v->peripheral_half_angle) {
    c.cone = WARY_CONE_PERIPHERAL;
    c.norm = angle / v->peripheral_half_angle;
    c.scale = v->peripheral_scale;
    c.range_scale = v->peripheral_range_scale;
  } else if (v->rear_cone && 180.0f - angle <= v->rear_half_angle && speed > v->rear_min_speed) {
    c.cone = WARY_CONE_REAR;
    c.angle = 180.0f - angle;
    c.norm = v->rear_half_angle > 0.0f ? c.angle / v->rear_half_angle : 0.0f;
    c.scale = v->rear_scale;
    c.range_scale = v->rear_range_scale;
  }
  return c;
}

/* No detection, and why: always false. */
static bool fail(int32_t *reason, int32_t why, wary_vision_explain *ex) {
  *reason = why;
  if (ex) {
    ex->reason = why;
    ex->confidence = 0.0f;
  }
  return false;
}

/* The cosine of the head's angle off fwd, as wy_vision_plan works it out
 * (head a sample point's position, d its distance from eye). */
static float cos_to(const float eye[3], const float fwd[3], const float head[3], float d) {
  if (!(d > 0.0f)) return 1.0f;
  float cosang = (fwd[0] * (head[0] - eye[0]) + fwd[1] * (head[1] - eye[1]) + fwd[2] * (head[2] - eye[2])) / d;
  /* Points so far apart (near the float's limit, as 2e38 and -2e38) that
   * their distance overflows to inf: the same cosine from doubles, which
   * hold it, rather than a NaN angle, which explain showed. */
  if (WY_RARELY(!isfinite(cosang))) {
    double dot = 0.0, len = 0.0;
    for (int c = 0; c < 3; c++) {
      double k = (double)head[c] - (double)eye[c];
      dot += (double)fwd[c] * k;
      len += k * k;
    }
    cosang = len > 0.0 ? (float)(dot / sqrt(len)) : 1.0f;
  }
  return cosang > 1.0f ? 1.0f : (cosang < -1.0f ? -1.0f : cosang);
}

/* Whether the head of t is surely out of range or outside every cone (so
 * the plan says out of range), told before the sample points are worked
 * out: when the head (the first point) sits straight above t's position,
 * it is that point to the bit (its distance too). Out of range: farther
 * than max_range, which no range reaches (every environment's scale and
 * every cone's range scale is at most 1): a look beyond it fails on range
 * whichever cone it picks, and most of the targets the grid hands vision
 * that fail at all fail so. Outside: its cosine below that of the widest
 * cone's half angle plus a thousandth of a radian puts its angle past the
 * half angle whatever acosf and the conversion to degrees round; not with a
 * rear cone (it looks the other way) nor a half angle near 180 degrees. */
WY_INLINE bool surely_out(const float eye[3], const float fwd[3], const wary_vision_def *v, const wy_actor *t) {
  if (!isfinite(t->yaw)) return false; /* a NaN yaw makes every point NaN */
  /* v is wy_vision_of's: the def that opens its wy_vision_profile (vision.h). */
  const wy_vision_profile *vp = (const wy_vision_profile *)v;
  float up; /* the head's height over t's position: its own points' scale is 1 */
  /* sight (its stance, or that it has its own points) is in t's first line,
   * with its position and yaw: most looks read no other line of t. */
  if (t->sight & WY_SIGHT_OWN_POINTS) {
    const float *src = t->samples.points;
    if (src[0] != 0.0f || src[1] != 0.0f) return false;
    up = src[2];
  } else {
    up = vp->head_up[t->sight];
    if (isnan(up)) return false;
  }
  float head[3] = {t->pos[0], t->pos[1], t->pos[2] + up};
  float d = wy_dist3(eye, head);
  if (d > v->max_range) return true;
  /* cos_to's cosine, less its clamp to [-1, 1]: the cosine compared is
   * above -1 and at most 1, so the clamp changes no answer (nor a NaN's). */
  float widest_cos = vp->outside_cos;
  return d > 0.0f && (fwd[0] * (head[0] - eye[0]) + fwd[1] * (head[1] - eye[1]) + fwd[2] * (head[2] - eye[2])) / d < widest_cos;
}

/* wy_vision_plan past surely_out. Not inlined: most looks end at
 * surely_out, which its callers take inline. A step never asks for an
 * explanation (ex), so its blocks here and in wy_vision_cast are marked
 * rare: laid out past the looks' own code, fewer of its lines are fetched
 * on a cold step. */
static WY_NOINLINE bool plan(wary_world *w, const float eye_pos[3], const float fwd[3],
                                           const wary_vision_def *v, const wy_actor *t, int32_t *reason,
                                           wary_vision_explain *ex, wy_sight *s, uint64_t *rays) {
  float (*pts)[3] = s->pts;
  float *wt = s->wt;
  int32_t n = sample_points(w, v, t, pts, wt);
  s->n = n;
  float *eye = s->eye;
  memcpy(eye, eye_pos, sizeof s->eye);
  if (WY_RARELY(ex)) {
    memset(ex, 0, sizeof *ex);
    ex->evaluated = true;
    ex->time = (float)w->time;
    ex->sample_count = n;
    for (int32_t i = 0; i < n; i++) {
      memcpy(&ex->sample_pos[3 * i], pts[i], sizeof pts[i]);
      ex->sample_weight[i] = wt[i];
    }
  }
  if (n <= 0) return fail(reason, WARY_LOSS_OCCLUDED, ex);

  /* The angle is measured to the head, the first sample point. */
  float d = wy_dist3(eye, pts[0]);
  float angle = wy_acosf(cos_to(eye, fwd, pts[0], d)) * 180.0f / WY_PI;
  float speed = sqrtf(t->vel[0] * t->vel[0] + t->vel[1] * t->vel[1] + t->vel[2] * t->vel[2]);
  float eye_scale, head_scale, unused_h, unused_l;
  wy_env_at(w, eye, &eye_scale, &unused_h, &unused_l);
  wy_env_at(w, pts[0], &head_scale, &unused_h, &unused_l);
  wy_cone_pick cone = pick_cone(v, angle, speed);
  float range = v->max_range * (eye_scale < head_scale ? eye_scale : head_scale) * cone.range_scale;
  if (WY_RARELY(ex)) {
    ex->distance = d;
    ex->angle = cone.angle;
    ex->cone = cone.cone;
    ex->range = range;
    ex->cone_scale = cone.scale;
  }
  float x = d / range;
  /* !(x <= 1): also a distance that overflowed to inf within an infinite range. */
  if (cone.cone == WARY_CONE_NONE || d > range || range <= 0.0f || !(x <= 1.0f))
    return fail(reason, WARY_LOSS_OUT_OF_RANGE, ex);

  float fd = v->distance_curve_count > 0 ? curve(v->distance_curve, v->distance_curve_count, x)
                                         : 1.0f - x * x;
  float fa = v->angle_curve_count > 0 ? curve(v->angle_curve, v->angle_curve_count, cone.norm)
                                      : wy_cosf(cone.norm * WY_PI * 0.5f);
  /* On the cone's edge (norm 1) the cosine of a float pi/2 is -4.4e-8:
   * the edge's 0, as explain then reads it (the look stops either way). */
  fa = fa > 0.0f ? fa : 0.0f;
  float m = v->motion_bonus_speed > 0.0f ? speed / v->motion_bonus_speed : 1.0f;
  m = m > 1.0f ? 1.0f : m;
  float fm = v->motion_curve_count > 0 ? curve(v->motion_curve, v->motion_curve_count, m)
                                       : 1.0f + v->motion_bonus * m;
  float light = v->use_per_target_light ? wy_light_at(w, (wy_actor *)t, v->trace_sun_shadow, rays)
                                        : t->light;
  float fl = v->darkness_min_detection + (1.0f - v->darkness_min_detection) * light;
  /* Not perceivable (wary_actor_set_perceivable): no sense looks for it.
   * A step never has it (the grid leaves it out); a look now (explain, the
   * debug drawing) takes it as cloaked: visibility 0, sensor dropout. */
  float visibility = t->perceivable ? t->visibility : 0.0f;
  s->before_rays = fd * fa * fl * fm * w->def.weather * visibility * cone.scale;
  if (WY_RARELY(ex)) {
    ex->distance_falloff = fd;
    ex->angle_falloff = fa;
    ex->light = light;
    ex->light_factor = fl;
    ex->motion_bonus = fm;
    ex->weather = w->def.weather;
    ex->visibility = visibility;
    ex->required_points = v->min_visible_points[t->stance];
  }
  if (!(fd * fa * cone.scale > 0.0f)) return fail(reason, WARY_LOSS_OUT_OF_RANGE, ex);
  if (!(s->before_rays > 0.0f)) return fail(reason, WARY_LOSS_SENSOR_DROPOUT, ex);
  return true;
}

bool wy_vision_plan(wary_world *w, const float eye[3], const float fwd[3], const wary_vision_def *v,
                    const wy_actor *t, int32_t *reason, wary_vision_explain *ex, wy_sight *s, uint64_t *rays) {
  if (!ex && surely_out(eye, fwd, v, t)) return fail(reason, WARY_LOSS_OUT_OF_RANGE, NULL);
  return plan(w, eye, fwd, v, t, reason, ex, s, rays);
}

float wy_vision_eval_from(wary_world *w, const float eye[3], const float forward[3], const wary_vision_def *v,
                          const wy_actor *t, int32_t *reason, wary_vision_explain *ex, uint64_t *rays,
                          uint64_t *vision_rays, wy_sight_hint *hint) {
  wy_sight s;
  return wy_vision_plan(w, eye, forward, v, t, reason, ex, &s, rays)
             ? wy_vision_cast(w, v, t, &s, reason, ex, rays, vision_rays, hint)
             : 0.0f;
}

float wy_vision_eval(wary_world *w, const wy_actor *a, const wary_vision_def *v, const wy_actor *t,
                     int32_t *reason, wary_vision_explain *ex, uint64_t *rays, uint64_t *vision_rays) {
  float eye[3], forward[3];
  wy_actor_eye(w, a, eye, forward);
  return wy_vision_eval_from(w, eye, forward, v, t, reason, ex, rays, vision_rays, NULL);
}

/* The rays of a look, with the looker's two hint slots for t (hint[0],
 * the one a look used last, and hint[1]): t's slot, when it has one, is
 * moved first and takes what the walk found; a look with something to
 * keep and no slot puts it first and the other second, dropping the
 * second's (a slot is written only when it changes). */
static bool sight_rays(wary_world *w, const wy_actor *t, const float eye[3], const float (*pts)[3], int32_t n,
                       float *sights, wy_sight_hint *hint) {
  if (!hint) return wy_occ_sight_many(&w->occ, w->materials, eye, pts, n, sights, NULL);
  wy_id id = wy_actor_id(w, (int32_t)(t - w->actors.data));
  if (hint[1].target == id) {
    wy_sight_hint first = hint[0];
    hint[0] = hint[1];
    hint[1] = first;
  }
  bool own = hint[0].target == id;
  wy_occ_blockers k = own ? hint[0].blockers : WY_OCC_NO_BLOCKERS;
  bool cast = wy_occ_sight_many(&w->occ, w->materials, eye, pts, n, sights, &k);
  if (own ? memcmp(&k, &hint[0].blockers, sizeof k) != 0 : k.box[0] >= 0) {
    if (!own) hint[1] = hint[0];
    hint[0].target = id;
    hint[0].blockers = k;
  }
  return cast;
}

/* Where the segment s enters box slot (exact_hit: the walk's own test). */
static float entry_of(const wary_world *w, const seg *s, int32_t slot) {
  const wy_box *b = &w->occ.boxes.data[slot];
  const float bounds[6] = {b->min[0], b->min[1], b->min[2], b->max[0], b->max[1], b->max[2]};
  float t = 0.0f;
  return exact_hit(bounds, s, &t) ? t : 0.0f;
}

/* The box whose material stops sight nearest the eye on the segment eye ->
 * pt, or the null id. The walk names the first such box it meets, which a
 * leaf's order may put behind a nearer one: the segment is cut where that
 * box begins and walked again, until the walk names the same box (then
 * once more, cut 2^-20 of the way nearer, past where rounding put the
 * cut). Any box it names then begins nearer than the last. */
static wary_box_id blocker(wary_world *w, const float eye[3], const float pt[3]) {
  seg whole;
  seg_fill(&whole, false, eye, pt);
  int32_t best = -1;
  bool shrunk = false;
  float end[3] = {pt[0], pt[1], pt[2]};
  for (int32_t tries = 0; tries < 64; tries++) {
    float unused;
    int32_t at = -1;
    if (!wy_occ_sight_at(&w->occ, w->materials, eye, end, &unused, &at) || at < 0) break;
    int32_t slot = w->occ.leaves.data[at].slot;
    if (slot == best && shrunk) break;
    shrunk = slot == best;
    best = slot;
    float t = entry_of(w, &whole, slot) * (shrunk ? 1.0f - 0x1p-20f : 1.0f);
    if (!(t > 0.0f)) break; /* the eye is in it: none nearer */
    for (int k = 0; k < 3; k++) end[k] = eye[k] + whole.d[k] * t;
  }
  wary_box_id box = {0};
  if (best >= 0) box.id = wy_id_make(&w->box_ids, best);
  return box;
}

void wy_vision_blockers(wary_world *w, const wy_actor *a, wary_vision_explain *ex) {
  /* A look that stopped before its rays left its samples' sight at 0 unlooked. */
  if (ex->reason != WARY_LOSS_NONE && ex->reason != WARY_LOSS_OCCLUDED) return;
  float eye[3], forward[3];
  wy_actor_eye(w, a, eye, forward);
  for (int32_t i = 0; i < ex->sample_count; i++)
    if (ex->sample_sight[i] == 0.0f) ex->sample_blocker[i] = blocker(w, eye, &ex->sample_pos[3 * i]);
}

float wy_vision_cast(wary_world *w, const wary_vision_def *v, const wy_actor *t, const wy_sight *s,
                     int32_t *reason, wary_vision_explain *ex, uint64_t *rays, uint64_t *vision_rays,
                     wy_sight_hint *hint) {
  const float(*pts)[3] = s->pts;
  const float *wt = s->wt, *eye = s->eye;
  int32_t n = s->n;

  float total = 0.0f;
  for (int32_t i = 0; i < n; i++) total += wt[i];
  int32_t required = v->min_visible_points[t->stance];
  float seen = 0.0f, left = total;
  int32_t visible = 0;
  /* Every ray at once (the walk shares their tree); the loop then takes
   * them one by one, counting those it needs: a look is seldom decided
   * before its last point (one point required, 5% exposure). */
  float sights[WARY_MAX_SAMPLES];
  bool cast = sight_rays(w, t, eye, pts, n, sights, ex ? NULL : hint);
  for (int32_t i = 0; i < n; i++) {
    float sight = cast ? sights[i] : 0.0f;
    (*rays)++;
    (*vision_rays)++;
    seen += wt[i] * sight;
    left -= wt[i];
    visible += sight > 0.5f;
    if (WY_RARELY(ex)) ex->sample_sight[i] = sight;
    /* Decided: even a clear view of every point left falls short. */
    bool short_exposure = total > 0.0f && (seen + left) / total < v->min_exposure;
    bool short_points = visible + (n - 1 - i) < required;
    if (!ex && (short_exposure || short_points)) return (float)fail(reason, WARY_LOSS_OCCLUDED, ex);
  }
  float exposure = total > 0.0f ? seen / total : 0.0f;
  if (WY_RARELY(ex)) {
    ex->exposure = exposure;
    ex->visible_points = visible;
  }
  if (!(exposure > 0.0f) || exposure < v->min_exposure || visible < required)
    return (float)fail(reason, WARY_LOSS_OCCLUDED, ex);
  float c = wy_clamp01(s->before_rays * exposure);
  *reason = WARY_LOSS_NONE;
  if (WY_RARELY(ex)) {
    ex->confidence = c;
    ex->reason = WARY_LOSS_NONE;
  }
  return c;
}
