-- scripts/gen_reference.lua: writes docs/reference.md, the API reference,
-- from the doc comments of the Lua facade and of src/wary.h, and
-- meta/wary.lua, the Lua API for the Lua language server (below).
--
--   lua5.4 scripts/gen_reference.lua            (from the repository root; or luajit)
--   lua5.4 scripts/gen_reference.lua --check    (exit 1 if either is stale)
--
-- Lua: a doc comment is a block of lines starting with "---" (then "--")
-- right above a definition. Its first line may start with the signature
-- ("--- agent:belief(target) ..."); otherwise the signature is read from the
-- definition below it ("function M:belief(target)"), the class named after
-- the file (FILES below). C: every function prototype of src/wary.h, with the
-- comment lines right above it and its trailing comment, under the header's
-- "/* ---- section ---- */" headings. spec/reference_spec.lua checks that
-- every public method and every function is in the reference.
local root = (arg and arg[0] or ""):match("^(.*)[/\\]scripts[/\\][^/\\]*$") or "."

-- The facade files in reference order, and the name their methods take.
local FILES = {
  { "init.lua", "wary", "The module" },
  { "world.lua", "world", "The world" },
  { "world_stimuli.lua", "world", "The world: sounds, stimuli, hits" },
  { "save.lua", "world", "The world: saving and loading" },
  { "handles.lua", nil, "Boxes, lights and environments" },
  { "actor.lua", "actor", "Every actor" },
  { "agent_beliefs.lua", "agent", "Agents: beliefs and evidence" },
  { "agent_senses.lua", "agent", "Agents: what the senses took in" },
  { "agent_brain.lua", "agent", "Agents: pain, emotions, threat, attention (seed 002)" },
  { "agent_geck.lua", "agent", "Agents: the GECK model (seed 001)" },
  { "tiled.lua", "tiled", "Tiled maps (wary.tiled)" },
  { "debug.lua", "wdebug", "Debug drawing for LÖVE (wary.debug)" },
}

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local function lines(text)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\r?\n") do out[#out + 1] = line end
  return out
end

