/* test_lag.c - lagging belief lists (belief.h, lag; resolve.c, lag.c,
 * held.h; emotion.c, held_count and the attention target's bounds): while
 * every awake belief of an agent is held with its threat deferred and none
 * of its senses looks, a step leaves them as they are and they take those
 * steps later, when something reads or changes them or a step walks them.
 * Two worlds driven alike, one lagging, the other resolving every belief
 * and running every part of every step (every_part, resolve_all: it never
 * lags), must agree to the bit after every step: the events, every brain,
 * every belief's threat (minds.h), and every belief and its slots as a
 * snapshot would hold them (wy_belief_saved: the lagging steps replayed on
 * a copy, so that comparing ends no lag). The agents look half a second
 * apart (vision, and damage, pain and hearing slots as seldom), so that
 * their lists lag for most of the steps between looks; the targets come
 * and go, so that beliefs fade, leave their grace, cross rungs and wait on
 * min_track_duration between looks (a horizon that let a list lag past any
 * of those would make the worlds differ). Mid-lag, on agents whose lists
 * lag then, the game reads beliefs (every public read), saves and loads a
 * copy that plays on beside them, raises a belief, adds evidence, hits an
 * agent, hurts one, lowers its health, removes a target, changes a
 * profile, a brain and a vision, turns a target neutral to one agent and
 * over to another team for all, and removes an agent; the dt changes in
 * runs and now and then for a step. The game is played in four variants,
 * two with a ray budget. Apart: the attention target's threat worked out
 * where its lower bound reaches 0, and lags that reach their cap. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "belief.h"
#include "check.h"
#include "minds.h"
#include "wary.h"

/* Agents: 7 until step 1,800, when agent 3 goes (the last takes its
 * index, its list lagging). */
#define AGENTS 7
#define TARGETS 5
#define STEPS 2400

/* The game's variant: how far apart the senses look, how fast beliefs
 * fade, and a shift of the targets' paths. */
static float look = 0.5f, fade = 0.25f;
static int shift = 0;

typedef struct game {
  wary_world *w;
  int n; /* agents */
  wary_actor_id agents[AGENTS], targets[TARGETS];
  wary_actor_id ghost; /* a hostile target no sense reaches (far away) */
  int32_t profiles[3], pain, tag, sound;
  float at[AGENTS][2]; /* where each agent stands */
} game;

/* The brain of every profile: confidence and distance weigh most, so that
 * threats move with fading and walking, attention sticky for 0.4 s and
 * switched by 0.02 more threat. */
static wary_brain_def brain_of(void) {
  wary_brain_def bd = wary_default_brain_def();
  bd.threat_weight_damage_received = 0.3f;
  bd.threat_weight_confidence = 0.5f;
  bd.threat_weight_state = 0.15f;
  bd.threat_weight_distance = 0.3f;
  bd.threat_distance_range = 3000.0f;
  bd.threat_high = 0.55f;
  bd.threat_critical = 0.8f;
  bd.attention_stickiness_time = 0.4f;
  bd.attention_switch_threshold = 0.02f;
  /* A hit's share holds 3 s; a small hit's record (4) fades in 0.8 s once
   * Lost: a Lost belief then holds with the damage slot's grace on it. */
  bd.damage_loss_grace = 3.0f;
  return bd;
}

/* The profiles' settings, with the first senses of vision, damage, pain
 * and hearing: rungs crossed by fading within a look's interval (fade,
 * 0.25 a second in the first variant), Tracked after 0.7 s in Detected
 * (more than the interval: the wait ends between looks). */
static wary_profile_def profile_def(int32_t senses) {
  wary_profile_def p = wary_default_profile_def();
  p.fade_rate = fade;
  p.min_track_duration = 0.7f;
  p.lost_time = 1.5f;
  p.memory_time = 2.5f;
  p.smoothing_time = 0.25f;
  /* Uncertainty reaches its cap (10 m) 1.25 s after a belief's senses fall
   * silent: often while its list lags. */
  p.uncertainty_growth = 800.0f;
  p.senses[0].sense = WARY_SENSE_VISION;
  p.senses[1].sense = WARY_SENSE_DAMAGE;
  p.senses[2].sense = WARY_SENSE_PAIN;
  p.senses[3].sense = WARY_SENSE_HEARING;
  /* They look as seldom as vision, at the same steps. */
  for (int32_t s = 1; s < 4; s++) p.senses[s].interval = look;
  p.sense_count = senses;
  return p;
}

/* Vision all round, 25 m, looking interval apart, its grace grace. */
static wary_vision_def all_round(float interval, float grace) {
  wary_vision_def v = wary_default_vision_def();
  v.max_range = 2500.0f;
  v.half_angle = 180.0f;
  v.peripheral_half_angle = 180.0f;
  v.interval = interval;
  v.loss_grace = grace;
  return v;
}

/* A world that lags, or the reference, which resolves every belief and
 * runs every part every step. */
static wary_world *new_world(bool reference) {
  wary_world *w = make_world(NULL);
  if (!w) return NULL;
  w->every_part = reference;
  w->beliefs->resolve_all = reference;
  return w;
}

/* Vision all round, look apart (0.5 s in the first variant), its grace
 * 0.3 s (less than the interval: it ends between looks) or 0.8 s (past the
 * next look), a first sighting held back for reaction. */
static void set_vision(wary_world *w, int32_t profile, float grace, float reaction) {
  wary_vision_def v = all_round(look, grace);
  v.first_spot_reaction_time = reaction;
  MADE(wary_profile_set_vision(w, profile, &v));
}

