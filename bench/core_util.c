/* bench/core_util.c - what every part of bench_core shares: clocks, the
 * figures of a sample, parameters and the results file (core.h). */
#include "core.h"

double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the process: the clock os.clock() reads in bench/custom_senses.lua and
 * bench/vision.lua, so part 3 compares with them like for like. */
double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_CALLGRIND_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#endif
#endif
#ifndef BENCH_CALLGRIND_TOGGLE
#define BENCH_CALLGRIND_TOGGLE() ((void)0)
#endif

void collect_toggle(void) { BENCH_CALLGRIND_TOGGLE(); }

/* What cold_touch read (volatile: none of it is optimized away). */
static volatile unsigned cold_sink;

void cold_touch(unsigned char *buf, size_t size) {
  unsigned sum = 0;
  for (size_t i = 0; i < size; i += 64) {
    sum += buf[i];
    buf[i] = (unsigned char)sum;
  }
  cold_sink += sum;
}

summary summarize(const double *v, int n) {
  double *c = malloc((size_t)n * sizeof *c);
  summary s = {0, 0, 0};
  if (!c) return s;
  memcpy(c, v, (size_t)n * sizeof *c);
  s.med = median(c, n);
  s.min = c[0];
  s.max = c[n - 1];
  free(c);
  return s;
}

/* 1234567 -> "1.23 M" style, for a column of rates. */
const char *si(double v, char *buf, size_t size) {
  if (v >= 1e9) snprintf(buf, size, "%.2f G", v / 1e9);
  else if (v >= 1e6) snprintf(buf, size, "%.2f M", v / 1e6);
  else if (v >= 1e3) snprintf(buf, size, "%.1f k", v / 1e3);
  else snprintf(buf, size, "%.1f", v);
  return buf;
}

/* A table row of a rate: label (width wide), median [min - max] in si units. */
void print_rate_row(int width, const char *label, summary r) {
  char x[32], y[32], z[32];
  printf("   %-*s %12ss  [%s - %s]\n", width, label, si(r.med, x, sizeof x), si(r.min, y, sizeof y),
         si(r.max, z, sizeof z));
}

/* The head of a table of medians and its ms/step row (width: the label column). */
void print_ms_rows(int width, summary ms_median, summary ms_mean) {
  printf("   %-*s %14s %22s\n", width, "", "median", "[min - max]");
  printf("   %-*s %12.3f ms  [%.3f - %.3f]   (mean %.3f)\n", width, "ms/step", ms_median.med,
         ms_median.min, ms_median.max, ms_mean.med);
}

long param(int argc, char **argv, int pos, const char *env, long fallback) {
  const char *s = pos > 0 && pos < argc ? argv[pos] : getenv(env);
  if (!s || !*s) return fallback;
  char *end = NULL;
  long v = strtol(s, &end, 10);
  if (*end != '\0' || v < 0 || v > 10000000) {
    fprintf(stderr, "bench_core: %s: expected a non-negative integer, got '%s'\n", env, s);
    exit(2);
  }
  return v;
}

/* Appends key=value to the WARY_BENCH_RESULTS file, when there is one. */
void result_put(const char *key, double value) {
  const char *out = getenv("WARY_BENCH_RESULTS");
  FILE *f = out && *out ? fopen(out, "a") : NULL;
  if (!f) return;
  fprintf(f, "%s=%.9g\n", key, value);
  fclose(f);
}

/* result_put of the key format (one %s) with tag in it. */
void result_tagged(const char *format, const char *tag, double value) {
  char key[64];
  snprintf(key, sizeof key, format, tag);
  result_put(key, value);
}

int ints_from_env(const char *env, const char *fallback, long lo, long hi, const char *what, int32_t *out,
                  int max) {
  const char *s = getenv(env);
  if (!s || !*s) s = fallback;
  const char *all = s;
  int n = 0;
  while (*s) {
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (end == s || v < lo || v > hi || n == max) {
      fprintf(stderr, "bench_core: %s: expected up to %d %s from %ld to %ld, apart by spaces or commas, got '%s'\n",
              env, max, what, lo, hi, all);
      exit(2);
    }
    out[n++] = (int32_t)v;
    s = end;
    while (*s == ' ' || *s == ',') s++;
  }
  return n;
}

int sizes_from_env(const char *env, const char *fallback, int32_t sizes[SIZES_MAX]) {
  return ints_from_env(env, fallback, 4, 1000000, "agent counts", sizes, SIZES_MAX);
}

_Noreturn void game_fail(const char *what) {
  fprintf(stderr, "bench_core: could not %s\n", what);
  exit(1);
}
