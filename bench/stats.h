/* bench/stats.h - the figures the benchmarks take of their repetitions:
 * the median of a sample (sorting it in place). */
#ifndef WARY_BENCH_STATS_H
#define WARY_BENCH_STATS_H

#include <stdlib.h>

static inline int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts v in place; returns the median. */
static inline double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#endif
