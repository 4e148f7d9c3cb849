/* step.c - one step, top to bottom: timers, sense scheduling per agent
 * (interval x LOD tier, staggered), candidate targets from the grid, the
 * built-in senses and the batch of custom sense queries handed to the
 * backend; then writing every answer into the beliefs, the brain, the
 * beliefs' resolution and the GECK pass. It is the one place that calls
 * every layer: the senses report, the step writes beliefs. The agents'
 * sensing and their beliefs' resolution run as a parallel-for (the def's
 * task callbacks, or on the calling thread): each piece writes its agents'
 * own parts and, into its worker's lane, what the world collects; the
 * lanes are then merged in agent order, so no result depends on the split.
 * wary_step_begin senses in two passes: the first finds what the step will
 * do and the room all of it needs, changing nothing but the clock and the
 * actors' motion (put back when the room cannot be had); the second and
 * wary_step_end change the world and find their room taken (reserve_room),
 * so their out-of-memory paths are guards that a miscount cannot pass
 * silently. */
#include <string.h>

#include "belief.h"
#include "brain.h"
#include "budget.h"
#include "custom.h"
#include "damage.h"
#include "emission.h"
#include "emotion.h"
#include "events.h"
#include "evidence.h"
#include "geck.h"
#include "hearing.h"
#include "pain.h"
#include "place.h"
#include "report.h"
#include "resolve.h"
#include "small_senses.h"
#include "stimulus.h"
#include "vision.h"

/* The slots of the agent due this step, a bit a slot (WY_SLOTS fit),
 * changing nothing. */
static uint32_t due_slots(const wy_agent *ag, const wy_profile *p) {
  uint32_t due = 0;
  for (int32_t s = 0; s < p->slot_count; s++) due |= (uint32_t)wy_slot_due(ag, s) << s;
  return due;
}

_Static_assert(WY_SLOTS <= 16, "due_slots: a bit a slot, kept in a span's 16 bits");

static inline bool is_due(uint32_t due, int32_t slot) { return (due >> slot) & 1u; }

/* Moves the agent's slot timers by dt and sets the slots' marks for the
 * step (ran: the slot was due, a bit of due; failed and stimulated
 * cleared): one walk of the slots, as nothing else of the second pass
 * reads them (a due slot's since goes back to 0 after its hearing update,
 * whose reports carry it: sense_commit). due is what gather_task found and
 * kept in the agent's span (find_due): the room was reserved for those
 * slots. Its actor's level of
 * detail is read only for a slot whose timer runs out: lod_tier is past
 * the actor's first line, which an agent with nothing due does not
 * otherwise read. Slots past the profile's are never set
 * (wy_agent_reset_timers clears them when the slots change). */
static void schedule(const wary_world *w, wy_agent *ag, const wy_profile *p, const wy_actor *a, uint32_t due,
                     float dt) {
  for (int32_t s = 0; s < p->slot_count; s++) {
    wy_agent_slot *sl = &ag->slot[s];
    sl->ran = is_due(due, s);
    sl->failed = sl->stimulated = false;
    sl->since += dt;
    /* Due when the time left has run out (to within float drift: 0.1 s is
     * six steps of 1/60 s, not seven); the step's dt is taken off after, so
     * updates are one interval apart in steps of any size. */
    if (sl->next_due <= WY_TIME_EPSILON) {
      float interval = wy_period(p->slots[s].interval, w->def.lod_interval_scale[a->lod_tier]);
      sl->next_due = wy_next_period(sl->next_due, interval);
    }
    sl->next_due -= dt;
  }
}

/* How many of a sense's candidates ahead gather asks for their records. */
#define WY_CANDIDATES_AHEAD 4

/* One agent as it gathers: which it is, what it believes, the lane it
 * writes into. */
typedef struct wy_gatherer {
  int32_t agent;
  const wy_agent *ag;
  const wy_actor *actor;
  const wy_belief_list *beliefs;
  wy_lane *lane;
  wy_agent_span *span; /* room: the beliefs its reports and queries may make */
  float eye[3], forward[3]; /* its eyes (wy_actor_eye), when vision or a custom sense is due */
  const wary_vision_def *vision; /* its profile's */
  bool planned;               /* the ray budget has planned the step's looks (wy_budget_pair_of) */
  float since[WY_SLOTS];      /* a due slot's since_of */
} wy_gatherer;

/* A due slot's time since it last ran, as the step will leave it: what its
 * reports and queries carry (the gatherer's since, found once a slot). */
static inline float since_of(const wary_world *w, const wy_agent *ag, int32_t slot) {
  return ag->slot[slot].since + w->step_dt;
}

/* A built-in sense's answer about one candidate: nothing is recorded for a
 * target it neither senses nor holds a belief about. */
static inline bool report(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t target_slot,
                          float c, int32_t reason, float accuracy) {
  wy_id target = wy_actor_id(w, target_slot);
  int32_t belief = wy_belief_find(g->beliefs, target);
  if (c <= 0.0f && belief < 0) return true;
  if (!wy_report_push_found(w, g->lane->reports, g->agent, slot, target, c, reason, accuracy, g->since[slot], belief))
    return false;
  /* A report about a target the agent holds no belief about makes one. */
  g->span->room += belief < 0;
  return true;
}

static bool look(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t target_slot) {
  int32_t reason;
  const wary_vision_def *v = g->vision;
  const wy_actor *t = &w->actors.data[target_slot];
  const wy_budget_pair *planned = g->planned ? wy_budget_pair_of(w, g->agent, target_slot) : NULL;
  /* Put off by the ray budget: its belief keeps what vision last said. */
  if (planned && !planned->granted) return true;
  uint64_t *rays = &g->lane->rays, *vision_rays = &g->lane->vision_rays;
  /* The agent's two hint slots for the target (read only if the look
   * casts); none where the world does every part the long way
   * (every_part). */
  wy_sight_hint *hint = w->every_part ? NULL
                                      : &w->sight_hints.data[g->agent * WY_SIGHT_HINTS +
                                                             2 * (target_slot & (WY_SIGHT_HINTS / 2 - 1))];
  float c = planned ? wy_budget_look(w, planned, v, t, &reason, rays, vision_rays, hint)
                    : wy_vision_eval_from(w, g->eye, g->forward, v, t, &reason, NULL, rays, vision_rays, hint);
  return report(w, g, slot, target_slot, c, reason, 1.0f);
}

/* Hearing's answer about a candidate, as feel's (wy_small_sense): its
 * confidence is always 0 (what it hears comes as sounds, wy_hear_room), so
 * only a target it holds a belief about is reported, out of range or not.
 * The commonest look after vision's: kept inline and short. */
static inline bool heard(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t target_slot, float distance) {
  const wary_basic_sense_def *b = wy_small_of(w, g->actor->profile, WARY_SENSE_HEARING);
  float x = b->range > 0.0f ? distance / b->range : 1.0f;
  return report(w, g, slot, target_slot, 0.0f, x > 1.0f ? WARY_LOSS_OUT_OF_RANGE : WARY_LOSS_NONE, b->accuracy);
}

/* Out of line, as ask is: in the game world few candidates are smelled,
 * touched or echolocated, and inlined they made gather_due's code 40%
 * longer. */
static WY_NOINLINE bool feel(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t sense,
                                           int32_t target_slot, float distance) {
  int32_t reason;
  const wy_actor *a = g->actor;
  float c = wy_small_sense(w, a, sense, &w->actors.data[target_slot], distance, &reason, &g->lane->rays, NULL);
  return report(w, g, slot, target_slot, wy_clamp01(c), reason,
                wy_small_of(w, a->profile, sense)->accuracy);
}