/* Three profiles: vision alone (1 slot: the walk's and the replay's loop
 * for one), with damage (2), with damage, pain and hearing (4: the general
 * loop); agents 0, 3 and 6 of the first. */
static void build(game *g, bool reference, int32_t ray_budget) {
  memset(g, 0, sizeof *g);
  g->w = new_world(reference);
  if (!g->w) return;
  MADE(wary_world_set_ray_budget(g->w, ray_budget));
  wary_brain_def bd = brain_of();
  static const int32_t slots[3] = {1, 2, 4};
  for (int32_t k = 0; k < 3; k++) {
    wary_profile_def p = profile_def(slots[k]);
    g->profiles[k] = make_profile(g->w, &p);
    set_vision(g->w, g->profiles[k], k == 1 ? 0.8f : 0.3f, k == 1 ? 0.3f : 0.0f);
    MADE(wary_profile_set_brain(g->w, g->profiles[k], &bd));
  }
  wary_pain_def pd = wary_default_pain_def();
  pd.name = make_name(g->w, "burn");
  pd.decay_rate = 0.5f;
  pd.effect_count = 1;
  pd.effect_sense[0] = WARY_SENSE_VISION;
  pd.effect[0] = 0.9f;
  MADE(wary_pain_create(g->w, &pd, &g->pain));
  g->tag = make_name(g->w, "disguise");
  wary_sound_def snd = wary_default_sound_def();
  snd.name = make_name(g->w, "Footstep");
  snd.max_range = 2500.0f;
  MADE(wary_sound_create(g->w, &snd, &g->sound));
  g->n = AGENTS;
  for (int i = 0; i < AGENTS; i++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = (float)(i % 3) * 700.0f;
    ad.pos[1] = (float)(i / 3) * 600.0f;
    g->at[i][0] = ad.pos[0];
    g->at[i][1] = ad.pos[1];
    ad.team = 1;
    ad.perceivable = false; /* no beliefs about friends: every one hostile */
    ad.profile = g->profiles[i % 3];
    g->agents[i] = make_actor(g->w, &ad);
  }
  for (int t = 0; t < TARGETS; t++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = 500.0f + 300.0f * (float)t;
    ad.pos[1] = 300.0f;
    ad.team = 2;
    g->targets[t] = make_actor(g->w, &ad);
  }
  wary_actor_def ad = wary_default_actor_def();
  ad.team = 2;
  ad.pos[0] = 90000.0f;
  g->ghost = make_actor(g->w, &ad);
  MADE(wary_set_relationship(g->w, 1, 2, WARY_HOSTILE));
  MADE(wary_set_relationship(g->w, 1, 3, WARY_NEUTRAL));
}

/* The dt of step n: runs of one dt (1/60, 1/30, 1/144, 0.05) some dozens
 * of steps long, and now and then a single odd one (0 among them). */
static float dt_of(int n) {
  static const float runs[] = {1.0f / 60.0f, 1.0f / 30.0f, 1.0f / 144.0f, 1.0f / 60.0f, 0.05f};
  uint32_t h = (uint32_t)n * 2654435761u;
  if ((h >> 7) % 23u == 0) {
    static const float odd[] = {0.0f, 0.0137f, 0.11f, 1.0f / 90.0f};
    return odd[(h >> 13) % 4u];
  }
  return runs[(n / 97 + n / 251) % 5];
}

/* Where target t stands at step n: it circles the agents at a radius that
 * changes every few seconds, some of the time out of sight (beyond 25 m of
 * every agent), so that beliefs are seen, fade, are lost and found again. */
static void target_at(int n, int t, float *x, float *y) {
  n += shift;
  int phase = (n / (70 + 23 * t) + t) % 5;
  float r = phase == 4 ? 9000.0f : 300.0f + 550.0f * (float)phase;
  float a = (float)n * (0.004f + 0.001f * (float)t) + (float)t * 1.3f;
  *x = 700.0f + r * cosf(a);
  *y = 300.0f + r * sinf(a);
}

/* The first agent (from k on) whose list lags now in g, or -1. */
static int lagging_agent(const game *g, int k) {
  for (int j = 0; j < g->n; j++) {
    int i = (k + j) % g->n;
    if (wy_beliefs_raw(g->w, i)->lag > 0) return i;
  }
  return -1;
}

/* What the game does to both worlds before a step, drawn once from the
 * lagging world: an act (-1: none) on an agent whose list lags then where
 * there is one, its argument, and whether agents 0 and 4 walk. */
enum {
  ACT_RAISE, ACT_EVIDENCE, ACT_HIT, ACT_HURT, ACT_REMOVE, ACT_PROFILE, ACT_BRAIN, ACT_NEUTRAL, ACT_HEALTH,
  ACT_AGENT_GOES, ACT_TEAM, ACT_VISION, ACT_KINDS
};
typedef struct turn {
  int act, who, arg;
  bool walk;
} turn;

