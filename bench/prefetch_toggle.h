/* bench/prefetch_toggle.h - included before anything else in every file of
 * bench_core_prefetch (CMakeLists.txt): the core's WY_PREFETCH (base.h) asks
 * for a line only while wy_bench_prefetch is set, so that bench_core's part
 * prefetch can step one world in turn with and without (bench/README.md). */
#ifndef WARY_BENCH_PREFETCH_TOGGLE_H
#define WARY_BENCH_PREFETCH_TOGGLE_H
extern int wy_bench_prefetch;
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define WY_PREFETCH(p)                                                               \
  do {                                                                               \
    if (wy_bench_prefetch) __asm__ volatile("prefetcht0 (%0)" : : "r"((const void *)(p))); \
  } while (0)
#else
#define WY_PREFETCH(p)                              \
  do {                                              \
    if (wy_bench_prefetch) __builtin_prefetch((p)); \
  } while (0)
#endif
#endif