static WY_NOINLINE bool ask(wary_world *w, const wy_gatherer *g, int32_t slot, int32_t sense,
                                          int32_t target_slot, float distance) {
  int32_t belief = wy_belief_find(g->beliefs, wy_actor_id(w, target_slot));
  struct wy_custom *c = g->lane->custom;
  if (!wy_custom_push(w, c, g->agent, slot, sense, target_slot, distance, belief, g->eye, g->forward)) return false;
  c->queries.data[c->queries.count - 1].dt = g->since[slot];
  g->span->room += belief < 0;
  return true;
}

/* What the senses found at places (in r: the world's or a lane's) becomes
 * beliefs about places; the room is reserved (reserve_room). */
static void apply_places(wary_world *w, struct wy_reports *r) {
  for (int32_t i = 0; i < r->places.count; i++) {
    const wy_place_note *p = &r->places.data[i];
    /* Pain and health dull a place a sense found as they dull a belief
     * about an actor (a deafened guard hears no thrown rock). */
    float c = wy_pain_place(w, p->agent, p->slot, p->confidence);
    if (c > 0.0f) wy_place_report(w, p->agent, p->pos, p->tag, c, p->accuracy);
  }
  r->places.count = 0;
}

/* The candidates' records lie all over the actors, and the index lines
 * where report() looks for the agent's beliefs about them all over its
 * index (nearly every candidate is looked at): gather asks for both
 * WY_CANDIDATES_AHEAD candidates ahead. */
static inline void ask_candidate(const wary_world *w, const wy_belief_list *beliefs, int32_t slot) {
  WY_PREFETCH(w->actors.data[slot].pos);
  wy_belief_find_prefetch(beliefs, wy_actor_id(w, slot));
}

/* Whether the agent's tables hold the room its first pass counted: asked
 * here, on the pass's threads, rather than in reserve_room's serial walk
 * (at 10,000 agents a second old that walk took 3.9% of the step, 3.2%
 * with this). */
static bool room_fits(const wary_world *w, int32_t agent, const wy_agent_span *sp, const wy_belief_list *beliefs) {
  return (sp->room == 0 || wy_belief_list_fits(beliefs, beliefs->count + sp->room, beliefs->stride)) &&
         wy_places_fit(w, agent, sp->hear_unmade) && (sp->hear_sounds == 0 || wy_hear_fits(w, agent, sp->hear_sounds));
}

/* The agent's room found (room_fits), and added to its lane's sums for
 * reserve_room (with hear_reports, the reports its hearing update may
 * make: wy_hear_room's); an agent whose tables lack it joins its lane's
 * unfit, the agents reserve_room visits (not all of them: about 100 of
 * 10,000 a step, a second old). */
static int fitted(const wary_world *w, wy_lane *lane, int32_t agent, const wy_agent_span *sp,
                  const wy_belief_list *beliefs, int32_t hear_reports) {
  if (!room_fits(w, agent, sp, beliefs)) {
    int32_t *u = wy_array_push(&w->alloc, &lane->unfit);
    if (!u) return WARY_ERR_OUT_OF_MEMORY;
    *u = agent;
  }
  lane->hear_reports += hear_reports;
  if (sp->hear_unmade > lane->most_unmade) lane->most_unmade = sp->hear_unmade;
  return WARY_OK;
}

/* The first pass for an agent with a slot due: what its senses find, the
 * room its reports, queries and hearing update need (gather). Out of line:
 * most agents have none due, and pass through gather without this one's
 * prologue. */
static WY_NOINLINE int gather_due(wary_world *w, wy_lane *lane, int32_t agent, uint32_t due) {
  const wy_agent *ag = &w->agents.data[agent];
  const wy_actor *a = &w->actors.data[ag->actor];
  const wy_profile *p = &w->profiles.data[a->profile];
  const wy_belief_list *beliefs = wy_beliefs_of(w, agent);
  wy_agent_span *sp = &w->spans.data[agent];
  /* Its eyes and since[] are set below for the slots that read them, not
   * cleared first (a whole initializer zeroed all 144 bytes each time). */
  wy_gatherer g;
  g.agent = agent;
  g.ag = ag;
  g.actor = a;
  g.beliefs = beliefs;
  g.lane = lane;
  g.span = sp;
  g.vision = wy_vision_of(w, a->profile);
  g.planned = w->budget->planned;
  int32_t hear_reports = 0;
  int32_t hearing = p->builtin_slot[WARY_SENSE_HEARING];
  const wy_hearing_agent *h = hearing >= 0 && is_due(due, hearing) ? &w->hearing->agents.data[agent] : NULL;
  /* The index lines its tracks' lookups read (below, after the looks):
   * asked for now, all at once. */
  if (h)
    for (int32_t k = 0; k < h->tracks.count; k++) wy_belief_find_prefetch(beliefs, h->tracks.data[k].maker);
  /* Vision and custom senses look from the agent's eyes: worked out once. */
  for (int32_t s = 0; s < p->slot_count; s++) {
    int32_t sense = p->slots[s].sense;
    if (is_due(due, s) && (sense == WARY_SENSE_VISION || sense >= WARY_BUILTIN_SENSES)) {
      wy_actor_eye(w, a, g.eye, g.forward);
      break;
    }
  }
  /* The due slots that look at candidates (damage and pain come their own
   * ways), in slot order, with their senses and reach: each candidate is
   * taken through these alone. The query's range is every due slot's. */
  int32_t look_slot[WY_SLOTS], look_sense[WY_SLOTS], lookers = 0;
  float look_reach[WY_SLOTS], range = 0.0f;
  for (int32_t s = 0; s < p->slot_count; s++) {
    if (!is_due(due, s)) continue;
    float reach = wy_slot_reach(w, a, p, s);
    if (reach > range) range = reach;
    int32_t sense = p->slots[s].sense;
    if (sense == WARY_SENSE_DAMAGE || sense == WARY_SENSE_PAIN) continue;
    g.since[s] = since_of(w, ag, s);
    look_slot[lookers] = s;
    look_sense[lookers] = sense;
    look_reach[lookers++] = reach;
  }
  if (range > 0.0f) {
    int32_t count = 0;
    /* The grid leaves out the agent's team when its profile ignores it (the
     * grid was built at this step's start, so its teams are the actors').
     * Under a ray budget its plan has asked already. */
    const int32_t *cand = wy_budget_candidates(w, agent, &count);
    if (!cand)
      cand = wy_grid_query_in(&w->grid, &lane->grid, a->pos, range, p->def.ignore_same_team ? a->team : 0, &count);
    lane->candidates += (uint64_t)count;
    for (int32_t c = 0; c < count && c < WY_CANDIDATES_AHEAD; c++) ask_candidate(w, beliefs, cand[c]);
    /* The walk reads the agent's beliefs and actor through g, not kept in
     * registers of their own: with them the walk held more than the
     * registers a call keeps, and stored and reloaded seven values about
     * every candidate's looks. */
    const int32_t *end = cand + count;
    for (const int32_t *next = cand; next < end; next++) {
      if (end - next > WY_CANDIDATES_AHEAD) ask_candidate(w, g.beliefs, next[WY_CANDIDATES_AHEAD]);
      int32_t ts = *next;
      if (ts == g.ag->actor) continue;
      float d = wy_dist3(g.actor->pos, w->actors.data[ts].pos);
      for (int32_t k = 0; k < lookers; k++) {
        if (d > look_reach[k]) continue;
        int32_t s = look_slot[k], sense = look_sense[k];
        bool ok = sense == WARY_SENSE_VISION     ? look(w, &g, s, ts)
                  : sense == WARY_SENSE_HEARING ? heard(w, &g, s, ts, d)
                  : sense < WARY_BUILTIN_SENSES ? feel(w, &g, s, sense, ts, d)
                                                : ask(w, &g, s, sense, ts, d);
        if (!ok) return WARY_ERR_OUT_OF_MEMORY;
      }
    }
  }
  if (h) {
    wy_hear_room(w, agent, &sp->hear_sounds, &sp->hear_unmade, &hear_reports);
    /* Its reports may make a belief about each new maker and each tracked
     * one the agent holds none about. */
    sp->room += sp->hear_sounds - sp->hear_unmade;
    for (int32_t k = 0; k < h->tracks.count; k++) sp->room += wy_belief_find(beliefs, h->tracks.data[k].maker) < 0;
  }
  return fitted(w, lane, agent, sp, beliefs, hear_reports);
}