static void play(game *g, const turn *t, int n) {
  wary_world *w = g->w;
  for (int k = 0; k < TARGETS; k++) {
    float x, y;
    target_at(n, k, &x, &y);
    MADE(wary_actor_set_pos(w, g->targets[k], x, y, 0.0f));
    /* Footsteps now and then (heard by the agents with hearing at their
     * next look). */
    if ((n + 5 * k) % 41 == 0) MADE(wary_emit_sound(w, g->targets[k], g->sound));
  }
  /* Agents 0 and 4 walk now and then: the threat's distance term moves
   * while their threats are deferred. */
  if (t->walk) {
    int i = (n / 40) % 2 ? 4 : 0;
    g->at[i][0] += 35.0f * cosf((float)n * 0.1f);
    g->at[i][1] += 35.0f * sinf((float)n * 0.1f);
    MADE(wary_actor_set_pos(w, g->agents[i], g->at[i][0], g->at[i][1], 0.0f));
  }
  if (t->act < 0) return;
  /* Now and then about the target no sense reaches: a belief no slot ever
   * reported, which fades at the profile's own rate (no losing slot). */
  int k = (n / 7) % (TARGETS + 1);
  wary_actor_id agent = g->agents[t->who], target = k < TARGETS ? g->targets[k] : g->ghost;
  switch (t->act) {
    case ACT_RAISE: MADE(wary_set_confidence(w, agent, target, 0.9f)); break;
    case ACT_EVIDENCE: MADE(wary_evidence_add(w, agent, target, g->tag, WARY_RAISE, 0.5f, 0.4f, 0)); break;
    case ACT_HIT: {
      /* Lost beliefs keep a damage record (not deferrable: their lists
       * lag not); a small one's fades while the damage slot's grace holds. */
      wary_damage_def d = wary_default_damage_def();
      d.victim = agent;
      d.instigator = target;
      d.amount = n % 2 ? 25.0f : 4.0f;
      MADE(wary_apply_damage(w, &d));
      break;
    }
    case ACT_HURT: MADE(wary_report_pain(w, agent, g->pain, 0.6f)); break;
    case ACT_REMOVE: {
      /* The target goes and another comes in its place (beliefs about it go). */
      MADE(wary_actor_destroy(w, g->targets[t->arg]));
      wary_actor_def ad = wary_default_actor_def();
      ad.team = 2;
      target_at(n, t->arg, &ad.pos[0], &ad.pos[1]);
      g->targets[t->arg] = make_actor(w, &ad);
      break;
    }
    case ACT_PROFILE: {
      /* Profile 0 fades faster, unsmoothed, with a damage slot too (arg 1), then back:
       * its agents' beliefs take their lagging steps under the old
       * settings, then their slots are reset. */
      wary_profile_def p = profile_def(t->arg ? 2 : 1);
      if (t->arg) p.fade_rate = 1.6f * fade;
      if (t->arg) p.smoothing_time = 0.0f; /* smoothed is the confidence */
      MADE(wary_profile_set(w, g->profiles[0], &p));
      break;
    }
    case ACT_BRAIN: {
      /* Profile 1's brain: other weights and stickiness, or no threat
       * (arg 1: a list lags only with its threats deferred), then back. */
      wary_brain_def bd = brain_of();
      bd.attention_stickiness_time = n % 2 ? 0.25f : 0.4f;
      bd.threat_weight_confidence = n % 2 ? 0.6f : 0.5f;
      bd.threat = t->arg == 0;
      MADE(wary_profile_set_brain(w, g->profiles[1], &bd));
      break;
    }
    case ACT_NEUTRAL:
      MADE(wary_set_relationship_override(w, agent, g->targets[0], t->arg ? WARY_NEUTRAL : -1));
      break;
    case ACT_HEALTH: MADE(wary_actor_set_health(w, agent, t->arg ? 0.6f : 1.0f)); break;
    case ACT_AGENT_GOES: {
      /* The last agent takes its index (as the core's arrays do). */
      MADE(wary_actor_destroy(w, agent));
      g->agents[t->who] = g->agents[g->n - 1];
      g->at[t->who][0] = g->at[g->n - 1][0];
      g->at[t->who][1] = g->at[g->n - 1][1];
      g->n--;
      ENSURE(wy_agent_id(w, t->who) == g->agents[t->who].id);
      break;
    }
    case ACT_TEAM:
      /* A target goes over to team 3, neutral to the agents, and back:
       * who is hostile changes for every agent at once. */
      MADE(wary_actor_set_team(w, g->targets[1], t->arg ? 3 : 2));
      break;
    case ACT_VISION:
      /* Profile 2's grace grows past the next look (arg 1), then back. */
      set_vision(w, g->profiles[2], t->arg ? 0.9f : 0.3f, 0.0f);
      break;
    default: break;
  }
}

/* The acts that come once (or twice, there and back): each at the first
 * step from its own on which one of its agents (a bit each) lags, or 150
 * steps later whether one does or not. */
typedef struct planned {
  int act, arg, from;
  uint32_t agents;
  bool done;
} planned;

static planned plan[] = {
    {ACT_BRAIN, 0, 200, 0x12, false},    {ACT_BRAIN, 1, 550, 0x12, false},   {ACT_BRAIN, 0, 700, 0x12, false},
    {ACT_REMOVE, 0, 800, 0x7f, false},   {ACT_PROFILE, 1, 1000, 0x49, false}, {ACT_NEUTRAL, 1, 1150, 0x02, false},
    {ACT_NEUTRAL, 0, 1300, 0x02, false}, {ACT_PROFILE, 0, 1400, 0x49, false}, {ACT_HEALTH, 1, 1500, 0x24, false},
    {ACT_HEALTH, 0, 1600, 0x24, false},  {ACT_REMOVE, 0, 1700, 0x7f, false}, {ACT_AGENT_GOES, 0, 1800, 0x08, false},
    {ACT_BRAIN, 0, 1950, 0x12, false},   {ACT_TEAM, 1, 400, 0x7f, false},  {ACT_TEAM, 0, 480, 0x7f, false},
    {ACT_VISION, 1, 2050, 0x24, false},  {ACT_VISION, 0, 2200, 0x24, false},
};
#define PLANNED (int)(sizeof plan / sizeof plan[0])

