/* bench/rays.c - the ray part of bench_core (WARY_BENCH_PARTS=rays): the
 * core's segment walks timed beside the reference BVH of bench/ref_bvh.c
 * (binned SAH) over the same boxes and the same segments as part 1, in one
 * run, two queries:
 *   - sight: the product of transmissions, stopping at the first opaque box
 *     (what vision, light and GECK ask: wy_occ_sight);
 *   - whole segment: every box counted (wy_occ_segment, the walk of the public
 *     wary_ray_cast, which is also timed, with its checks).
 * Each round times every query over every segment several times, one pass
 * of each query in turn (the order turns with the round), in CPU time;
 * figures are medians over the rounds, the ratio is the median of the rounds'
 * core / reference. The core's walks are
 * internal (src/occluders.h): this is the part of bench_core that reads past
 * wary.h, because the early-exit walk has no public entry.
 *
 * Instruction counts (repeatable where wall time is not):
 *   WARY_BENCH_PARTS=rays WARY_BENCH_REPS=1 valgrind --tool=callgrind \
 *     --callgrind-out-file=cg.rays build/bench/bench_core
 *   callgrind_annotate --inclusive=yes cg.rays | grep -E 'wy_occ_(sight|segment)|ref_bvh_walk'
 * then divide each by the segments it walked (the part prints them: passes x
 * segments a round, plus one checking pass). */
#define _POSIX_C_SOURCE 199309L

#include "rays.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "occluders.h"
#include "ref_bvh.h"
#include "stats.h"

enum { PASSES = 5, QUERIES = 5 };
enum { CORE_SIGHT, REF_SIGHT, CORE_SEGMENT, REF_SEGMENT, API_SEGMENT };

/* CPU time of the process: on a shared machine it leaves out the time the
 * process waits for a core. */
static double cpu_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct rig {
  wy_occluders occ;
  wy_material *mats;
  ref_bvh *ref;
  const float *transmission;
  const bool *wall;
  wary_world *world; /* the same boxes behind the public API */
} rig;

/* One pass of query q over the segments; returns a sum to keep it alive. */
static float pass(rig *r, int q, const seg *segs, int32_t n) {
  float sum = 0.0f;
  int32_t boxes, walls;
  wary_ray_result out;
  for (int32_t i = 0; i < n; i++) {
    const float *a = segs[i].a, *b = segs[i].b;
    float t = 0.0f;
    if (q == CORE_SIGHT) {
      wy_occ_sight(&r->occ, r->mats, a, b, &t);
    } else if (q == REF_SIGHT) {
      t = ref_bvh_walk(r->ref, r->transmission, r->wall, a, b, true, &boxes, &walls);
    } else if (q == CORE_SEGMENT) {
      wy_occ_segment(&r->occ, r->mats, a, b, &out);
      t = out.transmission + (float)out.walls;
    } else if (q == REF_SEGMENT) {
      t = ref_bvh_walk(r->ref, r->transmission, r->wall, a, b, false, &boxes, &walls) + (float)walls;
    } else {
      wary_ray_cast(r->world, a[0], a[1], a[2], b[0], b[1], b[2], &out);
      t = out.transmission + (float)out.walls;
    }
    sum += t;
  }
  return sum;
}

/* Segments on which core and reference disagree: sight within 1e-5 (the
 * products may be taken in another order) and blocked alike; whole segment
 * to the box. Also counts the boxes each query touched. */
static int32_t disagreements(rig *r, const seg *segs, int32_t n, long *sight_boxes, long *all_boxes) {
  int32_t bad = 0;
  for (int32_t i = 0; i < n; i++) {
    const float *a = segs[i].a, *b = segs[i].b;
    float t;
    int32_t boxes, walls, rboxes, rwalls;
    wary_ray_result whole;
    wy_occ_sight(&r->occ, r->mats, a, b, &t);
    float rt = ref_bvh_walk(r->ref, r->transmission, r->wall, a, b, true, &boxes, &walls);
    wy_occ_segment(&r->occ, r->mats, a, b, &whole);
    float rw = ref_bvh_walk(r->ref, r->transmission, r->wall, a, b, false, &rboxes, &rwalls);
    *sight_boxes += boxes;
    *all_boxes += rboxes;
    bad += !((t <= 0.0f) == (rt <= 0.0f) && fabsf(t - rt) <= 1e-5f * rt &&
             whole.boxes == rboxes && whole.walls == rwalls &&
             fabsf(whole.transmission - rw) <= 1e-5f * rw);
  }
  return bad;
}

/* The core's own occluder set (rig.occ) allocates through this. */
static wy_allocator rays_heap;

static bool rig_build(rig *r, const float (*min)[3], const float (*max)[3],
                      const int32_t *material, int32_t k, const float *transmission,
                      const bool *wall, int32_t materials) {
  memset(r, 0, sizeof *r);
  r->transmission = transmission;
  r->wall = wall;
  r->mats = calloc((size_t)materials, sizeof *r->mats);
  r->ref = ref_bvh_build(min, max, material, k);
  wary_world_def wd = wary_default_world_def();
  if (!r->mats || !r->ref || wary_world_create(&wd, &r->world) != WARY_OK) return false;
  int32_t index[256];
  for (int32_t m = 0; m < materials && m < 256; m++) {
    r->mats[m].vision_transmission = transmission[m];
    r->mats[m].sound_wall = wall[m];
    wary_material_def md = wary_default_material_def();
    md.vision_transmission = transmission[m];
    md.sound_wall = wall[m];
    if (wary_material_create(r->world, &md, &index[m]) != WARY_OK) return false;
  }
  rays_heap = wy_allocator_of(&wd); /* the C library's */
  wy_occ_init(&r->occ, &rays_heap);
  for (int32_t i = 0; i < k; i++) {
    wary_box_def bd = wary_default_box_def();
    memcpy(bd.min, min[i], sizeof bd.min);
    memcpy(bd.max, max[i], sizeof bd.max);
    bd.material = index[material[i]];
    wary_box_id id;
    if (!wy_occ_add(&r->occ, i, min[i], max[i], material[i]) ||
        wary_box_create(r->world, &bd, &id) != WARY_OK)
      return false;
  }
  /* Build both trees before anything is timed. */
  float t;
  wary_ray_result out;
  const float p[3] = {0, 0, 0};
  return wy_occ_sight(&r->occ, r->mats, p, p, &t) &&
         wary_ray_cast(r->world, 0, 0, 0, 0, 0, 0, &out) == WARY_OK;
}

