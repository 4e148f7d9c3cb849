/* belief.h - beliefs about actors, per agent: the record, finding, making and
 * dropping them. How one changes each step is resolve.c; evidence is
 * evidence.c. */
#ifndef WARY_BELIEF_H
#define WARY_BELIEF_H

#include <float.h>
#include "world.h"
#include "fmath.h"

/* What an agent believes of one actor: the fields a step reads and writes,
 * in one cache line. It is the only record per (agent, target), so the
 * layers above keep their per-target data here too (the first-sight
 * hold-back, the damage record and threat): it then goes with the belief
 * when the target is removed or the belief is dropped. What each sense slot
 * said is a wy_belief_slot beside it; evidence is a block of the pool
 * (evidence.h), held only while there is some. */
typedef struct wy_belief {
  wy_id target;
  float confidence;
  float smoothed;
  float fused;
  float time_in_state;
  float uncertainty;
  float pending_set;      /* set_confidence to apply at the next resolve, -1 none */
  float last_known[3];
  /* The first sighting (wy_belief_first_sight, applied by the step to
   * vision's reports): vision has seen it for first_spot_reaction_time. */
  float spot_time;        /* seconds of unbroken first sight so far */
  /* The brain's record of it: damage.c adds to damage (which keeps the
   * belief from being dropped while it lasts), emotion.c fades it and
   * scores the threat. */
  float damage;           /* damage recorded from the target, fading */
  float threat;           /* threat score, 0..1 */
  int32_t evidence;       /* its block of the evidence pool, -1: none */
  int8_t state;           /* wary_state */
  int8_t loss_reason;     /* wary_loss_reason */
  int8_t losing_slot;     /* slot that reported last, -1 none */
  int8_t threat_level;    /* wary_threat_level */
  bool sensed : 1;
  bool spotted : 1; /* vision has taken a look of it whole (past any hold-back) */
  /* Nothing reports it and nothing about it is about to change: a step only
   * moves its clocks (resolve.c says when a belief is quiet). */
  bool quiet : 1;
  /* Quiet and not about to be dropped (resolve.c): dormant from its next
   * step, unless a deadline (wy_belief_deadline) comes in that step. */
  bool drowsy : 1;
  /* Out of the resolve: its clocks (and a fading one's confidence:
   * wy_belief_fades) wait from the step asleep_since names and are
   * replayed (wy_beliefs_catch_up) before anything reads or wakes it, or
   * on a copy (wy_belief_confidence_now, wy_belief_saved). A target (Lost,
   * Remembered, or fading on a rung) is in the list's listed ones (the
   * emotion pass still scores it: wy_belief_listed) and is woken for the
   * step its deadline comes, or a step or two before (wy_beliefs_wake_due),
   * or, on a rung, before its fade could take it off (wy_rung_wait). */
  bool dormant : 1;
  /* Its threat was scored (emotion.c) from what it holds now: a quiet step
   * keeps that, anything else that changes it clears it. */
  bool scored : 1;
  /* Scored quiet and more than a tenth of the threat's distance range out
   * of it, by a margin its agent's far_until keeps (emotion.h): the threat
   * holds while the agent walks less than that. */
  bool far : 1;
  /* Whether its target was hostile when its threat was scored (emotion.c
   * trusts it only while scored, under the same relationships). */
  bool hostile : 1;
  /* Held: its last full resolve left it where a step that brings nothing
   * new moves only its clocks, silences and fading confidence (resolve.c,
   * holds). A step in which none of the senses it is active for ran or is
   * muted, none of the agent's is dulled by pain, and nothing touched it
   * (wy_belief_wake), takes held_step. Derived: never saved; loaded clear. */
  bool held : 1;
  /* hostile was taken under the relationships its agent's last emotion
   * pass saw: the pass trusts it while they are the same (emotion.c). A
   * dormant belief misses passes, so waking clears it. Derived: loaded
   * clear. */
  bool hostile_known : 1;
  /* Its threat was scored by its agent's last emotion pass (emotion.c):
   * threat and threat_level are that pass's. A full resolve clears it (and
   * deferred, below) unless it only lowered the threat's inputs (resolve.c,
   * unheld; a moved last known position is summed in the agent's drift),
   * so that at the next pass it says that only held steps (resolve.c,
   * held_step) moved the record since, or such resolves. Derived: loaded
   * clear. */
  bool fresh : 1;
  /* Its agent's emotion passes have left its threat unscored since it was
   * last fresh: threat and threat_level are what it scored then, and its
   * threat now is what its record scores at the list's last_scale
   * (wy_deferred_threat), worked out when asked (wy_belief_threat) or
   * settled into the record (wy_belief_settle) before anything else reads
   * it. Derived: never saved (a snapshot holds the settled threat); loaded
   * clear. */
  bool deferred : 1;
  /* A first sighting held back (wy_belief_first_sight) is to be taken at
   * vision's next look: this step's resolve fires telegraph (step.c,
   * first_sight). Set and cleared within one step: never saved. */
  bool telegraph_due : 1;
  /* Deferred, and counted in its list's tally (wy_deferred_tally) by the
   * emotion pass that found it so, as what it added: WY_TALLY_OTHER (no
   * target), or its state (a target, without a damage record: one with a
   * record is walked as before, seldom deferred). While it stays deferred
   * (nothing but held steps, and full resolves that raised none of its
   * threat's inputs, moved it) what it adds to a pass is what the tally
   * holds, and the pass steps over it. What ends its deferral takes that
   * out of the tally (wy_belief_untally): a full resolve that may have
   * raised one (resolve.c, unheld), settling, dropping it, scoring it. So
   * every tallied belief
   * is deferred still, and a pass whose tally counts every awake belief
   * walks none. 0: not tallied. Derived: never saved; loaded clear. Read
   * and written through wy_tallied and wy_set_tallied: three bits of the
   * flags' type, not an unsigned bit field beside them, for which
   * Microsoft's layout (MSVC, MinGW) starts a unit of its own, and the
   * record outgrew its line there. */
  bool tally0 : 1;
  bool tally1 : 1;
  bool tally2 : 1;
  /* Dormant: the low 16 bits of the first step its clocks have not taken
   * (wy_belief_asleep_since). Clocks never lag 2^16 steps behind: the list
   * catches them up before they fall half of the dt ring behind. */
  uint16_t asleep_since;
} wy_belief;

/* One cache line a belief (the hot fields of a step). */
_Static_assert(sizeof(wy_belief) <= 64, "wy_belief outgrew its cache line");

/* What b's tally holds (tallied, above: 0 when it is in none). */
static inline unsigned wy_tallied(const wy_belief *b) {
  return (unsigned)b->tally0 | (unsigned)b->tally1 << 1 | (unsigned)b->tally2 << 2;
}
static inline void wy_set_tallied(wy_belief *b, unsigned k) {
  b->tally0 = k & 1u;
  b->tally1 = (k >> 1) & 1u;
  b->tally2 = (k >> 2) & 1u;
}

