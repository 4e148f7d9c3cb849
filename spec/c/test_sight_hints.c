/* test_sight_hints.c - the sight hints of a look (wy_occ_blockers: the
 * boxes that ended the last look at a target, which the next look tests
 * first) never change an answer, and are really used.
 *
 * Occluder level: looks through scattered boxes, each looked at again with
 * the first look's hint after the eye and points were jittered, boxes
 * moved (a refitted tree), removed and added (in place, where a full leaf
 * splits, or a tree built again: a hint's leaf indices may then name other
 * boxes) or given another material, answer
 * to the bit what the look with no hint answers, and what each segment
 * alone answers; a good share of them is answered by the hint, and every
 * hint a walk leaves names opaque boxes that end its segments. Hand-made
 * cases give each way a hint is refused its expected answer: a box off the
 * segment, see-through, past the tree's leaves or its leaf's count,
 * touched only at an end point, or a world with a -0.0 material.
 *
 * World level: two worlds driven alike through a scene of boxes, mostly
 * opaque, that move, vanish, appear and change material, one taking hints
 * and one that takes none (every_part, as test_quiet.c's reference), give
 * the same events every step and the same beliefs when read. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "belief.h"
#include "occ_walk.h"
#include "occluders.h"
#include "world.h"

#include "check.h"
#include "occluder_cases.h"

static wy_allocator heap;

/* A bit of second no segment reads (a look has at most 8): a walk writes
 * second afresh, so a hint still carrying it after a look was not walked
 * over, and the look was answered from it. */
#define UNWALKED (1u << 31)

static const wy_occ_blockers no_hint = {{-1, -1}, 0};

/* Every build leaves and takes hints: the bundle walk (SSE2, occ_walk.h)
 * and the segments walked one by one (a single one, or every look where
 * there is no SSE2: scripts/test.sh's build-scalar runs this test too),
 * to the same rules; the random runs print which walks the build has. */
#ifdef WY_PAIRS_SSE
static const char walks[] = "the bundle walk, and one segment alone";
#else
static const char walks[] = "segments alone (no SSE2)";
#endif

/* Slot's box in a built tree as a hint names it: 4 x its leaf4 + its lane
 * (the lanes are the leaf's boxes in leaf order, as leaf4_put lays them). */
static int32_t box_at(wy_occluders *o, int32_t slot) {
  if (!wy_occ_prepare(o)) return -1;
  int32_t node = o->slot_leaf.data[slot];
  const wy_bvh_node *leaf = &o->nodes.data[node];
  for (int32_t i = 0; i < leaf->count; i++)
    if (o->leaves.data[leaf->first + i].slot == slot) return 4 * o->leaf_of.data[node] + i;
  return -1;
}

/* The slot of the box a hint names in the built tree (box_at's inverse),
 * or -1 where it names none. */
static int32_t slot_at(const wy_occluders *o, int32_t at) {
  if (at < 0) return -1;
  for (int32_t n = 0; n < o->nodes.count; n++) {
    const wy_bvh_node *node = &o->nodes.data[n];
    if (node->count > 0 && o->leaf_of.data[n] == at >> 2)
      return (at & 3) < node->count ? o->leaves.data[node->first + (at & 3)].slot : -1;
  }
  return -1;
}

static bool same_hint(const wy_occ_blockers *x, const wy_occ_blockers *y) {
  return x->box[0] == y->box[0] && x->box[1] == y->box[1] && x->second == y->second;
}

/* ---- occluder level: random looks ------------------------------------- */

/* Mostly opaque, some see-through, one clear. */
static const wy_material hint_mats[8] = {
    {0.0f, true}, {0.5f, false}, {0.0f, true}, {0.72f, false},
    {0.0f, false}, {1.0f, false}, {0.0f, true}, {0.3f, true},
};

typedef struct look {
  float eye[3];
  float pts[WARY_MAX_SAMPLES][3];
  int32_t n;
} look;

typedef struct tally {
  int looks;       /* second looks, each with the first look's hint */
  int offered;     /* of those, with a hint that named a box */
  int taken;       /* answered from the hint, not walked */
  int mode_offered[6], mode_taken[6]; /* by what changed in between (perturb) */
  int other_offered, other_taken; /* a hint naming an opaque box the walk did not name */
  int single_offered, single_taken; /* looks of one segment (walked alone in every build) */
  int found;       /* first looks whose walk left a hint */
  int zero;        /* first looks that ended all their segments at 0 */
  int bad;         /* answers other than the look's with no hint, or each segment's alone */
  int lies;        /* hints a walk left that do not name opaque boxes ending its segments */
  int missed;      /* looks of one segment repeated, ended at 0, that left no hint */
} tally;

static int add_failures;

/* Boxes over 50 m x 50 m, up to 4 m tall; snapped ones on whole metres. */
static void scatter_box(wy_occluders *o, int32_t slot, bool snapped, bool add) {
  float min[3] = {rng_range(-25, 25), rng_range(-25, 25), rng_range(0, 1)};
  float max[3] = {min[0] + rng_range(0.3f, 4), min[1] + rng_range(0.3f, 4), min[2] + rng_range(0.2f, 3)};
  if (snapped) {
    for (int k = 0; k < 3; k++) {
      min[k] = floorf(min[k]);
      max[k] = floorf(max[k]);
    }
  }
  if (add)
    add_failures += !wy_occ_add(o, slot, min, max, (int32_t)(rng_next() % 8));
  else
    wy_occ_set_bounds(o, slot, min, max);
}

/* Vision's looks: an eye and 1-8 points on a body up to 20 m away (a
 * column 0.1-1.8 m high, half a metre wide), or points anywhere within 25 m;
 * every fifth one segment repeated (then one box ends them all). One point
 * is walked alone even where bundles are (SSE2). */
static void draw_look(look *l, int i, bool snapped) {
  l->n = 1 + (int32_t)(rng_next() % WARY_MAX_SAMPLES);
  float *eye = l->eye;
  eye[0] = rng_range(-25, 25);
  eye[1] = rng_range(-25, 25);
  eye[2] = rng_range(0.5f, 2.0f);
  bool body = i % 4 != 0;
  float cx = eye[0] + rng_range(-20, 20), cy = eye[1] + rng_range(-20, 20);
  for (int32_t r = 0; r < l->n; r++) {
    float *p = l->pts[r];
    if (body) {
      p[0] = cx + rng_range(-0.25f, 0.25f);
      p[1] = cy + rng_range(-0.25f, 0.25f);
      p[2] = rng_range(0.1f, 1.8f);
    } else {
      p[0] = eye[0] + rng_range(-25, 25);
      p[1] = eye[1] + rng_range(-25, 25);
      p[2] = rng_range(-1, 4);
    }
    if (snapped)
      for (int k = 0; k < 3; k++) p[k] = floorf(p[k]);
  }
  if (snapped)
    for (int k = 0; k < 3; k++) eye[k] = floorf(eye[k]);
  if (i % 5 == 0)
    for (int32_t r = 1; r < l->n; r++) memcpy(l->pts[r], l->pts[0], sizeof l->pts[0]);
}

