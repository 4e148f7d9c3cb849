-- wary.agent_beliefs: an agent's methods about what it believes: beliefs
-- and their states, Set Target Confidence, evidence, vision's explanation
-- and unmuting a sense. Merged into the actor class by wary.actor.
local check = require("wary.check")
local enums = require("wary.enums")
local handle = require("wary.handle")

local agent, other, ok = handle.agent, handle.other, handle.ok
local NOT_FOUND = enums.status_values.not_found
local MAX_EVIDENCE = enums.constants.MAX_EVIDENCE

local M = {}

local function belief_table(self, raw)
  local world = self.world
  local b = {
    target = world._actors[raw.target],
    confidence = raw.confidence,
    smoothed = raw.smoothed,
    fused = raw.fused,
    state = enums.state[raw.state],
    loss_reason = enums.loss_reason[raw.loss_reason],
    time_in_state = raw.time_in_state,
    last_known = { x = raw.last_known[1], y = raw.last_known[2], z = raw.last_known[3] },
    uncertainty = raw.uncertainty,
    sensed = raw.sensed,
    contributions = {},
    active = {},
    muted = {},
  }
  for i, id in ipairs(self._profile.senses) do
    b.contributions[id] = raw.shares[i]
    b.active[id] = raw.active[i]
    b.muted[id] = raw.muted[i]
  end
  return b
end

--- The belief about target, or nil when the agent holds none.
function M:belief(target)
  local B, w = agent(self, "belief")
  local status, raw = B.belief_get(w, self.id, other(self, target, "target", "belief"))
  if status == NOT_FOUND then return nil end
  ok(self, status, "belief")
  return belief_table(self, raw)
end

