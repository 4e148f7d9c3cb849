-- bench/summary.lua: the table bash bench/run.sh prints first, from the
-- key=value figures its parts wrote (one file). Prints figures; asserts
-- nothing.
--
--   lua5.4 bench/summary.lua RESULTS
--
-- One row a figure: what it is, its value, what it is compared with, the
-- ratio, the bound issue 12 sets, and the part that measures it. A figure whose
-- part did not run (or does not exist yet) prints "-". bench/README.md lists
-- the keys each part writes ("The summary's keys").

local file = arg and arg[1]
if not file then
  io.stderr:write("usage: lua5.4 bench/summary.lua RESULTS\n")
  os.exit(2)
end
local kv = {}
local f = io.open(file, "r")
if f then
  for k, v in f:read("*a"):gmatch("([%w_]+)=([^\n]*)") do kv[k] = tonumber(v) end
  f:close()
end

local function si(v)
  if v >= 1e9 then return string.format("%.2f G", v / 1e9) end
  if v >= 1e6 then return string.format("%.2f M", v / 1e6) end
  if v >= 1e3 then return string.format("%.1f k", v / 1e3) end
  return string.format("%.1f", v)
end
local function ms(v) return v and string.format("%.3f ms", v) end
local function us(v) return v and string.format("%.2f us", v) end
local function ns(v) return v and string.format("%.0f ns", v) end
local function rate(v) return v and si(v) .. "/s" end
local function num(fmt) return function(v) return v and string.format(fmt, v) end end
-- 10000 -> "10,000".
local function count(v)
  local s = string.format("%d", v)
  return (s:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", ""))
end
local function times(a, b, what)
  return a and b and b > 0 and string.format("%.2fx%s", a / b, what or "") or nil
end

-- Each row: label, part, goal, then value, reference, ratio (strings or nil).
local rows = {}
local function row(label, part, goal, value, ref, ratio)
  rows[#rows + 1] = { label, value or "-", ref or "-", ratio or "-", goal, part }
end
local function heading(text) rows[#rows + 1] = { text } end

heading("speed of the core (C)")
row(count(kv.game_agents or 1000) .. " agents see + hear: ms/step at " .. (kv.game_age_s or 120) .. " s", "game",
  "<= 1.0 ms", ms(kv.game_ms_old))
row("steady game: step at " .. (kv.game_age_s or 120) .. " s / step at " .. (kv.game_young_s or 5) .. " s", "game",
  "<= 1.2x", ms(kv.game_ms_old), ms(kv.game_ms_young),
  kv.game_ratio and string.format("%.2fx", kv.game_ratio) or times(kv.game_ms_old, kv.game_ms_young))
-- [game] a copy of the aged world whose profile has no brain (brain = false), stepped in turn with it.
row(count(kv.game_agents or 1000) .. " agents at " .. (kv.game_age_s or 120) .. " s, no brain (brain = false)", "game",
  "-",
  ms(kv.game_ms_old_brainless), ms(kv.game_ms_old),
  kv.game_brainless_ratio and string.format("%.2fx", kv.game_brainless_ratio) or nil)
-- [prefetch] the same world stepped with WY_PREFETCH on and off in turn: the median ratio of rounds.
for _, at in ipairs({ { "young", kv.game_young_s or 5 }, { "old", kv.game_age_s or 120 } }) do
  local r = kv["prefetch_ratio_" .. at[1]]
  row("steady game at " .. at[2] .. " s: step with prefetch / without", "prefetch", "-",
    r and string.format("%.3f", r) or nil, nil, r and string.format("%.2fx faster", 1 / r) or nil)
end
-- [prefetch] part 3's world, the same way, with other memory used before each step (caches cold).
do
  local r = kv.prefetch_ratio_cold
  row(count(kv.prefetch_cold_agents or 200) .. " agents, caches cold: step with prefetch / without", "prefetch", "-",
    r and string.format("%.3f", r) or nil, nil, r and string.format("%.2fx faster", 1 / r) or nil)
end
-- [workers] the game world at N agents on 1 and 2 workers: workers_<N>_ms_1, _ms_2, _speedup,
-- _serial (the share of the step outside its parallel phases); Amdahl's speedup on 16 cores from it.
for _, n in ipairs({ 1000, 10000 }) do
  local key = "workers_" .. n
  row(count(n) .. " agents: 2 workers / 1 worker, ms/step", "workers", n == 10000 and ">= 1.7x" or "-",
    ms(kv[key .. "_ms_2"]), ms(kv[key .. "_ms_1"]), times(kv[key .. "_ms_1"], kv[key .. "_ms_2"], " faster"))
  local serial = kv[key .. "_serial"]
  row(count(n) .. " agents: serial share of the step, Amdahl on 16 cores", "workers", "-",
    serial and string.format("%.1f%%", 100 * serial), "-",
    serial and string.format("%.1fx", 1 / (serial + (1 - serial) / 16)))
end
-- The sweep's exponent of time, next to that of the rays it casts (its work).
for _, d in ipairs({ { "const", "constant", "<= 1.1" }, { "rising", "rising", "-" } }) do
  local key = "sweep_" .. d[1]
  row(string.format("time exponent, %s density (%s..%s agents)", d[2], count(kv[key .. "_n_min"] or 100),
    count(kv[key .. "_n_max"] or 10000)), "sweep", d[3], num("%.2f")(kv[key .. "_exponent"]),
    "rays " .. (num("%.2f")(kv[key .. "_rays_exponent"]) or "-"))
end
row(string.format("instruction exponent, constant density (%s..%s agents)", count(kv.sweep_instructions_n_min or 100),
  count(kv.sweep_instructions_n_max or 1000)), "callgrind", "-", num("%.2f")(kv.sweep_instructions_exponent))
row("events dropped/step at " .. count(kv.sweep_const_n_max or 10000) .. " agents", "sweep", "0",
  num("%.1f")(kv.sweep_const_dropped_at_max))
-- [rays] the reference BVH (bench/rays.c): rays_sight_core_ns, rays_sight_ref_ns and
-- rays_sight_ratio (the median of the rounds' core / reference), the same for rays_segment_
-- (C, the same boxes and segments).
row("rays: core time / reference BVH's, early exit", "rays", "<= 1.1x", ns(kv.rays_sight_core_ns),
  ns(kv.rays_sight_ref_ns), num("%.2fx")(kv.rays_sight_ratio))
row("rays: core time / reference BVH's, whole segment", "rays", "<= 1.1x", ns(kv.rays_segment_core_ns),
  ns(kv.rays_segment_ref_ns), num("%.2fx")(kv.rays_segment_ratio))
-- [core] part 3's world of vision_agents agents stepped in a row (vision_warm_ms) and with
-- vision_cold_mb MB of other memory used before each step (vision_cold_ms): what a step costs when the
-- rest of a frame left the caches cold.
row(count(kv.vision_agents or 200) .. " agents' vision: step after "
  .. (kv.vision_cold_mb and string.format("%d", kv.vision_cold_mb) or "-") .. " MB used / in a row", "core", "-",
  ms(kv.vision_cold_ms), ms(kv.vision_warm_ms), times(kv.vision_cold_ms, kv.vision_warm_ms))
-- [callgrind] the same world (bench/callgrind.sh, 8d.): lines a step fetched past a simulated 2 MB last
-- level after 64 MB used (vision_cold_lines) and in a row (vision_warm_lines): the step's memory
-- traffic when cold, in a count that repeats exactly.
row(count(kv.vision_agents or 200) .. " agents' vision: lines fetched a step, cold / in a row",
  "callgrind", "-", kv.vision_cold_lines and count(kv.vision_cold_lines),
  kv.vision_warm_lines and count(kv.vision_warm_lines))
-- [game], [sweep] the counting allocator (parts 9 and 8): allocs_per_step_steady, allocs_per_step_scale
-- (heap allocations a step in steady state; at allocs_scale_agents agents, in the sweep's world
-- after 1 s of game time, whose tables still grow). Two decimals: one allocation in the sweep's
-- 36 measured steps is 0.03, which one decimal would print as 0.0.
row("heap allocations/step, steady game", "game", "0", num("%.2f")(kv.allocs_per_step_steady))
row("heap allocations/step at " .. count(kv.allocs_scale_agents or 10000) .. " agents, 1 s old", "sweep", "-",
  num("%.2f")(kv.allocs_per_step_scale))
-- [budget] the ray budget (vision rays a step) at half the steady game's: budget_rays,
-- budget_p99_rays, budget_max_wait and budget_wait_bound (steps), budget_<w>_p99_ms and
-- budget_<w>_instructions (8c) with it on and off.
row("ray budget: p99 vision rays/step / budget", "budget", "<= 1.1x", num("%.0f")(kv.budget_p99_rays),
  num("%.0f")(kv.budget_rays), times(kv.budget_p99_rays, kv.budget_rays))
row("ray budget: longest wait / its bound, steps", "budget", "<= 1.0x", num("%.0f")(kv.budget_max_wait),
  num("%.0f")(kv.budget_wait_bound), times(kv.budget_max_wait, kv.budget_wait_bound))
row("ray budget: p99 step, on / off", "budget", "-", ms(kv.budget_on_p99_ms), ms(kv.budget_off_p99_ms),
  times(kv.budget_on_p99_ms, kv.budget_off_p99_ms))
row("ray budget: instructions/step, on / off", "callgrind", "-", kv.budget_on_instructions
  and si(kv.budget_on_instructions), kv.budget_off_instructions and si(kv.budget_off_instructions),
  times(kv.budget_on_instructions, kv.budget_off_instructions))

heading("next to hand-written Lua (the same scene, per step)")
for _, i in ipairs({ { "luajit", "LuaJIT" }, { "lua54", "Lua 5.4" } }) do
  local k, name = i[1], i[2]
  local wary, every, bumped = kv["hand_" .. k .. "_vision_wary_ms"], kv["hand_" .. k .. "_vision_every_ms"],
    kv["hand_" .. k .. "_vision_bump_ms"]
  row("vision: wary vs hand-written, every box (" .. name .. ")", "hand", k == "luajit" and ">= 50x" or "-",
    ms(wary), ms(every), times(every, wary, " faster"))
  row("vision: wary vs hand-written + bump-style grid (" .. name .. ")", "hand", k == "luajit" and ">= 25x" or "-",
    ms(wary), ms(bumped), times(bumped, wary, " faster"))
end
-- The same columns each alone, steps in a row (their caches warm): no goal
-- is measured against these (bench/README.md, part 10).
local row_wary, row_every, row_bump = kv.hand_luajit_row_wary_ms, kv.hand_luajit_row_every_ms,
  kv.hand_luajit_row_bump_ms
row("  the same, each alone in a row: every box (LuaJIT)", "hand", "-", ms(row_wary), ms(row_every),
  times(row_every, row_wary, " faster"))
row("  the same, each alone in a row: + bump-style grid (LuaJIT)", "hand", "-", ms(row_wary), ms(row_bump),
  times(row_bump, row_wary, " faster"))
local bump = kv.hand_luajit_segments_bump_per_s
row("segments: world:ray vs bump-style grid (LuaJIT)", "hand", "-", rate(kv.hand_luajit_segments_ray_per_s),
  rate(bump), times(kv.hand_luajit_segments_ray_per_s, bump, " faster"))
row("segments: C wary_ray_cast vs bump-style grid (LuaJIT)", "core, hand", "-", rate(kv.rays_bvh_per_s),
  rate(bump), times(kv.rays_bvh_per_s, bump, " faster"))

heading("the facade (Lua)")
-- Each round's figure, then the median over the rounds (custom_senses.lua).
local over54, pcall54 = kv.custom_lua54_over_c_ns, kv.custom_lua54_pcall_ns
local x54 = kv.custom_lua54_over_pcall_x
row("custom sense: ns/evaluation over C vs bare pcall (Lua 5.4)", "custom", "<= 2x", ns(over54), ns(pcall54),
  num("%.2fx")(x54))
-- LuaJIT: the C world stepped in the same process where there is one (its
-- difference moves less), else the C process's.
row("custom sense: ns/evaluation over C and the body (LuaJIT)", "custom", "<= 20 ns",
  ns(kv.custom_luajit_beside_over_body_ns or kv.custom_luajit_over_body_ns), ns(kv.custom_luajit_pcall_ns))
row("event, no handler: us over C (Lua 5.4)", "hearing", "~ 0", us(kv.events_lua54_us_unheard))
row("event, no handler: us over C (LuaJIT)", "hearing", "~ 0", us(kv.events_luajit_us_unheard))
row("event with a handler: us over C (Lua 5.4)", "hearing", "<= 2 us", us(kv.events_lua54_us_handled))
row("event with a handler: us over C (LuaJIT)", "hearing", "<= 1 us", us(kv.events_luajit_us_handled))
for _, i in ipairs({ { "lua54", "Lua 5.4" }, { "luajit", "LuaJIT" } }) do
  local k, name = i[1], i[2]
  local one, whole = kv["frame_" .. k .. "_confidence_ns"], kv["frame_" .. k .. "_belief_ns"]
  row("agent:confidence(t) vs agent:belief(t), ns/call (" .. name .. ")", "frame", "-", ns(one), ns(whole),
    times(whole, one, " faster"))
  row("world:step with nobody listening, bytes of garbage (" .. name .. ")", "frame", "-",
    num("%.0f B")(kv["frame_" .. k .. "_step_bytes"]))
end

local widths = { 0, 0, 0, 0, 0, 0 }
local head = { "figure", "value", "reference", "ratio", "goal", "part" }
for i, h in ipairs(head) do widths[i] = #h end
for _, r in ipairs(rows) do
  if #r > 1 then
    for i, cell in ipairs(r) do widths[i] = math.max(widths[i], #cell) end
  end
end
local function line(cells)
  local out = { string.format("%-" .. widths[1] .. "s", cells[1]) }
  for i = 2, 6 do out[i] = string.format("%" .. widths[i] .. "s", cells[i]) end
  print("  " .. table.concat(out, "  "))
end
line(head)
for _, r in ipairs(rows) do
  if #r == 1 then print(r[1] .. ":") else line(r) end
end
print("  ratio: value / reference (\"faster\": reference / value, how many times faster wary is); goal: the bound")
print("  issue 12 sets; part: the part that measures it (details below); \"-\": not measured, that part did not run")