/* Moves the eye and every point by up to size on each axis (snapped: by
 * whole metres, or not at all). */
static void jitter(look *l, float size, bool snapped) {
  for (int k = 0; k < 3; k++) l->eye[k] += snapped ? floorf(rng_range(-size, size) + 0.5f) : rng_range(-size, size);
  for (int32_t r = 0; r < l->n; r++)
    for (int k = 0; k < 3; k++)
      l->pts[r][k] += snapped ? floorf(rng_range(-size, size) + 0.5f) : rng_range(-size, size);
}

/* The look with no hint, to the bit what each segment alone answers (false
 * where some segment's is not). */
static bool answer(wy_occluders *o, const wy_material *mats, const look *l, float *want) {
  bool ok = wy_occ_sight_many(o, mats, l->eye, (const float(*)[3])l->pts, l->n, want, NULL);
  for (int32_t r = 0; r < l->n; r++) {
    float alone;
    ok = wy_occ_sight(o, mats, l->eye, l->pts[r], &alone) && bits_of(alone) == bits_of(want[r]) && ok;
  }
  return ok;
}

/* Whether the hint a walk left is what wy_occ_blockers says: none, or
 * every segment at 0, ended by an opaque box the segment touches (the
 * library's own segment test written apart: brute_touch), at most two of
 * them, second naming which. */
static bool hint_true(const wy_occluders *o, const wy_material *mats, const look *l, const float *got,
                      const wy_occ_blockers *k) {
  if (k->box[0] < 0) return k->box[1] == -1 && k->second == 0;
  if (k->second >> l->n || k->box[0] == k->box[1] || (k->box[1] < 0 && k->second)) return false;
  for (int32_t r = 0; r < l->n; r++) {
    int32_t slot = slot_at(o, k->box[k->second >> r & 1]);
    if (got[r] != 0.0f || slot < 0) return false;
    const wy_box *box = &o->boxes.data[slot];
    if (!box->alive || mats[box->material].vision_transmission != 0.0f || !brute_touch(box, l->eye, l->pts[r]))
      return false;
  }
  return true;
}

/* Another opaque box than the ones k names that every segment touches: a
 * hint naming it is one the walk would not leave (it names k's), so a look
 * that keeps it was not walked. -1 when there is none. */
static int32_t other_blocker(wy_occluders *o, const wy_material *mats, const look *l, const wy_occ_blockers *k) {
  for (int32_t s = 0; s < o->boxes.count; s++) {
    const wy_box *box = &o->boxes.data[s];
    if (!box->alive || mats[box->material].vision_transmission != 0.0f) continue;
    bool all = true;
    for (int32_t r = 0; r < l->n && all; r++) all = brute_touch(box, l->eye, l->pts[r]);
    int32_t at = all ? box_at(o, s) : -1;
    if (at >= 0 && at != k->box[0] && at != k->box[1]) return at;
  }
  return -1;
}

/* A look with hint k (marked UNWALKED when it names a box): its answers
 * against want (the look's with no hint, taken after it), and whether the
 * hint answered it (then every answer is +0 and k is as it was). */
static bool look_with(wy_occluders *o, const wy_material *mats, const look *l, wy_occ_blockers *k, tally *t) {
  float got[WARY_MAX_SAMPLES], want[WARY_MAX_SAMPLES];
  if (k->box[0] >= 0) k->second |= UNWALKED;
  wy_occ_blockers given = *k;
  bool ok = wy_occ_sight_many(o, mats, l->eye, (const float(*)[3])l->pts, l->n, got, k);
  bool taken = (k->second & UNWALKED) && same_hint(k, &given);
  if (taken) {
    for (int32_t r = 0; r < l->n; r++) ok = ok && bits_of(got[r]) == 0u;
  } else if ((k->second & UNWALKED) || !o->signed_zero) {
    /* A walk writes the whole hint afresh. A tree with -0.0 may be built
     * again after the walk (a refitted tree's 0 taken again alone), so
     * there a hint's indices may be the old tree's. */
    t->lies += (k->second & UNWALKED) || !hint_true(o, mats, l, got, k);
  }
  ok = answer(o, mats, l, want) && ok;
  for (int32_t r = 0; r < l->n; r++) ok = ok && bits_of(got[r]) == bits_of(want[r]);
  if (!ok) {
    t->bad++;
    if (t->bad <= 5)
      fprintf(stderr, "hinted look of %d from (%a %a %a), hint {%d %d %#x}: %s; first got %a, want %a\n",
              (int)l->n, (double)l->eye[0], (double)l->eye[1], (double)l->eye[2], (int)given.box[0],
              (int)given.box[1], (unsigned)given.second, taken ? "taken" : "walked", (double)got[0],
              (double)want[0]);
  }
  return taken;
}

/* Between the two looks: the eye and points jittered a little or a lot,
 * boxes moved (the hint's among them), removed and added, or given another
 * material. k is the first look's hint. */
static void perturb(wy_occluders *o, look *l, const wy_occ_blockers *k, int mode, int32_t boxes, bool snapped) {
  int32_t named = slot_at(o, k->box[0]);
  switch (mode) {
  case 1: jitter(l, snapped ? 0.5f : rng_range(0.0001f, 0.05f), snapped); break;
  case 2: jitter(l, rng_range(0.5f, 4.0f), snapped); break;
  case 3:
    /* A refit: the named box a little or a lot, and some others. */
    if (named >= 0) {
      wy_box *box = &o->boxes.data[named];
      float d = rng_next() % 2 ? rng_range(-0.05f, 0.05f) : rng_range(-3, 3);
      if (snapped) d = floorf(d + 0.5f);
      float min[3] = {box->min[0] + d, box->min[1], box->min[2]}, max[3] = {box->max[0] + d, box->max[1], box->max[2]};
      wy_occ_set_bounds(o, named, min, max);
    }
    for (int j = 0; j < 3; j++) scatter_box(o, (int32_t)(rng_next() % (uint32_t)boxes), snapped, false);
    break;
  case 4:
    /* Removed and added again: in place (a full leaf splits) or, once the
     * tree took its allowance of adds, a build: leaf indices may now name
     * other boxes. */
    for (int j = 0; j < 3; j++) {
      int32_t s = j == 0 && named >= 0 ? named : (int32_t)(rng_next() % (uint32_t)boxes);
      wy_occ_remove(o, s);
      scatter_box(o, s, snapped, true);
    }
    break;
  case 5:
    if (named >= 0) wy_occ_set_material(o, named, (int32_t)(rng_next() % 8));
    wy_occ_set_material(o, (int32_t)(rng_next() % (uint32_t)boxes), (int32_t)(rng_next() % 8));
    break;
  default: break;
  }
}