static void rig_free(rig *r) {
  wy_occ_free(&r->occ);
  free(r->mats);
  ref_bvh_free(r->ref);
  wary_world_destroy(r->world);
}

void bench_rays_reference(const float (*min)[3], const float (*max)[3], const int32_t *material,
                          int32_t k, const float *transmission, const bool *wall,
                          int32_t materials, const seg *segs, int32_t n, int rounds,
                          FILE *results) {
  rig r;
  double *ns[QUERIES], *ratio[2];
  bool ok = rig_build(&r, min, max, material, k, transmission, wall, materials);
  for (int q = 0; q < QUERIES; q++) ns[q] = malloc(sizeof(double) * (size_t)rounds);
  for (int q = 0; q < 2; q++) ratio[q] = malloc(sizeof(double) * (size_t)rounds);
  if (!ok || !ns[QUERIES - 1] || !ns[0] || !ns[1] || !ns[2] || !ns[3] || !ratio[0] || !ratio[1]) {
    fprintf(stderr, "bench_core: out of memory in the ray part\n");
    exit(1);
  }
  long sight_boxes = 0, all_boxes = 0;
  int32_t bad = disagreements(&r, segs, n, &sight_boxes, &all_boxes);
  volatile float sink = 0.0f;
  for (int round = 0; round < rounds; round++) {
    for (int q = 0; q < QUERIES; q++) ns[q][round] = 0.0;
    for (int p = 0; p < PASSES; p++) {
      for (int j = 0; j < QUERIES; j++) {
        int q = (j + round + p) % QUERIES;
        double t0 = cpu_s();
        sink += pass(&r, q, segs, n);
        ns[q][round] += (cpu_s() - t0) * 1e9 / ((double)PASSES * n);
      }
    }
    ratio[0][round] = ns[CORE_SIGHT][round] / ns[REF_SIGHT][round];
    ratio[1][round] = ns[CORE_SEGMENT][round] / ns[REF_SEGMENT][round];
  }
  (void)sink;
  double med[QUERIES], rmin[2], rmax[2], rmed[2];
  for (int q = 0; q < 2; q++) {
    rmin[q] = rmax[q] = ratio[q][0];
    for (int i = 1; i < rounds; i++) {
      rmin[q] = fmin(rmin[q], ratio[q][i]);
      rmax[q] = fmax(rmax[q], ratio[q][i]);
    }
    rmed[q] = median(ratio[q], rounds);
  }
  for (int q = 0; q < QUERIES; q++) med[q] = median(ns[q], rounds);
  double load = -1.0;
  FILE *la = fopen("/proc/loadavg", "r");
  if (la) {
    if (fscanf(la, "%lf", &load) != 1) load = -1.0;
    fclose(la);
  }
  printf("R. Rays: the core's walks beside a reference BVH (bench/ref_bvh.c: binned SAH), the same\n"
         "   %d boxes and %d segments as part 1; boxes touched a segment: %.2f up to the first opaque\n"
         "   one, %.2f over the whole segment; core and reference agree on %d of %d segments\n",
         (int)k, (int)n, (double)sight_boxes / n, (double)all_boxes / n, (int)(n - bad), (int)n);
  printf("   %-36s %12s %12s %22s\n", "query", "core ns/ray", "ref ns/ray", "core / ref [min - max]");
  printf("   %-36s %12.1f %12.1f %8.3f [%.3f - %.3f]\n", "sight (stops at the first opaque box)",
         med[CORE_SIGHT], med[REF_SIGHT], rmed[0], rmin[0], rmax[0]);
  printf("   %-36s %12.1f %12.1f %8.3f [%.3f - %.3f]\n", "whole segment (counts every box)",
         med[CORE_SEGMENT], med[REF_SEGMENT], rmed[1], rmin[1], rmax[1]);
  printf("   %-36s %12.1f %12s\n", "wary_ray_cast (public, whole segment)", med[API_SEGMENT], "-");
  printf("   (%d rounds of %d passes over the %d segments a query, medians; CPU time; "
         "load average %.2f)\n", rounds, PASSES, (int)n, load);
  if (results) {
    fprintf(results,
            "rays_sight_core_ns=%.2f\nrays_sight_ref_ns=%.2f\nrays_sight_ratio=%.4f\n"
            "rays_segment_core_ns=%.2f\nrays_segment_ref_ns=%.2f\nrays_segment_ratio=%.4f\n"
            "rays_api_segment_ns=%.2f\nrays_agree=%d\nrays_load=%.2f\n",
            med[CORE_SIGHT], med[REF_SIGHT], rmed[0], med[CORE_SEGMENT], med[REF_SEGMENT], rmed[1],
            med[API_SEGMENT], (int)(n - bad), load);
  }
  for (int q = 0; q < QUERIES; q++) free(ns[q]);
  free(ratio[0]);
  free(ratio[1]);
  rig_free(&r);
}
