-- examples/love/conf.lua: the window of the wary LÖVE demo (LÖVE 11).
function love.conf(t)
  t.identity = "wary-demo"
  t.version = "11.4"
  t.window.title = "wary: perception debug demo"
  t.window.width = 1024
  t.window.height = 768
  t.window.vsync = 1
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