/* What one sense slot of the agent's profile said of the target: written by
 * the step from the senses' reports (and by damage.c), read by resolve.c. */
typedef struct wy_belief_slot {
  float share;
  float silent;           /* seconds since the slot last reported */
  float accuracy;
  float location[3];
  /* Why the slot's last evaluation saw nothing (built-in senses), as of
   * reason_step; a later step in which the slot was due and its sense looks
   * at candidates says out of range instead (wy_belief_reason). */
  uint32_t reason_step;
  int8_t reason;
  bool reported;          /* got an active result this step */
  bool active;
  bool ever;              /* has reported at least once */
} wy_belief_slot;

/* One agent's beliefs, in the order they were made (which events and
 * wary_belief_at follow), and their slots: stride of them per belief.
 * Saving and loading: what a step may skip (quiet, drowsy, dormant,
 * asleep_since, scored, far, hostile, the awake indices, dormant_since and
 * deadline_lead) can be rebuilt rather than kept: catch the dormant clocks
 * up first (wy_beliefs_catch_up), and load every belief awake, with those
 * bits clear, every index in awake and deadline_lead at -INFINITY; the
 * steps then find again which are quiet and dormant, to the same results. */
/* An entry of a belief list's index: the target, and its belief's index
 * + 1 (0: empty). The target is kept here so that a lookup reads one place. */
typedef struct wy_belief_entry {
  wy_id target;
  int32_t belief;
} wy_belief_entry;

/* A dormant target (wy_belief_listed), with what its
 * threat is scored from kept beside its index, so that the emotion pass
 * does not read its record. While it is listed its threat is what its
 * entry scores where its agent stood at the last emotion pass (the list's
 * scale: wy_listed_threat), worked out when someone asks: the record's is
 * written back (wy_belief_listed_sync) when it leaves the list or is saved. */
typedef struct wy_listed {
  int32_t belief;         /* its index */
  /* Unscored: the record's threat and threat level when it was listed. */
  float threat;
  /* Scored (emotion.c) under the relationships of its agent's last pass:
   * then base (the threat's sum before its distance term), hostile and
   * last_known are the record's. The record's damage (0: a dormant belief
   * has no damage record) and state do not move while it is dormant; its
   * confidence does while it fades (belief.h, wy_belief_fades): base is
   * then the sum at the step the record was last caught up to, at least the
   * sum now, taken again (wy_listed_base, from state_term) whenever the
   * record is caught up. */
  float base;
  float state_term;       /* threat_weight_state x the state's factor */
  float last_known[3];
  /* On a rung (Suspected, Detected, Tracked: fading, wy_belief_fades): its
   * fade cannot take it off the rung (wy_rung_wait) in a step before
   * wake_step whose world clock (wy_beliefs.clock) is before wake_at; at
   * the first that is not, resolve.c looks at it again. Saved
   * (save_state.c, io_rung_waits): a loaded entry is looked at when the
   * saved one would be (one of an older snapshot in the next step). */
  uint32_t wake_step;
  double wake_at;
  int8_t state;           /* the record's state */
  int8_t threat_level;
  bool scored;
  bool hostile;
  bool fading;            /* the record's confidence is above 0 (it falls only when caught up) */
} wy_listed;

_Static_assert(sizeof(wy_listed) <= 48, "wy_listed outgrew 48 bytes");

/* What a threat's distance term and level are worked out with (emotion.c
 * fills it from the brain's settings and where the agent stands, at each
 * emotion pass): the same float operations for every belief, listed or
 * not. */
typedef struct wy_threat_scale {
  float pos[3];           /* where the agent stood */
  float weight;           /* threat_weight_distance */
  float range;            /* threat_distance_range */
  float low, medium, high, critical;
  /* threat_weight_damage_received, _confidence and _state: the sum before
   * the distance term (wy_threat_base). */
  float w_damage, w_confidence, w_state;
} wy_threat_scale;

/* What the tallied beliefs of a list (wy_belief.tallied: deferred, their
 * state held since) add to an emotion pass, kept as they come and go, so
 * that a pass reads it rather than each of them: how many there are, of
 * them how many are targets (Suspected .. Remembered, none with a damage
 * record), how many are in each of those states, and those states as the
 * pass takes them (bit s: some in state s). Derived: a list loaded or made
 * holds none. */
typedef struct wy_deferred_tally {
  int32_t count;
  int32_t targets;
  int32_t state[WARY_REMEMBERED]; /* state[s - 1]: in state s */
  uint32_t states;
} wy_deferred_tally;