/* The first pass of an agent's senses: what they find, into its lane, and
 * the room its hearing update needs; it changes nothing of the world, so a
 * step that runs out of memory here is undone (wary_step_begin). An agent
 * with no slot due and no touch has nothing to count: its room fits
 * (fitted would add nothing to its lane's sums). */
static int gather(wary_world *w, wy_lane *lane, int32_t agent) {
  wy_agent_span *sp = &w->spans.data[agent];
  sp->hear_sounds = sp->hear_unmade = 0;
  /* A reported touch counts at once, whatever the touch sense's interval
   * (its dt: the time since as the step found it). */
  int32_t before = lane->reports->actors.count;
  if (!wy_touches_report(w, lane->reports, agent)) return WARY_ERR_OUT_OF_MEMORY;
  sp->room = lane->reports->actors.count - before;
  /* Its due slots: found as gather_task asked ahead for its lines
   * (find_due). */
  uint32_t due = sp->due;
  if (due) return gather_due(w, lane, agent, due);
  if (sp->room == 0) return WARY_OK;
  return fitted(w, lane, agent, sp, wy_beliefs_of(w, agent), 0);
}

/* The second pass, once the step has all its room: the agent's timers, its
 * spent touches, its slots' out-of-range stamps and its hearing update
 * (events, reports and place notes into the lane that runs it). It cannot
 * fail. */
static void sense_commit(wary_world *w, wy_lane *lane, int32_t agent) {
  wy_agent *ag = &w->agents.data[agent];
  const wy_actor *a = &w->actors.data[ag->actor];
  const wy_profile *p = &w->profiles.data[a->profile];
  wy_belief_list *beliefs = wy_beliefs_of(w, agent);
  wy_touches_clear(w, agent);
  uint32_t due = w->spans.data[agent].due;
  schedule(w, ag, p, a, due, w->step_dt);
  /* Every belief hears from its due slots this step, even out of range (the
   * agent's ran says which: resolve.c reads it). Senses that look at
   * candidates lose what is not among them out of range (stamped once for
   * every belief: wy_belief_reason); hearing's silence keeps its own reason. */
  for (uint32_t d = due; d != 0; d &= d - 1u) {
    int32_t s = wy_lowest_bit(d);
    if (p->slots[s].range > 0.0f && p->slots[s].sense < WARY_BUILTIN_SENSES) beliefs->out_of_range_step[s] = w->steps;
  }
  int32_t hearing = p->builtin_slot[WARY_SENSE_HEARING];
  if (hearing >= 0 && is_due(due, hearing)) {
    wy_hear(w, lane, agent);
    apply_places(w, lane->reports);
  }
  for (uint32_t d = due; d != 0; d &= d - 1u) ag->slot[wy_lowest_bit(d)].since = 0.0f;
}

static void lanes_empty(wary_world *w) {
  for (int32_t i = 0; i < w->lanes.count; i++) {
    wy_lane *l = &w->lanes.data[i];
    l->reports->actors.count = 0;
    l->reports->places.count = 0;
    l->custom->queries.count = 0;
    l->events.count = 0;
    l->events_dropped = 0;
    l->last_agent = -1;
    l->in_order = true;
    l->rays = 0;
    l->vision_rays = 0;
    l->sounds_dropped = 0;
    l->candidates = 0;
    l->hear_reports = l->most_unmade = l->unfit.count = 0;
    l->failed = false;
  }
}

/* The room the step's pieces need but cannot take without racing: the grid
 * queries' scratch, the spans, the tree (walks would build it lazily).
 * False on out of memory. */
static bool lanes_fit(wary_world *w) {
  for (int32_t i = 0; i < w->lanes.count; i++)
    if (!wy_grid_scratch_fit(&w->grid, &w->lanes.data[i].grid)) return false;
  return wy_array_reserve(&w->alloc, &w->spans, w->agents.count) &&
         (!w->def.enqueue_task || wy_occ_prepare_walks(&w->occ));
}

/* The lane takes the piece of agents [start, end): whether its agents still
 * come in order (once a piece, not an agent: a piece's agents ascend). */
static void lane_at(wy_lane *l, int32_t start, int32_t end) {
  if (start >= end) return;
  l->in_order = l->in_order && start >= l->last_agent;
  if (end - 1 > l->last_agent) l->last_agent = end - 1;
}

/* A piece opens and closes an agent's span: where its lane stood. */
static void span_open(wy_agent_span *sp, const wy_lane *l, int32_t lane) {
  sp->lane = lane;
  sp->reports[0] = l->reports->actors.count;
  sp->queries[0] = l->custom->queries.count;
  sp->events[0] = l->events.count;
}

static void span_close(wy_agent_span *sp, const wy_lane *l) {
  sp->reports[1] = l->reports->actors.count;
  sp->queries[1] = l->custom->queries.count;
  sp->events[1] = l->events.count;
}

/* What the lanes counted goes into the world's stats and drop count. */
static void lanes_count(wary_world *w) {
  for (int32_t i = 0; i < w->lanes.count; i++) {
    const wy_lane *l = &w->lanes.data[i];
    w->stats.rays += l->rays;
    w->stats.vision_rays += l->vision_rays;
    w->stats.candidates += l->candidates;
    w->stats.sounds_dropped += l->sounds_dropped;
    w->events_dropped += l->events_dropped;
  }
}

/* A piece of a phase: each agent's part (its status), between its span's
 * ends in the worker's lane. */
static void run_agents(wary_world *w, int32_t start, int32_t end, int32_t worker,
                       int (*part)(wary_world *w, wy_lane *lane, int32_t agent)) {
  wy_lane *lane = &w->lanes.data[worker];
  for (int32_t i = start; i < end; i++) {
    wy_agent_span *sp = &w->spans.data[i];
    span_open(sp, lane, worker);
    int status = part(w, lane, i);
    sp->status = (int8_t)status;
    lane->failed = lane->failed || status != WARY_OK;
    span_close(sp, lane);
  }
}

/* The most actors wy_actors_motion is handed at once: it asks for all of
 * their lines first (WY_MOTION_BLOCK of them stay in the first-level
 * cache until it reads them). */
#define WY_MOTION_BLOCK 256

/* The actors' motion (wy_actors_motion), a range at a time, and the
 * grid's walk of the same actors (wy_grid_refresh_walk: it reads their
 * positions, teams and ids, which the motion leaves alone), a block of
 * them at a time. */
