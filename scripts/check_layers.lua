-- scripts/check_layers.lua - the C core's files go one way (docs/architecture.md).
--
--   lua5.4 scripts/check_layers.lua DOC SRC_DIR LIBWARY_A [NM]
--
-- DOC holds the one table of layers (between <!-- layers: begin --> and
-- <!-- layers: end -->: a row per layer, its number first and its files in
-- backquotes). The check fails when
--   - a file of SRC_DIR is in no layer, or a listed file does not exist;
--   - a file includes a header of a higher layer, or headers include each
--     other in a circle;
--   - a .c file calls (or reads) a symbol defined in a .c file of a higher
--     layer, or the .c files call each other in a circle. The calls come from
--     NM (default nm) on LIBWARY_A: the symbols each object defines and the
--     ones it needs.
-- It prints every violation and exits 1, or prints a summary and exits 0.

local doc, src, lib, nm = arg[1], arg[2], arg[3], arg[4] or "nm"
if not (doc and src and lib) then
  io.stderr:write("usage: lua5.4 scripts/check_layers.lua DOC SRC_DIR LIBWARY_A [NM]\n")
  os.exit(2)
end

local problems = {}
local function problem(fmt, ...) problems[#problems + 1] = string.format(fmt, ...) end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local function lines_of(command)
  local p = assert(io.popen(command))
  local out = {}
  for line in p:lines() do out[#out + 1] = line end
  local ok, _, code = p:close()
  if not ok then
    io.stderr:write(string.format("check_layers: `%s` failed (%s)\n", command, tostring(code)))
    os.exit(2)
  end
  return out
end

-- ---- the table --------------------------------------------------------------

local layer, layer_name = {}, {}
local block = read(doc):match("<!%-%- layers: begin %-%->(.-)<!%-%- layers: end %-%->")
if not block then
  io.stderr:write("check_layers: " .. doc .. " has no <!-- layers: begin --> ... <!-- layers: end --> table\n")
  os.exit(2)
end
for row in block:gmatch("[^\n]+") do
  local n, name, files = row:match("^|%s*(%d+)%s*|%s*([^|]-)%s*|(.*)|%s*$")
  if n then
    layer_name[tonumber(n)] = name
    for file in files:gmatch("`([%w_]+%.[ch])`") do
      if layer[file] then problem("%s is in layers %d and %s", file, layer[file], n) end
      layer[file] = tonumber(n)
    end
  end
end

local present = {}
for _, file in ipairs(lines_of("ls " .. src)) do
  if file:match("%.[ch]$") then
    present[file] = true
    if not layer[file] then problem("%s is in no layer of %s", file, doc) end
  end
end
for file in pairs(layer) do
  if not present[file] then problem("%s is listed in %s but not in %s", file, doc, src) end
end

local function where(file) return string.format("%s (layer %d, %s)", file, layer[file], layer_name[layer[file]]) end

-- A cycle in graph (node -> set of nodes), as "a -> b -> a", or nil.
local function cycle(graph)
  local state, stack = {}, {}
  local function visit(node)
    state[node] = "open"
    stack[#stack + 1] = node
    local next_nodes = {}
    for to in pairs(graph[node] or {}) do next_nodes[#next_nodes + 1] = to end
    table.sort(next_nodes)
    for _, to in ipairs(next_nodes) do
      if state[to] == "open" then
        local path, from = {}, nil
        for i = #stack, 1, -1 do
          if stack[i] == to then from = i break end
        end
        for i = from, #stack do path[#path + 1] = stack[i] end
        path[#path + 1] = to
        return table.concat(path, " -> ")
      elseif not state[to] then
        local found = visit(to)
        if found then return found end
      end
    end
    stack[#stack] = nil
    state[node] = "done"
  end
  local nodes = {}
  for node in pairs(graph) do nodes[#nodes + 1] = node end
  table.sort(nodes)
  for _, node in ipairs(nodes) do
    if not state[node] then
      local found = visit(node)
      if found then return found end
    end
  end
end

-- ---- includes -----------------------------------------------------------------

local includes, include_count = {}, 0
for file in pairs(present) do
  if layer[file] then
    includes[file] = {}
    for header in read(src .. "/" .. file):gmatch('#include%s+"([^"]+)"') do
      include_count = include_count + 1
      if not layer[header] then
        problem("%s includes %s, which is in no layer", file, header)
      elseif layer[header] > layer[file] then
        problem("%s includes %s: a higher layer", where(file), where(header))
      end
      if header ~= file then includes[file][header] = true end
    end
  end
end
local include_cycle = cycle(includes)
if include_cycle then problem("files include each other in a circle: %s", include_cycle) end

-- ---- calls ----------------------------------------------------------------------

local defined, needed, object = {}, {}, nil
for _, line in ipairs(lines_of(nm .. " " .. lib)) do
  local member = line:match("^(.-)%.o:$")
  if member then
    object = member:match("([^/]+)$")
    needed[object] = needed[object] or {}
  elseif object then
    local kind, symbol = line:match("^%x*%s+(%a)%s+(%S+)$")
    if kind == "U" then
      needed[object][symbol] = true
    elseif kind and kind:match("[TDRBC]") then
      defined[symbol] = object
    end
  end
end

local calls, call_count = {}, 0
for from, symbols in pairs(needed) do
  if not layer[from] then problem("%s (in %s) is in no layer", from, lib) end
  calls[from] = calls[from] or {}
  for symbol in pairs(symbols) do
    local to = defined[symbol]
    if to and to ~= from and layer[from] and layer[to] then
      if not calls[from][to] then call_count = call_count + 1 end
      calls[from][to] = true
      if layer[to] > layer[from] then
        problem("%s uses %s of %s: a higher layer", where(from), symbol, where(to))
      end
    end
  end
end
local call_cycle = cycle(calls)
if call_cycle then problem(".c files call each other in a circle: %s", call_cycle) end

-- ---- verdict ----------------------------------------------------------------------

if #problems > 0 then
  table.sort(problems)
  for _, p in ipairs(problems) do io.stderr:write("check_layers: " .. p .. "\n") end
  os.exit(1)
end
local files, layers = 0, 0
for _ in pairs(layer) do files = files + 1 end
for _ in pairs(layer_name) do layers = layers + 1 end
print(string.format("check_layers: %d files in %d layers; %d includes and %d calls between .c files, "
  .. "none upward, no circle", files, layers, include_count, call_count))