typedef struct wy_belief_list {
  /* First, in three lines (the list is line-aligned, in the world's slab;
   * the first line what every agent's step reads, whatever it holds): what
   * a step reads of a list, so that a step over many agents reads as few of
   * their lines as it can. */
  _Alignas(64) wy_belief *data;
  wy_belief_slot *slots;  /* data[i]'s are slots[i * stride .. (i + 1) * stride) */
  /* Indices of the beliefs the resolve and the emotion pass walk,
   * ascending: those not dormant. */
  int32_t *awake;
  wy_belief_entry *index; /* target -> belief, open addressing: the target beside its index */
  int32_t count;
  int32_t awake_count;
  int32_t listed_count;
  int32_t dormant;        /* beliefs that are */
  int32_t index_cap;      /* a power of two, at least twice cap */
  int32_t stride;         /* the agent's profile's slot count */
  /* Per deadline (WY_DEADLINE_LOST, WY_DEADLINE_MEMORY): at least the
   * largest time in state any dormant belief counting down to it has after
   * the step last resolved (-INFINITY: none does). Adding a step's dt keeps
   * it so (float addition is monotonic), so no dormant one can reach its
   * deadline before it does. Derived: a list loaded with no dormant belief
   * sets both to -INFINITY; one whose sleepers of a deadline are unsorted
   * (sleepers, below) that one's to +INFINITY, so that its first step
   * sorts them. */
  float deadline_lead[2];
  /* The dormant ones the emotion pass still scores (wy_belief_listed),
   * ascending by index. Saved merged into awake (one ascending list of the
   * beliefs walked), split again on load (wy_beliefs_split_listed). */
  wy_listed *listed;
  /* Where its agent's last emotion pass scored from (the listed ones and
   * the deferred ones: wy_belief.deferred), and what it kept of the listed
   * ones (derived: a list loaded or changed is scored again in full, dirty):
   * the states they are in (bit s: some entry in state s), and at least
   * the largest base of a scored hostile one
   * (-INFINITY: none), so that a pass can tell when none of them can be its
   * agent's most threatening target or a High one. */
  wy_threat_scale last_scale;
  uint32_t listed_states;
  float listed_top;
  bool listed_dirty;
  /* Since that pass, no scored hostile one left or had its base move where
   * listed_top might no longer be their largest: it is, and a list that
   * only gained entries has those scored alone (emotion.c, score_listed).
   * Derived: false after a load. */
  bool listed_kept;
  /* A hint for the next step's prefetch (wy_beliefs_prefetch): a step of
   * the same dt would look at the dormant ones (a deadline comes, or their
   * clocks catch up). Derived, never saved. */
  bool sleepers_due;
  bool may_sleep;         /* emotion.c: an idle belief's threat is 0 for this agent */
  uint32_t dormant_since; /* at most the first step some dormant one has not taken */
  /* At most the earliest wake_at and wake_step of the listed ones on a
   * rung (wy_listed): before either comes, none can leave its rung.
   * Derived: a listed one added lowers them, a look at them takes them
   * again. */
  double rung_next;
  uint32_t rung_step;
  /* The target its agent's attention is on (emotion.c), 0 none: its belief
   * does not fall asleep, as every emotion pass reads its threat (a
   * sleeper's would be caught up for each). Derived: a load takes it from
   * the attention it loads. */
  wy_id attended;
  /* The tallied ones (wy_belief.tallied): read by every emotion pass. */
  wy_deferred_tally tally;
  /* Passes that had listed ones, and passes that had deferred ones
   * (wy_belief.deferred), counted for spec/c/test_quiet.c beside what the
   * pass reads (of them, the fewer that worked out the listed ones'
   * threats and that scored the deferred ones are with the rest). */
  uint32_t listed_passes, deferred_passes;
  /* Per slot, in a line of their own: the last step at which it was due
   * and its sense looks at candidates, so every belief it did not answer
   * for is out of range. Written by the commit of an agent whose sense is
   * due (step.c, sense_commit), with or without beliefs; read when one is
   * lost. */
  uint32_t out_of_range_step[WY_SLOTS];
  /* The rest: read when the list changes. */
  int32_t cap;
  int32_t slot_cap;       /* slots allocated */
  int32_t holders;        /* beliefs that hold an evidence block */
  int32_t awake_cap;
  int32_t listed_cap;
  /* Per deadline (WY_DEADLINE_LOST, WY_DEADLINE_MEMORY): the targets of
   * the dormant beliefs counting down to it, ascending by time in state as
   * their replays make it. Every step adds the same dt to each of them, and
   * a float sum keeps the order of what it adds to, so the order holds
   * while they sleep: the step a deadline comes looks at the ones it
   * reaches, from the last, and at one more (wy_beliefs_wake_due), not at
   * every dormant one. Derived: a load lists them unsorted (any order), and
   * the first look sorts them. */
  wy_id *sleepers[2];
  int32_t sleeper_count[2];
  int32_t sleeper_cap[2];
  bool sleepers_unsorted[2];
  /* Of the passes counted above (listed_passes, deferred_passes), those
   * that worked out the listed ones' threats and those that scored the
   * deferred ones: about one in ten and fewer, so most passes leave this
   * line alone. */
  uint32_t listed_walks, deferred_scored;
  /* Passes that scored new listed ones alone (emotion.c, score_listed),
   * counted for spec/c/test_quiet.c. */
  uint32_t listed_grown;
  /* How many listed ones are in each state (by wy_listed.state, Suspected
   * .. Remembered), kept as entries come and go: the pass that takes the
   * listed ones again (the list changed) has listed_states from them. */
  int32_t listed_in[WARY_REMEMBERED + 1];
  /* While listed_kept: how many listed ones are not scored, and at most
   * the first of their positions (entries added come after it or take it
   * lower; one that leaves while there are some clears listed_kept), so
   * that the pass finds them without a walk of every one. */
  int32_t listed_new, listed_from;
} wy_belief_list;

/* Its first three lines hold what a step's resolve and emotion pass read
 * and write, the counters of the pass included; the commit's stamps
 * (out_of_range_step) have the fourth. */
_Static_assert(sizeof(void *) != 8 ||
                   (offsetof(wy_belief_list, listed) == 64 && offsetof(wy_belief_list, deferred_passes) + 4 <= 192 &&
                    offsetof(wy_belief_list, out_of_range_step) == 192),
               "wy_belief_list: a step's fields left their three lines, or the stamps their line (64-bit pointers; "
               "with 32-bit ones the fields lie closer)");

/* A belief's evidence: the entries in the order they were added. */
typedef struct wy_evidence_block {
  int32_t count;          /* -1: free (next: the next free block) */
  int32_t next;
  wary_evidence entry[WARY_MAX_EVIDENCE];
} wy_evidence_block;

/* The ladder's rung for a confidence (a belief's, or a place's: place.c),
 * before min_track_duration holds Tracked back: the thresholds it reaches,
 * counted (a profile's are in order: profile.c checks it), so that no
 * branch mispredicts on beliefs of mixed states. Undetected (0) for NaN. */
_Static_assert(WARY_UNDETECTED == 0 && WARY_SUSPECTED == 1 && WARY_DETECTED == 2 && WARY_TRACKED == 3,
               "wy_rung_of counts the rungs");
static inline int32_t wy_rung_of(const wary_profile_def *d, float conf) {
  return (int32_t)(conf >= d->suspect_threshold) + (int32_t)(conf >= d->detect_threshold) +
         (int32_t)(conf >= d->track_threshold);
}

/* The confidence a rung starts at (Suspected, Detected, Tracked: its
 * threshold), 0 off the ladder: what a fading belief or place (place.c)
 * stays on its rung above. */
static inline float wy_rung_floor(const wary_profile_def *d, int32_t state) {
  return state == WARY_TRACKED     ? d->track_threshold
         : state == WARY_DETECTED  ? d->detect_threshold
         : state == WARY_SUSPECTED ? d->suspect_threshold
                                   : 0.0f;
}

/* The deadline a quiet belief counts down to: lost_time while Lost
 * (WY_DEADLINE_LOST); memory_time while Remembered, or Expired without a
 * first sighting (it is dropped then: WY_DEADLINE_MEMORY); else none (-1):
 * only a touch changes it. The step in which its time in state plus dt
 * reaches that time is resolved as it is awake. */
#define WY_DEADLINE_LOST 0
#define WY_DEADLINE_MEMORY 1
static inline int32_t wy_belief_deadline(const wy_belief *b) {
  if (b->state == WARY_LOST) return WY_DEADLINE_LOST;
  if (b->state == WARY_REMEMBERED || (b->state == WARY_EXPIRED && !(b->spot_time > 0.0f)))
    return WY_DEADLINE_MEMORY;
  return -1;
}

static inline float wy_deadline_time(const wy_profile *p, int32_t deadline) {
  return deadline == WY_DEADLINE_LOST ? p->def.lost_time : p->def.memory_time;
}

/* A dormant belief the emotion pass still scores (wy_belief_list.listed):
 * a target (Suspected to Remembered), whose threat follows where the agent
 * stands. Only Lost and Remembered ones sleep idle; one on a rung sleeps
 * only while it fades (wy_belief_fades). */
static inline bool wy_belief_listed(const wy_belief *b) {
  return b->state >= WARY_SUSPECTED && b->state <= WARY_REMEMBERED;
}

