---@meta
-- meta/wary.lua: wary's Lua API for the Lua language server (completion and hover text), generated
-- by scripts/gen_reference.lua from the same doc comments as docs/reference.md; regenerate with
-- lua5.4 scripts/gen_reference.lua. Not loaded by wary: list this folder in your editor's
-- Lua.workspace.library (docs/love.md).

---The module: require("wary").
---@class wary
local wary = {}

---A world: its definitions, scene and actors; world:step(dt) runs it.
---@class wary.World
local wary_World = {}

---An actor (agent or target) of a world.
---@class wary.Actor
local wary_Actor = {}

---An actor that perceives: its beliefs, senses and brain.
---@class wary.Agent : wary.Actor
local wary_Agent = {}

---A box that blocks sight and sound as its material says.
---@class wary.Box
local wary_Box = {}

---A lamp.
---@class wary.Light
local wary_Light = {}

---A volume of fog, darkness or muffling.
---@class wary.Environment
local wary_Environment = {}

---Tiled maps: require("wary.tiled").
---@class wary.tiled
local wary_tiled = {}

---Debug drawing for LÖVE: require("wary.debug").
---@class wary.debug
local wary_debug = {}

---A new world: its fields and defaults are in lua/wary/schema.lua (schema.world). world.units_per_meter reads its units, which it keeps.
---`wary.world{ units_per_meter, weather, event_capacity, workers, materials, sounds, filters, pains, ... }`
---@param t table
---@return wary.World
function wary.world(t) end

---Makes each name of the list the world's now, in the list's order: prop keys, evidence tags and sources, damage types, any string the game gives wary as a key. The world keeps a name for its life from the call that first gives it, and its snapshots hold the names in that order: copies of a lockstep or rollback game that must save the same bytes intern the names they will use after their definitions and before their first save, rather than where play first meets each (docs/reliability.md, "Rollback and lockstep"). A name the world has stays where it is. The list is checked whole before any name is interned: each a non-empty string without a NUL byte, room for all (wary.enums.constants.MAX_NAMES).
---`world:intern_names(list)`
---@param list any
---@return any
function wary_World:intern_names(list) end

---Defines one definition table of any kind (profile, sense, material, sound, filter, pain), told apart by its fields or an explicit `kind`; returns what it defined. Given a list of them, defines them as world:load defines a file's (all or nothing, profiles after the rest) and returns a list of what it defined, in the list's order.
---`world:define(t)`
---@param t any
---@return any
function wary_World:define(t) end

---Loads a file returning one definition or a list of them; returns what it returned (that table). All or nothing: every definition is checked before any is made. A list's profiles are made after its other definitions, so they may name senses that come later in it, and each after the profile of the list it extends. A relative path is looked for beside the calling file, then in the current directory, then in each folder of package.path (LÖVE: the game's files first). Loaded again (after an edit, between steps), its definitions retune what it defined: profiles, materials, sounds, filters and pain types take their new tables, a sense its new evaluate, on_stimulus and description (its settings must stay: interval, ranges, loss, weight, stimulus tags). What the file no longer holds stays defined, and a profile that extends one from another file keeps what it copied from it then.
---`world:load(path)`
---@param path any
---@return any
function wary_World:load(path) end

---The world's weather modifier, 0..1 (1 = clear): it scales sight and hearing everywhere.
---`world:set_weather(v)`
---@param v any
---@return any
function wary_World:set_weather(v) end

---The vision rays a step may cast (an integer in [0, 1e9]; 0: no budget, the default). Past it the due pairs most in need look first and the others keep what they last saw (docs/budget.md).
---`world:set_ray_budget(n)`
---@param n any
---@return any
function wary_World:set_ray_budget(n) end

---Seconds stepped so far.
---`world:time()`
---@return any
function wary_World:time() end

---The world's weather (world:set_weather, or what world:load_state restored), as the core keeps it: a float (0.3 reads 0.30000001192093).
---`world:weather()`
---@return any
function wary_World:weather() end