static void random_looks(wy_occluders *o, const wy_material *mats, int count, int32_t boxes, bool snapped,
                         tally *t) {
  for (int i = 0; i < count; i++) {
    look l;
    draw_look(&l, i, snapped);
    bool repeated = i % 5 == 0;
    float got[WARY_MAX_SAMPLES], want[WARY_MAX_SAMPLES];
    wy_occ_blockers k0 = no_hint;
    bool ok = wy_occ_sight_many(o, mats, l.eye, (const float(*)[3])l.pts, l.n, got, &k0);
    if (!o->signed_zero) t->lies += !hint_true(o, mats, &l, got, &k0);
    ok = answer(o, mats, &l, want) && ok;
    bool zero = true;
    for (int32_t r = 0; r < l.n; r++) {
      ok = ok && bits_of(got[r]) == bits_of(want[r]);
      zero = zero && got[r] == 0.0f;
    }
    t->bad += !ok;
    t->zero += zero;
    t->found += k0.box[0] >= 0;
    /* One segment repeated and ended at a 0: one box ended them all. */
    t->missed += repeated && zero && k0.box[0] < 0;
    /* A hint naming some other opaque box that every segment touches: the
     * look again, nothing changed, keeps it untouched (not walked). */
    if (k0.box[0] >= 0 && i % 3 == 0) {
      int32_t other = other_blocker(o, mats, &l, &k0);
      if (other >= 0) {
        wy_occ_blockers k = {{other, -1}, 0};
        t->other_offered++;
        t->other_taken += look_with(o, mats, &l, &k, t);
      }
    }
    int mode = (int)(rng_next() % 6);
    perturb(o, &l, &k0, mode, boxes, snapped);
    wy_occ_blockers k = k0;
    bool taken = look_with(o, mats, &l, &k, t);
    t->looks++;
    t->offered += k0.box[0] >= 0;
    t->taken += taken;
    t->mode_offered[mode] += k0.box[0] >= 0;
    t->mode_taken[mode] += taken;
    t->single_offered += l.n == 1 && k0.box[0] >= 0;
    t->single_taken += l.n == 1 && taken;
  }
}

static void test_random(void) {
  enum { BOXES = 600, LOOKS = 4000 };
  const struct {
    const wy_material *mats;
    bool signed_zero, snapped;
    const char *what;
  } runs[] = {
      {hint_mats, false, false, "mostly opaque"},
      {rounding, false, false, "products that round"},
      {hint_mats, false, true, "whole metres (grazing)"},
      {signed_zeros, true, false, "0 and -0.0 (no hint taken)"},
  };
  for (size_t j = 0; j < sizeof runs / sizeof runs[0]; j++) {
    wy_occluders o;
    wy_occ_init(&o, &heap);
    o.signed_zero = runs[j].signed_zero;
    for (int32_t s = 0; s < BOXES; s++) scatter_box(&o, s, runs[j].snapped, true);
    tally t = {0};
    random_looks(&o, runs[j].mats, LOOKS, BOXES, runs[j].snapped, &t);
    const int *mo = t.mode_offered, *mt = t.mode_taken;
    printf("sight hints, %s (%s): %d looks again with the first's hint, %d named a box, %d answered by it "
           "(nothing changed %d of %d, jittered a little %d of %d, a lot %d of %d, boxes refitted %d of %d, "
           "removed and added %d of %d, materials %d of %d; naming another blocker %d of %d; one segment %d of %d); "
           "%d first looks at 0, %d left a hint; %d answers other than the hintless look's, %d untrue hints, "
           "%d repeated segments without one\n",
           runs[j].what, walks, t.looks, t.offered, t.taken, mt[0], mo[0], mt[1], mo[1], mt[2], mo[2], mt[3], mo[3],
           mt[4], mo[4], mt[5], mo[5], t.other_taken, t.other_offered, t.single_taken, t.single_offered, t.zero,
           t.found, t.bad, t.lies, t.missed);
    ENSURE(add_failures == 0 && t.bad == 0 && t.lies == 0);
    if (runs[j].signed_zero) {
      /* A -0.0 material: the walk decides the sign of every 0. */
      ENSURE(t.taken == 0 && t.other_taken == 0 && t.found > t.looks / 10 && t.missed == 0);
      ENSURE(t.mode_offered[0] > 50 && t.single_offered > 20);
    } else {
      /* The hints are used: every look again with nothing changed, every
       * other blocker named, and a good share of all, looks of one
       * segment among them. */
      ENSURE(mo[0] > 50 && mt[0] == mo[0]);
      for (int m = 1; m < 6; m++) ENSURE(mt[m] > 0);
      ENSURE(t.other_offered > 50 && t.other_taken == t.other_offered);
      ENSURE(t.found > t.looks / 5 && t.taken > t.offered / 3 && t.missed == 0);
      ENSURE(t.single_offered > 50 && t.single_taken > t.single_offered / 3);
    }
    wy_occ_free(&o);
  }
}

/* ---- occluder level: hand-made cases ---------------------------------- */

static const wy_material hand[4] = {{0.0f, true}, {0.5f, false}, {1.0f, false}, {-0.0f, true}};
enum { OPAQUE, GLASS, CLEAR, NEG_ZERO };

static void put(wy_occluders *o, int32_t slot, float x0, float y0, float z0, float x1, float y1, float z1,
                int32_t material) {
  const float min[3] = {x0, y0, z0}, max[3] = {x1, y1, z1};
  ENSURE(wy_occ_add(o, slot, min, max, material));
}

/* A look from eye at n points with hint k (marked UNWALKED when it names
 * a box): out gets the answers; whether the hint answered it. */
