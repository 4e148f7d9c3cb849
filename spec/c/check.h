/* check.h - what the C tests (spec/c/test_*.c) share: ENSURE and NEAR, and
 * the counts they keep. Each test is its own executable and includes this
 * once; its main ends with `return check_summary("test_x");`. */
#ifndef WARY_SPEC_CHECK_H
#define WARY_SPEC_CHECK_H

#include <math.h>
#include <stdio.h>

static int checks;
static int failures;

/* Counts a check; a failing one is counted and reported with its line. */
#define ENSURE(c)                                                            \
  do {                                                                       \
    checks++;                                                                \
    if (!(c)) {                                                              \
      failures++;                                                            \
      fprintf(stderr, "%s:%d: ENSURE(%s) failed\n", __FILE__, __LINE__, #c); \
    }                                                                        \
  } while (0)

/* Two floats within 1e-4 of each other. */
#define NEAR(a, b) ENSURE(fabsf((float)(a) - (float)(b)) < 1e-4f)

/* The end of main: prints "<name>: N checks, F failed" ("N checks, F
 * failed" without a name) and returns the exit status, nonzero on a failure. */
static inline int check_summary(const char *name) {
  if (name) printf("%s: ", name);
  printf("%d checks, %d failed\n", checks, failures);
  return failures != 0;
}

#endif
