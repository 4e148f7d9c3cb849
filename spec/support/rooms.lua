-- spec/support/rooms.lua: what the specs of the seed's rooms with cases share
-- (spec/rooms_spec.lua, the Sight wing; spec/sound_rooms_spec.lua, the Sound
-- wing): each room run once, and a describe block per room with an it per
-- case (it lands in the seed's state) and per ordering of the seed.
--   local support = require("spec.support.rooms")
--   support.describe_rooms(report.SIGHT, function(case, r) return rooms.landed(case, r.state) end,
--     { describe = describe, it = it, assert = assert })
--   local by_key = support.results(support.room("s1_distance"))
local rooms = require("examples.rooms.common")

local support = {}

-- The room module examples/rooms/<file>.lua.
function support.room(file) return require("examples.rooms." .. file) end

-- The results of a room (rooms.run_room), run once.
local results = {}
function support.results(room)
  if not results[room.id] then results[room.id] = rooms.run_room(room) end
  return results[room.id]
end

-- A describe block per room of files: each case lands (landed(case, result)),
-- each of the seed's orderings holds. busted gives describe, it and assert to
-- each spec file, not to the modules it requires: the spec hands them over.
function support.describe_rooms(files, landed, busted)
  local describe, it, assert = busted.describe, busted.it, busted.assert
  for _, file in ipairs(files) do
    local room = support.room(file)
    describe("room " .. room.id .. " (" .. room.title .. ")", function()
      for _, case in ipairs(room.cases) do
        it(string.format("%s: %s", case.name, rooms.seed_state_text(case)), function()
          local r = support.results(room)[case.key]
          assert.is_true(landed(case, r),
            string.format("%s %s: got %s (%.1f%%), the seed says %s", room.id, case.name, r.state,
              r.confidence * 100, rooms.seed_state_text(case)))
        end)
      end

      for _, rel in ipairs(room.order or {}) do
        local text = table.concat(rel, " ")
        it("order: " .. text, function()
          local by_key = support.results(room)
          local ok = rooms.holds(by_key, rel)
          assert.is_true(ok, string.format("%s: %s, got %.1f%% and %.1f%%", room.id, text,
            by_key[rel[1]].confidence * 100, by_key[rel[3]].confidence * 100))
        end)
      end
    end)
  end
end

return support