/* The index of target id in g (-1: none). */
static int target_index(const game *g, wy_id id) {
  for (int k = 0; k < TARGETS; k++)
    if (g->targets[k].id == id) return k;
  return -1;
}

static turn draw(const game *a, int n) {
  turn t = {-1, -1, 0, (n / 40) % 3 == 1};
  uint32_t h = (uint32_t)n * 2246822519u >> 11;
  /* Every 61 steps a raise, evidence, a hit or pain (for agents 2 and 5,
   * whose profile has a pain sense), on an agent whose list lags. */
  if (n % 61 == 17) {
    t.act = (int)(h % 4u);
    t.who = lagging_agent(a, (int)(h % (uint32_t)a->n));
    if (t.act == ACT_HURT) t.who = wy_beliefs_raw(a->w, 2)->lag > 0 ? 2 : 5;
    if (t.who < 0) t.who = (int)(h % (uint32_t)a->n);
    return t;
  }
  for (int p = 0; p < PLANNED; p++) {
    planned *q = &plan[p];
    if (q->done || n < q->from) continue;
    for (int i = 0; i < a->n && t.who < 0; i++)
      if ((q->agents >> i & 1u) && wy_beliefs_raw(a->w, i)->lag > 0) t.who = i;
    if (t.who < 0 && n < q->from + 150) continue;
    if (t.who < 0) t.who = __builtin_ctz(q->agents);
    t.act = q->act;
    t.arg = q->arg;
    q->done = true;
    /* A target the agent believes in goes. */
    if (t.act == ACT_REMOVE) {
      const wy_belief_list *l = wy_beliefs_raw(a->w, t.who);
      t.arg = l->count > 0 ? target_index(a, l->data[0].target) : 0;
      if (t.arg < 0) t.arg = 0;
    }
    return t;
  }
  return t;
}

/* What a belief holds (and its slots), as a snapshot would: the steps its
 * list lags replayed on a copy (wy_belief_saved), nothing ended. */
static bool same_record(const wary_world *a, const wary_world *b, int32_t agent, int32_t k) {
  wy_belief x, y;
  wy_belief_slot xs[WY_SLOTS], ys[WY_SLOTS];
  memset(xs, 0, sizeof xs);
  memset(ys, 0, sizeof ys);
  wy_belief_saved(a, agent, k, &x, xs);
  wy_belief_saved(b, agent, k, &y, ys);
  if (x.target != y.target || memcmp(&x.confidence, &y.confidence, sizeof(float)) ||
      memcmp(&x.smoothed, &y.smoothed, sizeof(float)) || memcmp(&x.fused, &y.fused, sizeof(float)) ||
      memcmp(&x.time_in_state, &y.time_in_state, sizeof(float)) ||
      memcmp(&x.uncertainty, &y.uncertainty, sizeof(float)) || memcmp(&x.pending_set, &y.pending_set, sizeof(float)) ||
      memcmp(x.last_known, y.last_known, sizeof x.last_known) || memcmp(&x.spot_time, &y.spot_time, sizeof(float)) ||
      memcmp(&x.damage, &y.damage, sizeof(float)) || x.state != y.state || x.loss_reason != y.loss_reason ||
      x.losing_slot != y.losing_slot || x.sensed != y.sensed || x.spotted != y.spotted)
    return false;
  int32_t n = wy_beliefs_raw(a, agent)->stride;
  for (int32_t s = 0; s < n; s++) {
    const wy_belief_slot *p = &xs[s], *q = &ys[s];
    if (memcmp(&p->share, &q->share, sizeof(float)) || memcmp(&p->silent, &q->silent, sizeof(float)) ||
        memcmp(&p->accuracy, &q->accuracy, sizeof(float)) || memcmp(p->location, q->location, sizeof p->location) ||
        p->active != q->active || p->ever != q->ever || p->reported != q->reported)
      return false;
  }
  return true;
}

/* A dormant belief at confidence 0: a copy of it (wy_belief_saved) keeps
 * its clocks where they stopped, as they are caught up before a save. */
static bool asleep(const wy_belief_list *l, int32_t k) {
  return l->data[k].dormant && !(l->data[k].confidence > 0.0f);
}

/* Every agent's beliefs alike (threats, brains and the step's events by
 * same_minds; each record by same_record), without reading any. */
static bool same(const game *a, const game *b) {
  if (a->n != b->n || !same_minds(a->w, b->w, a->agents, b->agents, a->n)) return false;
  for (int32_t i = 0; i < a->n; i++) {
    if (wy_beliefs_raw(a->w, i)->count != wy_beliefs_raw(b->w, i)->count) return false;
    for (int32_t k = 0; k < wy_beliefs_raw(a->w, i)->count; k++)
      if (!asleep(wy_beliefs_raw(a->w, i), k) && !same_record(a->w, b->w, i, k)) return false;
  }
  return true;
}

/* Every public read of agent i's beliefs, in a and b alike (each catches
 * a lagging list up, and the lists go on lagging after: none of them ends
 * a's horizon). */