static void motion_task(int32_t start, int32_t end, int32_t worker, void *context) {
  wary_world *w = context;
  for (int32_t at = start; at < end; at += WY_MOTION_BLOCK) {
    int32_t stop = end - at > WY_MOTION_BLOCK ? at + WY_MOTION_BLOCK : end;
    wy_actors_motion(w, w->step_dt, w->motion.data, at, stop);
    wy_grid_refresh_walk(w, at, stop, worker);
  }
}

/* The agent's due slots, kept in its span for its gather (gather_task
 * finds them ahead of it: nothing the first pass does in between changes
 * an agent's timers, its profile or its slots). */
static uint32_t find_due(const wary_world *w, int32_t agent, const wy_profile *p) {
  uint32_t due = due_slots(&w->agents.data[agent], p);
  w->spans.data[agent].due = (uint16_t)due;
  return due;
}

/* How far ahead of its gather gather_task takes an agent's stage 0 and
 * stage 1 (gather_ahead). Stage 1 finds the due slots its gather reads:
 * the agents of a piece nearer its start than WY_DUE_AHEAD have theirs
 * found before the walk, so both loops must use this one distance. */
#define WY_LINES_AHEAD 8
#define WY_DUE_AHEAD 4

/* What gather_task does for an agent ahead of its gather, in two stages
 * (most agents have no sense due and pass in a few dozen nanoseconds): 0
 * asks for its actor, belief list and hearing record; 1 finds its due
 * slots (find_due, which its gather needs: the profile is at hand) and,
 * when its hearing is due, asks for its tracks, whose lookups the gather
 * starts with. */
static void gather_ahead(const wary_world *w, int32_t agent, int stage) {
  const wy_hearing_agent *h = &w->hearing->agents.data[agent];
  if (stage == 0) {
    wy_prefetch_span(wy_agent_actor(w, agent), 128);
    WY_PREFETCH(wy_beliefs_of(w, agent));
    WY_PREFETCH(&h->tracks);
    return;
  }
  const wy_profile *p = wy_agent_profile(w, agent);
  uint32_t due = find_due(w, agent, p);
  int32_t hearing = p->builtin_slot[WARY_SENSE_HEARING];
  if (hearing >= 0 && is_due(due, hearing) && h->tracks.count > 0)
    wy_prefetch_span(h->tracks.data, (size_t)h->tracks.count * sizeof *h->tracks.data);
}

/* The least and the most of the slab that warm_tables writes ahead. */
#define WY_WARM_LEAST (64 * 1024)
#define WY_WARM_MOST (1024 * 1024)

/* The pages of the slab that reserve_room is about to cut blocks from,
 * written (wy_slab_warm) while the agents gather: twice what the slab cut
 * since the last warm, and WY_WARM_LEAST, but at most WY_WARM_MOST (the
 * first step after a load, or after many agents came, would otherwise
 * commit pages the tables may never take). Fresh pages fault once, here
 * rather than in reserve_room's serial walk: at 10,000 agents a second
 * old, some 29 faults a step took 370 us of its 10.5 ms there. */
static void warm_tables(wary_world *w) {
  size_t cut = w->slab.cut, ahead = 2 * (cut - w->tables_cut) + WY_WARM_LEAST;
  wy_slab_warm(&w->slab, ahead < WY_WARM_MOST ? ahead : WY_WARM_MOST);
  w->tables_cut = cut;
}

static void gather_task(int32_t start, int32_t end, int32_t worker, void *context) {
  wary_world *w = context;
  lane_at(&w->lanes.data[worker], start, end);
  /* The piece of agent 0 warms the slab (the pool hands it out first;
   * whenever it runs, the slab is not used during the gather); on the
   * calling thread alone (no task callbacks) the faults would fall on the
   * same thread either way. */
  if (start == 0 && w->def.enqueue_task) warm_tables(w);
  /* The piece's first agents have no stage 1 ahead of them. */
  for (int32_t i = start; i < end && i - start < WY_DUE_AHEAD; i++) (void)find_due(w, i, wy_agent_profile(w, i));
  for (int32_t i = start; i < end; i++) {
    if (i + WY_LINES_AHEAD < end) gather_ahead(w, i + WY_LINES_AHEAD, 0);
    if (i + WY_DUE_AHEAD < end) gather_ahead(w, i + WY_DUE_AHEAD, 1);
    run_agents(w, i, i + 1, worker, gather);
  }
}

static void commit_task(int32_t start, int32_t end, int32_t worker, void *context) {
  wary_world *w = context;
  wy_lane *lane = &w->lanes.data[worker];
  lane_at(lane, start, end);
  if (start < end) w->spans.data[start].piece_end = end;
  for (int32_t i = start; i < end; i++) {
    wy_agent_span *sp = &w->spans.data[i];
    sp->hear_lane = worker;
    sp->heard[0] = lane->reports->actors.count;
    sp->heard_events[0] = lane->events.count;
    /* The sounds that reached it join its pending ones before its hearing
     * update (hearing.c: nothing in between reads them). */
    wy_deliver_sounds(w, lane, i);
    sense_commit(w, lane, i);
    sp->heard[1] = lane->reports->actors.count;
    sp->heard_events[1] = lane->events.count;
  }
}

/* Whether the first pass left nothing in the lanes for merge_senses to
 * interleave with the second's events: no query and no event. */
static bool gathered_quiet(const wary_world *w) {
  for (int32_t i = 0; i < w->lanes.count; i++) {
    const wy_lane *l = &w->lanes.data[i];
    if (l->events.count > 0 || l->custom->queries.count > 0) return false;
  }
  return true;
}

/* The events of a phase's pieces, in agent order: each piece's agents
 * came in order into one lane, so a piece's events are one run of it,
 * from its first agent's start to its last agent's end (events[] or
 * heard_events[]: the phase's, chosen by heard). */
static void merge_pieces(wary_world *w, bool heard) {
  for (int32_t i = 0; i < w->agents.count;) {
    const wy_agent_span *first = &w->spans.data[i];
    const wy_agent_span *last = &w->spans.data[first->piece_end - 1];
    int32_t from = heard ? first->heard_events[0] : first->events[0];
    int32_t to = heard ? last->heard_events[1] : last->events[1];
    if (to > from) wy_events_take(w, &w->lanes.data[heard ? first->hear_lane : first->lane], from, to - from);
    i = first->piece_end;
  }
}

/* Without the def's task callbacks a phase is one piece on the calling
 * thread, its agents in order in lane 0 (wy_parallel_for): lane 0 then
 * holds its events as the merge would copy them. The world lends that
 * lane its queue for the phase (lane 0 empty: nothing gathered is
 * waiting to be merged) and takes it back after, with the phase's events
 * after its own: no copy of them. The lane caps them at event_capacity
 * counting the world's (it is in order), which keeps and drops what the
 * merge would have (the drops, counted in the lane, reach the world's
 * count in lanes_count). */
static bool events_lent(wary_world *w) {
  wy_lane *l = &w->lanes.data[0];
  if (w->def.enqueue_task || l->events.count != 0) return false;
  wy_event_queue q = w->events;
  w->events = l->events;
  l->events = q;
  /* The phase is one piece from agent 0: in order, whatever the gather
   * before it left (its own piece ended at the last agent), so the lane
   * caps at event_capacity as the merge would. */
  l->in_order = true;
  l->last_agent = -1;
  return true;
}

static void events_returned(wary_world *w) {
  wy_lane *l = &w->lanes.data[0];
  wy_event_queue q = w->events;
  w->events = l->events;
  l->events = q;
  l->events.count = 0;
}

/* merge_senses agent by agent, below (out of line: a quiet step has none
 * of it). */