static bool hinted(wy_occluders *o, const float eye[3], const float (*pts)[3], int32_t n, wy_occ_blockers *k,
                   float *out) {
  if (k->box[0] >= 0) k->second |= UNWALKED;
  wy_occ_blockers given = *k;
  ENSURE(wy_occ_sight_many(o, hand, eye, pts, n, out, k));
  bool taken = (k->second & UNWALKED) && same_hint(k, &given);
  k->second &= ~UNWALKED;
  return taken;
}

/* Every answer's bits are want's. */
static bool all_bits(const float *got, int32_t n, float want) {
  for (int32_t r = 0; r < n; r++)
    if (bits_of(got[r]) != bits_of(want)) return false;
  return true;
}

/* Twelve boxes out of the way (y 20 m on), so that the tree has leaves
 * and pairs; slots 20-31. */
static void fillers(wy_occluders *o) {
  for (int32_t i = 0; i < 12; i++)
    put(o, 20 + i, (float)i * 3.0f, 20.0f, 0.0f, (float)i * 3.0f + 1.0f, 21.0f, 3.0f, OPAQUE);
}

enum { NEAR = 0, FAR = 1, GLASS_BOX = 2, LOW = 3, HIGH = 4, SIDE = 5 };

/* (a)-(d) and two boxes: a ray's blockers, which of them a hint may name,
 * and the hints refused. */