---The vision rays a step may cast (world:set_ray_budget, or what world:load_state restored; 0: no budget).
---`world:ray_budget()`
---@return any
function wary_World:ray_budget() end

---Threads a step uses (wary.world{ workers = N }: N, at least 1).
---`world:workers()`
---@return any
function wary_World:workers() end

---Counters since creation: rays, queries, candidates, beliefs held now, sounds and pain reports dropped, vision's rays and the ray budget's pairs, pairs put off and their longest wait (docs/budget.md).
---`world:stats()`
---@return any
function wary_World:stats() end

---The sun: { direction, intensity, ambient }: direction from the sun towards the ground ({0, 0, -1} is noon, the default), intensity its light (1), ambient the light of shade (0.3 by default: in shade a guard sees you about three times worse). A zero direction: no sun. A field not given keeps what the last set_sun gave it (as light:set does).
---`world:set_sun(t)`
---@param t any
---@return any
function wary_World:set_sun(t) end

---Turns the sun (a direction from the sun, or a vector table), keeping its light and ambient.
---`world:set_sun_direction(x, y, z)`
---@param x any
---@param y any
---@param z any
---@return any
function wary_World:set_sun_direction(x, y, z) end

---The light level at an actor as vision computes it with use_per_target_light (and the sun's shadow traced: a profile with trace_sun_shadow = false sees the sun's intensity where this says shade).
---`world:light_at(actor)`
---@param actor any
---@return any
function wary_World:light_at(actor) end

---The boxes between two points, each counted once over the whole segment: { transmission (the product of their vision transmissions), walls (how many are sound walls), boxes (how many in all) }.
---`world:ray(a, b)`
---@param a any
---@param b any
---@return any
function wary_World:ray(a, b) end

---How many boxes the world holds.
---`world:box_count()`
---@return any
function wary_World:box_count() end

---Every live box handle, in slot order as world:actors() (box.min, box.max, box.material: read-only, the corners copies; set_bounds and set_material change them).
---`world:boxes()`
---@return wary.Box[]
function wary_World:boxes() end

---Every live lamp handle (world:add_light), in slot order: after a load into a world made anew, how the game finds the lamps it made before (light.def: a copy of their fields; light:set{} changes them).
---`world:lights()`
---@return wary.Light[]
function wary_World:lights() end

---Every live environment handle (world:add_environment), in slot order, as world:lights().
---`world:environments()`
---@return wary.Environment[]
function wary_World:environments() end

---Every live actor, in the order of their slots: creation order, except that an actor made after a removal takes the first freed slot. A new list each call (yours to change); the order is kept between calls while no actor comes or goes. A handle's fields name, kind, team, stance, profile and props are to read: set_team, set_stance and set_prop change them (a write to kind, team, stance, profile, a field with a setter such as yaw or health, or a method's name is refused; id, world and props written over, or a name that is no string, make the next set_prop or save_state raise, as their save could not be loaded); any other field is the game's own (guard.route = ...). profile is the table wary reads (defaults filled in, shared by the profile's agents and a sense's ctx.profile): read it, never change it (its senses name the beliefs' shares); world:define_profile retunes a profile.
---`world:actors()`
---@return wary.Actor[]
function wary_World:actors() end

