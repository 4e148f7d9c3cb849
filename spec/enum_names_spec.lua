-- spec/enum_names_spec.lua: the core's names of enum values (wary_state_name,
-- wary_event_name, ...) are the generated wary.enums names, value for value,
-- under the backend in use; a value that is no member has none.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")

local enums = wary.enums

local function backend()
  return require(wary.backend == "luajit" and "wary.ffi" or "wary.core")
end

-- Each name function of wary.h and the enum whose values it names.
local NAMED = {
  { fn = "state_name", enum = "state" },
  { fn = "event_name", enum = "event_type" },
  { fn = "loss_reason_name", enum = "loss_reason" },
  { fn = "emotion_name", enum = "emotion" },
  { fn = "detection_state_name", enum = "detection_state" },
  { fn = "geck_event_name", enum = "geck_event_type" },
  { fn = "stance_name", enum = "stance" },
  { fn = "threat_level_name", enum = "threat_level" },
  { fn = "factor_name", enum = "factor_kind" },
}

describe("the core's enum names (" .. wary.backend .. ")", function()
  for _, n in ipairs(NAMED) do
    it(n.fn .. " gives wary.enums." .. n.enum .. " for every member and nil past them", function()
      local B = backend()
      local count, top = 0, -1
      for value, name in each(enums[n.enum]) do
        assert.are.equal(name, B[n.fn](value), n.fn .. "(" .. value .. ")")
        count = count + 1
        if value > top then top = value end
      end
      assert.are.equal(top + 1, count, "members 0 to " .. top)
      assert.is_nil(B[n.fn](-1))
      assert.is_nil(B[n.fn](top + 1))
    end)
  end

  it("are every name function of wary.h", function()
    local listed, found = {}, {}
    for _, n in ipairs(NAMED) do listed[#listed + 1] = n.fn end
    for _, fn in ipairs(require("wary.api").functions) do
      if fn.name:match("._name$") then found[#found + 1] = fn.name end
    end
    table.sort(listed)
    table.sort(found)
    assert.are.same(listed, found)
  end)
end)