static bool same_reads(const game *a, const game *b, int i) {
  wary_world *x = a->w, *y = b->w;
  wary_actor_id p = a->agents[i], q = b->agents[i];
  int32_t index = wy_agent_index(x, p.id, __func__, "agent");
  double horizon = index >= 0 ? wy_beliefs_raw(x, index)->lag_horizon : 0.0;
  for (int t = 0; t < TARGETS; t++) {
    wary_actor_id u = a->targets[t], v = b->targets[t];
    /* The one-field reads first (the first read of a lagging list catches it up). */
    float cx = -1.0f, cy = -1.0f;
    int32_t sx = -1, sy = -1;
    if (wary_belief_confidence(x, p, u, &cx) != wary_belief_confidence(y, q, v, &cy) || memcmp(&cx, &cy, sizeof cx))
      return false;
    if (wary_belief_state(x, p, u, &sx) != wary_belief_state(y, q, v, &sy) || sx != sy) return false;
    wary_threat tx, ty;
    memset(&tx, 0, sizeof tx);
    memset(&ty, 0, sizeof ty);
    if (wary_threat_get(x, p, u, &tx) != wary_threat_get(y, q, v, &ty) || memcmp(&tx, &ty, sizeof tx)) return false;
    wary_belief bx, by;
    if (wary_belief_get(x, p, u, &bx) != wary_belief_get(y, q, v, &by) || memcmp(&bx, &by, sizeof bx)) return false;
    wary_factor fx[WARY_EXPLAIN_FACTORS], fy[WARY_EXPLAIN_FACTORS];
    memset(fx, 0, sizeof fx);
    memset(fy, 0, sizeof fy);
    int32_t nx = wary_explain(x, p, u, fx, WARY_EXPLAIN_FACTORS), ny = wary_explain(y, q, v, fy, WARY_EXPLAIN_FACTORS);
    if (nx != ny || (nx > 0 && memcmp(fx, fy, (size_t)nx * sizeof *fx))) return false;
    wary_vision_explain ex, ey;
    memset(&ex, 0, sizeof ex);
    memset(&ey, 0, sizeof ey);
    if (wary_vision_explain_get(x, p, u, &ex) != wary_vision_explain_get(y, q, v, &ey) || memcmp(&ex, &ey, sizeof ex))
      return false;
    int32_t evidence = wary_evidence_count(x, p, u);
    if (evidence != wary_evidence_count(y, q, v)) return false;
    for (int32_t k = 0; k < evidence; k++) {
      wary_evidence vx, vy;
      memset(&vx, 0, sizeof vx);
      memset(&vy, 0, sizeof vy);
      if (wary_evidence_at(x, p, u, k, &vx) != wary_evidence_at(y, q, v, k, &vy) || memcmp(&vx, &vy, sizeof vx))
        return false;
    }
  }
  int32_t count = wary_belief_count(x, p);
  if (count != wary_belief_count(y, q)) return false;
  for (int32_t k = 0; k < count; k++) {
    wary_belief bx, by;
    if (wary_belief_at(x, p, k, &bx) != wary_belief_at(y, q, k, &by) || memcmp(&bx, &by, sizeof bx)) return false;
  }
  return !(horizon > 0.0) || wy_beliefs_raw(x, index)->lag_horizon == horizon;
}

/* What a run of the game counts (of the lagging world, but differ). */
typedef struct figures {
  /* Agent-steps lagged and emotion passes that took the last one's
   * findings (belief.h, lag_steps and lag_passes). */
  int64_t lag_steps, lag_passes;
  /* Belief-steps of lagging lists: by state (Suspected, Detected, Tracked,
   * Lost), Detected waiting on min_track_duration, a slot in its grace, a
   * damage record; and states entered at a step in which no sense of the
   * agent looked, by an agent whose list lagged up to it. */
  int64_t by_state[4], waiting, in_grace, damaged, crossings;
  /* Of them: uncertainty at its cap; no slot ever reported (the target no
   * sense reaches, raised or given evidence). */
  int64_t capped, unslotted;
  /* Lost beliefs with a damage record (any list's). */
  int64_t lost_hurt;
  /* Reads, loads and acts of each kind while the agent's (or some) list
   * lagged; attention moved from one target to another, the agent's list
   * lagging up to that step. */
  int64_t reads, loads, acts[ACT_KINDS], switches, switches_lagging;
  /* Steps at which the worlds differ (the first), the copy, saved bytes. */
  int differ, first, copy_differ, copy_first, bytes_differ;
} figures;

/* What the lists of world g hold now (figures). */
static void count_lists(const game *g, figures *f) {
  for (int i = 0; i < g->n; i++) {
    const wy_belief_list *l = wy_beliefs_raw(g->w, i);
    for (int32_t j = 0; j < l->awake_count; j++)
      f->lost_hurt += l->data[l->awake[j]].state == WARY_LOST && l->data[l->awake[j]].damage > 0.0f;
    if (l->lag == 0) continue;
    const wy_profile *p = wy_agent_profile(g->w, i);
    for (int32_t j = 0; j < l->awake_count; j++) {
      const wy_belief *b = &l->data[l->awake[j]];
      const wy_belief_slot *bsl = wy_belief_slots(l, l->awake[j]);
      if (b->state >= WARY_SUSPECTED && b->state <= WARY_LOST) f->by_state[b->state - WARY_SUSPECTED]++;
      f->waiting += b->state == WARY_DETECTED && b->confidence >= p->def.track_threshold;
      f->damaged += b->damage > 0.0f;
      f->capped += b->uncertainty == p->def.max_uncertainty;
      f->unslotted += b->losing_slot < 0;
      bool grace = false;
      for (int32_t s = 0; s < l->stride; s++)
        grace = grace || (bsl[s].ever && !bsl[s].active && bsl[s].silent < p->slots[s].loss_grace);
      f->in_grace += grace;
    }
  }
}

