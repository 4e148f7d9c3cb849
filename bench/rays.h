/* bench/rays.h - the segments bench_core casts, and its ray part beside the
 * reference BVH (bench/rays.c). */
#ifndef WARY_BENCH_RAYS_H
#define WARY_BENCH_RAYS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct seg {
  float a[3], b[3];
} seg;

/* WARY_BENCH_PARTS=rays: the core's sight and whole-segment walks timed
 * beside bench/ref_bvh.c over k boxes (corners, material index each, of
 * materials with the given transmission and wall flag) and n segments, in
 * rounds; prints its table, appends key=value lines to results if not NULL. */
void bench_rays_reference(const float (*min)[3], const float (*max)[3], const int32_t *material,
                          int32_t k, const float *transmission, const bool *wall,
                          int32_t materials, const seg *segs, int32_t n, int rounds,
                          FILE *results);

#endif
