/* fmath.h - the few transcendental functions a step needs (sine, cosine,
 * arc cosine, arc tangent, e^x, x^y), the same to the bit on every machine.
 *
 * The C library's sinf, acosf, expf, ... are not specified to the bit: glibc
 * and musl disagree on about 1% of acosf's answers (acosf(0): 0x3fc90fdb
 * and 0x3fc90fda), and glibc itself answers otherwise on a CPU without FMA.
 * A lockstep game compares worlds across machines (docs/install.md), so the
 * core computes these itself, in doubles, from operations IEEE 754 rounds
 * exactly (+, -, *, /, sqrt) and exact ones (floor, fmod, ldexp, frexp),
 * with no fused multiply-add (CMake's -ffp-contract=off): any conforming
 * machine gets the same bits. Rounded to float at the end, each is within a
 * float ulp of the true value (the series' error is below 1e-13). */
#ifndef WARY_FMATH_H
#define WARY_FMATH_H

/* sin and cos of x (radians). Accurate for |x| up to about 5e5; past it the
 * argument is reduced against a double 2 pi (the same everywhere, though no
 * longer the true sine: a float's step there is 0.03 rad). */
float wy_sinf(float x);
float wy_cosf(float x);
/* Both at once, the same bits as the two calls (one reduction). */
void wy_sincosf(float x, float *sin_out, float *cos_out);
/* acos(x) for x in [-1, 1], in [0, pi]; NaN outside. */
float wy_acosf(float x);
/* atan2(y, x) as C's, signed zeros and infinities included. */
float wy_atan2f(float y, float x);
/* e^x; 0 below about -104, infinity above about 88.7. */
float wy_expf(float x);
/* x^y for x >= 0 (0^0 = 1, 0^y = 0 for y > 0, infinity for y < 0), and for
 * x < 0 with a whole y; NaN otherwise. */
float wy_powf(float x, float y);

#endif
