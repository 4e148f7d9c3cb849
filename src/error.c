/* error.c - noting a failure and writing its text when it is read (error.h). */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wy_fail(wy_error *e, int status, const char *fn, const char *fmt, ...) {
  /* A call of the log callback's own: the failure being logged stays the
   * last error (wary.h, wary_log_fn). */
  if (e->logging) return status;
  e->fn = fn;
  e->fmt = fmt;
  e->written = false;
  va_list ap;
  va_start(ap, fmt);
  int n = 0;
  for (const char *p = fmt; *p && n < WY_ERROR_ARGS; p++) {
    if (*p != '%' || !p[1]) continue;
    if (p[1] == 'z' && p[2]) {
      p += 2;
      e->args[n++].q = va_arg(ap, size_t);
      continue;
    }
    if (p[1] == 'l' && p[2] == 'l' && p[3]) {
      p += 3;
      e->args[n++].q = va_arg(ap, unsigned long long);
      continue;
    }
    switch (*++p) {
    case 's': e->args[n++].s = va_arg(ap, const char *); break;
    case 'd': e->args[n++].d = va_arg(ap, int); break;
    case 'u':
    case 'x': e->args[n++].u = va_arg(ap, unsigned); break;
    case 'g': e->args[n++].g = va_arg(ap, double); break;
    default: break;
    }
  }
  va_end(ap);
  if (e->log && !e->logging) {
    e->logging = true;
    e->log(e->log_user, wy_error_text(e));
    e->logging = false;
  }
  return status;
}

/* The text being written and how much of it is used; it stops, cut, at its end. */
typedef struct writer {
  char *text;
  size_t used;
} writer;

static void put(writer *t, const char *s) {
  size_t n = strlen(s), room = WY_ERROR_TEXT - 1 - t->used;
  if (n > room) n = room;
  memcpy(t->text + t->used, s, n);
  t->used += n;
  t->text[t->used] = '\0';
}

/* The shortest %g that reads back as the same float: 0.15, not 0.150000006. */
static void put_float(writer *t, double v) {
  if (isnan(v)) {
    put(t, "nan");
    return;
  }
  if (isinf(v)) {
    put(t, v > 0 ? "inf" : "-inf");
    return;
  }
  char s[32];
  for (int digits = 6; digits <= 9; digits++) {
    snprintf(s, sizeof s, "%.*g", digits, v);
    if ((float)strtod(s, NULL) == (float)v) break;
  }
  put(t, s);
}

const char *wy_error_text(wy_error *e) {
  if (!e->fn) return "";
  if (e->written) return e->text;
  writer t = {e->text, 0};
  e->text[0] = '\0';
  put(&t, e->fn);
  put(&t, ": ");
  int n = 0;
  char s[32];
  for (const char *p = e->fmt; *p; p++) {
    if (*p != '%' || !p[1]) {
      char c[2] = {*p, '\0'};
      put(&t, c);
      continue;
    }
    char conv = *++p;
    if (conv == '%') {
      put(&t, "%");
      continue;
    }
    if (n >= WY_ERROR_ARGS) break;
    const wy_error_arg *a = &e->args[n++];
    /* 64 bits: %zu, %llu, %llx. */
    bool wide = (conv == 'z' && p[1]) || (conv == 'l' && p[1] == 'l' && p[2]);
    if (wide) {
      p += conv == 'z' ? 1 : 2;
      snprintf(s, sizeof s, *p == 'x' ? "0x%016llx" : "%llu", a->q);
      put(&t, s);
      continue;
    }
    switch (conv) {
    case 's': put(&t, a->s ? a->s : "(null)"); break;
    case 'd': snprintf(s, sizeof s, "%d", a->d); put(&t, s); break;
    case 'u': snprintf(s, sizeof s, "%u", a->u); put(&t, s); break;
    case 'x': snprintf(s, sizeof s, "0x%08x", a->u); put(&t, s); break;
    case 'g': put_float(&t, a->g); break;
    default: break;
    }
  }
  e->written = true;
  return e->text;
}

static const char *const nouns[] = {"object", "actor", "box", "light", "environment"};
static const char *const kinds[] = {"an object", "an actor", "a box", "a light", "an environment"};

