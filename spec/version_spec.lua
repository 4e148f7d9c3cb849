-- The version has one source, src/wary.h: the library reports it
-- (wary_version), the Lua files carry the one they were generated from and
-- refuse a library of another, and CMake and the rockspec read the same.
local wary = require("wary")

local ROOT = os.getenv("WARY_ROOT") or "."
local C = wary.enums.constants

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local function backend()
  return require(wary.backend == "luajit" and "wary.ffi" or "wary.core")
end

describe("the version", function()
  local version = string.format("%d.%d.%d", C.VERSION_MAJOR, C.VERSION_MINOR, C.VERSION_PATCH)

  it("of the loaded library is the header's the Lua files were generated from", function()
    assert.are.equal(C.VERSION_MAJOR * 65536 + C.VERSION_MINOR * 256 + C.VERSION_PATCH, backend().version())
    assert.are.equal("wary " .. version, wary._VERSION)
  end)

  it("of another library is refused when wary is required, with both versions named", function()
    local B = backend()
    local real = B.version
    B.version = function() return 2 * 65536 + 5 * 256 + 1 end
    package.loaded.wary = nil
    local ok, err = pcall(require, "wary")
    B.version = real
    package.loaded.wary = wary
    assert.is_false(ok)
    assert.truthy(err:find("the native library is version 2.5.1", 1, true), err)
    assert.truthy(err:find("these Lua files are for " .. version, 1, true), err)
  end)

  it("is the one CMake and the rockspec use", function()
    local cmake = read_file(ROOT .. "/CMakeLists.txt")
    assert.truthy(cmake:find("project(wary VERSION ${WARY_VERSION_MAJOR}.${WARY_VERSION_MINOR}.${WARY_VERSION_PATCH}",
      1, true))
    local rockspec = read_file(ROOT .. "/wary-" .. version .. "-1.rockspec")
    assert.truthy(rockspec:find('version = "' .. version .. '-1"', 1, true))
  end)
end)