/* A belief that only fades (resolve.c, held with no sense on it, no damage
 * record): dormant too, its confidence replayed with its clocks (belief.c,
 * fade_step). A Lost or Remembered one fades until it reaches 0; one on a
 * rung, with every share at 0 (the replay keeps the shares) and its
 * confidence on that rung (not Detected waiting for Tracked), only until
 * it would leave the rung: it is looked at again before then (wy_listed,
 * wake_at) and woken for the step that takes it off. bsl: its n slots. */
static inline bool wy_belief_fades(const wy_profile *p, const wy_belief *b, const wy_belief_slot *bsl, int32_t n) {
  if (!(b->held && !b->sensed && b->confidence > 0.0f && b->damage == 0.0f && wy_belief_listed(b))) return false;
  if (b->state >= WARY_LOST) return true;
  if (wy_rung_of(&p->def, b->confidence) != b->state) return false;
  for (int32_t s = 0; s < n; s++)
    if (bsl[s].share != 0.0f) return false;
  return true;
}

/* When a fading belief on a rung (wy_belief_fades), its record b and slots
 * bsl as they are before step `from` (its first untaken one) and the
 * world's clock then `clock`, must be looked at again: *wake_step and
 * *wake_at (wy_listed), from the largest number k of steps (returned) in
 * which nothing can take it off the rung, in steps of about dt. k is 0
 * when the next step might; when nothing fades it, the look waits
 * WY_RUNG_STEPS (the dormant clocks are caught up before then).
 * - Its fade, below its threshold or to 0. A step of dt fades it by
 *   f = fade_rate x a slot's decay_scale x dt, at most R x dt (1 + 2^-24)
 *   with R the largest rate of any slot, and the rounded subtraction adds
 *   at most half a unit of the last place of a confidence in 0..1, 2^-25.
 *   So k steps whose dt add up to less than (k + 1/2) dt take off at most
 *   R (1 + 2^-23) (k + 1/2) dt + k 2^-25 (the clock's double sums round
 *   far less): k keeps that below the gap. Steps of another dt only make
 *   it look sooner.
 * - A direct-cut slot (vision's) taking over as the one that reported
 *   last, which sends it to Lost at once. Adding the same dt to two
 *   silences keeps their order, but may round them equal, and a tie goes
 *   to the lower slot: a direct-cut slot below the last one to report
 *   must stay more silent by more than the rounding can take off in k
 *   steps, at most 2^-23 of the larger silence a step. */
#define WY_RUNG_STEPS (1u << 30)
static inline uint32_t wy_rung_wait(const wy_profile *p, const wy_belief *b, const wy_belief_slot *bsl,
                                    uint32_t from, double clock, float dt, uint32_t *wake_step, double *wake_at) {
  const wary_profile_def *d = &p->def;
  float rate = d->fade_rate;
  for (int32_t s = 0; s < p->slot_count; s++) {
    float r = d->fade_rate * p->slots[s].decay_scale;
    if (r > rate) rate = r;
  }
  float thr = wy_rung_floor(d, b->state);
  double gap = (double)b->confidence - (thr > 0.0f ? (double)thr : 0.0);
  double per = (double)rate * (1.0 + 0x1p-23) * (double)dt;
  double k = (double)WY_RUNG_STEPS; /* no fade: the confidence stays, to the bit */
  if (per > 0.0) {
    /* Below 2^25 steps (a gap of at most 1 over 2^-25 a step): the
     * quotient, then down past its rounding. */
    k = floor((gap - 0.5 * per) / (per + 0x1p-25));
    for (int32_t tries = 0; k > 0.0 && per * (k + 0.5) + k * 0x1p-25 >= gap; tries++) k = tries < 3 ? k - 1.0 : 0.0;
  }
  int32_t last = b->losing_slot;
  for (int32_t s = 0; s < last && k > 0.0; s++) {
    if (!bsl[s].ever || !p->slots[s].direct_lost_cut) continue;
    double lead = (double)bsl[s].silent - (double)bsl[last].silent;
    while (k > 0.0 && !(lead > k * ((double)bsl[s].silent + (k + 1.0) * (double)dt) * 0x1p-22))
      k = k > 1.0 ? floor(k / 2.0) : 0.0;
  }
  if (last >= 0 && p->slots[last].direct_lost_cut) k = 0.0;
  if (!(k > 0.0)) k = 0.0;
  *wake_step = from + (uint32_t)k;
  *wake_at = clock + (k + 0.5) * (double)dt;
  return (uint32_t)k;
}

/* Steps whose dt is kept for the dormant beliefs' clocks; every list replays
 * its dormant ones before they fall half of it behind. */
#define WY_DT_RING 4096

struct wy_beliefs {
  WY_ARRAY(wy_belief_list) agents; /* per agent */
  WY_ARRAY(wy_evidence_block) evidence;
  int32_t evidence_free;           /* first free block, -1 none */
  /* Every belief (and place: place.c) resolved in full every step, quiet
   * or not: the reference the quiet steps are checked against
   * (spec/c/test_quiet.c). */
  bool resolve_all;
  float dt[WY_DT_RING];            /* the dt of step n is dt[n % WY_DT_RING] */
  /* The first step of the run of equal dt the last step is in (at most
   * WY_DT_RING steps back): the part of the ring a save keeps. */
  uint32_t dt_run_start;
  /* A step from which every step through the last has the same dt, kept
   * WY_DT_RING steps back while the dt holds (dt_run_start starts again
   * there), so that a replay finds where its run ends at once. Derived:
   * dt_run_start after a load. */
  uint32_t dt_same_since;
  /* The game time of the steps so far, every dt added in double, and as it
   * was before the step under way (the clock of wy_listed.wake_at). Saved
   * since format version 6, with the listed ones' wake_at and wake_step
   * (save_state.c, io_rung_waits); an older snapshot loads it as 0, with
   * every listed one to be looked at. */
  double clock, clock_before;
  /* Per agent, a byte each (packed: a line for 64 agents), 1 where its
   * resolve has nothing to do until something comes for it (resting,
   * below), so that a step passes it by without reading its records. Past
   * count, and after a load, 0 (to do), which is always right. Derived,
   * never saved. */
  WY_ARRAY(uint8_t) resting;
};

extern const wy_module wy_belief_module;

/* An agent's beliefs. */
static inline wy_belief_list *wy_beliefs_of(const wary_world *w, int32_t agent) {
  return &w->beliefs->agents.data[agent];
}

/* A resting agent (wy_beliefs.resting): no belief, and its pain, places
 * and emotions idle (actor.h, WY_IDLE_*), so that its resolve (step.c,
 * resolve_agent) does nothing but, for a slot that ran or took stimuli, clear
 * an error count, which the step asks of the agent's slots
 * (resolve_task). It stays so until one of those parts is given something
 * (wy_agent_wake) or a belief is made (wy_belief_create); a load clears
 * every mark (wy_beliefs_loaded). spec/c/test_resting.c checks a world that
 * passes resting agents by against one that never does. */
