/* status.c - what a caller asks of the library before anything else: its
 * version, and the text of each wary_status (the comment of its member in
 * wary.h, word for word: spec/bindings_spec.lua compares them). */
#include "wary.h"

uint32_t wary_version(void) {
  return ((uint32_t)WARY_VERSION_MAJOR << 16) | ((uint32_t)WARY_VERSION_MINOR << 8) |
         (uint32_t)WARY_VERSION_PATCH;
}

const char *wary_status_string(int status) {
  switch (status) {
  case WARY_OK: return "ok";
  case WARY_ERR_STALE_ID: return "stale handle: the object was removed, or the handle is null";
  case WARY_ERR_BAD_VALUE: return "bad value: NaN, infinite, out of range, NULL or otherwise not what was expected";
  case WARY_ERR_FULL: return "table full: a bounded table has no room";
  case WARY_ERR_NOT_FOUND: return "not found: no such belief, evidence, name or index";
  case WARY_ERR_OUT_OF_MEMORY: return "out of memory";
  case WARY_ERR_NOT_AGENT: return "not an agent (it has no profile)";
  case WARY_ERR_IN_STEP: return "not allowed during a step (between wary_step_begin and wary_step_end)";
  case WARY_ERR_WRONG_KIND: return "wrong kind: the id names an object of another kind";
  case WARY_ERR_NOT_IN_STEP: return "only allowed during a step (between wary_step_begin and wary_step_end)";
  default: return "unknown status";
  }
}