int wy_id_check(wy_error *e, const char *fn, const char *what, const wy_id_pool *p, wy_id id) {
  int status = wy_id_status(p, id);
  if (status == WARY_OK) return status;
  const char *noun = nouns[p->kind];
  uint32_t kind = id >> WY_ID_KIND_SHIFT;
  if (id == 0) return wy_fail(e, status, fn, "%s: expected a live %s, got a null handle", what, noun);
  if (status == WARY_ERR_WRONG_KIND)
    return wy_fail(e, status, fn, "%s: expected a live %s, got %s id (%x)", what, noun, kinds[kind], id);
  uint32_t slot = id & WY_ID_INDEX_MASK, gen = (id >> WARY_ID_INDEX_BITS) & WY_ID_GEN_MAX;
  if (kind != p->kind)
    return wy_fail(e, status, fn, "%s: expected a live %s, got %x (not an id of any kind)", what, noun, id);
  if (slot < (uint32_t)p->slots.count && gen >= 1 && gen <= p->slots.data[slot].gen)
    return wy_fail(e, status, fn, "%s: expected a live %s, got a stale handle %x (removed)", what, noun, id);
  return wy_fail(e, status, fn, "%s: expected a live %s, got %x (no %s of this world has had it)", what, noun,
                 id, noun);
}

static const char *const rules[] = {
  [WY_FINITE] = "a finite number",
  [WY_NONNEG] = "a finite number >= 0",
  [WY_POSITIVE] = "a finite number > 0",
  [WY_UNIT] = "a finite number in [0, 1]",
  [WY_SCALED] = "-1 (scaled) or a finite number >= 0",
  [WY_SCALED_POSITIVE] = "-1 (scaled) or a finite number > 0",
};

bool wy_broke(wy_error *e, const char *fn, const char *field, int index, float v, wy_rule rule) {
  if (index < 0) wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s: expected %s, got %g", field, rules[rule], v);
  else wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s[%d]: expected %s, got %g", field, index, rules[rule], v);
  return true;
}

bool wy_broke_range(wy_error *e, const char *fn, const char *field, float v, float lo, float hi) {
  wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s: expected a finite number in [%g, %g], got %g", field, lo, hi, v);
  return true;
}

bool wy_broke_int(wy_error *e, const char *fn, const char *field, int index, int32_t v, int32_t lo,
                  int32_t hi) {
  if (index < 0) wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s: expected an integer in [%d, %d], got %d", field, lo, hi, v);
  else wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s[%d]: expected an integer in [%d, %d], got %d", field, index, lo, hi, v);
  return true;
}

int wy_fail_index(wy_error *e, int status, const char *fn, const char *what, const char *noun, int32_t i,
                  int32_t count) {
  if (count <= 0) return wy_fail(e, status, fn, "%s: expected %s index, got %d (there is none)", what, noun, i);
  return wy_fail(e, status, fn, "%s: expected %s index in [0, %d], got %d", what, noun, count - 1, i);
}

int wy_bounds_check(wy_error *e, const char *fn, const char *def, const float min[3], const float max[3]) {
  static const char *const args[] = {"min_x", "min_y", "min_z", "max_x", "max_y", "max_z"};
  for (int i = 0; i < 3; i++) {
    const float corner[2] = {min[i], max[i]};
    for (int k = 0; k < 2; k++) {
      if (wy_finite(corner[k])) continue;
      return def ? wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s.%s[%d]: expected a finite number, got %g", def,
                           k ? "max" : "min", i, corner[k])
                 : wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s: expected a finite number, got %g", args[3 * k + i],
                           corner[k]);
    }
    if (max[i] >= min[i]) continue;
    return def ? wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s.max[%d]: expected a finite number >= min[%d] (%g), got %g",
                         def, i, i, min[i], max[i])
               : wy_fail(e, WARY_ERR_BAD_VALUE, fn, "%s: expected a finite number >= %s (%g), got %g", args[3 + i],
                         args[i], min[i], max[i]);
  }
  return WARY_OK;
}

static _Thread_local char refusal[WY_ERROR_TEXT];

void wy_error_keep_refusal(wy_error *e) {
  const char *text = wy_error_text(e);
  size_t n = strlen(text);
  if (n >= sizeof refusal) n = sizeof refusal - 1;
  memcpy(refusal, text, n);
  refusal[n] = '\0';
}

const char *wy_error_refusal(void) { return refusal; }