static inline bool wy_agent_resting(const wary_world *w, int32_t agent) {
  const struct wy_beliefs *bs = w->beliefs;
  return agent < bs->resting.count && bs->resting.data[agent];
}

/* Something came for the agent's parts (wy_agent_busy): its resolve runs
 * again. */
static inline void wy_agent_wake(const wary_world *w, int32_t agent, uint8_t parts) {
  wy_agent_busy(&w->agents.data[agent], parts);
  struct wy_beliefs *bs = w->beliefs;
  if (agent < bs->resting.count) bs->resting.data[agent] = 0;
}

/* After the agent's resolve: whether it rests from now (wy_agent_resting).
 * Never where the world does every part (world.h, every_part), whose
 * agents are never idle, nor with resolve_all. */
static inline void wy_agent_rest_note(const wary_world *w, int32_t agent) {
  enum { PARTS = WY_IDLE_PAIN | WY_IDLE_PLACES | WY_IDLE_EMOTIONS };
  struct wy_beliefs *bs = w->beliefs;
  /* With a belief it was not resting (wy_belief_create cleared its
   * mark), and is not: most agents of a busy world, asked nothing more. */
  if (bs->agents.data[agent].count > 0 || agent >= bs->resting.count) return;
  bs->resting.data[agent] = (uint8_t)((w->agents.data[agent].idle & PARTS) == PARTS && !bs->resolve_all);
}

/* The slots of belief i (none, and no arithmetic on NULL, for a profile
 * without senses). */
static inline wy_belief_slot *wy_belief_slots(const wy_belief_list *l, int32_t i) {
  return l->stride == 0 ? l->slots : &l->slots[(size_t)i * (size_t)l->stride];
}

/* The indices 0 .. WY_BELIEFS_DENSE - 1 in order (belief.c): the awake
 * indices of a list with none dormant, which one table shared by every
 * list holds in a few lines that stay cached, rather than each list in
 * its own (wy_beliefs_walked). */
#define WY_BELIEFS_DENSE 1024
extern const int32_t wy_beliefs_dense[WY_BELIEFS_DENSE];

/* The awake indices to read (ascending, awake_count of them): with every
 * belief awake they are 0 .. count - 1, read from the shared table rather
 * than from the list's own awake array (which holds the same), so that a
 * step over agents with none dormant does not fetch each one's array. */
static inline const int32_t *wy_beliefs_walked(const wy_belief_list *l) {
  return l->awake_count == l->count && l->count <= WY_BELIEFS_DENSE ? wy_beliefs_dense : l->awake;
}

/* How many awake beliefs ahead the resolve asks for a record and its slots. */
#define WY_BELIEFS_AHEAD 12

/* Where target's search in an index of cap entries starts. */
static inline uint32_t wy_belief_hash(wy_id target, int32_t cap) {
  return (target * 2654435761u) & (uint32_t)(cap - 1);
}

/* Asks for the line where wy_belief_find of target starts (WY_PREFETCH). */
static inline void wy_belief_find_prefetch(const wy_belief_list *l, wy_id target) {
  if (l->index_cap > 0) WY_PREFETCH(&l->index[wy_belief_hash(target, l->index_cap)]);
}

/* Asks for belief i's record and slots (WY_PREFETCH). */
static inline void wy_belief_prefetch(const wy_belief_list *l, int32_t i) {
  WY_PREFETCH(&l->data[i]);
  WY_PREFETCH(wy_belief_slots(l, i));
}

/* Asks for what an agent's resolve reads first, each stage once the one
 * before it has come: 0 its list, 1 its awake array, 2 its first awake
 * beliefs. */
static inline void wy_beliefs_prefetch(const wary_world *w, int32_t agent, int stage) {
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  if (stage == 0) {
    wy_prefetch_span(l, sizeof *l);
  } else if (stage == 1) {
    if (l->awake_count != l->count) WY_PREFETCH(l->awake);
    /* A step that looks at the dormant ones (wy_beliefs_wake_due) reads
     * their records, which no step has read since they fell asleep: for
     * memory_time, all of them. The hint is in a later line than the
     * count of dormant ones, which holds none but where some are. */
    if (l->dormant > 0 && l->sleepers_due) wy_prefetch_span(l->data, (size_t)l->count * sizeof *l->data);
  } else {
    int32_t n = l->awake_count < WY_BELIEFS_AHEAD ? l->awake_count : WY_BELIEFS_AHEAD;
    const int32_t *awake = wy_beliefs_walked(l);
    for (int32_t j = 0; j < n; j++) wy_belief_prefetch(l, awake[j]);
  }
}

/* Why slot s of a belief last saw nothing (wy_belief_slot.reason). */
static inline int32_t wy_belief_reason(const wy_belief_list *l, const wy_belief_slot *bs, int32_t s) {
  return (int32_t)(l->out_of_range_step[s] - bs->reason_step) > 0 ? WARY_LOSS_OUT_OF_RANGE : bs->reason;
}

/* What a step of dt fades a belief by when slot (-1: none) is the one
 * that reported it last: fade_rate x its decay scale x dt (a step, its
 * held step and a dormant one's replay alike). */
static inline float wy_fade_of(const wy_profile *p, int32_t slot, float dt) {
  return slot >= 0 ? p->def.fade_rate * p->slots[slot].decay_scale * dt : p->def.fade_rate * dt;
}

/* The easing of a step of dt towards the confidence: 1 - e^(-dt /
 * smoothing_time), 1 without smoothing. */
static inline float wy_smooth_of(const wy_profile *p, float dt) {
  return p->def.smoothing_time > 0.0f ? 1.0f - wy_expf(-dt / p->def.smoothing_time) : 1.0f;
}

/* Whether an eased step from s that came out at next lands on conf: within
 * 2^-24 of it, or stuck short of it (the ease less than half a float's
 * step there: near a confidence of 0.9 a step of 1/60 s stops 4 x 10^-7
 * short) within 2^-16 of it, in a step that passes time (smooth > 0: a
 * step of dt 0 moves nothing, and one too short to move the meter far from
 * its confidence leaves it). */
static inline bool wy_smooth_lands(float s, float next, float conf, float smooth) {
  /* Stuck, next is s: their gaps to conf are the one gap, taken once. */
  float gap = fabsf(conf - next);
  /* Within 2^-24 is within 2^-16: the wider test first, which a meter on
   * its way fails at once. */
  return gap < 0x1p-16f && (gap < 0x1p-24f || (next == s && smooth > 0.0f));
}

/* s eased towards conf by smooth, without the landing: the arithmetic of
 * wy_smoothed_step_chained, for a loop that knows it cannot land
 * (repeat.h, wy_chase_clear). */
static inline float wy_eased(float s, float conf, float smooth) { return s + (conf - s) * smooth; }