/* The game: the lagging world a, the reference b and the copy c (loaded
 * from a every 300 steps, from step 151, stepped and read beside them). */
static void lag_game(int32_t ray_budget, figures *f) {
  memset(f, 0, sizeof *f);
  f->first = f->copy_first = -1;
  game a, b, c;
  build(&a, false, ray_budget);
  build(&b, true, ray_budget);
  build(&c, false, ray_budget);
  if (!a.w || !b.w || !c.w) return;
  bool copy_live = false;
  for (int p = 0; p < PLANNED; p++) plan[p].done = false;
  wary_actor_id attention[AGENTS];
  memset(attention, 0, sizeof attention);
  for (int n = 0; n < STEPS; n++) {
    if (n % 300 == 151) {
      /* A save catches every list up (wy_belief_listed_sync): the copy
       * starts from the lists as the lagging steps leave them, and lags
       * not until its walks find its lists held. */
      f->loads += lagging_agent(&a, 0) >= 0;
      bool loaded = load_copy(a.w, c.w);
      ENSURE(loaded);
      game keep = c;
      c = a;
      c.w = keep.w;
      copy_live = loaded;
      f->bytes_differ += !same_bytes(a.w, c.w);
    }
    turn t = draw(&a, n);
    if (t.act >= 0) f->acts[t.act] += wy_beliefs_raw(a.w, t.who)->lag > 0;
    /* The attention each agent held, where agent 3's goes. */
    if (t.act == ACT_AGENT_GOES) attention[t.who] = attention[a.n - 1];
    play(&a, &t, n);
    play(&b, &t, n);
    if (copy_live) play(&c, &t, n);
    bool lagged[AGENTS];
    for (int i = 0; i < a.n; i++) lagged[i] = wy_beliefs_raw(a.w, i)->lag > 0;
    float dt = dt_of(n);
    MADE(wary_step(a.w, dt));
    MADE(wary_step(b.w, dt));
    if (copy_live) MADE(wary_step(c.w, dt));
    bool differs = !same(&a, &b), copy_differs = copy_live && !same(&c, &b);
    /* Reads between steps: one agent's every read at some steps (the
     * others lag on, and its list lags again after), each world's alike. */
    if (n % 9 == 4) {
      int i = (n / 9) % a.n;
      f->reads += wy_beliefs_raw(a.w, i)->lag > 0;
      differs = differs || !same_reads(&a, &b, i);
      copy_differs = copy_differs || (copy_live && !same_reads(&c, &b, i));
    }
    if (differs && f->differ++ == 0) f->first = n;
    if (copy_differs && f->copy_differ++ == 0) f->copy_first = n;
    /* States entered at a step in which no sense of the agent looked,
     * after its list lagged up to that step. */
    for (int32_t e = 0; e < wary_event_count(a.w); e++) {
      const wary_event *ev = &wary_events(a.w)[e];
      if (ev->type > WARY_EV_FORGET) continue;
      for (int i = 0; i < a.n; i++) {
        if (ev->agent.id != a.agents[i].id || !lagged[i]) continue;
        bool looked = false;
        for (int32_t s = 0; s < wy_beliefs_raw(a.w, i)->stride; s++) looked = looked || a.w->agents.data[i].slot[s].ran;
        f->crossings += !looked;
      }
    }
    for (int i = 0; i < a.n; i++) {
      wary_actor_id now;
      MADE(wary_attention_get(a.w, a.agents[i], &now));
      if (now.id != attention[i].id && attention[i].id != 0 && now.id != 0) {
        f->switches++;
        f->switches_lagging += lagged[i];
      }
      attention[i] = now;
    }
    count_lists(&a, f);
    for (int i = 0; i < a.n; i++) {
      wy_belief_list *l = wy_beliefs_raw(a.w, i);
      f->lag_steps += l->lag_steps;
      f->lag_passes += l->lag_passes;
      l->lag_steps = l->lag_passes = 0;
    }
  }
  wary_world_destroy(a.w);
  wary_world_destroy(b.w);
  wary_world_destroy(c.w);
}

/* The game in a variant (look, fade, shift: above; a ray budget or none):
 * the lagging world agrees with the reference, and so does the copy. */
