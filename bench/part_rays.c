/* bench/part_rays.c - bench_core part 1, rays: wary_ray_cast against a
 * brute-force loop over every box; and part rays, the core's walks beside the
 * reference BVH (bench/rays.c). */
#include "core.h"

/* The core's slab test (closed segment a + t d, t in [0, 1], closed box): a
 * deliberate copy of exact_hit in src/occ_walk.h, which is internal there
 * and not part of the public API this benchmark is limited to (see the top of
 * bench_core.c). The brute-force loop is the reference the BVH is checked
 * against, so it must decide hits exactly as the core does: keep the two in
 * step if the core's test ever changes. */
static bool segment_hits(const float mn[3], const float mx[3], const float a[3], const float d[3]) {
  float t0 = 0.0f, t1 = 1.0f;
  for (int k = 0; k < 3; k++) {
    if (d[k] == 0.0f) {
      if (a[k] < mn[k] || a[k] > mx[k]) return false;
      continue;
    }
    float u = (mn[k] - a[k]) / d[k];
    float w = (mx[k] - a[k]) / d[k];
    if (u > w) {
      float t = u;
      u = w;
      w = t;
    }
    t0 = u > t0 ? u : t0;
    t1 = w < t1 ? w : t1;
    if (t0 > t1) return false;
  }
  /* touching only at an end of the segment is no crossing */
  return !(t0 == t1 && (t1 == 0.0f || t0 == 1.0f));
}

/* Every box, in creation order, stopping at the first opaque one. */
static float brute_ray(const bench_world *b, const seg *s) {
  float d[3] = {s->b[0] - s->a[0], s->b[1] - s->a[1], s->b[2] - s->a[2]};
  float tr = 1.0f;
  for (int32_t i = 0; i < b->k; i++) {
    if (!segment_hits(b->box_min[i], b->box_max[i], s->a, d)) continue;
    tr *= material_transmission[b->box_mat[i]];
    if (tr <= 0.0f) break;
  }
  return tr;
}

/* The segments of part 1 (and of the ray part): from a random point at eye
 * height, 5-40 m in a random direction, to chest height; returns their total
 * length. */
static double make_segments(seg *rays, int32_t nrays) {
  lcg g = {97531.0};
  double total_len = 0.0;
  for (int32_t i = 0; i < nrays; i++) {
    double ax = rnd(&g) * WORLD_SIZE;
    double ay = rnd(&g) * WORLD_SIZE;
    double len = 500.0 + rnd(&g) * 3500.0;
    double dir = rnd(&g) * 2.0 * PI_D;
    seg *s = &rays[i];
    s->a[0] = (float)ax;
    s->a[1] = (float)ay;
    s->a[2] = 170.0f;
    s->b[0] = (float)(ax + len * cos(dir));
    s->b[1] = (float)(ay + len * sin(dir));
    s->b[2] = 100.0f;
    total_len += len;
  }
  return total_len;
}

