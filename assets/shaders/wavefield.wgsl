// Wave Field: the energy field as a surface over the 7 x 7 board.
//
// The vertex stage lifts a subdivided plane by the field, interpolated smoothly between
// square centres (eased bilinear: flat at each centre, continuous everywhere). The
// fragment stage colours it by the chosen view and shades it with normals taken from the
// same height function, with thin darker lines on the square edges.

#import bevy_pbr::{
    mesh_functions,
    view_transformations::position_world_to_clip,
    mesh_view_bindings::globals,
}

struct FieldUniform {
    // The field before and after the change being animated, 49 values packed in 13 vec4s
    // (cell index y * 7 + x, units of 1).
    before: array<vec4<f32>, 13>,
    after: array<vec4<f32>, 13>,
    // Per cell: the four piece-type channels (Round Hat, Tower, Triangle Hat, Big Hat).
    channels: array<vec4<f32>, 49>,
    // The selected piece's own wave.
    influence: array<vec4<f32>, 13>,
    // How far the surface has flowed from `before` to `after` (0..1).
    blend: f32,
    // The view shown: one of the VIEW_* ids, which the Rust side defines (`View`) and
    // passes in as shader defs.
    view: u32,
    // Bit k: CMYK channel k is shown.
    channel_mask: u32,
    // How far the strongest field lifts or lowers the surface.
    amplitude: f32,
    // The selected cell, or (-1, -1).
    selected: vec2<f32>,
    // The surface's resting height, and the softness of the height curve.
    base: f32,
    softness: f32,
    // Where a ripple spreads from while the surface flows (the moved piece), or (-1, -1).
    ripple: vec2<f32>,
    // 1: the territory view hatches positive squares and dots negative ones.
    pattern: u32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> field: FieldUniform;

struct Vertex {
    @builtin(instance_index) instance_index: u32,
    @location(0) position: vec3<f32>,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
};

fn packed_from(i: i32) -> f32 {
    let v = field.before[i / 4];
    return v[i % 4];
}

fn packed_to(i: i32) -> f32 {
    let v = field.after[i / 4];
    return v[i % 4];
}

fn packed_influence(i: i32) -> f32 {
    let v = field.influence[i / 4];
    return v[i % 4];
}

fn cell_index(c: vec2<f32>) -> i32 {
    let x = i32(clamp(c.x, 0.0, 6.0));
    let y = i32(clamp(c.y, 0.0, 6.0));
    return y * 7 + x;
}

// The shown field value at a square.
fn cell_value(i: i32) -> f32 {
    return mix(packed_from(i), packed_to(i), field.blend);
}

fn lift(v: f32) -> f32 {
    return field.amplitude * tanh(v / field.softness);
}

// Board coordinates (0..6 between the centres of columns A..G and rows 7..1).
fn board_point(world: vec3<f32>) -> vec2<f32> {
    return vec2<f32>(world.x + 3.0, world.z + 3.0);
}

fn smooth_value(p: vec2<f32>) -> f32 {
    let q = clamp(p, vec2<f32>(0.0), vec2<f32>(6.0));
    let i = min(floor(q), vec2<f32>(5.0));
    let f = q - i;
    let s = f * f * (3.0 - 2.0 * f);
    let a = cell_value(cell_index(i));
    let b = cell_value(cell_index(i + vec2<f32>(1.0, 0.0)));
    let c = cell_value(cell_index(i + vec2<f32>(0.0, 1.0)));
    let d = cell_value(cell_index(i + vec2<f32>(1.0, 1.0)));
    return mix(mix(a, b, s.x), mix(c, d, s.x), s.y);
}

fn height(p: vec2<f32>) -> f32 {
    return lift(smooth_value(p)) + ripple(p);
}

// A ring running out from the moved piece while the field flows, fading as it settles.
fn ripple(p: vec2<f32>) -> f32 {
    if field.ripple.x < 0.0 || field.blend >= 1.0 {
        return 0.0;
    }
    let d = distance(p, field.ripple);
    let front = field.blend * 7.0;
    let gap = d - front;
    return 0.09 * (1.0 - field.blend) * sin(gap * 5.0) * exp(-gap * gap * 0.8);
}

@vertex
fn vertex(v: Vertex) -> VertexOut {
    var out: VertexOut;
    let world_from_local = mesh_functions::get_world_from_local(v.instance_index);
    var world = mesh_functions::mesh_position_local_to_world(world_from_local, vec4<f32>(v.position, 1.0)).xyz;
    // The surface and the top of its sides ride the field; the sides' feet stay put.
    if v.position.y > 0.01 {
        world.y += height(board_point(world));
    }
    out.world = world;
    out.clip = position_world_to_clip(world);
    return out;
}

const RED_LOW: vec3<f32> = vec3<f32>(0.55, 0.22, 0.13);
const RED_HIGH: vec3<f32> = vec3<f32>(1.0, 0.52, 0.16);
const BLUE_LOW: vec3<f32> = vec3<f32>(0.14, 0.25, 0.52);
const BLUE_HIGH: vec3<f32> = vec3<f32>(0.22, 0.72, 1.0);
const NEUTRAL: vec3<f32> = vec3<f32>(0.5, 0.5, 0.5);

// Warm for Red's sign, cold for Blue's, grey for exactly zero; brighter with magnitude.
fn signed_colour(v: f32) -> vec3<f32> {
    let m = tanh(abs(v) / 6.0);
    if v > 0.0 {
        return mix(RED_LOW, RED_HIGH, m);
    }
    if v < 0.0 {
        return mix(BLUE_LOW, BLUE_HIGH, m);
    }
    return NEUTRAL;
}

// Continuous: grey at zero fading into warm or cold with magnitude.
fn magnitude_colour(v: f32) -> vec3<f32> {
    let m = tanh(abs(v) / 5.0);
    let hue = select(BLUE_HIGH, RED_HIGH, v > 0.0);
    let low = vec3<f32>(0.16, 0.16, 0.18);
    return mix(low, hue, m);
}

fn channel_colour(k: i32) -> vec3<f32> {
    switch k {
        case 0: { return vec3<f32>(0.05, 0.78, 0.9); }   // Cyan: Round Hat
        case 1: { return vec3<f32>(0.9, 0.12, 0.62); }   // Magenta: Tower
        case 2: { return vec3<f32>(0.98, 0.86, 0.1); }   // Yellow: Triangle Hat
        default: { return vec3<f32>(0.08, 0.08, 0.1); }  // Key (black): Big Hat
    }
}

fn channel_on(k: i32) -> bool {
    return (field.channel_mask & (1u << u32(k))) != 0u;
}

// Composition of the enabled channels on a square: each kind's share of its energy.
fn cmyk_colour(i: i32) -> vec3<f32> {
    let ch = field.channels[i];
    var sum = 0.0;
    var colour = vec3<f32>(0.0);
    for (var k = 0; k < 4; k++) {
        if channel_on(k) {
            let e = abs(ch[k]);
            sum += e;
            colour += e * channel_colour(k);
        }
    }
    if sum <= 0.0 {
        return vec3<f32>(0.42, 0.42, 0.44);
    }
    let strength = 0.6 + 0.4 * tanh(sum / 6.0);
    return mix(vec3<f32>(0.42, 0.42, 0.44), colour / sum, strength);
}

@fragment
fn fragment(in: VertexOut) -> @location(0) vec4<f32> {
    let p = board_point(in.world);
    let view = field.view;
    let cell = clamp(floor(p + vec2<f32>(0.5)), vec2<f32>(0.0), vec2<f32>(6.0));
    let i = cell_index(cell);
    // Position inside the square, 0..1.
    let local = clamp(p - cell + vec2<f32>(0.5), vec2<f32>(0.0), vec2<f32>(1.0));

    var colour = signed_colour(cell_value(i));
    var edge_colour = vec3<f32>(0.04, 0.04, 0.05);
    if view == #{VIEW_MAGNITUDE} {
        colour = magnitude_colour(smooth_value(p));
    } else if view == #{VIEW_CMYK} {
        colour = cmyk_colour(i);
        // A ratio bar along the square's near edge: each enabled channel's share.
        if local.y > 0.78 && local.y < 0.92 && local.x > 0.1 && local.x < 0.9 {
            let ch = field.channels[i];
            var sum = 0.0;
            for (var k = 0; k < 4; k++) {
                if channel_on(k) {
                    sum += abs(ch[k]);
                }
            }
            if sum > 0.0 {
                let x = (local.x - 0.1) / 0.8 * sum;
                var acc = 0.0;
                var bar = vec3<f32>(0.3);
                for (var k = 0; k < 4; k++) {
                    if channel_on(k) {
                        let e = abs(ch[k]);
                        if x >= acc && x < acc + e {
                            bar = channel_colour(k);
                        }
                        acc += e;
                    }
                }
                colour = bar;
            }
        }
    } else if view == #{VIEW_CONTRIBUTIONS} {
        // Four quadrants per square: Round Hat, Tower (top), Triangle Hat, Big Hat
        // (bottom), each coloured by that type's signed contribution, framed in its
        // channel colour.
        let qx = select(0, 1, local.x > 0.5);
        let qy = select(0, 1, local.y > 0.5);
        let k = qy * 2 + qx;
        let v = field.channels[i][k];
        colour = signed_colour(v);
        let quad = abs(fract(local * 2.0) - vec2<f32>(0.5));
        let q_edge = 0.5 - max(quad.x, quad.y);
        let w = fwidth(p.x) * 4.0;
        let frame = 1.0 - smoothstep(0.0, w, q_edge - 0.02);
        colour = mix(colour, channel_colour(k), frame * 0.8);
    } else if view == #{VIEW_INFLUENCE} {
        let v = packed_influence(i);
        colour = mix(vec3<f32>(0.3, 0.3, 0.32), signed_colour(v), select(0.0, 1.0, v != 0.0));
        edge_colour = select(vec3<f32>(0.2, 0.2, 0.22), signed_colour(v) * 1.3, v != 0.0);
    }

    // Cues besides colour (#45): hatching on positive squares, dots on negative ones,
    // nothing on zero; darker strokes, anti-aliased by screen-space width.
    if view == #{VIEW_TERRITORY} && field.pattern != 0u {
        let v = cell_value(i);
        let aa = fwidth(p.x) * 5.0;
        if v > 0.0 {
            let stripe = abs(fract((p.x + p.y) * 3.0) - 0.5);
            colour = mix(colour, colour * 0.35, 1.0 - smoothstep(0.14, 0.14 + aa, stripe));
        } else if v < 0.0 {
            let dot_at = length(fract(p * 3.0 + vec2<f32>(0.5)) - vec2<f32>(0.5));
            colour = mix(colour, colour * 0.3, 1.0 - smoothstep(0.17, 0.17 + aa, dot_at));
        }
    }

    // Smooth shading from the height function's slope.
    let e = 0.04;
    let hx = height(p + vec2<f32>(e, 0.0)) - height(p - vec2<f32>(e, 0.0));
    let hz = height(p + vec2<f32>(0.0, e)) - height(p - vec2<f32>(0.0, e));
    let n = normalize(vec3<f32>(-hx / (2.0 * e), 1.0, -hz / (2.0 * e)));
    let light = normalize(vec3<f32>(-0.35, 1.0, 0.55));
    let diffuse = max(dot(n, light), 0.0);
    let rim = pow(1.0 - n.y, 2.0);
    var shaded = colour * (0.38 + 0.72 * diffuse) + vec3<f32>(0.25) * rim;

    // Square edges: a thin line, anti-aliased by screen-space width.
    let d = abs(fract(p + vec2<f32>(0.5)) - vec2<f32>(0.5));
    let to_edge = 0.5 - max(d.x, d.y);
    let w = fwidth(p.x) + fwidth(p.y);
    var line = 1.0 - smoothstep(0.0, w * 1.2, to_edge - 0.012);
    if view == #{VIEW_INFLUENCE} {
        line = 1.0 - smoothstep(0.0, w * 1.5, to_edge - 0.03);
    }
    shaded = mix(shaded, edge_colour, line * 0.75);

    // The selected piece's square glows softly.
    if field.selected.x >= 0.0 && all(cell == field.selected) {
        let pulse = 0.5 + 0.5 * sin(globals.time * 4.0);
        let ring = smoothstep(0.3, 0.48, max(abs(local.x - 0.5), abs(local.y - 0.5)));
        shaded = mix(shaded, vec3<f32>(1.0, 0.95, 0.7), ring * (0.35 + 0.3 * pulse));
    }
    // The field's peaks glow: above paper white, so the camera's bloom haloes them.
    if view == #{VIEW_TERRITORY} || view == #{VIEW_MAGNITUDE} {
        let peak = smoothstep(0.72, 0.97, abs(height(p)) / field.amplitude);
        shaded += colour * peak * 1.8;
    }
    // The slab's sides: the territory colour, dark.
    if in.world.y < field.base + height(p) - 0.015 {
        shaded = signed_colour(cell_value(i)) * 0.3;
    }
    return vec4<f32>(shaded, 1.0);
}
