-- wary.agent_geck: an agent's methods in the GECK model (seed 001), for
-- profiles with model = "geck". Merged into the actor class by wary.actor.
local check = require("wary.check")
local enums = require("wary.enums")
local geck = require("wary.geck")
local handle = require("wary.handle")

local other, ok = handle.other, handle.ok
local NOT_FOUND = enums.status_values.not_found

local M = {}

local function geck_agent(self, what)
  local B, w = handle.agent(self, what)
  if self._profile.model ~= "geck" then
    check.raise(string.format("%s: %s: profile '%s' does not use the GECK model (model = %q)", self.name, what,
      self._profile.name, self._profile.model))
  end
  return B, w
end

--- "normal" | "alert" | "combat" | "lost"
function M:geck_state()
  local B, w = geck_agent(self, "geck_state")
  return enums.detection_state[ok(self, B.geck_state(w, self.id), "geck_state")]
end

--- The last detection value the agent computed for target, or nil if it never
-- evaluated it (a friend, or never within reach).
function M:detection_value(target)
  local B, w = geck_agent(self, "detection_value")
  local status, v = B.geck_detection_value(w, self.id, other(self, target, "target", "detection_value"))
  if status == NOT_FOUND then return nil end
  ok(self, status, "detection_value")
  return v
end

--- The detection value with its parts (attenuation, sound, visual, skill),
-- the line of sight, and target-list membership and timer; nil as above.
function M:detection(target)
  local B, w = geck_agent(self, "detection")
  local status, raw = B.geck_target_get(w, self.id, other(self, target, "target", "detection"))
  if status == NOT_FOUND then return nil end
  ok(self, status, "detection")
  return geck.target(self.world, raw)
end

--- The state, time in it, alert timer, combat target, the alert list
-- (alerts), the target list (targets) and every actor with a value (known).
function M:geck()
  local B, w = geck_agent(self, "geck")
  local status, raw = B.geck_info_get(w, self.id)
  ok(self, status, "geck")
  return geck.info(self.world, B, w, self.id, raw)
end

--- attacker damaged this agent (seed 001: Normal -> Alert, a damage event at
-- the attacker); taken at the next step.
function M:geck_damaged(attacker)
  local B, w = geck_agent(self, "geck_damaged")
  ok(self, B.geck_damage(w, self.id, other(self, attacker, "attacker", "geck_damaged")), "geck_damaged")
end

return M