---The profiles the world defined, in the order it defined them (the order a save's world must define them in): each the table world:define_profile returned and its agents' actor.profile, checked, with every default filled in and distances in world units (world.units_per_meter to a metre). A retune updates it in place. It is what wary reads, for a tuning screen to show: read it, never change it (a field set here changes nothing in the core, but what wary.debug draws); world:define_profile retunes.
---`world:profiles()`
---@return table[]
function wary_World:profiles() end

---The actors within radius (world units; math.huge: all) of pos that the senses can perceive (set_perceivable(false) leaves one out), nearest first, the same distance in slot order (world:actors()).
---`world:actors_near(pos, radius)`
---@param pos any
---@param radius any
---@return wary.Actor[]
function wary_World:actors_near(pos, radius) end

---Defines a profile (or, with a name already defined, retunes it live): thresholds, timings, the senses and their tables (profiles/default.lua lists every field).
---`world:define_profile(t)`
---@param t any
---@return table
function wary_World:define_profile(t) end

---A custom sense written in Lua: { id, interval, max_range, evaluate, ... } (docs/custom-senses.md).
---`world:define_sense(t)`
---@param t any
---@return any
function wary_World:define_sense(t) end

---{ name, vision_transmission, sound_wall }; the same name redefines it: a field left out takes its default (vision_transmission 0, sound_wall true), as in a new one, as define_profile does. Saves made before a redefinition no longer load (the definitions differ). A transmission of 0.5 or less hides a target as a wall does (docs/vision.md).
---`world:define_material(t)`
---@param t any
---@return any
function wary_World:define_material(t) end

---A sound type: { name, category, alert_level, base_loudness, max_range_m, ... } (or, with a name already defined, retunes it live).
---`world:define_sound(t)`
---@param t any
---@return any
function wary_World:define_sound(t) end

---A sound filter profile: { name, accepted_categories, min_alert_level, ... } (or, with a name already defined, retunes it live).
---`world:define_filter(t)`
---@param t any
---@return any
function wary_World:define_filter(t) end

---A pain type: { name, effects = { Vision = 0.4, ... }, decay_rate, max_level, ... }.
---`world:define_pain(t)`
---@param t any
---@return any
function wary_World:define_pain(t) end

---A box that blocks sight and sound as its material says; {x, y} corners make a wall of full height. Returns the box.
---`world:add_box{ min, max, material }`
---@param t table
---@return wary.Box
function wary_World:add_box(t) end

---A lamp: light falls as 1 - (d / radius)^2. light:set{} changes those fields (light.radius = 5 is refused: it would change nothing).
---`world:add_light{ pos, radius, intensity, cast_shadows }`
---@param t table
---@return wary.Light
function wary_World:add_light(t) end

---Fog, a dark room, a muffled space.
---`world:add_environment{ min, max, vision_range_scale, hearing_range_scale, light }`
---@param t table
---@return wary.Environment
function wary_World:add_environment(t) end

---An actor that perceives.
---`world:add_agent{ profile, pos, yaw, team, name, props, health, ... }`
---@param t table
---@return wary.Agent
function wary_World:add_agent(t) end

---An actor that can be perceived.
---`world:add_target{ pos, team, name, stance, props, samples, ... }`
---@param t table
---@return wary.Actor
function wary_World:add_target(t) end

---Calls fn(ev) for every event of that name of any agent, after its own handlers (docs/events.md).
---`world:on(event, fn)`
---@param event any
---@param fn any
---@return any
function wary_World:on(event, fn) end

---Stops fn listening to event (its last world:on(event, fn)); true when it was listening. Inside a handler it takes effect from the next event: fn gets none of the step's later events (the event being handled still reaches it, when it comes after the handler that took it off).
---`world:off(event, fn)`
---@param event any
---@param fn any
---@return any
function wary_World:off(event, fn) end

---Advances the world dt seconds: senses, beliefs, brain, then each event someone listens to, to its handlers (world:events() has them all). dt = 0 passes no time: a sense looks only if it is due (its interval does not run), nothing fades and no timer runs.
---`world:step(dt)`
---@param dt any
---@return any
function wary_World:step(dt) end

---The events of the last step, in order (a table each, made on demand: an event of a type nobody listens to has none until this asks for it).
---`world:events()`
---@return any
function wary_World:events() end

---Events dropped since creation because a step queued more than event_capacity.
---`world:events_dropped()`
---@return any
function wary_World:events_dropped() end

---Frees the world now (it is also freed when collected, later: a game that makes a world a level destroys the last one); every later call on it or its handles raises "wary world is destroyed", after where it was called from and which call ("main.lua:9: world:step: wary world is destroyed"), but the world:step during which a sense destroyed it, which raises the bare text (one whose handler destroyed it returns: the dispatch ends there); a second destroy does nothing, and every handle's valid() is false. On Lua 5.4, `local world <close> = wary.world{}` destroys it when the block ends.
---`world:destroy()`
---@return any
function wary_World:destroy() end

---A sound made by source (a belief about the maker). At the next step it reaches the agents it can; each hears it at its next hearing update (hearing.interval, 0.1 s by default).
---`world:emit_sound(source, name)`
---@param source any
---@param name any
---@return any
function wary_World:emit_sound(source, name) end

---A sound nobody made, at a place (a belief about the place).
---`world:emit_sound_at(pos, name)`
---@param pos any
---@param name any
---@return any
function wary_World:emit_sound_at(pos, name) end

---A stimulus on the bus, delivered at the next step to the senses listening for a prefix of its tag (vibration: Stimulus.Vibration, Stimulus.Sound.Explosion).
---`world:emit_stimulus(t)`
---@param t any
---@return any
function wary_World:emit_stimulus(t) end

---A detection event (seed 001) for the agents of the GECK model: a projectile impact, an explosion, a shot. They hear it at the next step.
---`world:create_detection_event(t)`
---@param t any
---@return any
function wary_World:create_detection_event(t) end

---: a hit, counted at the next step (seed 002, "Who did it"). A removed instigator or causer is refused as a stale handle (leave it nil: nobody).
---`world:apply_damage{ victim, instigator, causer, amount, type, at }`
---@param t table
---@return any
function wary_World:apply_damage(t) end

---"hostile", "neutral" or "friendly" between two teams, both ways (default: same team friendly, else hostile).
---`world:set_relationship(team_a, team_b, relationship)`
---@param team_a any
---@param team_b any
---@param relationship any
---@return any
function wary_World:set_relationship(team_a, team_b, relationship) end

---The world's state as a string (the core's snapshot and the facade's handles, names, props and teams); world:load_state(s) restores it into a world with the same definitions. Not during a step, nor in the event handlers it runs (a checkpoint on an event: note it there, save after world:step returns).
---`world:save_state()`
---@return any
function wary_World:save_state() end

---Replaces the world's state with one from world:save_state: the world must have the same definitions (made in the same order) and be made with the same units_per_meter, event_capacity, sense_error_limit and lod_interval_scale (weather and ray_budget come from the state). A refused string raises and changes nothing. Not during a step, nor in its event handlers.
---`world:load_state(s)`
---@param s any
---@return any
function wary_World:load_state(s) end

---Removes the box (not during a step); the handle is then stale.
---`box:remove()`
---@return any
function wary_Box:remove() end

---false once removed, or once its world is destroyed.
---`box:valid()`
---@return any
function wary_Box:valid() end

---Removes the lamp.
---`light:remove()`
---@return any
function wary_Light:remove() end

---false once removed, or once its world is destroyed.
---`light:valid()`
---@return any
function wary_Light:valid() end

---Removes the volume.
---`environment:remove()`
---@return any
function wary_Environment:remove() end

---false once removed, or once its world is destroyed.
---`environment:valid()`
---@return any
function wary_Environment:valid() end

---Moves or resizes the box (corners as in world:add_box).
---`box:set_bounds(min, max)`
---@param min any
---@param max any
---@return any
function wary_Box:set_bounds(min, max) end

---Gives the box another material of the world.
---`box:set_material(name)`
---@param name any
---@return any
function wary_Box:set_material(name) end

---Changes the fields given (those of world:add_light); the others keep their values.
---`light:set{ pos, radius, intensity, cast_shadows }`
---@param t table
---@return any
function wary_Light:set(t) end

---Changes the fields given (min and max together); the others keep their values. light = false: no light of its own any more.
---`environment:set{ min, max, vision_range_scale, hearing_range_scale, light, name }`
---@param t table
---@return any
function wary_Environment:set(t) end

---Moves it (or one vector table); z defaults to 0.
---`actor:set_pos(x, y[, z])`
---@param x any
---@param y any
---@param z? any
---@return any
function wary_Actor:set_pos(x, y, z) end

---Moves it (or one vector table) without motion: the velocity wary works out from its moves takes no speed from the jump (a respawn: no rear cone catches it); z defaults to 0.
---`actor:teleport(x, y[, z])`
---@param x any
---@param y any
---@param z? any
---@return any
function wary_Actor:teleport(x, y, z) end

---Its velocity, units per second (vision's motion bonus, the rear cone); until it is set, the velocity follows the actor's motion between steps. set_velocity(nil) forgets the one set: it follows the motion again from the next step.
---`actor:set_velocity(x, y[, z])`
---@param x any
---@param y any
---@param z? any
---@return any
function wary_Actor:set_velocity(x, y, z) end

---Turns its eyes towards a point (at eye_turn_rate), and keeps them there as the body turns; look_forward undoes it. Without z (x, y, or {x, y}) they turn level, at their own height, as a 2D game wants; with z they look at that height (eyes at pos z + eye_height look down at z 0).
---`actor:look_at(x, y[, z])`
---@param x any
---@param y any
---@param z? any
---@return any
function wary_Actor:look_at(x, y, z) end

---The eyes follow the body's yaw again (after look_at).
---`actor:look_forward()`
---@return any
function wary_Actor:look_forward() end

---Its body's heading, degrees about z, 0 along +x.
---`actor:set_yaw(deg)`
---@param deg any
---@return any
function wary_Actor:set_yaw(deg) end

---Camouflage multiplier 0..1 on vision.
---`actor:set_visibility(v)`
---@param v any
---@return any
function wary_Actor:set_visibility(v) end

---The light level where it stands, 0..1 (unless a profile uses per-target light).
---`actor:set_light(v)`
---@param v any
---@return any
function wary_Actor:set_light(v) end

---How strongly it smells, 0..1.
---`actor:set_scent(v)`
---@param v any
---@return any
function wary_Actor:set_scent(v) end

---Level-of-detail tier 0 (full) .. 3 (cheapest): senses update less often, some sounds go unheard. At once: each sense waits the same share of its new interval as was left of its old one.
---`actor:set_lod_tier(tier)`
---@param tier any
---@return any
function wary_Actor:set_lod_tier(tier) end

---"standing", "crouched" or "prone": what vision samples and how much of it shows.
---`actor:set_stance(stance)`
---@param stance any
---@return any
function wary_Actor:set_stance(stance) end

---Any string or number; relationships between teams decide who is hostile.
---`actor:set_team(team)`
---@param team any
---@return any
function wary_Actor:set_team(team) end

---false: no sense looks for it (vision, smell, touch within reach, echolocation, custom senses, GECK); what it does still reaches the agents (its sounds, hits and the touches the game reports), and as an agent it still hears and feels what reaches it. A belief a built-in sense then loses has loss reason sensor_dropout (cloaked), and explain's look at it (the debug drawing's too) has visibility 0.
---`actor:set_perceivable(b)`
---@param b any
---@return any
function wary_Actor:set_perceivable(b) end

---A flag handed to custom senses (ctx.off_screen).
---`actor:set_off_screen(b)`
---@param b any
---@return any
function wary_Actor:set_off_screen(b) end

---Sets props[key]: any Lua value for Lua senses. A finite number, or a boolean (as 1 or 0), also reaches the core, where the GECK model and C senses read it; nil or another kind of value takes it out of the core again (their readers then use their defaults). world:save_state saves plain values, plain tables of them and actors; a function is left out (docs/reliability.md).
---`actor:set_prop(key, value)`
---@param key any
---@param value any
---@return any
function wary_Actor:set_prop(key, value) end

---The target's own sample points for vision ({x, y, z, weight} in its frame, world units; a point without a weight weighs 1; at least one must weigh more than 0), or nil for the built-in five that follow its stance.
---`actor:set_samples(list)`
---@param list any
---@return any
function wary_Actor:set_samples(list) end

---The pawn that holds it (a weapon), read by world:apply_damage; a sound or stimulus it makes with no team of its own is its owner's team (hearing's friendly filter, a stimulus's team_filter).
---`actor:set_owner(a)`
---@param a any
---@return any
function wary_Actor:set_owner(a) end

---Who launched it (a projectile's shooter), read by world:apply_damage; a sound or stimulus it makes with no team of its own, nor an owner with one, is its instigator's team.
---`actor:set_instigator(a)`
---@param a any
---@return any
function wary_Actor:set_instigator(a) end

---Where it is and how: pos, vel, yaw, eye_pos, eye_forward, stance, team, visibility, light, ... Its vectors are lists ({x, y, z}: pos[1]), as the tables given to set_pos; the vectors wary reports (a belief's last_known, an event's location, ctx's) have fields (last_known.x).
---`actor:get()`
---@return any
function wary_Actor:get() end

---x, y, z (no table made: games read it every frame).
---`actor:pos()`
---@return any
function wary_Actor:pos() end

---false once removed, or once its world is destroyed (every other call then raises).
---`actor:valid()`
---@return any
function wary_Actor:valid() end

---Removes it (not during a step); beliefs about it go too, and the handle is stale.
---`actor:remove()`
---@return any
function wary_Actor:remove() end

---Calls fn(ev) for its own events of that name (docs/events.md), before the world's handlers. A target (no profile) has only "damaged" events of its own: the others are an agent's (a sighting of a target is its perceiver's event).
---`actor:on(event, fn)`
---@param event any
---@param fn any
---@return any
function wary_Actor:on(event, fn) end

---Stops fn listening to its own events of that name (its last actor:on(event, fn)); true when it was.
---`actor:off(event, fn)`
---@param event any
---@param fn any
---@return any
function wary_Actor:off(event, fn) end

---The belief about target, or nil when the agent holds none.
---`agent:belief(target)`
---@param target any
---@return any
function wary_Agent:belief(target) end

---Every belief it holds (tables as agent:belief returns).
---`agent:beliefs()`
---@return any
function wary_Agent:beliefs() end

---0..1 after fusion and evidence (0 without a belief).
---`agent:confidence(target)`
---@param target any
---@return any
function wary_Agent:confidence(target) end

---"undetected", "suspected", "detected", "tracked", "lost", "remembered" or "expired".
---`agent:state(target)`
---@param target any
---@return any
function wary_Agent:state(target) end

---Raises the belief to at least confidence once (seed 000's Set Target Confidence); never lowers.
---`agent:set_confidence(target, confidence)`
---@param target any
---@param confidence any
---@return any
function wary_Agent:set_confidence(target, confidence) end

---Evidence "raise" (a floor), "clamp" (a ceiling), "lower" or "invalidate", by tag (the same tag replaces); options: { lifetime (s, 0 until removed), source (a name, as "Informant": a string, not an actor) }.
---`agent:add_evidence(target, tag, op, value, options)`
---@param target any
---@param tag any
---@param op any
---@param value any
---@param options any
---@return any
function wary_Agent:add_evidence(target, tag, op, value, options) end

---Removes the evidence of that tag; true if there was one.
---`agent:remove_evidence(target, tag)`
---@param target any
---@param tag any
---@return any
function wary_Agent:remove_evidence(target, tag) end

---Removes every evidence about target.
---`agent:clear_evidence(target)`
---@param target any
---@return any
function wary_Agent:clear_evidence(target) end

---The evidence in force: { tag, op, value, lifetime, remaining, source } each.
---`agent:evidence(target)`
---@param target any
---@return any
function wary_Agent:evidence(target) end

---Why it believes what it does of target: each sense's factors, how fusion took them, the evidence in force and what set the confidence (wary.explain says the fields); .vision is every factor of vision's look at target, computed now (the cone, the sight reaching each sample point).
---`agent:explain(target)`
---@param target any
---@return any
function wary_Agent:explain(target) end

---The explanation (agent:explain) as a short readable text, a few lines per sense.
---`agent:explain_text(target)`
---@param target any
---@return any
function wary_Agent:explain_text(target) end

---Asks a sense muted after repeated errors about this agent again.
---`agent:unmute_sense(id)`
---@param id any
---@return any
function wary_Agent:unmute_sense(id) end

---Whether the sense id is muted for this agent after repeated errors (sense_error_limit in a row).
---`agent:sense_muted(id)`
---@param id any
---@return any
function wary_Agent:sense_muted(id) end

---Sounds heard in the last `seconds` (at most 6 s, 32 sounds), newest first.
---`agent:recent_sounds(seconds)`
---@param seconds any
---@return any
function wary_Agent:recent_sounds(seconds) end

---Beliefs about places (sounds nobody made, vibrations, reports).
---`agent:location_beliefs()`
---@return any
function wary_Agent:location_beliefs() end

---The belief about a place with the highest confidence, or nil.
---`agent:strongest_location_belief()`
---@return any
function wary_Agent:strongest_location_belief() end

---Drops the belief about a place (a table from location_beliefs or strongest_location_belief: the one of its tag at its location), as when the agent has searched it; no event. Returns whether it held one. Not during a step.
---`agent:forget_location_belief(place)`
---@param place any
---@return any
function wary_Agent:forget_location_belief(place) end

---Tells the agent something happened at a place (from a Lua sense's on_stimulus, a script): merged with a belief of the same tag nearby.
---`agent:report_location_belief(pos, tag, confidence, accuracy)`
---@param pos any
---@param tag any
---@param confidence any
---@param accuracy any
---@return any
function wary_Agent:report_location_belief(pos, tag, confidence, accuracy) end

---Something touched the agent: its touch sense reports it at the next step (ignored, with a warning, without a Touch sense). At most 4 touchers wait for an agent's next step; a fifth is dropped, with a warning once a world.
---`agent:report_touch(toucher)`
---@param toucher any
---@return any
function wary_Agent:report_touch(toucher) end

---Adds pain of a pain type (taken at the next step; an amount of 0 or less adds nothing, as in C; ignored, with a warning, without a Pain sense).
---`agent:report_pain(name, amount)`
---@param name any
---@param amount any
---@return any
function wary_Agent:report_pain(name, amount) end

---The raw brain: health, pain_total, emotions, fear_input, dominant, attention, multipliers, pain levels.
---`agent:brain_state()`
---@return any
function wary_Agent:brain_state() end

---The level of one pain type now, 0..max_level.
---`agent:pain_level(name)`
---@param name any
---@return any
function wary_Agent:pain_level(name) end

---The enabled pain types summed, capped at 1.
---`agent:total_pain()`
---@return any
function wary_Agent:total_pain() end

---Sets one pain type back to 0.
---`agent:clear_pain(name)`
---@param name any
---@return any
function wary_Agent:clear_pain(name) end

---Sets every pain type back to 0.
---`agent:clear_all_pain()`
---@return any
function wary_Agent:clear_all_pain() end

---A disabled pain type dulls nothing and takes no reports.
---`agent:set_pain_enabled(name, enabled)`
---@param name any
---@param enabled any
---@return any
function wary_Agent:set_pain_enabled(name, enabled) end

---Health 0..1 (1 untouched): low health dulls every sense of a profile with Pain. A function(agent) returning it is read before every step instead, when the profile has Pain (without it health dulls nothing, and the function is not called) (as add_agent{ health = fn }; give it again after a load into a new world: functions are not saved); a number replaces such a function.
---`agent:set_health(v)`
---@param v any
---@return any
function wary_Agent:set_health(v) end

---Health 0..1 as the brain last took it.
---`agent:health()`
---@return any
function wary_Agent:health() end

---The seed's Get Pain State, read from health: healthy above 0.75, wounded above 0.40, critical above 0.15, otherwise near_death.
---`agent:pain_state()`
---@return any
function wary_Agent:pain_state() end

---The pain and health multiplier of one of its senses now (1: untouched): from the levels as the last step left them, what the next step starts from (explain(target).senses has what the last step used).
---`agent:sense_multiplier(id)`
---@param id any
---@return any
function wary_Agent:sense_multiplier(id) end

---{ fear, aggression, curiosity, alertness, panic, dominant, fear_input }.
---`agent:emotions()`
---@return any
function wary_Agent:emotions() end

---"calm", "curious", "alert", "aggressive", "fearful" or "panicked".
---`agent:dominant_emotion()`
---@return any
function wary_Agent:dominant_emotion() end

---A fear the game feeds in, 0..1 (low health, an explosion nearby): while it is above 0 fear rises, at fear_rise_rate x (1 + input), and panic too above 0.9 (docs/brain.md); it stays until changed.
---`agent:set_fear_input(v)`
---@param v any
---@return any
function wary_Agent:set_fear_input(v) end

---Sets one emotion now ("fear", "aggression", "curiosity", "alertness", "panic"), 0..1. The dominant emotion follows at the next step, which fires emotion_changed if it changes.
---`agent:set_emotion(name, v)`
---@param name any
---@param v any
---@return any
function wary_Agent:set_emotion(name, v) end

---Every emotion back to 0, calm at once (no emotion_changed event: the caller knows).
---`agent:reset_emotions()`
---@return any
function wary_Agent:reset_emotions() end

---The actor holding its attention (sticky; the most threatening), or nil.
---`agent:attention_target()`
---@return any
function wary_Agent:attention_target() end

---Threat score 0..1 and level ("none" .. "critical"), then { score, level, damage, relationship } (the level and relationship by name); without a belief 0, "none" and a record of score 0 and damage 0.
---`agent:threat(target)`
---@param target any
---@return any
function wary_Agent:threat(target) end

---The damage it has recorded from target (fading), 0 without a belief.
---`agent:damage_from(target)`
---@param target any
---@return any
function wary_Agent:damage_from(target) end

---"hostile", "neutral" or "friendly": its own view of target (override, else the teams).
---`agent:relationship(target)`
---@param target any
---@return any
function wary_Agent:relationship(target) end

---Its own view of target: "hostile", "neutral", "friendly", or nil to follow the teams.
---`agent:set_relationship(target, relationship)`
---@param target any
---@param relationship any
---@return any
function wary_Agent:set_relationship(target, relationship) end

---"normal" | "alert" | "combat" | "lost"
---`agent:geck_state()`
---@return any
function wary_Agent:geck_state() end

---The last detection value the agent computed for target, or nil if it never evaluated it (a friend, or never within reach).
---`agent:detection_value(target)`
---@param target any
---@return any
function wary_Agent:detection_value(target) end

---The detection value with its parts (attenuation, sound, visual, skill), the line of sight, and target-list membership and timer; nil as above.
---`agent:detection(target)`
---@param target any
---@return any
function wary_Agent:detection(target) end

---The state, time in it, alert timer, combat target, the alert list (alerts), the target list (targets) and every actor with a value (known).
---`agent:geck()`
---@return any
function wary_Agent:geck() end

---attacker damaged this agent (seed 001: Normal -> Alert, a damage event at the attacker); taken at the next step.
---`agent:geck_damaged(attacker)`
---@param attacker any
---@return any
function wary_Agent:geck_damaged(attacker) end

---Makes the map's boxes (docs/love.md, "Walls"); returns them.
---`tiled.load(world, map_or_path, { scale, offset })`
---@param world any
---@param map_or_path any
---@param opts any
---@return wary.Box[]
function wary_tiled.load(world, map_or_path, opts) end

---Draws world; returns the number of items drawn per layer.
---`wdebug.draw(world, options)`
---@param world any
---@param options any
---@return any
function wary_debug.draw(world, options) end

return wary
