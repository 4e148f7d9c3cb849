/* emotion.h - threat, emotions and one sticky attention target (seed 002):
 * each agent's part, and the step that scores its beliefs and moves its
 * emotions. */
#ifndef WARY_EMOTION_H
#define WARY_EMOTION_H

#include "world.h"

typedef struct wy_emotion_agent {
  float emotion[5];       /* wary_emotion_value order */
  float fear_input;
  int32_t dominant;       /* wary_emotion */
  wy_id attention;      /* 0: none */
  float attention_time;
  /* Where attention's belief was in the agent's list at the last pass: a
   * hint, trusted only when the belief there is about attention's target
   * (beliefs move when others are dropped), so that most passes find it
   * without the list's index. Derived: never saved; -1 after a load. */
  int32_t attention_index;
  /* Where it stood and who was hostile when its beliefs' threats were last
   * scored: while both hold, a quiet belief's threat is what it was. */
  float scored_pos[3];
  uint32_t scored_relations;
  bool scored;
  /* The last pass worked out its listed beliefs' threats (a hint for
   * wy_emotion_prefetch). Derived: never saved. */
  bool listed_walked;
  /* How far it has walked (the sum of its steps' moves, in units) and up to
   * which walk every awake quiet target belief marked far (belief.h) keeps
   * its threat: the first such belief it could have come within the
   * threat's distance range of (a listed one keeps its own: wy_listed.until).
   * Derived: after loading, 0 and 0 (scored false). */
  double walked;
  double far_until;
  /* Its deferred beliefs (belief.h, wy_belief.deferred): at least how many
   * there are, and of them at least the largest threat when last fresh and
   * at most the least walk then, so that a pass can bound their threats
   * now without scoring them (emotion.c). Derived: after loading, none. */
  int32_t deferred;
  float defer_top;        /* -INFINITY: none */
  double defer_walked;    /* INFINITY: none */
  /* Since the last pass: how far the last known positions moved of the
   * beliefs that full resolves left scored or deferred (resolve.c, unheld),
   * summed as walked is. A deferred one's distance term moves with them as
   * with the agent's walk: the pass counts them into the walk since each
   * deferred one was last fresh. Derived: after loading, 0. */
  double drift;
} wy_emotion_agent;

struct wy_emotions {
  WY_ARRAY(wy_emotion_agent) agents; /* per agent */
};

extern const wy_module wy_emotion_module;

/* Threat of each belief, emotions (and emotion_changed), attention. */
void wy_emotion_step(wary_world *w, wy_lane *lane, int32_t agent, float dt);
/* Asks for the lines the agent's wy_emotion_step reads first (WY_PREFETCH):
 * stage 0 its record; 1, once that and its belief list have come, where its
 * attention is found and its dormant targets. */
void wy_emotion_prefetch(const wary_world *w, int32_t agent, int stage);

#endif
