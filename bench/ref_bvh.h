/* bench/ref_bvh.h - the reference bounding-volume hierarchy the ray part of
 * bench_core times the core against (bench/ref_bvh.c). */
#ifndef WARY_BENCH_REF_BVH_H
#define WARY_BENCH_REF_BVH_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ref_bvh ref_bvh;

/* A tree over n boxes (min, max corners, a material index each); NULL when
 * out of memory. */
ref_bvh *ref_bvh_build(const float (*min)[3], const float (*max)[3], const int32_t *material,
                       int32_t n);
void ref_bvh_free(ref_bvh *t);
/* The product of transmission[material] over the boxes the closed segment
 * a->b touches, nearer subtrees first, stopping once it is 0 if stop; *boxes
 * and *walls count the boxes it multiplied in and those of them that are
 * walls (wall[material]). */
float ref_bvh_walk(const ref_bvh *t, const float *transmission, const bool *wall,
                   const float a[3], const float b[3], bool stop, int32_t *boxes, int32_t *walls);

#endif