static void test_hand_blockers(void) {
  wy_occluders o;
  wy_occ_init(&o, &heap);
  fillers(&o);
  put(&o, NEAR, 2, -1, 0, 3, 1, 3, OPAQUE);
  put(&o, FAR, 6, -1, 0, 7, 1, 3, OPAQUE);
  const float eye[3] = {0, 0, 1.7f};
  const float pts[3][3] = {{10, 0, 0.5f}, {10, 0.2f, 1.0f}, {10, -0.2f, 1.5f}};
  float out[3];
  /* The walk meets the near box first (nearer subtrees first) and names it. */
  wy_occ_blockers k = no_hint;
  ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f));
  int32_t near = box_at(&o, NEAR), far = box_at(&o, FAR);
  ENSURE(near >= 0 && far >= 0 && k.box[0] == near && k.box[1] == -1 && k.second == 0);
  /* (a) A hint naming the far box, which the walk would not name: taken,
   * every answer +0, the hint as it was. */
  k = (wy_occ_blockers){{far, -1}, 0};
  ENSURE(hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == far && k.box[1] == -1 && k.second == 0);
  /* Both named, the far one (box[1]) for every segment, or for one. */
  k = (wy_occ_blockers){{near, far}, 7};
  ENSURE(hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == near && k.box[1] == far && k.second == 7);
  k = (wy_occ_blockers){{far, near}, 2};
  ENSURE(hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f));
  /* (b) The far box moved off the ray (a refit): the same hint is walked
   * over, the near box answers 0 and is named. */
  const float far_min[3] = {6, 4, 0}, far_max[3] = {7, 5, 3};
  wy_occ_set_bounds(&o, FAR, far_min, far_max);
  ENSURE(o.refitted && !o.dirty && box_at(&o, FAR) == far);
  k = (wy_occ_blockers){{far, -1}, 0};
  ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == near && k.box[1] == -1 && k.second == 0);
  /* Named for one segment only (box[1] for segment 1): walked too. */
  k = (wy_occ_blockers){{near, far}, 2};
  ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == near && k.box[1] == -1 && k.second == 0);
  /* box[1] none, yet segment 1 said to be its: walked. */
  k = (wy_occ_blockers){{near, -1}, 2};
  ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == near && k.box[1] == -1 && k.second == 0);

  /* (c) A ray 10 m aside, clear: a hint naming the opaque near box, which
   * it does not touch, is walked over and 1 comes back, with no hint. */
  const float eye2[3] = {0, 10, 1.7f};
  const float pts2[3][3] = {{10, 10, 0.5f}, {10, 10.2f, 1.0f}, {10, 9.8f, 1.5f}};
  k = (wy_occ_blockers){{near, -1}, 0};
  ENSURE(!hinted(&o, eye2, pts2, 3, &k, out) && all_bits(out, 3, 1.0f));
  ENSURE(k.box[0] == -1 && k.box[1] == -1 && k.second == 0);
  /* Glass on it: 0.5, whichever the hint names: the near box (off the
   * ray), or (d) the glass itself, on the ray but see-through. */
  put(&o, GLASS_BOX, 4, 9, 0, 5, 11, 3, GLASS);
  int32_t glass = box_at(&o, GLASS_BOX);
  near = box_at(&o, NEAR); /* the add may have split its leaf: the leaves may have moved */
  ENSURE(glass >= 0 && near >= 0);
  k = (wy_occ_blockers){{near, -1}, 0};
  ENSURE(!hinted(&o, eye2, pts2, 3, &k, out) && all_bits(out, 3, 0.5f) && k.box[0] == -1);
  k = (wy_occ_blockers){{glass, -1}, 0};
  ENSURE(!hinted(&o, eye2, pts2, 3, &k, out) && all_bits(out, 3, 0.5f) && k.box[0] == -1);
  k = (wy_occ_blockers){{glass, near}, 6};
  ENSURE(!hinted(&o, eye2, pts2, 3, &k, out) && all_bits(out, 3, 0.5f) && k.box[0] == -1);
  /* The glass made opaque (its material, no build): now the hint holds. */
  wy_occ_set_material(&o, GLASS_BOX, OPAQUE);
  ENSURE(!o.dirty && box_at(&o, GLASS_BOX) == glass);
  k = (wy_occ_blockers){{glass, -1}, 0};
  ENSURE(hinted(&o, eye2, pts2, 3, &k, out) && all_bits(out, 3, 0.0f) && k.box[0] == glass);
  /* And see-through again: the same hint is walked over. */
  wy_occ_set_material(&o, GLASS_BOX, GLASS);
  ENSURE(!hinted(&o, eye2, pts2, 3, &k, out) && all_bits(out, 3, 0.5f) && k.box[0] == -1);

  /* Two blockers, a ray 10 m the other side: the low wall ends the low
   * segment, the high wall the two others; a third box ends a fifth. */
  put(&o, LOW, 4, -11, 0, 5, -9, 1.2f, OPAQUE);
  put(&o, HIGH, 6, -11, 1.25f, 7, -9, 3, OPAQUE);
  put(&o, SIDE, 8, -8.5f, 0, 8.5f, -8, 3, OPAQUE);
  const float eye3[3] = {0, -10, 1.7f};
  const float pts3[5][3] = {{10, -10, 0.5f}, {10, -10, 1.0f}, {10, -10, 1.5f}, {10, -12.5f, 1.5f}, {10, -8, 1.5f}};
  int32_t low = box_at(&o, LOW), high = box_at(&o, HIGH), side = box_at(&o, SIDE);
  ENSURE(low >= 0 && high >= 0 && side >= 0);
  k = no_hint;
  ENSURE(!hinted(&o, eye3, pts3, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == low && k.box[1] == high && k.second == 6);
  ENSURE(hinted(&o, eye3, pts3, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == low && k.box[1] == high && k.second == 6);
  /* Swapped (the low wall for the high segments): walked, and found again. */
  k.second = 1;
  ENSURE(!hinted(&o, eye3, pts3, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == low && k.box[1] == high && k.second == 6);
  /* A segment left clear (1.0): no hint, nor where the first is clear. */
  float mixed[3];
  const float clear_first[2][3] = {{10, -12.5f, 1.5f}, {10, -10, 0.5f}};
  k = (wy_occ_blockers){{low, -1}, 0};
  ENSURE(!hinted(&o, eye3, (const float(*)[3])pts3 + 2, 2, &k, mixed));
  ENSURE(bits_of(mixed[0]) == 0u && mixed[1] == 1.0f && k.box[0] == -1 && k.box[1] == -1 && k.second == 0);
  k = (wy_occ_blockers){{low, -1}, 0};
  ENSURE(!hinted(&o, eye3, clear_first, 2, &k, mixed));
  ENSURE(mixed[0] == 1.0f && bits_of(mixed[1]) == 0u && k.box[0] == -1 && k.second == 0);
  /* Three boxes end the segments: more than a hint holds. */
  const float three[3][3] = {{10, -10, 0.5f}, {10, -10, 1.5f}, {10, -8, 1.5f}};
  k = (wy_occ_blockers){{low, high}, 2};
  ENSURE(!hinted(&o, eye3, three, 3, &k, out) && all_bits(out, 3, 0.0f));
  ENSURE(k.box[0] == -1 && k.box[1] == -1 && k.second == 0);
  /* One segment, walked alone in every build, takes a hint and leaves
   * one as a bundle does: the low wall ends the low segment, the high
   * wall the high one (named as box[1], or box[0]). */
  k = (wy_occ_blockers){{low, -1}, 0};
  ENSURE(hinted(&o, eye3, pts3, 1, &k, out) && all_bits(out, 1, 0.0f));
  ENSURE(k.box[0] == low && k.box[1] == -1 && k.second == 0);
  k = (wy_occ_blockers){{low, high}, 1};
  ENSURE(hinted(&o, eye3, (const float(*)[3])pts3 + 2, 1, &k, out) && all_bits(out, 1, 0.0f));
  ENSURE(k.box[0] == low && k.box[1] == high && k.second == 1);
  /* The high wall named for the low segment: walked, and the low one
   * named; the low wall for the high one: the high one named. */
  k = (wy_occ_blockers){{high, -1}, 0};
  ENSURE(!hinted(&o, eye3, pts3, 1, &k, out) && all_bits(out, 1, 0.0f));
  ENSURE(k.box[0] == low && k.box[1] == -1 && k.second == 0);
  k = (wy_occ_blockers){{low, high}, 0};
  ENSURE(!hinted(&o, eye3, (const float(*)[3])pts3 + 2, 1, &k, out) && all_bits(out, 1, 0.0f));
  ENSURE(k.box[0] == high && k.box[1] == -1 && k.second == 0);
  /* The clear segment: walked, 1, and no hint. */
  k = (wy_occ_blockers){{low, -1}, 0};
  ENSURE(!hinted(&o, eye3, (const float(*)[3])pts3 + 3, 1, &k, out) && all_bits(out, 1, 1.0f));
  ENSURE(k.box[0] == -1 && k.box[1] == -1 && k.second == 0);
  /* More segments than a look has (second has a bit for each of a
   * look's): walked, every one behind the low wall, and no hint. */
  float nine[WARY_MAX_SAMPLES + 1][3], many[WARY_MAX_SAMPLES + 1];
  for (int32_t r = 0; r <= WARY_MAX_SAMPLES; r++) memcpy(nine[r], pts3[0], sizeof nine[r]);
  k = (wy_occ_blockers){{low, -1}, 0};
  ENSURE(!hinted(&o, eye3, (const float(*)[3])nine, WARY_MAX_SAMPLES + 1, &k, many));
  ENSURE(all_bits(many, WARY_MAX_SAMPLES + 1, 0.0f) && k.box[0] == -1 && k.box[1] == -1 && k.second == 0);
  wy_occ_free(&o);
}

/* (e) Hints past the tree: a leaf index past its leaves (a tree built
 * again smaller, whose room still holds the old leaves: what they held
 * must not be read as boxes), past the room itself, a lane past its
 * leaf's count (an empty lane, which exact_hit takes for the unit cube),
 * negative box[1]. Each is walked over, and reads nothing out of bounds
 * (the ASan builds). */
static void test_hand_bounds(void) {
  wy_occluders o;
  wy_occ_init(&o, &heap);
  enum { SLABS = 64 };
  for (int32_t i = 0; i < SLABS; i++) put(&o, i, 2.0f + 0.4f * (float)i, -1, 0, 2.1f + 0.4f * (float)i, 1, 3, OPAQUE);
  const float eye[3] = {0, 0, 1.7f};
  const float pts[3][3] = {{30, 0, 0.5f}, {30, 0.2f, 1.0f}, {30, -0.2f, 1.5f}};
  float out[3];
  wy_occ_blockers k = no_hint;
  ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f) && k.box[0] >= 0);
  /* The last leaf's first slab, on the ray: a hint that holds. */
  int32_t old_leaves = wy_occ_leaf_count(&o), stale = 4 * (old_leaves - 1);
  ENSURE(old_leaves > 4 && slot_at(&o, stale) >= 0);
  k = (wy_occ_blockers){{stale, -1}, 0};
  ENSURE(hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.0f));
  /* Every slab gone; glass on the ray, and two opaque boxes elsewhere. */
  void *room = o.walk_block;
  for (int32_t i = 0; i < SLABS; i++) wy_occ_remove(&o, i);
  put(&o, 0, 1, -1, 0, 1.5f, 1, 3, GLASS);
  put(&o, 1, 5, 9, 0, 6, 11, 3, OPAQUE);
  put(&o, 2, 5, -31, 0, 6, -29, 3, OPAQUE);
  ENSURE(box_at(&o, 0) >= 0 && wy_occ_leaf_count(&o) == 1 && o.walk_block == room);
  ENSURE(o.leaf4s[stale >> 2].count > 0); /* the old leaf, still in the room */
  k = (wy_occ_blockers){{stale, -1}, 0};
  ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.5f) && k.box[0] == -1);
  /* Past the room (64 leaves' worth), and far past. */
  const int32_t past[] = {4 * (SLABS + 4), 4 * (SLABS + 4) + 3, INT32_MAX};
  for (size_t i = 0; i < sizeof past / sizeof past[0]; i++) {
    k = (wy_occ_blockers){{past[i], -1}, 0};
    ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, 0.5f) && k.box[0] == -1);
  }
  /* Lane 3 of the one leaf (three boxes): empty, its bounds 1 to 0 on each
   * axis (leaf4_put) and material 0, opaque: a segment through the unit
   * cube, every axis moving, would take it as a blocker. */
  const float eye4[3] = {-1, 0.5f, 0.5f};
  const float pts4[2][3] = {{3, 0.6f, 0.4f}, {3, 0.4f, 0.6f}};
  ENSURE(o.leaf4s[0].count == 3);
  k = (wy_occ_blockers){{3, -1}, 0};
  ENSURE(!hinted(&o, eye4, pts4, 2, &k, out) && all_bits(out, 2, 0.5f) && k.box[0] == -1);
  /* Behind an opaque box: box[0] holds, box[1] (-1) named for segment 1. */
  const float eye5[3] = {0, 10, 1.7f};
  const float pts5[2][3] = {{10, 10, 1.0f}, {10, 10.2f, 1.2f}};
  int32_t wall = box_at(&o, 1);
  k = (wy_occ_blockers){{wall, -1}, 2};
  ENSURE(!hinted(&o, eye5, pts5, 2, &k, out) && all_bits(out, 2, 0.0f));
  ENSURE(k.box[0] == wall && k.box[1] == -1 && k.second == 0);
  const int32_t negative[] = {-5, INT32_MIN};
  for (size_t i = 0; i < sizeof negative / sizeof negative[0]; i++) {
    k = (wy_occ_blockers){{wall, negative[i]}, 2};
    ENSURE(!hinted(&o, eye5, pts5, 2, &k, out) && all_bits(out, 2, 0.0f) && k.box[0] == wall && k.box[1] == -1);
  }
  wy_occ_free(&o);
}