-- The entries { signature, text } of one facade file.
local function lua_entries(path, class)
  local out, src = {}, lines(read(path))
  local i = 1
  while i <= #src do
    if src[i]:match("^%s*%-%-%-") then
      local doc = {}
      repeat
        doc[#doc + 1] = src[i]:gsub("^%s*%-%-%-?%s?", "")
        i = i + 1
      until i > #src or not src[i]:match("^%s*%-%-") or src[i]:match("^%s*%-%-%-")
      local sig, rest = doc[1]:match("^([%w_]+[:.][%w_]+%b())%s*(.*)$")
      if not sig then sig, rest = doc[1]:match("^([%w_]+[:.][%w_]+%b{})%s*(.*)$") end
      if sig then
        doc[1] = rest
      else
        local code = src[i] or ""
        local owner, sep, name, args = code:match("^%s*function%s+([%w_]+)([:.])([%w_]+)%s*(%b())")
        if not owner then error(path .. ":" .. i .. ": a doc comment above no definition: " .. code, 0) end
        -- A private one's would be the reference's: a public one's comment is above it by mistake.
        if name:match("^_") then error(path .. ":" .. i .. ": a doc comment above a private function: " .. code, 0) end
        sig = (class or owner:lower()) .. sep .. name .. args
      end
      out[#out + 1] = { sig, table.concat(doc, " "):gsub("^%s+", ""):gsub("%s+$", "") }
    else
      i = i + 1
    end
  end
  return out
end

-- The conventions of wary.h's opening comment (from "Conventions" to the
-- notes on the cdef markers, which are the bindings' business), as
-- markdown lines: its bullets, with the examples they hold as code.
local function c_conventions(path)
  local out, on = {}, false
  for _, line in ipairs(lines(read(path))) do
    if line:match("^ %* Conventions$") then
      on = true
    elseif on and (line:match("^ %* %- Inside the cdef markers") or not line:match("^ %*")) then
      break
    elseif on then
      local text = line:gsub("^ %*%s?", "")
      if text:match("^    %S") then
        -- an example (indented deeper than a bullet's text): code
        text = "  `" .. text:gsub("^%s+", "") .. "`"
      else
        -- markdown would take *_def ... _* for emphasis and <what> for a tag
        text = text:gsub("%*_", "\\*_"):gsub("<([^>]+)>", "`<%1>`")
      end
      out[#out + 1] = text
    end
  end
  return out
end

-- The sections { title, entries = { { prototype, text } } } of wary.h.
local function c_sections(path)
  local text = read(path)
  text = text:match("/%* cdef%-begin %*/(.-)/%* cdef%-end %*/") or text
  local src = lines(text)
  local current = { title = "statuses", entries = {} }
  local sections = { current }
  local pending = {}
  local i = 1
  while i <= #src do
    local line = src[i]
    local title = line:match("^/%* %-%-%-%- (.-) %-+ %*/$")
    if title then
      current = { title = title, entries = {} }
      sections[#sections + 1] = current
      pending = {}
      i = i + 1
    elseif line:match("^/%*") and not line:match("%*/%s*$") then
      -- a comment of several lines
      local block = { line }
      while i < #src and not src[i]:match("%*/%s*$") do
        i = i + 1
        block[#block + 1] = src[i]
      end
      pending = { table.concat(block, " ") }
      i = i + 1
    elseif line:match("^/%*.*%*/%s*$") then
      pending[#pending + 1] = line
      i = i + 1
    elseif line:match("^[%w_][%w_ %*]*%f[%w_]wary_[%w_]+%s*%(") then
      local proto = { line }
      while not proto[#proto]:match("%);") and i < #src do
        i = i + 1
        proto[#proto + 1] = src[i]
      end
      local decl = table.concat(proto, " ")
      local trailing = decl:match("%);%s*/%*(.-)%*/") or ""
      decl = decl:gsub("%s*/%*.-%*/", ""):gsub("%s+", " ")
      local doc = {}
      for _, c in ipairs(pending) do
        doc[#doc + 1] = (c:gsub("^/%*%s*", ""):gsub("%s*%*/$", ""):gsub("%s*%*%s+", " "))
      end
      trailing = trailing:gsub("^%s+", ""):gsub("%s+$", "")
      -- A fragment ("of a wary_state: ...") reads as an aside, not as the
      -- end of the sentence above it.
      if #doc > 0 and trailing:match("^%l") then trailing = "(" .. trailing .. ")" end
      if trailing ~= "" then doc[#doc + 1] = trailing end
      if current then current.entries[#current.entries + 1] = { decl, table.concat(doc, " ") } end
      pending = {}
      i = i + 1
    else
      if line:match("^%s*$") or line:match("^typedef") or line:match("^}") then pending = {} end
      i = i + 1
    end
  end
  return sections
end

local function reference()
  local out = {
    "<!-- Generated by scripts/gen_reference.lua from the doc comments of lua/wary/ and src/wary.h;",
    "     regenerate with: lua5.4 scripts/gen_reference.lua -->",
    "# wary API reference",
    "",
    "The Lua API (the same under Lua 5.4 and LuaJIT), then the C API of `src/wary.h`.",
    "Definition tables and their fields are in `profiles/default.lua` and `lua/wary/schema.lua`;",
    "the guides in `docs/` explain the behaviour behind each call.",
    "",
    "## Lua",
    "",
  }
  for _, f in ipairs(FILES) do
    local entries = lua_entries(root .. "/lua/wary/" .. f[1], f[2])
    if #entries > 0 then
      out[#out + 1] = "### " .. f[3]
      out[#out + 1] = ""
      for _, e in ipairs(entries) do
        out[#out + 1] = "- `" .. e[1] .. "`" .. (e[2] ~= "" and (" " .. e[2]) or "")
      end
      out[#out + 1] = ""
    end
  end
  out[#out + 1] = "## C (`src/wary.h`)"
  out[#out + 1] = ""
  out[#out + 1] = "The functions, by the header's sections. Their structs (each field with its default), enums and"
  out[#out + 1] = "constants are in the header itself, installed as `wary.h`; its opening comment gives these"
  out[#out + 1] = "conventions:"
  out[#out + 1] = ""
  for _, line in ipairs(c_conventions(root .. "/src/wary.h")) do out[#out + 1] = line end
  out[#out + 1] = ""
  for _, s in ipairs(c_sections(root .. "/src/wary.h")) do
    if #s.entries > 0 then
      out[#out + 1] = "### " .. s.title
      out[#out + 1] = ""
      for _, e in ipairs(s.entries) do
        out[#out + 1] = "- `" .. e[1] .. "`" .. (e[2] ~= "" and (" " .. e[2]) or "")
      end
      out[#out + 1] = ""
    end
  end
  return table.concat(out, "\n")
end

-- ---- meta/wary.lua: the same entries for the Lua language server ----------------
--
-- A definition file (---@meta) that the Lua language server (LuaLS, VS Code's
-- Lua extension) reads for completion and hover text: each class's methods
-- with their parameters and doc text. The types a call hands back are named
-- in RETURNS (by signature), so that completion follows them; everything else
-- is `any`.

-- The class of each signature's owner.
local CLASSES = {
  wary = "wary", world = "wary.World", actor = "wary.Actor", agent = "wary.Agent", box = "wary.Box",
  light = "wary.Light", environment = "wary.Environment", tiled = "wary.tiled", wdebug = "wary.debug",
}
local RETURNS = {
  ["wary.world"] = "wary.World", ["world:add_agent"] = "wary.Agent", ["world:add_target"] = "wary.Actor",
  ["world:add_box"] = "wary.Box", ["world:add_light"] = "wary.Light",
  ["world:add_environment"] = "wary.Environment", ["world:actors"] = "wary.Actor[]",
  ["world:actors_near"] = "wary.Actor[]", ["world:boxes"] = "wary.Box[]", ["world:lights"] = "wary.Light[]",
  ["world:environments"] = "wary.Environment[]", ["world:profiles"] = "table[]",
  ["world:define_profile"] = "table", ["tiled.load"] = "wary.Box[]",
}
-- Each class: its parent, its text, its fields to read (as the reference
-- documents them), and the file it is declared in (a module of its own is
-- found by require through its own file: meta/wary/tiled.lua).
local CLASS_TEXT = {
  { "wary", nil, "The module: require(\"wary\").", { "backend string", "schema table", "enums table",
    "_VERSION string" } },
  { "wary.World", nil, "A world: its definitions, scene and actors; world:step(dt) runs it.",
    { "units_per_meter number" } },
  { "wary.Actor", nil, "An actor (agent or target) of a world. Fields other than wary's are the game's own.",
    { "id integer", "world wary.World", "name string", "kind string", "team any", "stance string",
      "profile table|false", "props table", "[string] any" } },
  { "wary.Agent", "wary.Actor", "An actor that perceives: its beliefs, senses and brain." },
  { "wary.Box", nil, "A box that blocks sight and sound as its material says.",
    { "id integer", "min number[]", "max number[]", "material string" } },
  { "wary.Light", nil, "A lamp.", { "id integer", "name string?", "def table" } },
  { "wary.Environment", nil, "A volume of fog, darkness or muffling.", { "id integer", "name string?", "def table" } },
  { "wary.tiled", nil, "Tiled maps: require(\"wary.tiled\").", nil, "meta/wary/tiled.lua" },
  { "wary.debug", nil, "Debug drawing for LÖVE: require(\"wary.debug\").", nil, "meta/wary/debug.lua" },
}
-- Table parameters that may be left out.
local OPTIONAL = { ["wary.world"] = true }

-- The parameters of a signature's argument list: names (a table argument is
-- one parameter t, its fields in the doc text; [, z] an optional z).
local function params(args)
  if args:sub(1, 1) == "{" then return { { name = "t", type = "table" } } end
  local out = {}
  -- A table among them ({ scale, offset }): one parameter, opts.
  local inner = args:sub(2, -2):gsub("%b{}", "opts")
  for optional, name in inner:gmatch("(%[?),?%s*([%w_%.]+)") do
    if name == "..." then
      out[#out + 1] = { name = "...", type = "any" }
    else
      out[#out + 1] = { name = name, type = "any", optional = optional == "[" }
    end
  end
  if inner:find("...", 1, true) and (not out[#out] or out[#out].name ~= "...") then
    out[#out + 1] = { name = "...", type = "any" }
  end
  return out
end

-- The meta files, by path: meta/wary.lua (the module and most classes) and
-- a file per module of its own.
local function meta()
  local files, order = {}, {}
  local function file(path)
    if not files[path] then
      files[path] = {
        "---@meta",
        "-- " .. path .. ": wary's Lua API for the Lua language server (completion and hover text),",
        "-- generated by scripts/gen_reference.lua from the same doc comments as docs/reference.md;",
        "-- regenerate with lua5.4 scripts/gen_reference.lua. Not loaded by wary: list the folder meta/",
        "-- in your editor's Lua.workspace.library (docs/love.md).",
        "",
      }
      order[#order + 1] = path
    end
    return files[path]
  end
  local where = {}
  for _, c in ipairs(CLASS_TEXT) do
    local path = c[5] or "meta/wary.lua"
    where[c[1]] = path
    local out = file(path)
    out[#out + 1] = "---" .. c[3]
    out[#out + 1] = "---@class " .. c[1] .. (c[2] and (" : " .. c[2]) or "")
    for _, f in ipairs(c[4] or {}) do out[#out + 1] = "---@field " .. f end
    out[#out + 1] = "local " .. c[1]:gsub("%.", "_") .. " = {}"
    out[#out + 1] = ""
  end
  for _, f in ipairs(FILES) do
    for _, e in ipairs(lua_entries(root .. "/lua/wary/" .. f[1], f[2])) do
      local owner, sep, name, args = e[1]:match("^([%w_]+)([:.])([%w_]+)(.*)$")
      local class = CLASSES[owner]
      if not class then error("gen_reference.lua: no class for " .. e[1], 0) end
      local out = file(where[class])
      if e[2] ~= "" then out[#out + 1] = "---" .. e[2] end
      out[#out + 1] = "---`" .. e[1] .. "`"
      local list = params(args)
      for _, p in ipairs(list) do
        local optional = p.optional or (p.name == "t" and OPTIONAL[owner .. sep .. name])
        out[#out + 1] = string.format("---@param %s%s %s", p.name, optional and "?" or "", p.type)
      end
      out[#out + 1] = "---@return " .. (RETURNS[owner .. sep .. name] or "any")
      local names = {}
      for i, p in ipairs(list) do names[i] = p.name end
      out[#out + 1] = string.format("function %s%s%s(%s) end", class:gsub("%.", "_"), sep, name,
        table.concat(names, ", "))
      out[#out + 1] = ""
    end
  end
  -- Each file hands back its module, as require would.
  local module = { ["meta/wary.lua"] = "wary" }
  for _, c in ipairs(CLASS_TEXT) do
    if c[5] then module[c[5]] = c[1]:gsub("%.", "_") end
  end
  local list = {}
  for _, path in ipairs(order) do
    local out = files[path]
    out[#out + 1] = "return " .. module[path]
    list[#list + 1] = { path, table.concat(out, "\n") .. "\n" }
  end
  return list
end

local outputs = { { "docs/reference.md", reference() } }
for _, m in ipairs(meta()) do outputs[#outputs + 1] = m end
local stale = false
for _, o in ipairs(outputs) do
  local target = root .. "/" .. o[1]
  if arg and arg[1] == "--check" then
    local f = io.open(target, "rb")
    local old = f and f:read("a")
    if f then f:close() end
    if old ~= o[2] then
      io.stderr:write(o[1] .. " is stale: run lua5.4 scripts/gen_reference.lua\n")
      stale = true
    else
      print(o[1] .. " is current")
    end
  else
    local f = assert(io.open(target, "wb"))
    f:write(o[2])
    f:close()
    print("wrote " .. target)
  end
end
if stale then os.exit(1) end
