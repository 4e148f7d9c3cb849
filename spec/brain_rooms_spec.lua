-- The seed's Pain wing (seed 002, rooms D1 to D4): each room of
-- examples/rooms/d*.lua runs headless and every claim of the seed's story
-- holds (D1 walks to where the can was thrown from, D2 is blind for 7 s and
-- still hears, D3 the brute and the coward, D4 attention on the thief lets
-- the player pass).
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

local FILES = { "d1_hit", "d2_flash", "d3_brute_coward", "d4_attention" }

for _, file in ipairs(FILES) do
  local room = require("examples.rooms." .. file)
  describe("room " .. room.id .. " (" .. room.title .. ")", function()
    local result
    local function get()
      result = result or room.run()
      return result
    end
    it("tells the seed's story: " .. room.seed, function()
      local r = get()
      assert.is_true(#r.checks > 0)
      for _, c in ipairs(r.checks) do
        assert.is_true(c[2], room.id .. ": " .. c[1] .. "\n" .. table.concat(r.lines, "\n"))
      end
    end)
  end)
end
