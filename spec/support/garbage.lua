-- Garbage counted: the bytes the collector sees allocated while a function
-- runs, with the collector stopped after a full collection. Under LuaJIT
-- the JIT is off meanwhile (its traces flushed), or its own work would be
-- counted too.
local M = {}

M.luajit = rawget(_G, "jit") ~= nil

-- Bytes allocated by fn(); settle() runs first, after the collection and
-- uncounted (a full collection shrinks stacks and tables that the next
-- calls grow again).
function M.bytes(fn, settle)
  if M.luajit then
    jit.off()
    jit.flush()
  end
  collectgarbage("collect")
  collectgarbage("stop")
  local ok, err = pcall(function()
    if settle then settle() end
    local before = collectgarbage("count")
    fn()
    return (collectgarbage("count") - before) * 1024
  end)
  collectgarbage("restart")
  if M.luajit then jit.on() end
  if not ok then error(err, 0) end
  return err
end

return M