--- Every belief it holds (tables as agent:belief returns).
function M:beliefs()
  local B, w = agent(self, "beliefs")
  local out = {}
  for i = 0, ok(self, B.belief_count(w, self.id), "beliefs") - 1 do
    local _, raw = B.belief_at(w, self.id, i)
    out[#out + 1] = belief_table(self, raw)
  end
  return out
end

-- confidence and state read the one field (no belief table): a game asks
-- them of every guard every frame.

--- 0..1 after fusion and evidence (0 without a belief).
function M:confidence(target)
  local B, w = agent(self, "confidence")
  local status, c = B.belief_confidence(w, self.id, other(self, target, "target", "confidence"))
  ok(self, status, "confidence")
  return c
end

--- "undetected", "suspected", "detected", "tracked", "lost", "remembered" or "expired".
function M:state(target)
  local B, w = agent(self, "state")
  local status, s = B.belief_state(w, self.id, other(self, target, "target", "state"))
  ok(self, status, "state")
  return enums.state[s]
end

--- Raises the belief to at least confidence once (seed 000's Set Target Confidence); never lowers.
function M:set_confidence(target, confidence)
  local B, w = agent(self, "set_confidence")
  local id = other(self, target, "target", "set_confidence")
  check.number(self.name, "confidence", confidence, 0, 1)
  ok(self, B.set_confidence(w, self.id, id, confidence), "set_confidence")
end

local evidence_schema = {
  { name = "lifetime", kind = "number", min = 0, default = 0 },
  { name = "source", kind = "string", nonempty = true },
}

local OPS = require("wary.schema").evidence_ops
-- What the docs call the ops, for the hint of an op by that word.
local OP_WORDS = { floor = "raise", ceiling = "clamp", cap = "clamp", reduce = "lower", forget = "invalidate" }

--- Evidence "raise" (a floor), "clamp" (a ceiling), "lower" or "invalidate", by tag (the same tag
-- replaces); options: { lifetime (s, 0 until removed), source (a name, as "Informant": a string, not an
-- actor) }.
function M:add_evidence(target, tag, op, value, options)
  local B, w = agent(self, "add_evidence")
  local id = other(self, target, "target", "add_evidence")
  check.name(self.name, "tag", tag)
  local op_value = enums.evidence_op_values[op]
  if not op_value then check.one_of(self.name, "op", OPS, op, { words = OP_WORDS }) end
  if value == nil and op == "invalidate" then value = 0 end
  check.number(self.name, "value", value, 0, 1)
  if options ~= nil and type(options) ~= "table" then
    check.fail(tostring(self) .. " evidence " .. check.describe(tag), "options (the fifth argument)",
      "a table { lifetime =, source = }", options)
  end
  local o = check.fields(tostring(self) .. " evidence " .. check.describe(tag), evidence_schema, options or {})
  -- A full belief refuses a new tag: said before the names are interned, so
  -- refused calls do not use up the world's name table.
  if B.evidence_count(w, self.id, id) >= MAX_EVIDENCE then
    local held = false
    for _, e in ipairs(self:evidence(target)) do held = held or e.tag == tag end
    if not held then
      check.raise(string.format("%s: add_evidence: table full: the belief holds %d evidence (MAX_EVIDENCE), none "
        .. "with tag %s", self.name, MAX_EVIDENCE, check.describe(tag)))
    end
  end
  local source = o.source and self.world:_name(o.source, self.name, "evidence source") or 0
  ok(self, B.evidence_add(w, self.id, id, self.world:_name(tag, self.name, "tag"), op_value, value, o.lifetime, source),
    "add_evidence")
end

--- Removes the evidence of that tag; true if there was one.
function M:remove_evidence(target, tag)
  local B, w = agent(self, "remove_evidence")
  local id = other(self, target, "target", "remove_evidence")
  if type(tag) ~= "string" then check.fail(self.name, "tag", "a string", tag) end
  -- A name never interned tags no evidence: nothing to intern it for.
  if not self.world._names[tag] then return false end
  local status = B.evidence_remove(w, self.id, id, self.world:_name(tag))
  if status ~= NOT_FOUND then ok(self, status, "remove_evidence") end
  return status == 0
end

--- Removes every evidence about target.
function M:clear_evidence(target)
  local B, w = agent(self, "clear_evidence")
  ok(self, B.evidence_clear(w, self.id, other(self, target, "target", "clear_evidence")), "clear_evidence")
end

--- The evidence in force: { tag, op, value, lifetime, remaining, source } each.
function M:evidence(target)
  local B, w = agent(self, "evidence")
  local id = other(self, target, "target", "evidence")
  local out = {}
  for i = 0, ok(self, B.evidence_count(w, self.id, id), "evidence") - 1 do
    local _, e = B.evidence_at(w, self.id, id, i)
    out[#out + 1] = {
      tag = B.name_string(w, e.tag), op = enums.evidence_op[e.op], value = e.value,
      lifetime = e.lifetime, remaining = e.remaining,
      source = e.source ~= 0 and B.name_string(w, e.source) or nil,
    }
  end
  return out
end

-- Vision's look at target alone (explain(target).vision, without the
-- belief's factors): for the debug view's rays.
function M:_vision_look(target)
  local B, w = agent(self, "explain")
  local vs, raw = B.vision_explain_get(w, self.id, other(self, target, "target", "explain"))
  ok(self, vs, "explain")
  return require("wary.vision").explain(raw, self.world._boxes)
end

--- Why it believes what it does of target: each sense's factors, how
-- fusion took them, the evidence in force and what set the confidence
-- (wary.explain says the fields); .vision is every factor of vision's look
-- at target, computed now (the cone, the sight reaching each sample point).
function M:explain(target)
  local B, w = agent(self, "explain")
  local id = other(self, target, "target", "explain")
  local status = B.belief_get(w, self.id, id)
  if status ~= NOT_FOUND then ok(self, status, "explain") end
  local e = require("wary.explain").table(self.world, self._profile, B.explain(w, self.id, id), status ~= NOT_FOUND)
  e.target = target
  -- No belief about a teammate, ever (core: actor.h, wy_ignores_team).
  local ignored = self._profile.ignore_same_team and self._team ~= nil and self._team == target._team
    and "same_team" or nil
  local look
  if check.index_of(self._profile.senses, "Vision") then
    local vs, raw = B.vision_explain_get(w, self.id, id)
    ok(self, vs, "explain")
    look = require("wary.vision").explain(raw, self.world._boxes)
    -- Vision's entry says why it saw nothing, with or without a belief.
    local v = e.senses.Vision
    if v and look.reason ~= "none" then v.reason = look.reason end
  end
  require("wary.explain").with_vision(e, look, ignored)
  return e
end

--- agent:explain_text(target) The explanation (agent:explain) as a short readable text, a few lines per sense.
function M:explain_text(target)
  handle.agent(self, "explain_text")
  local e = self:explain(target)
  return require("wary.explain").text(e, string.format("%s about %s", self.name, tostring(target.name or target)))
end

-- The profile slot (0-based) of sense id, or an error naming it.
local function slot_of(self, id) return check.sense_slot(self, id) - 1 end

--- Asks a sense muted after repeated errors about this agent again.
function M:unmute_sense(id)
  local B, w = agent(self, "unmute_sense")
  ok(self, B.sense_unmute(w, self.id, slot_of(self, id)), "unmute_sense")
end

--- Whether the sense id is muted for this agent after repeated errors (sense_error_limit in a row).
function M:sense_muted(id)
  local B, w = agent(self, "sense_muted")
  local status, muted = B.sense_muted(w, self.id, slot_of(self, id))
  ok(self, status, "sense_muted")
  return muted
end

return M