static WY_NOINLINE void merge_agents(wary_world *w) {
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_agent_span *sp = &w->spans.data[i];
    const wy_lane *l = &w->lanes.data[sp->lane], *h = &w->lanes.data[sp->hear_lane];
    int32_t merged = w->custom->queries.count;
    wy_custom_append(w, l->custom, sp->queries[0], sp->queries[1] - sp->queries[0]);
    sp->queries[0] = merged;
    sp->queries[1] = w->custom->queries.count;
    if (sp->events[1] > sp->events[0]) wy_events_take(w, l, sp->events[0], sp->events[1] - sp->events[0]);
    if (sp->heard_events[1] > sp->heard_events[0])
      wy_events_take(w, h, sp->heard_events[0], sp->heard_events[1] - sp->heard_events[0]);
  }
}

/* The agents' queries and events, in agent order: what each gathered, then
 * what its hearing update added. The room is reserved. (Their reports stay
 * in the lanes, where wary_step_end reads them: its spans say where.) With
 * nothing gathered (quiet: gathered_quiet), the second pass's events piece
 * by piece. An agent's queries[] then say where its queries are in the
 * world's (the same count as in its lane: none when quiet). */
static void merge_senses(wary_world *w, bool quiet, bool lent) {
  lanes_count(w);
  if (lent) events_returned(w);
  else if (quiet) merge_pieces(w, true);
  else merge_agents(w);
}

/* Room for every agent's sight hints, the new ones empty (none in a world
 * that takes no hints: every_part). */
static bool sight_hints_fit(wary_world *w) {
  int32_t n = w->agents.count * WY_SIGHT_HINTS;
  if (w->every_part || n <= w->sight_hints.count) return true;
  if (!wy_array_reserve(&w->alloc, &w->sight_hints, n)) return false;
  for (int32_t i = w->sight_hints.count; i < n; i++)
    w->sight_hints.data[i] = (wy_sight_hint){0, WY_OCC_NO_BLOCKERS};
  w->sight_hints.count = n;
  return true;
}

/* What the step could fail to find room for, taken before anything changes:
 * the grid's refresh, the hierarchy of boxes (so no ray fails inside the
 * step), the lamps' and environments' grids when they changed, where the
 * actors' motion is kept, and the agents' sight hints. (The grid's
 * placement and the lanes' room, lanes_fit, which needs the grid, come
 * after the motion: wary_step_begin; the agents' pending sounds get theirs
 * when the sounds are offered: wy_offer_sounds.) A small tree is then asked
 * for, ahead of the step's rays. */
static bool reserve_step(wary_world *w) {
  if (!(wy_grid_refresh_reserve(w) && wy_occ_prepare(&w->occ) && wy_environment_prepare(w) &&
        wy_array_reserve(&w->alloc, &w->motion, w->actors.count) && sight_hints_fit(w)))
    return false;
  wy_occ_prefetch(&w->occ);
  return true;
}

/* Room for a bit an agent in w->unfit, the agents whose tables
 * reserve_room grows (false on out of memory). Its words up to its count
 * are 0 between steps (reserve_room clears those it set as it takes
 * them); the words it grows by are cleared here (unfit_grow, out of line:
 * they seldom grow). */
WY_COLD static bool unfit_grow(wary_world *w, int32_t words) {
  if (!wy_array_reserve(&w->alloc, &w->unfit, words)) return false;
  memset(w->unfit.data + w->unfit.count, 0, (size_t)(words - w->unfit.count) * sizeof *w->unfit.data);
  w->unfit.count = words;
  return true;
}

static bool unfit_fit(wary_world *w, int32_t words) { return words <= w->unfit.count || unfit_grow(w, words); }

static inline void unfit_mark(wary_world *w, int32_t agent) {
  w->unfit.data[agent >> 6] |= (uint64_t)1 << (agent & 63);
}

/* An agent's tables grown for what its first pass and the place notes and
 * hits after counted (its span's room, hear_unmade, hear_sounds). */
static bool grow_tables(wary_world *w, int32_t agent) {
  const wy_agent_span *sp = &w->spans.data[agent];
  wy_belief_list *l = wy_beliefs_of(w, agent);
  int32_t n = sp->room;
  return wy_places_reserve(w, agent, sp->hear_unmade) &&
         (n == 0 || wy_belief_list_reserve(w, l, l->count + n, l->stride)) &&
         (sp->hear_sounds == 0 || wy_hear_reserve(w, agent, sp->hear_sounds));
}

/* The room the second pass and wary_step_end need, now that the first pass
 * has counted it: the world's queries, the lanes' room for the
 * hearing updates (any lane may run any agent's), the agents' place
 * beliefs, their new beliefs (one for each report, query, hearing track and
 * hit about a target they hold none about), the hearing agents' tracks (one
 * for each sound to hear) and the GECK pass. The agents whose tables it
 * grows are those the lanes found short (their unfit) and those a place
 * note or a hit comes to, taken in agent order (a bit each): the order the
 * tables grow in is the same whatever the pieces' and the worker count.
 * (It walked every agent's span for them: at 10,000 agents a second old,
 * about 110,000 instructions a step to find about 100.) */
static bool reserve_room(wary_world *w) {
  /* The lanes summed what their agents counted (gather, fitted). */
  int32_t queries = 0, heard = 0, most_heard = 0;
  for (int32_t i = 0; i < w->lanes.count; i++) {
    const wy_lane *l = &w->lanes.data[i];
    queries += l->custom->queries.count;
    heard += l->hear_reports;
    if (l->most_unmade > most_heard) most_heard = l->most_unmade;
  }
  if (!wy_custom_reserve(w, queries)) return false;
  for (int32_t i = 0; i < w->lanes.count; i++) {
    struct wy_reports *r = w->lanes.data[i].reports;
    if (!wy_array_reserve(&w->alloc, &r->actors, r->actors.count + heard) ||
        !wy_array_reserve(&w->alloc, &r->places, most_heard))
      return false;
  }
  int32_t words = (w->agents.count + 63) / 64;
  if (!unfit_fit(w, words)) return false;
  for (int32_t i = 0; i < w->lanes.count; i++) {
    const wy_lane *l = &w->lanes.data[i];
    for (int32_t k = 0; k < l->unfit.count; k++) unfit_mark(w, l->unfit.data[k]);
  }
  /* A place note asks for room in the agent's places (with its hearing
   * update's, hear_unmade), whatever its first pass found. */
  for (int32_t k = 0; k < w->reports->places.count; k++) {
    int32_t agent = w->reports->places.data[k].agent;
    w->spans.data[agent].hear_unmade++;
    unfit_mark(w, agent);
  }
  for (int32_t k = 0; k < w->damages->queue.count; k++) {
    const wy_actor *v = wy_actor_get(w, w->damages->queue.data[k].def.victim.id);
    if (v && v->agent >= 0) {
      w->spans.data[v->agent].room++;
      unfit_mark(w, v->agent);
    }
  }
  /* Each word is cleared as it is taken; out of memory clears the rest. */
  uint64_t *bits = w->unfit.data;
  for (int32_t k = 0; k < words; k++) {
    uint64_t b = bits[k];
    if (b == 0) continue;
    bits[k] = 0;
    for (; b != 0; b &= b - 1u)
      if (!grow_tables(w, k * 64 + wy_lowest_bit(b))) {
        memset(bits + k, 0, (size_t)(words - k) * sizeof *bits);
        return false;
      }
  }
  return wy_geck_reserve(w);
}

/* A step that ran out of room before it changed anything but the clock and
 * the motion puts them back. */
