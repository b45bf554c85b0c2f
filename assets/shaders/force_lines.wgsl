// Vectress: the magnetic interaction a hovered move would start, drawn as field lines
// flowing between two facing poles (red for a push, blue for a bond). The ribbon lies
// flat between the two pieces; uv.x runs from the first piece to the second.

#import bevy_pbr::{forward_io::VertexOutput, mesh_view_bindings::globals}

struct ForceLines {
    // Colour (linear, may exceed 1 to bloom); alpha scales the whole effect.
    colour: vec4<f32>,
    // +1: the lines flow from the first piece to the second (a push); -1: they flow
    // toward each other from both ends (an attraction).
    flow: f32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> lines: ForceLines;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let along = in.uv.x;
    let across = in.uv.y;
    // Field lines bow outward in the middle, as between two magnets.
    let bow = 0.18 * sin(3.14159 * along) * (across - 0.5) * 2.0;
    let k = (across - 0.5 + bow) * 3.0;
    let d = fract(k + 0.5) - 0.5;
    let thin = exp(-d * d * 24.0);
    // Pulses travelling along the lines.
    var phase = along;
    if lines.flow < 0.0 {
        phase = abs(along - 0.5);
        phase = 0.5 - phase;
    }
    let pulse = 0.45 + 0.55 * pow(0.5 + 0.5 * sin(phase * 22.0 - globals.time * 7.0), 3.0);
    let ends = smoothstep(0.0, 0.12, along) * smoothstep(1.0, 0.88, along);
    let sides = smoothstep(0.0, 0.15, across) * smoothstep(1.0, 0.85, across);
    let a = thin * pulse * ends * sides * lines.colour.a;
    return vec4<f32>(lines.colour.rgb * a, a);
}