/* (f) A -0.0 material (signed_zero): the walk decides the sign of each 0,
 * a hint none: behind a -0.0 box every answer is -0.0 (1 x -0.0), behind
 * an opaque one +0, hint or not. */
static void test_hand_signed_zero(void) {
  wy_occluders o;
  wy_occ_init(&o, &heap);
  o.signed_zero = true;
  fillers(&o);
  put(&o, 0, 2, -1, 0, 3, 1, 3, NEG_ZERO);
  put(&o, 1, 2, 9, 0, 3, 11, 3, OPAQUE);
  const float eye[3] = {0, 0, 1.7f};
  const float pts[3][3] = {{10, 0, 0.5f}, {10, 0.2f, 1.0f}, {10, -0.2f, 1.5f}};
  float out[3];
  wy_occ_blockers k = no_hint;
  ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, -0.0f));
  int32_t neg = box_at(&o, 0);
  ENSURE(k.box[0] == neg && k.box[1] == -1);
  ENSURE(!hinted(&o, eye, pts, 3, &k, out) && all_bits(out, 3, -0.0f));
  const float eye2[3] = {0, 10, 1.7f};
  const float pts2[2][3] = {{10, 10, 0.5f}, {10, 10.2f, 1.5f}};
  k = (wy_occ_blockers){{box_at(&o, 1), -1}, 0};
  ENSURE(!hinted(&o, eye2, pts2, 2, &k, out) && all_bits(out, 2, 0.0f));
  /* The opaque box moved across the fillers (a refit): a refitted tree's
   * 0 is taken again from a fresh build (order_free), and a segment
   * walked alone names the box where its last walk met it, in the tree
   * built now (not where the refitted one had it). */
  int32_t before = box_at(&o, 1);
  const float moved_min[3] = {30, 9, 0}, moved_max[3] = {31, 11, 3};
  wy_occ_set_bounds(&o, 1, moved_min, moved_max);
  ENSURE(o.refitted && !o.dirty && box_at(&o, 1) == before);
  const float eye6[3] = {25, 10, 1.7f};
  const float pts6[1][3] = {{35, 10, 1.0f}};
  k = no_hint;
  ENSURE(!hinted(&o, eye6, pts6, 1, &k, out) && all_bits(out, 1, 0.0f));
  int32_t after = box_at(&o, 1);
  ENSURE(!o.refitted && after >= 0 && after != before && k.box[0] == after && k.box[1] == -1);
  wy_occ_free(&o);
}

/* (g) Segments that meet the hinted box in a single point at an end (on
 * its near face; from its far face, looking away): exact_hit misses them,
 * the walk says 1, and so must the look. A segment that ends inside it
 * does touch it. */
static void test_hand_end_points(void) {
  wy_occluders o;
  wy_occ_init(&o, &heap);
  fillers(&o);
  put(&o, 0, 2, -1, 0, 3, 1, 3, OPAQUE);
  int32_t box = box_at(&o, 0);
  const float eye[3] = {0, 0, 1.7f};
  const float on_face[3][3] = {{2, 0, 1.0f}, {2, 0.5f, 0.5f}, {2, -0.5f, 2.0f}};
  float out[3];
  wy_occ_blockers k = {{box, -1}, 0};
  ENSURE(!hinted(&o, eye, on_face, 3, &k, out) && all_bits(out, 3, 1.0f) && k.box[0] == -1);
  const float from_face[3] = {3, 0, 1.7f};
  const float away[2][3] = {{8, 0, 1.0f}, {8, 0.3f, 1.5f}};
  k = (wy_occ_blockers){{box, -1}, 0};
  ENSURE(!hinted(&o, from_face, away, 2, &k, out) && all_bits(out, 2, 1.0f) && k.box[0] == -1);
  /* One point on the face, one just inside: walked, 1 and 0. */
  const float half[2][3] = {{2, 0, 1.0f}, {2.01f, 0, 1.0f}};
  k = (wy_occ_blockers){{box, -1}, 0};
  ENSURE(!hinted(&o, eye, half, 2, &k, out) && out[0] == 1.0f && bits_of(out[1]) == 0u && k.box[0] == -1);
  /* Both inside: the hint holds. */
  const float inside[2][3] = {{2.01f, 0, 1.0f}, {2.5f, 0.5f, 0.5f}};
  k = (wy_occ_blockers){{box, -1}, 0};
  ENSURE(hinted(&o, eye, inside, 2, &k, out) && all_bits(out, 2, 0.0f));
  wy_occ_free(&o);
}