static void lagging_equals_every_step(float look_interval, float fade_rate, int path_shift, int32_t ray_budget) {
  look = look_interval;
  fade = fade_rate;
  shift = path_shift;
  figures f;
  lag_game(ray_budget, &f);
  fprintf(stderr,
          "test_lag (look %g, fade %g, shift %d, budget %d): lag steps %lld, passes %lld; lagging belief-steps S %lld "
          "D %lld T %lld L %lld, waiting %lld, in grace %lld, damaged %lld, capped %lld, no slot %lld; crossings %lld; "
          "Lost hurt %lld; reads %lld, loads %lld; switches %lld (%lld lagging); acts lagging",
          (double)look, (double)fade, shift, ray_budget, (long long)f.lag_steps, (long long)f.lag_passes,
          (long long)f.by_state[0], (long long)f.by_state[1], (long long)f.by_state[2], (long long)f.by_state[3],
          (long long)f.waiting, (long long)f.in_grace, (long long)f.damaged, (long long)f.capped,
          (long long)f.unslotted, (long long)f.crossings, (long long)f.lost_hurt, (long long)f.reads,
          (long long)f.loads, (long long)f.switches, (long long)f.switches_lagging);
  for (int k = 0; k < ACT_KINDS; k++) fprintf(stderr, " %lld", (long long)f.acts[k]);
  fprintf(stderr, "\n");
  if (f.differ) fprintf(stderr, "test_lag: the worlds differ at %d steps, the first %d\n", f.differ, f.first);
  if (f.copy_differ)
    fprintf(stderr, "test_lag: the copy differs at %d steps, the first %d\n", f.copy_differ, f.copy_first);
  ENSURE(f.differ == 0);
  ENSURE(f.copy_differ == 0);
  /* A snapshot taken mid-lag (every list caught up by the save) loads and
   * saves the same bytes again. Later ones are not compared: what a
   * snapshot holds of a dormant belief's clocks and of a list's deadline
   * leads depends on when the belief was last caught up, which the emotion
   * pass's optional work decides (its listed walk); a copy and the world it
   * came from part there, lagging or not (the game's snapshots part so at
   * f61d2d8, before lagging, for some load steps). */
  ENSURE(f.bytes_differ == 0);
  /* The game does what it is for, in every variant (when this was written,
   * look 0.5 s, fade 0.25, no budget: 8,613 agent-steps lagged of 16,200,
   * 4,143 passes that took the last one's findings; lagging belief-steps
   * 4,865 Suspected, 8,878 Detected, 10,564 Tracked, 132 Lost (held by the
   * damage slot's grace), 1,517 waiting on min_track_duration, 1,652 with a
   * slot in its grace, 2,931 with a damage record, 56 with uncertainty at
   * its cap, 145 with no slot ever reported; 266 states entered at a step
   * in which no sense looked, right after a lag; 123 reads, 7 of 8 loads
   * and every kind of act while lists lagged; 50 attention switches on
   * agents whose lists lagged up to them). */
  ENSURE(f.lag_steps > 4000);
  ENSURE(f.lag_passes > 2000);
  for (int k = 0; k < 3; k++) ENSURE(f.by_state[k] > 1000);
  ENSURE(f.by_state[3] > 20);
  ENSURE(f.waiting > 500);
  ENSURE(f.in_grace > 500);
  ENSURE(f.damaged > 300);
  ENSURE(f.capped > 20);
  ENSURE(f.unslotted > 30);
  ENSURE(f.crossings > 100);
  ENSURE(f.lost_hurt > 100);
  ENSURE(f.reads > 60);
  ENSURE(f.loads >= 5);
  ENSURE(f.switches_lagging > 20);
  for (int k = 0; k < ACT_KINDS; k++) ENSURE(f.acts[k] >= 1);
}

/* One agent, one hostile target it sees now and then, 2 s apart: its only
 * belief is its attention target, and its threat is its confidence alone
 * (no weight on damage, state or distance). Hidden, the target's belief
 * fades (2 a second, vision's grace of 5 s on it) from Tracked through
 * Detected's long rung while the list lags; the game reads it every third
 * step, which catches the list up without ending its lag. The emotion pass
 * bounds the attention target's threat from below by the least confidence
 * the steps the record lags may leave (wy_belief_lag_floor); where that
 * bound reaches 0 while the threat is still above it, the pass must work
 * the threat out rather than drop the target (attention would start over,
 * its time at 0). *lagged: agent-steps lagged; *at_zero: lagging passes
 * whose bound reached 0 with the threat above 0. */
static void attention_bound_at_zero(int64_t *lagged, int64_t *at_zero, int *differ) {
  game g[2];
  for (int k = 0; k < 2; k++) {
    memset(&g[k], 0, sizeof g[k]);
    wary_world *w = g[k].w = new_world(k == 1);
    if (!w) return;
    wary_profile_def p = wary_default_profile_def();
    p.suspect_threshold = 0.05f;
    p.detect_threshold = 0.1f;
    p.track_threshold = 0.9f;
    p.min_track_duration = 0.2f;
    p.fade_rate = 2.0f;
    p.senses[0].sense = WARY_SENSE_VISION;
    p.sense_count = 1;
    int32_t profile = make_profile(w, &p);
    wary_vision_def v = all_round(2.0f, 5.0f);
    MADE(wary_profile_set_vision(w, profile, &v));
    wary_brain_def bd = wary_default_brain_def();
    bd.threat_weight_damage_received = 0.0f;
    bd.threat_weight_confidence = 1.0f;
    bd.threat_weight_state = 0.0f;
    bd.threat_weight_distance = 0.0f;
    bd.attention_stickiness_time = 0.1f;
    bd.attention_switch_threshold = 0.05f;
    MADE(wary_profile_set_brain(w, profile, &bd));
    wary_actor_def ad = wary_default_actor_def();
    ad.team = 1;
    ad.profile = profile;
    ad.perceivable = false;
    g[k].agents[0] = make_actor(w, &ad);
    ad = wary_default_actor_def();
    ad.team = 2;
    ad.pos[0] = 300.0f;
    g[k].targets[0] = make_actor(w, &ad);
    MADE(wary_set_relationship(w, 1, 2, WARY_HOSTILE));
  }
  *lagged = *at_zero = 0;
  *differ = 0;
  for (int n = 0; n < 1500; n++) {
    /* Seen for 2.5 s (two looks), hidden for 2.5 s. */
    float x = (n / 150) % 2 ? 9000.0f : 300.0f;
    const wy_belief_list *l = wy_beliefs_raw(g[0].w, 0);
    for (int k = 0; k < 2; k++) {
      MADE(wary_actor_set_pos(g[k].w, g[k].targets[0], x, 0.0f, 0.0f));
      MADE(wary_step(g[k].w, 1.0f / 60.0f));
    }
    /* The bound the pass took (of the record as it lags) against the
     * confidence its steps leave. */
    if (l->lag > 0 && l->awake_count == 1 && l->data[0].deferred) {
      (*lagged)++;
      wy_belief now;
      wy_belief_slot bsl[WY_SLOTS];
      wy_belief_saved(g[0].w, 0, 0, &now, bsl);
      *at_zero += wy_belief_lag_floor(g[0].w, 0, 0) <= 0.0f && now.confidence > 0.0f;
    }
    bool differs = !same_minds(g[0].w, g[1].w, g[0].agents, g[1].agents, 1);
    if (n % 3 == 0) {
      float c0 = 0.0f, c1 = 0.0f;
      wary_belief_confidence(g[0].w, g[0].agents[0], g[0].targets[0], &c0);
      wary_belief_confidence(g[1].w, g[1].agents[0], g[1].targets[0], &c1);
      differs = differs || memcmp(&c0, &c1, sizeof c0) != 0;
    }
    *differ += differs;
  }
  wary_world_destroy(g[0].w);
  wary_world_destroy(g[1].w);
}

