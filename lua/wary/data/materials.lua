-- wary.data.materials: the materials every world starts with (turn off
-- with wary.world{ materials = false }). vision_transmission is the share of
-- sight a box of it lets through (seed 000, "Glass, leaves and smoke"), multiplied
-- along a ray; sound_wall says whether hearing counts it as a wall.
return {
  { name = "concrete", vision_transmission = 0.0, sound_wall = true,
    description = "walls, floors, crates: blocks sight, a wall for sound (also the default material)" },
  { name = "wood", vision_transmission = 0.0, sound_wall = true, description = "doors, fences" },
  { name = "metal", vision_transmission = 0.0, sound_wall = true, description = "containers, shutters" },
  { name = "glass", vision_transmission = 1.0, sound_wall = true,
    description = "windows: hides nothing from the eye, still a wall for sound" },
  { name = "foliage", vision_transmission = 0.72, sound_wall = false,
    description = "hedges, tall grass: part of the sight gets through (room S7: 49% against 68% in the open)" },
  { name = "smoke", vision_transmission = 0.02, sound_wall = false,
    description = "thick smoke: most of nothing gets through" },
  { name = "trigger", vision_transmission = 1.0, sound_wall = false,
    description = "a volume that only overlaps (a trigger): blocks neither sight nor sound" },
}