/* The smoothed confidence a step later: s eased towards conf by smooth
 * (1 - e^(-dt / smoothing_time); seed 000's meter), landing on conf as
 * wy_smooth_lands says. A meter shows no difference, and the float tail it
 * cuts off would take some 1,300 more steps, the last 200 or so in
 * subnormal numbers, which cost some CPUs 100 cycles an operation (a
 * dormant belief's replay of them took 24 us). */
static inline float wy_smoothed_step(float s, float conf, float smooth) {
  float next = s + (conf - s) * smooth;
  return wy_smooth_lands(s, next, conf, smooth) ? conf : next;
}

/* The same for a loop of one belief's steps, where each step waits for
 * the one before (fading replays: belief.c, fade_run): the landing is a
 * branch, which such a loop seldom takes while the confidence fades, so a
 * step does not wait for the test. Held steps take it too (held.h): a held
 * belief's meter is seldom where it lands (3 in 10^4 of the bench's held
 * steps start on it). Over beliefs many of which sit on their confidence
 * the branch would mispredict, and the select is the cheaper. */
static inline float wy_smoothed_step_chained(float s, float conf, float smooth) {
  float next = wy_eased(s, conf, smooth);
  if (WY_RARELY(wy_smooth_lands(s, next, conf, smooth))) {
    WY_KEEP_BRANCH();
    next = conf;
  }
  return next;
}

/* What one step of dt does to a quiet belief: its time in state, its slots'
 * silence and which fell silent last, smoothing towards its confidence (0,
 * or a fading one's after its fade: belief.c, fade_step), uncertainty
 * towards its cap; smooth is 1 - e^(-dt / smoothing_time) and growth
 * uncertainty_growth x dt. The very operations of a full resolve. */
static inline void wy_belief_clocks(const wy_profile *p, wy_belief *b, wy_belief_slot *bsl, float dt,
                                    float smooth, float growth) {
  b->time_in_state += dt;
  float quietest = INFINITY;
  for (int32_t s = 0; s < p->slot_count; s++) {
    if (!bsl[s].ever) continue;
    bsl[s].silent += dt;
    if (bsl[s].silent < quietest) {
      quietest = bsl[s].silent;
      b->losing_slot = (int8_t)s;
    }
  }
  if (p->def.smoothing_time <= 0.0f) b->smoothed = b->confidence;
  else b->smoothed = wy_smoothed_step(b->smoothed, b->confidence, smooth);
  float u = b->uncertainty + growth;
  b->uncertainty = u < p->def.max_uncertainty ? u : p->def.max_uncertainty;
}

/* The last step a belief's clocks should have taken now: the one before this
 * one while a step runs (its resolve is still to come), else the last. */
static inline uint32_t wy_beliefs_through(const wary_world *w) {
  return w->in_step ? w->steps - 1 : w->steps;
}

/* The step whose low 16 bits are low, of the 2^16 up to the next one (a
 * sleeper's first untaken step: belief.h, place.h). */
static inline uint32_t wy_step_of(const wary_world *w, uint16_t low) {
  uint32_t next = w->steps + 1u;
  return next - (uint16_t)(next - low);
}

/* The first step a dormant belief's clocks have not taken. */
static inline uint32_t wy_belief_asleep_since(const wary_world *w, const wy_belief *b) {
  return wy_step_of(w, b->asleep_since);
}

/* A time in state t after the steps from .. through (at most WY_DT_RING
 * back), each adding the dt it had: what they make of it, to the bit. */
float wy_replayed_time(const wary_world *w, float t, uint32_t from, uint32_t through);
/* A confidence c after the same steps, each fading it by rate x its dt
 * (wy_fade_repeat): what they make of it, to the bit. */
float wy_replayed_fade(const wary_world *w, float c, float rate, uint32_t from, uint32_t through);
/* When one dt has held since step from: true, and *bound at or above what
 * wy_replayed_time(w, t, from, through) + dt makes (a few parts in 10^7 of
 * it per step replayed; from through + 1: exact or nearly), without the
 * replay. */
bool wy_replayed_bound(const wary_world *w, float t, uint32_t from, uint32_t through, float dt, float *bound);

/* 1 at pos, 0 at the scale's range and beyond it (below 0 there: the
 * caller clamps). At or past the range, where the rounded distance is at
 * least the range (its square, to the bit, at least the range's: the
 * square root rounds monotonically), -1 without the root and the divide:
 * what every caller makes of it is what it makes of 1 - distance / range,
 * which is then at most 0. */
static inline float wy_threat_nearness(const wy_threat_scale *s, const float at[3]) {
  float dx = at[0] - s->pos[0], dy = at[1] - s->pos[1], dz = at[2] - s->pos[2];
  float d2 = dx * dx + dy * dy + dz * dz;
  if ((double)d2 >= (double)s->range * (double)s->range) return -1.0f;
  return 1.0f - sqrtf(d2) / s->range;
}

/* A threat score with its distance term: base + weight x nearness, in 0..1. */
static inline float wy_threat_score(const wy_threat_scale *s, float base, float near) {
  return wy_clamp01(base + s->weight * wy_clamp01(near));
}

/* The wary_threat_level of a score: the highest level whose threshold it
 * reaches, above 0, or none (the thresholds are in order: brain.c; one out
 * of order is passed over by a higher one reached), each level taken over
 * the ones below by a select rather than by a multiply (the emotion pass
 * asks it of beliefs of mixed scores). */
_Static_assert(WARY_THREAT_NONE == 0 && WARY_THREAT_LOW == 1 && WARY_THREAT_MEDIUM == 2 && WARY_THREAT_HIGH == 3 &&
                   WARY_THREAT_CRITICAL == 4,
               "wy_threat_level_of picks the levels by number");
static inline int8_t wy_threat_level_of(const wy_threat_scale *s, float score) {
  int32_t level = score >= s->low; /* WARY_THREAT_LOW or NONE */
  level = score >= s->medium ? WARY_THREAT_MEDIUM : level;
  level = score >= s->high ? WARY_THREAT_HIGH : level;
  level = score >= s->critical ? WARY_THREAT_CRITICAL : level;
  return (int8_t)(score > 0.0f ? level : WARY_THREAT_NONE);
}

/* The state's factor in a threat (seed 002, docs/brain.md): Suspected
 * 0.25, Detected 0.5, Tracked 1, Lost 0.5, Remembered 0.25, else 0. */
static inline float wy_threat_state_factor(int32_t state) {
  static const float factor[] = {0.0f, 0.25f, 0.5f, 1.0f, 0.5f, 0.25f, 0.0f};
  return factor[state];
}

/* sum plus the length of a move from a to b, never less than they are
 * (the length and the sum each rounded up): how the emotion pass sums its
 * agent's walk (emotion.c) and a resolve its targets' drift (resolve.c),
 * which the bound of deferred threats counts. */
static inline double wy_walk_add(double sum, const float a[3], const float b[3]) {
  double dx = (double)a[0] - (double)b[0], dy = (double)a[1] - (double)b[1], dz = (double)a[2] - (double)b[2];
  return (sum + sqrt(dx * dx + dy * dy + dz * dz) * (1.0 + 1e-12)) * (1.0 + 1e-15);
}

