/* names.c - interned names (evidence tags, sources, property keys, sound and
 * pain names): a small positive key per distinct string, for the world's life. */
#include <string.h>

#include "world.h"

int32_t wy_name_intern(wary_world *w, const char *name) {
  if (!name || !name[0]) return WARY_ERR_BAD_VALUE;
  int32_t key = wy_name_find(w, name);
  if (key > 0) return key;
  if (w->names.count >= WY_MAX_NAMES) return WARY_ERR_FULL;
  if (!wy_array_reserve(&w->alloc, &w->names, w->names.count + 1)) return WARY_ERR_OUT_OF_MEMORY;
  size_t len = strlen(name) + 1;
  char *copy = wy_alloc(&w->alloc, len);
  if (!copy) return WARY_ERR_OUT_OF_MEMORY;
  memcpy(copy, name, len);
  w->names.data[w->names.count++] = copy;
  return w->names.count;
}

int32_t wy_name_find(const wary_world *w, const char *name) {
  for (int32_t i = 0; i < w->names.count; i++)
    if (strcmp(w->names.data[i], name) == 0) return i + 1;
  return 0;
}

void wy_names_forget(wary_world *w, int32_t count) {
  while (w->names.count > count) {
    char *name = w->names.data[--w->names.count];
    wy_free(&w->alloc, name, strlen(name) + 1);
  }
}

int wy_fail_intern(wy_error *e, const char *fn, int status) {
  return status == WARY_ERR_FULL
             ? wy_fail(e, status, fn, "table full: %d interned names at most", WY_MAX_NAMES)
             : wy_fail_memory(e, fn);
}

int wary_name(wary_world *w, const char *name, int32_t *out) {
  int32_t key = wy_name_intern(w, name);
  if (out) *out = key > 0 ? key : 0;
  if (key > 0) return WARY_OK;
  if (key == WARY_ERR_BAD_VALUE)
    return wy_fail(w->error, key, __func__, "name: expected a string of at least one character, got %s",
                   name ? "\"\"" : "NULL");
  return wy_fail_intern(w->error, __func__, key);
}

const char *wary_name_string(const wary_world *w, int32_t key) {
  return key >= 1 && key <= w->names.count ? w->names.data[key - 1] : NULL;
}

bool wy_tag_parts_whole(const char *tag) {
  size_t n = strlen(tag);
  return n > 0 && tag[0] != '.' && tag[n - 1] != '.' && !strstr(tag, "..");
}
