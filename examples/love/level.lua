return {
  version = "1.10",
  luaversion = "5.1",
  tiledversion = "1.10.2",
  class = "",
  orientation = "orthogonal",
  renderorder = "right-down",
  width = 32,
  height = 24,
  tilewidth = 32,
  tileheight = 32,
  nextlayerid = 7,
  nextobjectid = 27,
  properties = {
    ["ambient"] = 0.3,
    ["sunlight"] = 1,
    ["units_per_meter"] = 32
  },
  tilesets = {},
  layers = {
    {
      type = "objectgroup",
      draworder = "topdown",
      id = 1,
      name = "walls",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0,
      offsety = 0,
      parallaxx = 1,
      parallaxy = 1,
      properties = {
        ["height"] = 96
      },
      objects = {
        {
          id = 1,
          name = "north wall",
          type = "",
          shape = "rectangle",
          x = 0,
          y = 60,
          width = 1024,
          height = 10,
          rotation = 0,
          visible = true,
          properties = {}
        },
        {
          id = 2,
          name = "south wall",
          type = "",
          shape = "rectangle",
          x = 0,
          y = 690,
          width = 1024,
          height = 10,
          rotation = 0,
          visible = true,
          properties = {}
        },
        {
          id = 3,
          name = "west wall",
          type = "",
          shape = "rectangle",
          x = 0,
          y = 70,
          width = 10,
          height = 620,
          rotation = 0,
          visible = true,
          properties = {}
        },
        {
          id = 4,
          name = "east wall",
          type = "",
          shape = "rectangle",
          x = 1014,
          y = 70,
          width = 10,
          height = 620,
          rotation = 0,
          visible = true,
          properties = {}
        },
        {
          id = 5,
          name = "office wall",
          type = "",
          shape = "rectangle",
          x = 340,
          y = 70,
          width = 10,
          height = 230,
          rotation = 0,
          visible = true,
          properties = {
            ["material"] = "wood"
          }
        },
        {
          id = 6,
          name = "office wall",
          type = "",
          shape = "rectangle",
          x = 340,
          y = 420,
          width = 10,
          height = 270,
          rotation = 0,
          visible = true,
          properties = {
            ["material"] = "wood"
          }
        }
      }
    },
    {
      type = "objectgroup",
      draworder = "topdown",
      id = 2,
      name = "cover",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0,
      offsety = 0,
      parallaxx = 1,
      parallaxy = 1,
      properties = {},
      objects = {
        {
          id = 7,
          name = "desk",
          type = "",
          shape = "rectangle",
          x = 60,
          y = 120,
          width = 100,
          height = 40,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 32,
            ["material"] = "wood"
          }
        },
        {
          id = 8,
          name = "potted plants",
          type = "",
          shape = "rectangle",
          x = 200,
          y = 430,
          width = 15,
          height = 190,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 64,
            ["material"] = "foliage"
          }
        },
        {
          id = 9,
          name = "pillar",
          type = "",
          shape = "rectangle",
          x = 560,
          y = 140,
          width = 40,
          height = 40,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 96
          }
        },
        {
          id = 10,
          name = "crates",
          type = "",
          shape = "rectangle",
          x = 470,
          y = 250,
          width = 60,
          height = 40,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 32,
            ["material"] = "wood"
          }
        },
        {
          id = 11,
          name = "metal crate",
          type = "",
          shape = "rectangle",
          x = 620,
          y = 430,
          width = 80,
          height = 30,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 32,
            ["material"] = "metal"
          }
        },
        {
          id = 12,
          name = "glass wall",
          type = "",
          shape = "rectangle",
          x = 700,
          y = 320,
          width = 200,
          height = 8,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 96,
            ["material"] = "glass"
          }
        },
        {
          id = 13,
          name = "hedge",
          type = "",
          shape = "rectangle",
          x = 890,
          y = 330,
          width = 18,
          height = 170,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 64,
            ["material"] = "foliage"
          }
        },
        {
          id = 14,
          name = "smoke",
          type = "",
          shape = "rectangle",
          x = 420,
          y = 470,
          width = 100,
          height = 100,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 80,
            ["material"] = "smoke"
          }
        }
      }
    },
    {
      type = "objectgroup",
      draworder = "topdown",
      id = 3,
      name = "floors",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0,
      offsety = 0,
      parallaxx = 1,
      parallaxy = 1,
      properties = {
        ["collidable"] = false
      },
      objects = {
        {
          id = 15,
          name = "carpet",
          type = "floor",
          shape = "rectangle",
          x = 10,
          y = 70,
          width = 330,
          height = 620,
          rotation = 0,
          visible = true,
          properties = {
            ["color"] = "#ff472929",
            ["sound"] = "CarpetStep"
          }
        },
        {
          id = 16,
          name = "metal grating",
          type = "floor",
          shape = "rectangle",
          x = 350,
          y = 590,
          width = 664,
          height = 100,
          rotation = 0,
          visible = true,
          properties = {
            ["color"] = "#ff404d5c",
            ["grating"] = true,
            ["sound"] = "MetalStep"
          }
        }
      }
    },
    {
      type = "objectgroup",
      draworder = "topdown",
      id = 4,
      name = "lighting",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0,
      offsety = 0,
      parallaxx = 1,
      parallaxy = 1,
      properties = {
        ["collidable"] = false
      },
      objects = {
        {
          id = 17,
          name = "dark office",
          type = "environment",
          shape = "rectangle",
          x = 10,
          y = 70,
          width = 330,
          height = 620,
          rotation = 0,
          visible = true,
          properties = {
            ["height"] = 96,
            ["light"] = 0.15
          }
        },
        {
          id = 18,
          name = "lamp",
          type = "light",
          shape = "point",
          x = 170,
          y = 560,
          width = 0,
          height = 0,
          rotation = 0,
          visible = true,
          properties = {
            ["intensity"] = 1,
            ["radius"] = 128,
            ["z"] = 96
          }
        }
      }
    },
    {
      type = "objectgroup",
      draworder = "topdown",
      id = 5,
      name = "actors",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0,
      offsety = 0,
      parallaxx = 1,
      parallaxy = 1,
      properties = {
        ["collidable"] = false
      },
      objects = {
        {
          id = 19,
          name = "glancer",
          type = "guard",
          shape = "point",
          x = 820,
          y = 200,
          width = 0,
          height = 0,
          rotation = 0,
          visible = true,
          properties = {
            ["glance"] = 70,
            ["yaw"] = 180
          }
        },
        {
          id = 20,
          name = "warden",
          type = "guard",
          shape = "point",
          x = 955,
          y = 420,
          width = 0,
          height = 0,
          rotation = 0,
          visible = true,
          properties = {
            ["yaw"] = 180
          }
        },
        {
          id = 21,
          name = "you",
          type = "player",
          shape = "point",
          x = 270,
          y = 360,
          width = 0,
          height = 0,
          rotation = 0,
          visible = true,
          properties = {
            ["yaw"] = 0
          }
        }
      }
    },
    {
      type = "objectgroup",
      draworder = "topdown",
      id = 6,
      name = "labels",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0,
      offsety = 0,
      parallaxx = 1,
      parallaxy = 1,
      properties = {
        ["collidable"] = false
      },
      objects = {
        {
          id = 22,
          name = "",
          type = "",
          shape = "text",
          x = 20,
          y = 74,
          width = 200,
          height = 16,
          rotation = 0,
          visible = true,
          text = "dark office (carpet)",
          wrap = true,
          color = { 204, 204, 204, 204 },
          properties = {}
        },
        {
          id = 23,
          name = "",
          type = "",
          shape = "text",
          x = 360,
          y = 672,
          width = 200,
          height = 16,
          rotation = 0,
          visible = true,
          text = "metal grating: loud steps",
          wrap = true,
          color = { 204, 204, 204, 204 },
          properties = {}
        },
        {
          id = 24,
          name = "",
          type = "",
          shape = "text",
          x = 450,
          y = 512,
          width = 60,
          height = 16,
          rotation = 0,
          visible = true,
          text = "smoke",
          wrap = true,
          color = { 204, 204, 204, 204 },
          properties = {}
        },
        {
          id = 25,
          name = "",
          type = "",
          shape = "text",
          x = 780,
          y = 330,
          width = 60,
          height = 16,
          rotation = 0,
          visible = true,
          text = "glass",
          wrap = true,
          color = { 204, 204, 204, 204 },
          properties = {}
        },
        {
          id = 26,
          name = "",
          type = "",
          shape = "text",
          x = 850,
          y = 505,
          width = 60,
          height = 16,
          rotation = 0,
          visible = true,
          text = "hedge",
          wrap = true,
          color = { 204, 204, 204, 204 },
          properties = {}
        }
      }
    }
  }
}