typedef struct wy_undo {
  double time;
  uint32_t steps;
  float step_dt;
  wary_stats stats;
  uint32_t events_dropped;
  uint32_t light_epoch;
  float dt;
  uint32_t dt_run_start, dt_same_since;
  double clock, clock_before; /* the beliefs' (wy_beliefs_step_begin) */
} wy_undo;

static void keep(wary_world *w, wy_undo *u) {
  *u = (wy_undo){w->time, w->steps, w->step_dt, w->stats, w->events_dropped, w->light_epoch,
                 w->beliefs->dt[(w->steps + 1u) % WY_DT_RING], w->beliefs->dt_run_start,
                 w->beliefs->dt_same_since, w->beliefs->clock, w->beliefs->clock_before};
  /* The actors' motion is kept by the walk that changes it (wy_actors_motion). */
}

/* A step that could not have its room: it has no events (the last step's
 * are gone, as they would be after any step). */
WY_COLD static int out_of_room(wary_world *w) {
  w->events.count = 0;
  w->in_step = false;
  return wy_fail_memory(w->error, "wary_step_begin");
}

/* Puts back what the first pass changed, and fails the step with status:
 * out of memory (text written here) or a broken task contract (written). */
WY_COLD static int undo_with(wary_world *w, const wy_undo *u, int status) {
  w->time = u->time;
  w->steps = u->steps;
  w->step_dt = u->step_dt;
  w->stats = u->stats;
  w->events_dropped = u->events_dropped;
  w->light_epoch = u->light_epoch;
  w->beliefs->dt[(u->steps + 1u) % WY_DT_RING] = u->dt;
  w->beliefs->dt_run_start = u->dt_run_start;
  w->beliefs->dt_same_since = u->dt_same_since;
  w->beliefs->clock = u->clock;
  w->beliefs->clock_before = u->clock_before;
  wy_actors_motion_undo(w, w->motion.data);
  w->budget->planned = false;
  if (status == WARY_ERR_OUT_OF_MEMORY) return out_of_room(w);
  w->events.count = 0;
  w->in_step = false;
  return status;
}

WY_COLD static int undo(wary_world *w, const wy_undo *u) { return undo_with(w, u, WARY_ERR_OUT_OF_MEMORY); }

/* Whether some belief holds an evidence block (the pool's free ones have
 * count -1). */
static bool evidence_held(const wary_world *w) {
  const struct wy_beliefs *bs = w->beliefs;
  for (int32_t k = 0; k < bs->evidence.count; k++)
    if (bs->evidence.data[k].count >= 0) return true;
  return false;
}

/* The lifetimes of the evidence the agents hold (out of line: most steps
 * hold none). */
static WY_NOINLINE void evidence_tick(wary_world *w, float dt) {
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_belief_list *l = wy_beliefs_of(w, i);
    if (l->holders > 0) wy_evidence_tick(w, l, dt);
  }
}

int wary_step_begin(wary_world *w, float dt) {
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  if (wy_bad_range(w->error, __func__, "dt", dt, 0.0f, (float)WARY_MAX_STEP_SECONDS))
    return WARY_ERR_BAD_VALUE;
  if (!reserve_step(w)) return out_of_room(w);
  wy_undo u;
  keep(w, &u);
  w->in_step = true;
  w->evaluated = false;
  w->steps++;
  wy_beliefs_step_begin(w, dt);
  w->step_dt = dt;
  w->time += dt;
  w->custom->queries.count = 0;
  w->reports->places.count = 0;
  w->light_epoch++;
  /* The motion keeps what it changes of an actor once a step, so that a
   * host's scheduler that leaves a piece out or runs one twice (tasks.c)
   * leaves the undo nothing stale, nor changed twice, to put back. */
  wy_tasks_reset(w);
  wy_actors_motion_forget(w, w->motion.data);
  wy_parallel_for(w, motion_task, w->actors.count, 256);
  /* Actors it left out have no place in the grid's walk: taken back now. */
  int tasks = wy_tasks_check(w, __func__);
  if (tasks != WARY_OK) return undo_with(w, &u, tasks);
  /* The grid walked its actors with their motion (one wake-up of the
   * workers for both): its placement now, then the lanes' room. */
  if (!wy_grid_refresh_place(w) || !lanes_fit(w)) return undo(w, &u);
  lanes_empty(w);
  /* The first pass: where the sounds and stimuli arrive, the ray budget's
   * plan, what every agent's senses find, and the room all of it needs. */
  if (!wy_offer_sounds(w) || !wy_deliver_stimuli(w) || !wy_budget_plan(w)) return undo(w, &u);
  wy_parallel_for(w, gather_task, w->agents.count, 16);
  for (int32_t i = 0; i < w->lanes.count; i++)
    if (w->lanes.data[i].failed) return undo(w, &u);
  /* A scheduler that broke the task contract: the first pass ran in full
   * all the same (tasks.c), and is taken back. */
  tasks = wy_tasks_check(w, __func__);
  if (tasks != WARY_OK) return undo_with(w, &u, tasks);
  bool quiet = gathered_quiet(w);
  if (!reserve_room(w)) return undo(w, &u);
  /* The second pass: nothing fails from here to the end of the step. */
  wy_beliefs_restamp(w);
  w->events.count = 0;
  w->emissions->queue.count = 0;
  apply_places(w, w->reports);
  wy_budget_settle(w);
  /* Evidence lifetimes give blocks back to the pool all agents share (a
   * walk of every agent's list only while some block is held). */
  if (evidence_held(w)) evidence_tick(w, dt);
  /* Quiet, the second pass's events are all the lanes hold. */
  bool lent = quiet && events_lent(w);
  wy_parallel_for(w, commit_task, w->agents.count, 16);
  merge_senses(w, quiet, lent);
  wy_stimuli_taken(w);
  w->stats.queries += (uint64_t)w->custom->queries.count;
  return WARY_OK;
}

/* The index of agent's belief about target (index if known: >= 0), in its
 * list beliefs, created when a sense first reports it; -1 on out of memory. */
static int32_t belief_for(wary_world *w, int32_t agent, wy_belief_list *beliefs, wy_id target, int32_t index) {
  if (index < 0) index = wy_belief_find(beliefs, target);
  if (index < 0) index = wy_belief_create(w, agent, target, wy_actor_get(w, target));
  return index;
}

/* A sense reported the target: the belief wakes. */
static void take(wary_world *w, int32_t agent, wy_belief_list *beliefs, int32_t i, int32_t s, float c,
                 float accuracy, const float loc[3]) {
  wy_belief_wake(w, agent, i);
  wy_belief_slot *bs = &wy_belief_slots(beliefs, i)[s];
  bs->reported = true;
  bs->share = c;
  bs->accuracy = accuracy;
  memcpy(bs->location, loc, sizeof bs->location);
}

/* Writes the answer of each query [first, end) into its belief. */
static int apply_results(wary_world *w, int32_t first, int32_t end) {
  struct wy_custom *cs = w->custom;
  for (int32_t i = first; i < end; i++) {
    const wary_sense_query *q = &cs->queries.data[i];
    wary_sense_result *r = &cs->results.data[i];
    wy_query_link *l = &cs->links.data[i];
    float c = wy_result_value(r->confidence);
    if (l->failed || !r->active || c <= 0.0f) continue;
    wy_belief_list *beliefs = wy_beliefs_of(w, l->agent);
    l->belief = belief_for(w, l->agent, beliefs, q->target.id, l->belief);
    if (l->belief < 0) return WARY_ERR_OUT_OF_MEMORY;
    bool loc = r->has_location && wy_finite3(r->location[0], r->location[1], r->location[2]);
    take(w, l->agent, beliefs, l->belief, q->slot, c, wy_result_value(r->accuracy), loc ? r->location : q->target_pos);
  }
  return WARY_OK;
}

