-- wary.agent_senses: an agent's methods about what its senses took in:
-- sounds heard lately, beliefs about places, and touches. Merged into the
-- actor class by wary.actor.
local check = require("wary.check")
local enums = require("wary.enums")
local handle = require("wary.handle")

local agent, other, ok = handle.agent, handle.other, handle.ok
local NOT_FOUND = enums.status_values.not_found
local FULL = enums.status_values.full

local M = {}

local function xyz(v) return { x = v[1], y = v[2], z = v[3] } end

--- Sounds heard in the last `seconds` (at most 6 s, 32 sounds), newest first.
function M:recent_sounds(seconds)
  local B, w = agent(self, "recent_sounds")
  check.number(self.name, "seconds", seconds or 6, 0)
  local out = {}
  for i, r in ipairs(B.recent_sounds(w, self.id, seconds or 6)) do
    out[i] = {
      time = r.time, age = r.age, maker = self.world._actors[r.maker], sound = self.world._sound_names[r.sound + 1],
      location = xyz(r.pos), loudness = r.loudness, walls = r.walls,
    }
  end
  return out
end

local function place_table(self, raw)
  return {
    location = xyz(raw.pos),
    tag = self.world._B.name_string(self.world._w, raw.tag), confidence = raw.confidence,
    state = enums.state[raw.state], time_in_state = raw.time_in_state,
    accuracy = raw.accuracy, uncertainty = raw.uncertainty,
  }
end

--- Beliefs about places (sounds nobody made, vibrations, reports).
function M:location_beliefs()
  local B, w = agent(self, "location_beliefs")
  local out = {}
  for i = 0, ok(self, B.location_count(w, self.id), "location_beliefs") - 1 do
    local _, raw = B.location_at(w, self.id, i)
    out[#out + 1] = place_table(self, raw)
  end
  return out
end

--- The belief about a place with the highest confidence, or nil.
function M:strongest_location_belief()
  local B, w = agent(self, "strongest_location_belief")
  local status, raw = B.location_strongest(w, self.id)
  if status == NOT_FOUND then return nil end
  ok(self, status, "strongest_location_belief")
  return place_table(self, raw)
end

--- Drops the belief about a place (a table from location_beliefs or
-- strongest_location_belief: the one of its tag at its location), as when
-- the agent has searched it; no event. Returns whether it held one. Not
-- during a step.
function M:forget_location_belief(place)
  local B, w = agent(self, "forget_location_belief")
  if type(place) ~= "table" or type(place.tag) ~= "string" then
    check.fail(self.name, "place", "a belief about a place (from location_beliefs)", place)
  end
  local x, y, z = check.vector(self.name, "place.location", place.location)
  for i = 0, ok(self, B.location_count(w, self.id), "forget_location_belief") - 1 do
    local _, raw = B.location_at(w, self.id, i)
    if raw.pos[1] == x and raw.pos[2] == y and raw.pos[3] == z and B.name_string(w, raw.tag) == place.tag then
      ok(self, B.location_forget(w, self.id, i), "forget_location_belief")
      return true
    end
  end
  return false
end

--- Tells the agent something happened at a place (from a Lua sense's
-- on_stimulus, a script): merged with a belief of the same tag nearby.
function M:report_location_belief(pos, tag, confidence, accuracy)
  local B, w = agent(self, "report_location_belief")
  local x, y, z = check.vector(self.name, "pos", pos)
  check.name(self.name, "tag", tag)
  check.number(self.name, "confidence", confidence, 0, 1)
  check.number(self.name, "accuracy", accuracy or 0.5, 0, 1)
  ok(self, B.report_location(w, self.id, x, y, z, self.world:_name(tag, self.name, "tag"), confidence, accuracy or 0.5),
    "report_location_belief")
end

--- Something touched the agent: its touch sense reports it at the next step (ignored, with a warning,
-- without a Touch sense). At most 4 touchers wait for an agent's next step; a fifth is dropped, with a
-- warning once a world.
function M:report_touch(toucher)
  local B, w = agent(self, "report_touch")
  local id = other(self, toucher, "toucher", "report_touch")
  -- The core refuses a touch nothing would feel; here it is ignored, as
  -- report_pain without Pain is: a game's bumps need not know the profiles.
  if not check.index_of(self._profile.senses, "Touch") then
    check.warn_once(self.world._warned, "report_touch\0" .. self._profile.name,
      "%s: report_touch ignored: profile %s has no Touch sense", self.name, self._profile.name)
    return self
  end
  local status = B.report_touch(w, self.id, id)
  -- Four touchers wait for the agent's next step; a crowd's fifth in one
  -- frame is dropped with a warning (once a world), not raised.
  if status == FULL then
    check.warn_once(self.world._warned, "report_touch: full",
      "%s: report_touch: touch by %s dropped: 4 other touchers wait for its next step (at most 4 a step; "
      .. "warned once a world)", self.name, tostring(toucher))
    return self
  end
  ok(self, status, "report_touch")
  return self
end

return M