void bench_rays(bench_world *b, int reps, int32_t nrays) {
  seg *rays = malloc((size_t)nrays * sizeof *rays);
  float *bvh_t = malloc((size_t)nrays * sizeof *bvh_t);
  double *bvh_rate = malloc((size_t)reps * sizeof *bvh_rate);
  double *brute_rate = malloc((size_t)reps * sizeof *brute_rate);
  double *moved_ms = malloc((size_t)reps * sizeof *moved_ms);
  if (!rays || !bvh_t || !bvh_rate || !brute_rate || !moved_ms) {
    fprintf(stderr, "bench_core: out of memory\n");
    exit(1);
  }
  double total_len = make_segments(rays, nrays);
  /* Brute force costs K slab tests a ray: bound its share of the run. */
  int32_t nbrute = b->k > 0 ? (int32_t)(40e6 / b->k) : nrays;
  if (nbrute > nrays) nbrute = nrays;
  if (nbrute < 200) nbrute = nrays < 200 ? nrays : 200;
  int bvh_passes = 5;

  /* The first cast builds the hierarchy. */
  double t0 = now_s();
  wary_ray_result r;
  wary_ray_cast(b->w, 0, 0, 0, 1, 1, 1, &r);
  double first_build_ms = (now_s() - t0) * 1e3;

  int32_t blocked = 0, partial = 0, clear = 0, mismatch = 0;
  long boxes_crossed = 0;
  for (int32_t i = 0; i < nrays; i++) {
    const seg *s = &rays[i];
    wary_ray_cast(b->w, s->a[0], s->a[1], s->a[2], s->b[0], s->b[1], s->b[2], &r);
    bvh_t[i] = r.transmission;
    boxes_crossed += r.boxes;
    if (r.transmission <= 0.0f) blocked++;
    else if (r.transmission < 1.0f) partial++;
    else clear++;
  }
  for (int32_t i = 0; i < nbrute; i++) {
    float t = brute_ray(b, &rays[i]);
    bool same = (t <= 0.0f) == (bvh_t[i] <= 0.0f) && fabsf(t - bvh_t[i]) <= 1e-5f;
    mismatch += same ? 0 : 1;
  }

  volatile float sink = 0.0f;
  for (int rep = 0; rep < reps; rep++) {
    /* A box moves a centimetre (and back the next time): the hierarchy is
     * refitted, then a ray is cast. */
    float shift = rep % 2 ? 0.0f : 1.0f;
    t0 = now_s();
    wary_box_set_bounds(b->w, b->first_box, b->box_min[0][0] + shift, b->box_min[0][1],
                        b->box_min[0][2], b->box_max[0][0] + shift, b->box_max[0][1],
                        b->box_max[0][2]);
    wary_ray_cast(b->w, 0, 0, 0, 1, 1, 1, &r);
    moved_ms[rep] = (now_s() - t0) * 1e3;

    t0 = now_s();
    for (int p = 0; p < bvh_passes; p++)
      for (int32_t i = 0; i < nrays; i++) {
        const seg *s = &rays[i];
        wary_ray_cast(b->w, s->a[0], s->a[1], s->a[2], s->b[0], s->b[1], s->b[2], &r);
        sink += r.transmission;
      }
    bvh_rate[rep] = (double)nrays * bvh_passes / (now_s() - t0);

    t0 = now_s();
    for (int32_t i = 0; i < nbrute; i++) sink += brute_ray(b, &rays[i]);
    brute_rate[rep] = (double)nbrute / (now_s() - t0);
  }
  (void)sink;

  summary sb = summarize(bvh_rate, reps), sf = summarize(brute_rate, reps);
  summary sr = summarize(moved_ms, reps);
  printf("1. Rays: wary_ray_cast (BVH) against a brute-force loop over all %d boxes\n", (int)b->k);
  printf("   segments: %d, 5-40 m (mean %.1f m), eye 1.7 m -> chest 1.0 m, random direction\n",
         (int)nrays, total_len / nrays / UPM);
  printf("   boxes: 0.5-3 m a side, 0.5-3 m tall; materials (share, sight transmitted):");
  for (int i = 0; i < MAT_COUNT; i++)
    printf("%s %s %d%% %.2f", i ? "," : "", material_names[i], material_share[i],
           (double)material_transmission[i]);
  printf("\n");
  printf("   outcome (BVH): blocked %.1f%%, partly seen %.1f%%, clear %.1f%%; "
         "%.2f boxes counted per ray (up to the stop)\n",
         100.0 * blocked / nrays, 100.0 * partial / nrays, 100.0 * clear / nrays,
         (double)boxes_crossed / nrays);
  printf("   agreement: brute force and BVH agree on %d of %d segments (blocked, transmission +-1e-5)\n",
         (int)(nbrute - mismatch), (int)nbrute);
  printf("   %-34s %14s %22s\n", "", "rays/s", "[min - max]");
  print_rate_row(34, "wary_ray_cast (BVH)", sb);
  print_rate_row(34, "brute force (every box)", sf);
  printf("   %-34s %13.1fx\n", "BVH / brute force", sf.med > 0 ? sb.med / sf.med : 0.0);
  printf("   (%d BVH passes of %d rays and %d brute-force rays per repetition)\n", bvh_passes,
         (int)nrays, (int)nbrute);
  printf("   BVH build over %d boxes: first %.3f ms; a box moves, then a ray: %.3f ms [%.3f - %.3f]\n",
         (int)b->k, first_build_ms, sr.med, sr.min, sr.max);

  const char *out = getenv("WARY_BENCH_RESULTS");
  FILE *f = out && *out ? fopen(out, "a") : NULL;
  if (f) {
    fprintf(f, "rays_bvh_per_s=%.0f\nrays_brute_per_s=%.0f\n", sb.med, sf.med);
    fclose(f);
  }
  free(rays);
  free(bvh_t);
  free(bvh_rate);
  free(brute_rate);
  free(moved_ms);
}

/* WARY_BENCH_PARTS=rays: part 1's boxes and segments, the core beside the
 * reference BVH (bench/rays.c). */
int rays_part(int32_t k, int32_t nrays, int reps) {
  bench_world b;
  seg *rays = malloc((size_t)nrays * sizeof *rays);
  if (!rays || !world_build(&b, 0, 0, k)) {
    fprintf(stderr, "bench_core: could not build the world\n");
    return 1;
  }
  make_segments(rays, nrays);
  const char *out = getenv("WARY_BENCH_RESULTS");
  FILE *f = out && *out ? fopen(out, "a") : NULL;
  bench_rays_reference((const float (*)[3])b.box_min, (const float (*)[3])b.box_max, b.box_mat, k,
                       material_transmission, material_wall, MAT_COUNT, rays, nrays, reps, f);
  if (f) fclose(f);
  world_free(&b);
  free(rays);
  return 0;
}