/* ---- world level ------------------------------------------------------- */

#define AGENTS 40
#define TARGETS 15
#define BOXES 300
#define STEPS 600

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

/* A number drawn from what is done (step, what, which): the same for both
 * worlds, whichever asks first. */
static uint32_t draw(uint32_t step, uint32_t what, uint32_t which) {
  uint32_t x = step * 2654435761u ^ what * 40503u ^ which * 2246822519u;
  x ^= x >> 15;
  x *= 2246822519u;
  x ^= x >> 13;
  x *= 3266489917u;
  x ^= x >> 16;
  return x;
}

static float draw_unit(uint32_t step, uint32_t what, uint32_t which) {
  return (float)(draw(step, what, which) >> 8) / 16777216.0f;
}

typedef struct scene {
  wary_world *w;
  wary_actor_id agents[AGENTS], targets[TARGETS];
  wary_box_id boxes[BOXES];
  int32_t opaque, glass, shutter; /* materials: 0, 0.5, 0 or 0.6 by turns */
  float at[AGENTS + TARGETS][2];  /* where each actor stands */
  float bounds[BOXES][6];         /* each box's, min then max */
} scene;

/* Box i's bounds as drawn at step n: 60 m x 60 m, 0.3-3 m wide, low walls
 * and tall ones. */
static void box_bounds(uint32_t n, int32_t i, float min[3], float max[3]) {
  uint32_t b = (uint32_t)i;
  min[0] = -30.0f + 60.0f * draw_unit(n, 1, b);
  min[1] = -30.0f + 60.0f * draw_unit(n, 2, b);
  min[2] = 0.0f;
  max[0] = min[0] + 0.3f + 2.7f * draw_unit(n, 3, b);
  max[1] = min[1] + 0.3f + 2.7f * draw_unit(n, 4, b);
  max[2] = 0.8f + 2.7f * draw_unit(n, 5, b);
}

/* Mostly opaque; one in seven glass, one in seven the shutter. */
static int32_t box_material(const scene *s, uint32_t n, int32_t i) {
  uint32_t m = draw(n, 6, (uint32_t)i) % 7u;
  return m == 0 ? s->glass : m == 1 ? s->shutter : m == 2 ? 0 : s->opaque;
}

/* reference: the world that takes no hint (every_part) and resolves every
 * belief in full (resolve_all), as test_quiet.c's. */
static void build(scene *s, bool reference) {
  memset(s, 0, sizeof *s);
  wary_world_def def = wary_default_world_def();
  def.units_per_meter = 1.0f;
  s->w = make_world(&def);
  if (!s->w) return;
  wary_world *w = s->w;
  w->beliefs->resolve_all = reference;
  w->every_part = reference;
  wary_material_def md = wary_default_material_def();
  MADE(wary_material_create(w, &md, &s->opaque));
  md.vision_transmission = 0.5f;
  md.sound_wall = false;
  MADE(wary_material_create(w, &md, &s->glass));
  md.vision_transmission = 0.0f;
  MADE(wary_material_create(w, &md, &s->shutter));
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = WARY_SENSE_VISION;
  p.sense_count = 1;
  p.fade_rate = 0.8f;
  p.lost_time = 1.0f;
  p.memory_time = 2.0f;
  int32_t profile = make_profile(w, &p);
  wary_vision_def v = wary_default_vision_def();
  v.interval = 0.02f;
  v.loss_grace = 0.05f;
  v.peripheral_cone = true;
  v.min_exposure = 0.02f;
  MADE(wary_profile_set_vision(w, profile, &v));
  for (int32_t i = 0; i < BOXES; i++) {
    wary_box_def bd = wary_default_box_def();
    box_bounds(0, i, bd.min, bd.max);
    bd.material = box_material(s, 0, i);
    s->boxes[i] = make_box(w, &bd);
    memcpy(s->bounds[i], bd.min, sizeof bd.min);
    memcpy(s->bounds[i] + 3, bd.max, sizeof bd.max);
  }
  for (int32_t i = 0; i < AGENTS + TARGETS; i++) {
    wary_actor_def ad = wary_default_actor_def();
    s->at[i][0] = ad.pos[0] = -28.0f + 56.0f * draw_unit(0, 7, (uint32_t)i);
    s->at[i][1] = ad.pos[1] = -28.0f + 56.0f * draw_unit(0, 8, (uint32_t)i);
    ad.yaw = 360.0f * draw_unit(0, 9, (uint32_t)i);
    if (i < AGENTS) {
      ad.team = 1;
      ad.profile = profile;
      s->agents[i] = make_actor(w, &ad);
    } else {
      ad.team = 2;
      s->targets[i - AGENTS] = make_actor(w, &ad);
    }
  }
}

static void set_bounds(scene *s, int32_t i, const float min[3], const float max[3]) {
  wary_box_set_bounds(s->w, s->boxes[i], min[0], min[1], min[2], max[0], max[1], max[2]);
  memcpy(s->bounds[i], min, 3 * sizeof *min);
  memcpy(s->bounds[i] + 3, max, 3 * sizeof *max);
}

/* What the game does before step n, the same to both worlds: every actor
 * walks (turning now and then), a few boxes move, now and then boxes are
 * destroyed and made, given another material, and the shutter opens or
 * closes. */