/* A hostile target's threat before its distance term: the sum emotion.c
 * scores, in its order. */
static inline float wy_threat_base(const wy_threat_scale *s, const wy_belief *b) {
  return s->w_damage * wy_clamp01(b->damage / 100.0f) + s->w_confidence * b->confidence +
         s->w_state * wy_threat_state_factor(b->state);
}

/* Whether a pass under the relationships of the last (same) may leave
 * awake b's threat unscored (deferred; emotion.c): a hostile target's,
 * scored by a pass since it was last fresh (fresh, or deferred since:
 * only held steps moved it, and full resolves that kept its state, left
 * it no damage and raised not its confidence (resolve.c, unheld), so its
 * state held, its confidence only fell, as a held step fades it towards
 * its fusion, which it cannot pass, and its last known position moved at
 * most its agent's drift, emotion.h), with no damage record that fades
 * (Lost, Remembered, Expired), which the pass would move. Its threat is
 * then at most what it was when last fresh, plus the distance term of the
 * agent's walk and drift since. */
static inline bool wy_belief_deferrable(const wy_belief *b) {
  return (b->fresh || b->deferred) && b->hostile_known && b->hostile && !(b->state >= WARY_LOST && b->damage > 0.0f);
}

/* A deferred belief's threat (and its level in *level): what its record
 * scores at the scale of its agent's last emotion pass, the very operations
 * of that pass (a deferred one is hostile, its target alive). */
static inline float wy_deferred_threat(const wy_belief_list *l, const wy_belief *b, int8_t *level) {
  const wy_threat_scale *s = &l->last_scale;
  bool target = b->state >= WARY_SUSPECTED && b->state <= WARY_REMEMBERED;
  float score = wy_threat_score(s, wy_threat_base(s, b), target ? wy_threat_nearness(s, b->last_known) : 0.0f);
  *level = wy_threat_level_of(s, score);
  return score;
}

/* wy_belief.tallied of one that is no target. */
#define WY_TALLY_OTHER 6
_Static_assert(WARY_REMEMBERED < WY_TALLY_OTHER && WY_TALLY_OTHER < 8, "wy_belief.tallied holds the states");

/* Whether deferrable b (wy_belief_deferrable) is one a tally holds: no
 * damage record on a target. */
static inline bool wy_belief_tallies(const wy_belief *b) {
  return !(b->state >= WARY_SUSPECTED && b->state <= WARY_REMEMBERED && b->damage > 0.0f);
}

/* Tallyable deferrable b (wy_belief_tallies) goes into l's tally. */
static inline void wy_belief_tally(wy_belief_list *l, wy_belief *b) {
  wy_deferred_tally *t = &l->tally;
  t->count++;
  if (b->state >= WARY_SUSPECTED && b->state <= WARY_REMEMBERED) {
    t->targets++;
    t->state[b->state - 1]++;
    t->states |= 1u << b->state;
    wy_set_tallied(b, (unsigned)b->state);
  } else {
    wy_set_tallied(b, WY_TALLY_OTHER);
  }
}

/* b of l leaves l's tally, if it is in it, taking out what it added. */
static inline void wy_belief_untally(wy_belief_list *l, wy_belief *b) {
  unsigned k = wy_tallied(b);
  if (k == 0) return;
  wy_set_tallied(b, 0);
  wy_deferred_tally *t = &l->tally;
  t->count--;
  if (k != WY_TALLY_OTHER) {
    t->targets--;
    if (--t->state[k - 1] == 0) t->states &= ~(1u << k);
  }
}

/* A deferred belief's threat written into its record b (l's, or a copy of
 * one of l's records), which is then as its agent's last pass would have
 * left it scoring every belief. */
static inline void wy_belief_settle_record(const wy_belief_list *l, wy_belief *b) {
  if (!b->deferred) return;
  b->threat = wy_deferred_threat(l, b, &b->threat_level);
  b->deferred = false;
  b->fresh = true;
}

/* The same for l's own record b, which leaves l's tally: before the record
 * moves out of the passes' reach (dormant, woken by a profile's change). */
static inline void wy_belief_settle(wy_belief_list *l, wy_belief *b) {
  wy_belief_untally(l, b);
  wy_belief_settle_record(l, b);
}

/* A scored entry of l's base from the record's confidence: the sum
 * wy_threat_base makes, in its order, at the scale of the pass that scored
 * it (a brain's change wakes every belief first: belief.c, wake_all). Its
 * first term, the damage's, is +0 (the weight times 0), which adds
 * nothing to the bit to the confidence's product (at least +0). */
static inline float wy_listed_base(const wy_belief_list *l, const wy_listed *e, const wy_belief *b) {
  return l->last_scale.w_confidence * b->confidence + e->state_term;
}

/* A listed entry's threat (and its level in *level) where its agent stood
 * at the last emotion pass: what that pass would have scored it. */
static inline float wy_listed_threat(const wy_belief_list *l, const wy_listed *e, int8_t *level) {
  if (!e->scored) {
    *level = e->threat_level;
    return e->threat;
  }
  float score = e->hostile ? wy_threat_score(&l->last_scale, e->base, wy_threat_nearness(&l->last_scale, e->last_known))
                           : 0.0f;
  *level = wy_threat_level_of(&l->last_scale, score);
  return score;
}

/* Belief i of l (dormant, listed) joins the listed ones, to be scored
 * again from its record at the next emotion pass; one on a rung is looked
 * at again from wake_step or wake_at (wy_listed), now the step under way. */
void wy_belief_listed_add(wy_belief_list *l, int32_t i, double wake_at, uint32_t wake_step, uint32_t now);
/* Every listed belief of the agent's gets its threat and threat level
 * back in its record (a fading one's as a catch-up would score it, without
 * one: saving changes no sleeper). */
void wy_belief_listed_sync(const wary_world *w, int32_t agent);
/* Belief i's threat score, and its level in *level (when level is not
 * NULL): a fading listed one's (wy_belief_fades) from a copy of its record
 * replayed through wy_beliefs_through, the step its last emotion pass
 * scored; the record is left as it is. */
float wy_belief_threat(const wary_world *w, int32_t agent, int32_t i, int8_t *level);
/* Dormant belief i of the agent caught up through step through (at most
 * the step under way: emotion.c, in its pass). */
void wy_belief_catch_up_to(wary_world *w, int32_t agent, int32_t i, uint32_t through);
/* Belief i of the agent and its slots as a snapshot holds them: a dormant
 * one (fading or not) replayed through wy_beliefs_through on the copies
 * (and asleep from the step after), the record left as it is, so that when
 * it was last caught up does not show (a loaded copy, whose records are
 * these, saves what the saved world saves). */
void wy_belief_saved(const wary_world *w, int32_t agent, int32_t i, wy_belief *b, wy_belief_slot *bsl);
/* Belief i's confidence now (through wy_beliefs_through), a fading dormant
 * one's replayed on a copy: the record is left as it is. */
