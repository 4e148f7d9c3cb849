-- bench/handwritten_grid.lua: segment queries over a uniform grid of the
-- boxes in the style of bump.lua, as a LÖVE developer writes them without
-- wary: square cells of a fixed size over x and y, the boxes (items) of each
-- cell, the segment walked cell by cell (a DDA), each item's box tested once
-- with the slab test of bench/handwritten_vision.lua. Two of them:
--
--   bump  laid out as bump.lua lays out its world: a cell holds a set of
--         items; a query makes a list of the cells the segment touches (each
--         once), the items of those cells (each once, a table of visited
--         items), a record of each hit with where the segment enters it, and
--         sorts the hits along the segment.
--   lean  what a developer who needs only the product writes: a cell holds an
--         array of items, items are told apart by a stamp, nothing is made
--         per query and nothing sorted.
--
-- Both answer a segment with the product of the transmissions of the boxes on
-- it, the walls among them and their count.
local G = {}

local hits = require("bench.handwritten_vision").hits
local floor, huge, sort = math.floor, math.huge, table.sort

-- The DDA over the cells of size cell that the segment's x, y crosses:
-- visit(cx, cy) for each in turn, from a's cell to b's.
local function walk(cell, ax, ay, bx, by, visit)
  local dx, dy = bx - ax, by - ay
  local cx, cy = floor(ax / cell), floor(ay / cell)
  local lx, ly = floor(bx / cell), floor(by / cell)
  local sx, tx, ddx = 0, huge, huge
  if dx > 0 then
    sx, tx, ddx = 1, ((cx + 1) * cell - ax) / dx, cell / dx
  elseif dx < 0 then
    sx, tx, ddx = -1, (cx * cell - ax) / dx, -cell / dx
  end
  local sy, ty, ddy = 0, huge, huge
  if dy > 0 then
    sy, ty, ddy = 1, ((cy + 1) * cell - ay) / dy, cell / dy
  elseif dy < 0 then
    sy, ty, ddy = -1, (cy * cell - ay) / dy, -cell / dy
  end
  while true do
    if visit(cx, cy) then return end
    if cx == lx and cy == ly then return end
    if tx < ty then
      if tx > 1 then return end
      cx, tx = cx + sx, tx + ddx
    else
      if ty > 1 then return end
      cy, ty = cy + sy, ty + ddy
    end
  end
end

-- Calls put(cx, cy, i) for every cell box i of boxes covers.
local function each_cell(boxes, cell, put)
  for i, b in ipairs(boxes) do
    for cy = floor(b.y1 / cell), floor(b.y2 / cell) do
      for cx = floor(b.x1 / cell), floor(b.x2 / cell) do put(cx, cy, i) end
    end
  end
end

-- ---- bump ---------------------------------------------------------------------

-- A grid of cell x cell units over boxes (a list of { x1, y1, z1, x2, y2,
-- z2, transmission, wall }), cells as sets of items.
function G.bump(boxes, cell)
  local g = { cell = cell, rows = {}, boxes = boxes }
  each_cell(boxes, cell, function(cx, cy, i)
    local row = g.rows[cy] or {}
    g.rows[cy] = row
    local c = row[cx] or { items = {}, count = 0 }
    row[cx] = c
    c.items[i] = true
    c.count = c.count + 1
  end)
  return g
end

local function by_entry(p, q) return p.t < q.t end

-- The boxes on the segment from a to b, through bump grid g: the product of
-- their transmissions (in order along the segment), walls and count. stop:
-- return 0 once the product is 0.
function G.bump_segment(g, ax, ay, az, bx, by, bz, stop)
  local rows, boxes = g.rows, g.boxes
  local cells, visited_cells = {}, {}
  walk(g.cell, ax, ay, bx, by, function(cx, cy)
    local row = rows[cy]
    local c = row and row[cx]
    if c and not visited_cells[c] then
      visited_cells[c] = true
      cells[#cells + 1] = c
    end
  end)
  local dx, dy, dz = bx - ax, by - ay, bz - az
  local visited, found = {}, {}
  for k = 1, #cells do
    for i in pairs(cells[k].items) do
      if not visited[i] then
        visited[i] = true
        local t = hits(boxes[i], ax, ay, az, dx, dy, dz)
        if t then found[#found + 1] = { item = i, t = t } end
      end
    end
  end
  sort(found, by_entry)
  local tr, walls = 1, 0
  for k = 1, #found do
    local b = boxes[found[k].item]
    if b.wall then walls = walls + 1 end
    tr = tr * b.transmission
    if stop and tr <= 0 then return 0, walls, k end
  end
  return tr, walls, #found
end

-- ---- lean ---------------------------------------------------------------------

-- A grid as G.bump's, cells as arrays of items.
function G.lean(boxes, cell)
  local g = { cell = cell, rows = {}, boxes = boxes, seen = {}, stamp = 0 }
  each_cell(boxes, cell, function(cx, cy, i)
    local row = g.rows[cy] or {}
    g.rows[cy] = row
    local items = row[cx] or {}
    row[cx] = items
    items[#items + 1] = i
  end)
  for i = 1, #boxes do g.seen[i] = 0 end
  return g
end

-- G.bump_segment through lean grid g (the product in the order the cells
-- give the boxes). The walk is walk's, inline: no callback, nothing made.
function G.lean_segment(g, ax, ay, az, bx, by, bz, stop)
  local cell, rows, boxes, seen = g.cell, g.rows, g.boxes, g.seen
  local dx, dy, dz = bx - ax, by - ay, bz - az
  local cx, cy = floor(ax / cell), floor(ay / cell)
  local lx, ly = floor(bx / cell), floor(by / cell)
  local sx, tx, ddx = 0, huge, huge
  if dx > 0 then
    sx, tx, ddx = 1, ((cx + 1) * cell - ax) / dx, cell / dx
  elseif dx < 0 then
    sx, tx, ddx = -1, (cx * cell - ax) / dx, -cell / dx
  end
  local sy, ty, ddy = 0, huge, huge
  if dy > 0 then
    sy, ty, ddy = 1, ((cy + 1) * cell - ay) / dy, cell / dy
  elseif dy < 0 then
    sy, ty, ddy = -1, (cy * cell - ay) / dy, -cell / dy
  end
  local stamp = g.stamp + 1
  g.stamp = stamp
  local tr, walls, n = 1, 0, 0
  while true do
    local row = rows[cy]
    local items = row and row[cx]
    if items then
      for k = 1, #items do
        local i = items[k]
        if seen[i] ~= stamp then
          seen[i] = stamp
          local b = boxes[i]
          if hits(b, ax, ay, az, dx, dy, dz) then
            n = n + 1
            if b.wall then walls = walls + 1 end
            tr = tr * b.transmission
            if stop and tr <= 0 then return 0, walls, n end
          end
        end
      end
    end
    if cx == lx and cy == ly then break end
    if tx < ty then
      if tx > 1 then break end
      cx, tx = cx + sx, tx + ddx
    else
      if ty > 1 then break end
      cy, ty = cy + sy, ty + ddy
    end
  end
  return tr, walls, n
end

-- The ray function of bench/handwritten_vision.lua through grid g with
-- segment (G.bump_segment or G.lean_segment): the share of sight from a to
-- b, stopping once nothing gets through.
function G.ray(g, segment)
  return function(ax, ay, az, bx, by, bz)
    return (segment(g, ax, ay, az, bx, by, bz, true))
  end
end

return G
