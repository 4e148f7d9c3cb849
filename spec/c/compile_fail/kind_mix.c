/* kind_mix.c - must not compile: a box handle given where an actor handle is
 * expected. The ctest test c_test_kind_mix_does_not_compile runs the compiler
 * on it and passes only on the error about that argument, so a change that
 * made the handle types interchangeable again (a plain uint32_t) fails it. */
#include "wary.h"

int move_box_as_actor(wary_world *w, wary_box_id box) {
  return wary_actor_set_pos(w, box, 1.0f, 2.0f, 3.0f);
}