float wy_belief_confidence_now(const wary_world *w, int32_t agent, int32_t i);
/* After loading: the listed ones of awake (awake and listed, merged in one
 * ascending list) move to listed. waits: the snapshot held when each is to
 * be looked at again, read into listed's entries in order (save_state.c,
 * io_rung_waits), now the loaded world's step count; else every one on a
 * rung is looked at in the next step. */
void wy_beliefs_split_listed(wy_belief_list *l, bool waits, uint32_t now);

/* Replays the clocks of agent's dormant beliefs up to wy_beliefs_through. */
void wy_beliefs_catch_up(wary_world *w, int32_t agent);
/* Belief i of agent is touched (a sense reports it, a hit, evidence, a
 * raise): no longer quiet, and if dormant, back in the steps. */
void wy_belief_wake(wary_world *w, int32_t agent, int32_t i);
/* Step dt of agent's resolve: the dormant beliefs counting down to deadline
 * whose time in state plus dt reaches it wake (the step resolves them);
 * the list's deadline_lead for it is taken again from the others. */
void wy_beliefs_wake_due(wary_world *w, int32_t agent, int32_t deadline, float dt);
/* Belief i of l fell asleep in the step of dt under way, counting down to
 * deadline (its time in state after the step: time): it joins l's
 * sleepers for it, in their order (wy_belief_list.sleepers). */
void wy_belief_sleeps(const wary_world *w, wy_belief_list *l, int32_t i, int32_t deadline, float time, float dt);
/* The step begins: its dt is kept in the ring, and every profile's easing
 * for it worked out (wy_profile.step_smooth). */
void wy_beliefs_step_begin(wary_world *w, float dt);
/* The reason stamps are refreshed before any can fall 2^31 steps behind
 * (once in 2^30 steps, before the step's senses write any). */
void wy_beliefs_restamp(wary_world *w);
/* A snapshot was loaded: no agent rests (wy_agent_resting) until its next
 * resolve says so. */
void wy_beliefs_loaded(wary_world *w);

/* Room for need beliefs of stride slots each; false (l as it was, perhaps
 * with more room) on out of memory. */
bool wy_belief_list_reserve(const wary_world *w, wy_belief_list *l, int32_t need, int32_t stride);
/* Whether l holds that room already (wy_belief_list_reserve would change
 * nothing): read only, so the step's parallel passes may ask it. */
bool wy_belief_list_fits(const wy_belief_list *l, int32_t need, int32_t stride);
/* After beliefs left or moved (or were loaded): the index from target to belief again. */
void wy_belief_index_rebuild(wy_belief_list *l);
/* Frees l's tables (not its evidence blocks: the caller gives those back or
 * frees the pool); l is then empty. */
void wy_belief_list_free_tables(const wary_world *w, wy_belief_list *l);

/* The index of l's belief about target, -1 none. */
int32_t wy_belief_find(const wy_belief_list *l, wy_id target);
/* A new belief about target t at the end of agent's list: its index, or -1
 * on out of memory. */
int32_t wy_belief_create(wary_world *w, int32_t agent, wy_id target, const wy_actor *t);
/* The belief of agent about target (made if create), or NULL with *status:
 * the agent's or target's id status or OUT_OF_MEMORY, with their text for fn,
 * or NOT_FOUND without one (for some callers no belief is no failure: they
 * note it with wy_fail_no_belief). *agent_index (NULL: not wanted): the
 * agent's index. */
wy_belief *wy_belief_of(wary_world *w, const char *fn, wy_id agent, wy_id target, bool create,
                        int32_t *agent_index, int *status);
/* WARY_ERR_NOT_FOUND with its text: agent holds no belief about target (about
 * itself: WARY_ERR_BAD_VALUE, wy_fail_self). */
int wy_fail_no_belief(const wary_world *w, const char *fn, wy_id agent, wy_id target);
/* Whether belief i holds nothing, so that the step drops it
 * (wy_beliefs_prune): a step's cost follows what the agent perceives, not
 * everything it ever perceived. An Undetected belief at zero with no sense
 * share, evidence, pending raise or first sighting, and an Expired one once
 * its memory time has passed again. Inline: asked of every belief a step
 * resolves in full. */
static inline bool wy_belief_empty(const wy_belief_list *l, int32_t i, float memory_time) {
  const wy_belief *b = &l->data[i];
  /* A damage record is kept as long as it lasts (a decay rate of 0 never forgets). */
  if (b->confidence > 0.0f || b->evidence >= 0 || b->pending_set >= 0.0f || b->spot_time > 0.0f ||
      b->damage > 0.0f)
    return false;
  if (b->state == WARY_EXPIRED) return b->time_in_state >= memory_time;
  if (b->state != WARY_UNDETECTED || b->sensed) return false;
  const wy_belief_slot *s = wy_belief_slots(l, i);
  for (int32_t k = 0; k < l->stride; k++)
    if (s[k].share > 0.0f || s[k].active) return false;
  return true;
}
/* Drops the beliefs that hold nothing (never a dormant one). */
void wy_beliefs_prune(wy_belief_list *l, float memory_time);

/* Room for one more evidence block, so that wy_evidence_block_of cannot
 * fail; false on out of memory (nothing changed). */
bool wy_evidence_reserve(wary_world *w);
/* The evidence block of b (made empty if it has none), NULL on out of memory. */
wy_evidence_block *wy_evidence_block_of(wary_world *w, wy_belief_list *l, wy_belief *b);
/* b holds no evidence any more: its block goes back to the pool. */
void wy_evidence_block_release(wary_world *w, wy_belief_list *l, wy_belief *b);
static inline int32_t wy_evidence_count_of(const wary_world *w, const wy_belief *b) {
  return b->evidence < 0 ? 0 : w->beliefs->evidence.data[b->evidence].count;
}

/* Vision's confidence c as the belief takes it: held back (0) until the
 * target has been in sight without a break for reaction_time seconds,
 * counted from the first look that saw it (it may have come into view at
 * any time since the look before: counting that look's dt would let a dash
 * shorter than reaction_time through). The first look leaves spot_time at
 * FLT_MIN, not 0: a first sighting under way (drowsy, pruning). Without a
 * hold-back (0, the default) there is nothing to remember, and the belief
 * keeps no first sighting: forgotten, it is dropped as one that was only
 * heard is (wy_belief_empty), rather than kept to be re-spotted at once. */
static inline float wy_belief_first_sight(wy_belief *b, float c, float dt, float reaction_time) {
  if (b->spotted || !(reaction_time > 0.0f)) return c;
  b->spot_time = c > 0.0f ? (b->spot_time > 0.0f ? b->spot_time + dt : FLT_MIN) : 0.0f;
  if (c > 0.0f && b->spot_time >= reaction_time) b->spotted = true;
  return b->spotted ? c : 0.0f;
}

#endif