/* Vision's look at a target it has not spotted yet (belief index of the
 * agent's): held back until first_spot_reaction_time of unbroken sight
 * (wy_belief_first_sight); what the belief takes of it. Seed 000:
 * telegraph "fires a moment before it commits". At the look after which
 * the next one ends the hold-back, when the belief would take it past
 * telegraph_threshold, the belief's resolve fires telegraph (resolve.c;
 * the rise past the threshold when it is taken fires its own). The next
 * look is when the slot's time left (schedule: this step's is taken) runs
 * out in steps of this step's dt; what the belief would take, the look
 * dulled by pain and times vision's weight, less the reductions, under a
 * clamp. Steps of one size make that look the last of the hold-back, so it
 * fires once; steps of other sizes between two looks, a new level of
 * detail or a look the ray budget puts off may make it fire twice, or not
 * at all. */
#define WY_GAP_STEPS 4096

static float first_sight(wary_world *w, const wy_report *r, const wy_profile *p, int32_t index, float reaction) {
  wy_belief *b = &wy_beliefs_of(w, r->agent)->data[index];
  /* A first sighting under way changes: a dormant belief cannot wait. */
  wy_belief_wake(w, r->agent, index);
  float seen = r->confidence;
  float c = wy_belief_first_sight(b, seen, r->dt, reaction);
  if (b->spotted || !(b->spot_time > 0.0f)) return c;
  /* The time the next look adds to spot_time, as the slot's since will sum
   * it (schedule, since_of: the same additions of this step's dt). More
   * steps than WY_GAP_STEPS (a dt far below the interval, as 1e-40, which
   * the sum would not even move) take the time left itself. */
  float left = w->agents.data[r->agent].slot[r->slot].next_due, dt = w->step_dt, gap = 0.0f;
  int32_t steps = 0;
  if (dt > 0.0f)
    for (float t = left; t > WY_TIME_EPSILON && steps < WY_GAP_STEPS; t -= dt, steps++) gap += dt;
  gap = dt > 0.0f && steps < WY_GAP_STEPS ? gap + dt : left;
  /* Weighed and dulled by pain as fusion takes a share (pain's last
   * multiplier), less the reductions, under a clamp. */
  float taken = seen * wy_pain_multiplier(w, r->agent, r->slot) * p->slots[r->slot].weight;
  wy_evidence_sum e = wy_evidence_sum_of(w, b);
  taken -= e.lower;
  if (e.ceiling < taken) taken = e.ceiling;
  if (taken >= p->def.telegraph_threshold && b->spot_time + gap >= reaction) b->telegraph_due = true;
  return c;
}

/* Writes the built-in senses' answers [first, end) of a lane, all of them
 * the agent's (its span's: apply_task); the belief holds vision's first
 * sighting back for first_spot_reaction_time of unbroken sight. What the
 * agent's answers share (its list, its profile's vision slot and hold-back,
 * the step) is read once for them all: about 80,000 answers in 36 steps of
 * the aged game world, most of them a reason written and nothing more. */
WY_INLINE int apply_reports(wary_world *w, int32_t agent, const wy_lane *lane, int32_t first, int32_t end) {
  if (first >= end) return WARY_OK;
  const wy_report *reports = lane->reports->actors.data;
  wy_belief_list *beliefs = wy_beliefs_of(w, agent);
  int32_t profile = wy_agent_actor(w, agent)->profile;
  const wy_profile *p = &w->profiles.data[profile];
  int32_t vision = p->builtin_slot[WARY_SENSE_VISION];
  /* Without a hold-back (or once spotted) the look counts whole. */
  float reaction = vision >= 0 ? wy_vision_of(w, profile)->first_spot_reaction_time : 0.0f;
  bool held_back = reaction > 0.0f;
  uint32_t steps = w->steps;
  for (int32_t i = first; i < end; i++) {
    const wy_report *r = &reports[i];
    int32_t index = belief_for(w, agent, beliefs, r->target, r->belief);
    if (index < 0) return WARY_ERR_OUT_OF_MEMORY;
    float c = r->confidence;
    if (r->slot == vision && !beliefs->data[index].spotted) {
      /* Seed 000: "Once it knows you, it re-spots you at once". A look
       * taken whole while there was no hold-back is a sighting: a
       * first_spot_reaction_time set later does not hold it back again. */
      if (held_back) c = first_sight(w, r, p, index, reaction);
      else if (c > 0.0f) beliefs->data[index].spotted = true;
    }
    if (c <= 0.0f) {
      wy_belief_slot *bs = &wy_belief_slots(beliefs, index)[r->slot];
      bs->reason = (int8_t)r->reason;
      bs->reason_step = steps;
      continue;
    }
    take(w, agent, beliefs, index, r->slot, c, r->accuracy, r->has_pos ? r->pos : wy_actor_get(w, r->target)->pos);
  }
  return WARY_OK;
}

/* One agent's brain and beliefs: pain, its slots' error counts, the
 * beliefs' resolution, places, emotions and attention; then whether it
 * rests (belief.h, wy_agent_resting). */
static int resolve_agent(wary_world *w, wy_lane *lane, int32_t i) {
  float dt = w->step_dt;
  wy_agent *ag = &w->agents.data[i];
  int32_t profile = wy_agent_actor(w, i)->profile;
  const wy_profile *p = &w->profiles.data[profile];
  wy_belief_list *beliefs = wy_beliefs_of(w, i);
  const float *dull = wy_pain_step(w, lane, i, dt);
  /* Only the profile's slots ever run (sense_commit); most have no error
   * count to clear, which is asked first. */
  for (int32_t s = 0; s < p->slot_count; s++)
    if (ag->slot[s].errors != 0 && (ag->slot[s].ran || ag->slot[s].stimulated) && !ag->slot[s].failed)
      ag->slot[s].errors = 0;
  const wy_resolving r = {wy_agent_id(w, i), i, ag, p, dull,
                          wy_brain_of(w, profile)->pain_suppress_below, lane,
                          lane->resolve_next, &w->emotions->agents.data[i].drift};
  if (wy_resolve_beliefs(w, &r, beliefs, dt)) wy_beliefs_prune(beliefs, p->def.memory_time);
  wy_places_resolve(w, lane, i, dt);
  wy_emotion_step(w, lane, i, dt);
  wy_agent_rest_note(w, i);
  return WARY_OK;
}

/* Whether resting agent i's resolve would do something: clear the error
 * count of a slot that ran (a bit of due: sense_commit) without failing,
 * or of one that took stimuli (stimulated: none without an inbox). The
 * agent's record is read only where a slot ran, which the step's commit
 * wrote a moment ago. */
WY_INLINE bool rest_broken(const wary_world *w, int32_t i, uint32_t due, bool stimuli) {
  if (stimuli) return true;
  const wy_agent *ag = &w->agents.data[i];
  for (; due != 0; due &= due - 1u) {
    const wy_agent_slot *sl = &ag->slot[wy_lowest_bit(due)];
    if (sl->errors != 0 && !sl->failed) return true;
  }
  return false;
}

/* The agents in turn, each asking ahead for what the next three read
 * first, a stage an agent (within the task's own agents: another worker
 * may be changing the rest); an agent's walk asks for the next one's first
 * beliefs (resolve.c, walk_awake). A resting agent (belief.h,
 * wy_agent_resting; most of a sparse scene's) is passed by from its mark
 * alone: nothing of it is asked for or read. The marks of the agent and
 * the next three are kept as bits, each read once (the bench's game world,
 * where few agents rest, took 1% more instructions a step when each
 * question read its mark). Those read ahead stay right because no
 * agent's resolve wakes another or makes it a belief (every wake and
 * wy_belief_create comes earlier in the step or from the game): a resolve
 * that did would have to read the marks again. */