static void play(scene *s, uint32_t n) {
  wary_world *w = s->w;
  for (int32_t i = 0; i < AGENTS + TARGETS; i++) {
    uint32_t a = (uint32_t)i;
    float heading = 6.2831853f * draw_unit(n / 40u, 10, a);
    float x = s->at[i][0] + 0.08f * cosf(heading), y = s->at[i][1] + 0.08f * sinf(heading);
    if (x > -29.0f && x < 29.0f) s->at[i][0] = x;
    if (y > -29.0f && y < 29.0f) s->at[i][1] = y;
    wary_actor_id id = i < AGENTS ? s->agents[i] : s->targets[i - AGENTS];
    wary_actor_set_pos(w, id, s->at[i][0], s->at[i][1], 0.0f);
    if (draw(n, 11, a) % 30u == 0) wary_actor_set_yaw(w, id, 360.0f * draw_unit(n, 12, a));
  }
  for (uint32_t j = 0; j < 4; j++) {
    int32_t i = (int32_t)(draw(n, 13, j) % BOXES);
    float min[3], max[3];
    box_bounds(n, i, min, max);
    /* Mostly a nudge along x or y (a refit); now and then a jump. */
    if (draw(n, 14, j) % 4u != 0) {
      int k = (int)(draw(n, 15, j) % 2u);
      float d = 0.3f * (draw_unit(n, 16, j) - 0.5f);
      for (int m = 0; m < 3; m++) {
        min[m] = s->bounds[i][m] + (m == k ? d : 0.0f);
        max[m] = s->bounds[i][m + 3] + (m == k ? d : 0.0f);
      }
    }
    set_bounds(s, i, min, max);
  }
  if (n % 9 == 4) {
    for (uint32_t j = 0; j < 3; j++) {
      int32_t i = (int32_t)(draw(n, 17, j) % BOXES);
      wary_box_destroy(w, s->boxes[i]);
      wary_box_def bd = wary_default_box_def();
      box_bounds(n, i, bd.min, bd.max);
      bd.material = box_material(s, n, i);
      s->boxes[i] = make_box(w, &bd);
      memcpy(s->bounds[i], bd.min, sizeof bd.min);
      memcpy(s->bounds[i] + 3, bd.max, sizeof bd.max);
    }
  }
  if (n % 5 == 2) {
    for (uint32_t j = 0; j < 3; j++) {
      int32_t i = (int32_t)(draw(n, 18, j) % BOXES);
      wary_box_set_material(w, s->boxes[i], box_material(s, n + 1000u, i));
    }
  }
  if (n % 37 == 20) {
    wary_material_def md = wary_default_material_def();
    md.vision_transmission = n / 37 % 2 ? 0.6f : 0.0f;
    md.sound_wall = false;
    wary_material_set(w, s->shutter, &md);
  }
}

/* The step's events. */
static uint64_t events_hash(const scene *s, int32_t *count) {
  *count = wary_event_count(s->w);
  uint64_t h = fnv(14695981039346656037ull, count, sizeof *count);
  return fnv(h, wary_events(s->w), (size_t)*count * sizeof(wary_event));
}

/* Every belief of every agent. */
static uint64_t beliefs_hash(const scene *s, int32_t *count) {
  uint64_t h = 14695981039346656037ull;
  *count = 0;
  for (int32_t i = 0; i < AGENTS; i++) {
    int32_t n = wary_belief_count(s->w, s->agents[i]);
    h = fnv(h, &n, sizeof n);
    for (int32_t k = 0; k < n; k++) {
      wary_belief b;
      memset(&b, 0, sizeof b);
      wary_belief_at(s->w, s->agents[i], k, &b);
      h = fnv(h, &b, sizeof b);
    }
    *count += n;
  }
  return h;
}

/* The agents' hint slots that name a box. */
static int32_t hints_held(const wary_world *w) {
  int32_t n = 0;
  for (int32_t i = 0; i < w->sight_hints.count; i++) n += w->sight_hints.data[i].blockers.box[0] >= 0;
  return n;
}

static void test_world(void) {
  scene a, b;
  build(&a, false);
  build(&b, true);
  if (!a.w || !b.w) return;
  int differ = -1, beliefs_differ = -1;
  int64_t events = 0, beliefs = 0, held = 0;
  int32_t seen = 0, lost = 0;
  bool stepped = true;
  for (uint32_t n = 0; n < STEPS; n++) {
    play(&a, n);
    play(&b, n);
    stepped = wary_step(a.w, 1.0f / 60.0f) == WARY_OK && wary_step(b.w, 1.0f / 60.0f) == WARY_OK && stepped;
    int32_t ea, eb;
    if (events_hash(&a, &ea) != events_hash(&b, &eb) && differ < 0) differ = (int)n;
    events += ea;
    for (int32_t i = 0; i < ea; i++) {
      int32_t type = wary_events(a.w)[i].type;
      seen += type == WARY_EV_DETECT || type == WARY_EV_TRACK;
      lost += type == WARY_EV_LOST;
    }
    if (n % 20 == 19) {
      int32_t ba, bb;
      if (beliefs_hash(&a, &ba) != beliefs_hash(&b, &bb) && beliefs_differ < 0) beliefs_differ = (int)n;
      beliefs += ba;
      held += hints_held(a.w);
    }
  }
  wary_stats sa = wary_world_stats(a.w), sb = wary_world_stats(b.w);
  printf("sight hints in a world: %d steps, %lld events (%d detected or tracked, %d lost) and %lld beliefs "
         "read the same in both worlds (first differing step: events %d, beliefs %d); %llu vision rays; "
         "%d hint slots of %d name a box now, %lld summed over the reads; the reference holds %d\n",
         STEPS, (long long)events, (int)seen, (int)lost, (long long)beliefs, differ, beliefs_differ,
         (unsigned long long)sa.vision_rays, (int)hints_held(a.w), (int)a.w->sight_hints.count, (long long)held,
         (int)hints_held(b.w));
  ENSURE(stepped && differ < 0 && beliefs_differ < 0);
  ENSURE(sa.rays == sb.rays && sa.vision_rays == sb.vision_rays);
  /* The scene looks often, through boxes that end many looks, and targets
   * are seen too (events of both kinds). */
  ENSURE(sa.vision_rays > 100000 && events > 500 && seen > 50 && lost > 50 && beliefs > 1000);
  ENSURE(held > 1000 && hints_held(a.w) > 0);
  ENSURE(hints_held(b.w) == 0); /* the reference walks every look */
  wary_world_destroy(a.w);
  wary_world_destroy(b.w);
}

int main(void) {
  *lcg_seed() = 2026u; /* (check.h: rng_next) */
  wary_world_def libc = wary_default_world_def();
  heap = wy_allocator_of(&libc);
  test_hand_blockers();
  test_hand_bounds();
  test_hand_signed_zero();
  test_hand_end_points();
  test_random();
  test_world();
  return check_summary("test_sight_hints");
}