static void attention_kept_where_its_bound_reaches_zero(void) {
  int64_t lagged, at_zero;
  int differ;
  attention_bound_at_zero(&lagged, &at_zero, &differ);
  fprintf(stderr, "test_lag (bound at zero): lagged %lld, at zero %lld, differ %d\n", (long long)lagged,
          (long long)at_zero, differ);
  ENSURE(differ == 0);
  /* The list lagged (40 steps when this was written). The bound reached 0
   * in 25 of 30 such steps while it counted the fading from when the
   * horizon was found, after a read counting the steps before it twice;
   * counted from the first step the record lags, it stays above 0 here
   * (0 steps). */
  ENSURE(lagged > 15);
}

/* Two agents that look 40 s apart at two targets they see all the while
 * (Tracked, sensed: nothing bounds their horizon), at 100 to 144 steps a
 * second: their lists lag until the cap (a quarter of the dt ring, 1,024
 * steps), take their steps then, and lag no more until a look; the dt
 * changes every 300 steps, so that a catch-up that read the ring past
 * what it keeps would take the wrong ones. *longest: the longest lag. */
static void lags_to_the_cap(int32_t *longest, int *differ) {
  game g[2];
  *longest = 0;
  *differ = 0;
  for (int k = 0; k < 2; k++) {
    memset(&g[k], 0, sizeof g[k]);
    wary_world *w = g[k].w = new_world(k == 1);
    if (!w) return;
    wary_profile_def p = profile_def(1);
    int32_t profile = make_profile(w, &p);
    wary_vision_def v = all_round(40.0f, wary_default_vision_def().loss_grace);
    MADE(wary_profile_set_vision(w, profile, &v));
    wary_brain_def bd = brain_of();
    MADE(wary_profile_set_brain(w, profile, &bd));
    for (int i = 0; i < 2; i++) {
      wary_actor_def ad = wary_default_actor_def();
      ad.team = 1;
      ad.profile = profile;
      ad.perceivable = false;
      ad.pos[0] = 400.0f * (float)i;
      g[k].agents[i] = make_actor(w, &ad);
    }
    for (int t = 0; t < 2; t++) {
      wary_actor_def ad = wary_default_actor_def();
      ad.team = 2;
      ad.pos[1] = 300.0f + 200.0f * (float)t;
      g[k].targets[t] = make_actor(w, &ad);
    }
    MADE(wary_set_relationship(w, 1, 2, WARY_HOSTILE));
  }
  for (int n = 0; n < 7000; n++) {
    float dt = (n / 300) % 2 ? 1.0f / 100.0f : 1.0f / 144.0f;
    for (int k = 0; k < 2; k++) MADE(wary_step(g[k].w, dt));
    for (int i = 0; i < 2; i++)
      if (wy_beliefs_raw(g[0].w, i)->lag > *longest) *longest = wy_beliefs_raw(g[0].w, i)->lag;
    bool differs = !same_minds(g[0].w, g[1].w, g[0].agents, g[1].agents, 2);
    for (int i = 0; i < 2 && !differs; i++)
      for (int32_t b = 0; b < wy_beliefs_raw(g[0].w, i)->count && !differs; b++)
        differs = !same_record(g[0].w, g[1].w, i, b);
    *differ += differs;
  }
  wary_world_destroy(g[0].w);
  wary_world_destroy(g[1].w);
}

static void long_lags_stop_at_the_cap(void) {
  int32_t longest;
  int differ;
  lags_to_the_cap(&longest, &differ);
  fprintf(stderr, "test_lag (cap): longest lag %d, differ %d\n", longest, differ);
  ENSURE(differ == 0);
  /* The cap was reached (without it the lists lag past the ring and the
   * worlds differ). */
  ENSURE(longest == WY_DT_RING / 4);
}

int main(void) {
  long_lags_stop_at_the_cap();
  attention_kept_where_its_bound_reaches_zero();
  lagging_equals_every_step(0.5f, 0.25f, 0, 0);
  lagging_equals_every_step(0.5f, 0.25f, 0, 4);
  lagging_equals_every_step(0.8f, 0.6f, 113, 0);
  lagging_equals_every_step(0.25f, 0.1f, 37, 3);
  return check_summary("test_lag");
}