static void resolve_task(int32_t start, int32_t end, int32_t worker, void *context) {
  wary_world *w = context;
  lane_at(&w->lanes.data[worker], start, end);
  if (start < end) w->spans.data[start].piece_end = end;
  bool stimuli = wary_inbox_count(w) > 0;
  /* Those past the marks do not rest. */
  const uint8_t *marks = w->beliefs->resting.data;
  int32_t marked = w->beliefs->resting.count < end ? w->beliefs->resting.count : end;
  /* Bit k: agent i + k rests. */
  uint32_t rests = 0;
  for (int32_t k = 0; k < 3; k++) rests |= (uint32_t)(start + k < marked && marks[start + k]) << k;
  for (int32_t i = start; i < end; i++) {
    rests |= (uint32_t)(i + 3 < marked && marks[i + 3]) << 3;
    /* An agent's first beliefs: the one before it asks for them as its walk
     * ends (resolve_next), but for the first of the run. */
    if (i == start && !(rests & 1u)) wy_beliefs_prefetch(w, i, 2);
    if (i + 2 < end && !(rests & 4u)) wy_beliefs_prefetch(w, i + 2, 1);
    if (i + 3 < end && !(rests & 8u)) wy_beliefs_prefetch(w, i + 3, 0);
    wy_places_prefetch_ahead(w, i, end, rests);
    if (i + 3 < end && !(rests & 8u)) wy_emotion_prefetch(w, i + 3, 0);
    bool next = i + 1 < end && !(rests & 2u);
    w->lanes.data[worker].resolve_next = next ? wy_beliefs_of(w, i + 1) : NULL;
    if (next) wy_emotion_prefetch(w, i + 1, 1);
    /* Its span as run_agents would open and close it, but for its reports
     * and queries: apply_task has read them, and the next step's gather
     * writes them before anything reads them again. An agent's
     * resolution cannot fail. */
    wy_lane *lane = &w->lanes.data[worker];
    wy_agent_span *sp = &w->spans.data[i];
    sp->lane = (int16_t)worker;
    sp->events[0] = lane->events.count;
    bool passed = (rests & 1u) && !rest_broken(w, i, sp->due, stimuli);
    sp->status = (int8_t)(passed ? WARY_OK : resolve_agent(w, lane, i));
    sp->events[1] = lane->events.count;
    rests >>= 1;
  }
}

static void merge_events(wary_world *w, bool lent) {
  lanes_count(w);
  if (lent) events_returned(w);
  else merge_pieces(w, false);
}

/* Asks for the beliefs a lane's reports [first, end), all of them agent's
 * (its span's), will write (or where their lookups start). */
WY_INLINE void prefetch_reports(const wary_world *w, int32_t agent, const wy_lane *lane, int32_t first, int32_t end) {
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  for (int32_t i = first; i < end; i++) {
    const wy_report *r = &lane->reports->actors.data[i];
    /* Without its belief (hearing's reports), the line its lookup starts at. */
    if (r->belief >= 0) wy_belief_prefetch(l, r->belief);
    else wy_belief_find_prefetch(l, r->target);
  }
}

/* An agent's answers, custom then built-in: each is about its own beliefs,
 * so agents apply theirs at once, as they would one after the other. Its
 * built-in ones are where its lanes left them: what it gathered, then what
 * its hearing update added. */
static void apply_task(int32_t start, int32_t end, int32_t worker, void *context) {
  wary_world *w = context;
  const wy_lane *lanes = w->lanes.data;
  bool failed = false;
  for (int32_t i = start; i < end; i++) {
    wy_agent_span *sp = &w->spans.data[i];
    if (i + 1 < end) {
      const wy_agent_span *next = sp + 1;
      prefetch_reports(w, i + 1, &lanes[next->lane], next->reports[0], next->reports[1]);
      prefetch_reports(w, i + 1, &lanes[next->hear_lane], next->heard[0], next->heard[1]);
    }
    int status = sp->queries[1] > sp->queries[0] ? apply_results(w, sp->queries[0], sp->queries[1]) : WARY_OK;
    if (status == WARY_OK) status = apply_reports(w, i, &lanes[sp->lane], sp->reports[0], sp->reports[1]);
    if (status == WARY_OK) status = apply_reports(w, i, &lanes[sp->hear_lane], sp->heard[0], sp->heard[1]);
    sp->status = (int8_t)status;
    failed = failed || status != WARY_OK;
  }
  /* The piece's failure told its lane once. */
  if (failed) w->lanes.data[worker].failed = true;
}

int wary_step_end(wary_world *w) {
  if (!w->in_step) return wy_fail_not_in_step(w->error, __func__);
  /* The step is calling the callbacks: it ends once they have answered. */
  if (w->in_evaluate)
    return wy_fail(w->error, WARY_ERR_IN_STEP, __func__,
                   "not allowed inside an evaluate callback (the step is calling them now)");
  wy_parallel_for(w, apply_task, w->agents.count, 32);
  /* The first agent's failure, in agent order, where some lane saw one. */
  bool failed = false;
  for (int32_t i = 0; i < w->lanes.count; i++) failed = failed || w->lanes.data[i].failed;
  int status = WARY_OK;
  for (int32_t i = 0; failed && i < w->agents.count && status == WARY_OK; i++) status = w->spans.data[i].status;
  wy_damage_step(w);
  float dt = w->step_dt;
  /* The spans have room for every agent since wary_step_begin: no agent
   * comes or goes in a step. */
  lanes_empty(w);
  bool lent = events_lent(w);
  wy_parallel_for(w, resolve_task, w->agents.count, 32);
  merge_events(w, lent);
  int geck = wy_geck_step(w, dt);
  if (status == WARY_OK) status = geck;
  w->in_step = false;
  wy_hearing_rebase(w);
  /* The second pass cannot be taken back: a broken task contract there
   * (tasks.c) is reported with the step done, unless the step failed
   * otherwise first (the next step forgets it). */
  int tasks = status == WARY_OK ? wy_tasks_check(w, __func__) : WARY_OK;
  if (tasks != WARY_OK) return tasks; /* its text written */
  return status == WARY_OK ? status : wy_fail(w->error, status, __func__, "%s", wary_status_string(status));
}

/* Calls the C evaluate callbacks of the step's queries; false when one of
 * them destroyed the world, which is then freed (nothing more of it is done
 * or read). */
static bool evaluate(wary_world *w) {
  if (w->evaluated) return true; /* once a step */
  w->evaluated = true;
  w->in_evaluate = true;
  wy_custom_evaluate(w);
  w->in_evaluate = false;
  if (!w->destroy_after_evaluate) return true;
  wy_world_free(w);
  return false;
}

int wary_step_evaluate(wary_world *w) {
  if (!w->in_step) return wy_fail_not_in_step(w->error, __func__);
  if (w->in_evaluate)
    return wy_fail(w->error, WARY_ERR_IN_STEP, __func__,
                   "not allowed inside an evaluate callback (the step is calling them now)");
  (void)evaluate(w);
  return WARY_OK;
}

int wary_step(wary_world *w, float dt) {
  int s = wary_step_begin(w, dt);
  if (s != WARY_OK) return s;
  if (!evaluate(w)) return WARY_OK;
  return wary_step_end(w);
}
