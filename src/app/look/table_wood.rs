//! Walnut planks for the table top: colour, height (for the normal map) and roughness,
//! generated at start in plain Rust, with full mip chains ready for the GPU. The old
//! table was a 256-texel grain tiled every 6 units, which read as blurred wavy stripes;
//! this texture covers 32 units (the caller repeats it) with 8 planks of 4 units across
//! (v), each running the whole length (u) and cut at staggered butt joints into boards
//! with their own log, tone and sheen. The grain is fine, so from afar it averages out
//! rather than banding. Patterns run in each board's own coordinates (so tiling hides
//! the border) as functions of (u, v) in [0, 1), so maps of any size show the same wood
//! (`table_maps` makes them).

use std::sync::OnceLock;

/// Side of the colour texture, texels; the normal and roughness maps may be smaller.
pub const SIZE: u32 = 2048;
/// Planks across the texture (in v), and their width in texels at [`SIZE`].
pub(super) const PLANKS: usize = 8;
const TEXELS_PER_PLANK: f32 = (SIZE as usize / PLANKS) as f32;
/// Texels at [`SIZE`]: half a seam's dark line; the reach and depth of the groove of eased
/// edges around it (enough to show in a 1024 map); the dark line that ends each ring.
const SEAM_HALF_WIDTH: f32 = 1.3;
const GROOVE_HALF_WIDTH: f32 = 6.5;
const GROOVE_DEPTH: f32 = 3.0;
const RING_LINE_WIDTH: f32 = 2.5;
/// Points over the texture's length at which each board's slow changes are tabulated.
const ALONG_STEPS: usize = 4096;
/// Pore cells per texture length along the grain and per plank width across it.
const PORE_CELLS: (f32, f32) = (96.0, 150.0);

/// A lattice hash: the coordinates folded in, then the "lowbias32" mix.
fn hash(x: i32, y: i32, seed: u32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343);
    h = h.wrapping_add((y as u32).wrapping_mul(0xd816_3841));
    h = h.wrapping_add(seed.wrapping_mul(0xcb1a_b31f));
    h = (h ^ (h >> 16)).wrapping_mul(0x7feb_352d);
    h = (h ^ (h >> 15)).wrapping_mul(0x846c_a68b);
    h ^ (h >> 16)
}

/// The top 24 bits of a hash as 0..1.
fn unit(h: u32) -> f32 {
    (h >> 8) as f32 / 16_777_216.0
}

/// Floor and fraction for |x| < 2^22, fast (`f32::floor` is a libm call on baseline x86-64
/// and `as i32` saturates): adding 1.5 * 2^23 leaves the rounded integer in the low bits.
fn split(x: f32) -> (i32, f32) {
    const MAGIC: f32 = 12_582_912.0;
    let rounded = x + MAGIC;
    let i = rounded.to_bits() as i32 - MAGIC.to_bits() as i32;
    let f = x - (rounded - MAGIC);
    if f < 0.0 { (i - 1, f + 1.0) } else { (i, f) }
}

/// Value noise, 0..1 (y = 0 for 1-D), unwrapped: patterns run in boards' coordinates.
fn noise(x: f32, y: f32, seed: u32) -> f32 {
    let smooth = |t: f32| t * t * (3.0 - 2.0 * t);
    let ((x0, fx), (y0, fy)) = (split(x), split(y));
    let (sx, sy) = (smooth(fx), smooth(fy));
    let at = |i: i32, j: i32| unit(hash(x0 + i, y0 + j, seed));
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * sx;
    top + (at(0, 1) + (at(1, 1) - at(0, 1)) * sx - top) * sy
}

/// A length of plank between butt joints, cut from its own log (its own seed).
struct Board {
    seed: u32,
    tone: f32,
    roughness: f32,
    /// Growth rings per plank width, and how strongly this log marked them.
    rings: f32,
    ring_contrast: f32,
    /// Looked up, not computed per texel, at [`ALONG_STEPS`] points along: the grain's
    /// wobble, the pith's place across and depth below (plank widths), and its slope.
    along: Vec<[f32; 4]>,
}

fn board(seed: u32) -> Board {
    let r = |k: i32| unit(hash(k, 7, seed));
    // Flat-sawn, the pith lies under the board and the rings show as nested arches;
    // rift-sawn, it lies far to one side and they run as near-parallel lines.
    let flat_sawn = r(0) < 0.4;
    let aside = 0.5 + (2.0 + 3.0 * r(5)) * if r(4) < 0.5 { -1.0 } else { 1.0 };
    let pith = if flat_sawn { 0.3 + 0.4 * r(4) } else { aside };
    let depth = if flat_sawn { 0.3 + 0.3 * r(6) } else { r(6) };
    // The log tapers, so the depth changes along the board, and it was not cut quite
    // along its axis, so the lines run out at the board's edges.
    let taper = (0.25 + 0.25 * r(7)) * if r(8) < 0.5 { -1.0 } else { 1.0 };
    let taper = if flat_sawn { taper } else { 0.2 * taper };
    let runout = (r(11) - 0.5) * if flat_sawn { 0.1 } else { 0.5 };
    let seed = seed.wrapping_mul(16);
    let along = (0..ALONG_STEPS).map(|i| {
        let s = i as f32 / ALONG_STEPS as f32;
        // Wavy grain: all the lines of a board wobble together.
        let wobble = 0.015 * (noise(s * 20.0, 0.0, seed + 1) - 0.5);
        let pith = pith + runout * s + 0.06 * noise(s * 2.5, 0.0, seed + 3);
        let depth = depth + taper * s + 0.03 * noise(s * 6.0, 0.0, seed + 2);
        [wobble, pith, depth, depth * taper / PLANKS as f32]
    });
    Board {
        seed,
        tone: 1.0 + (r(2) - 0.5) * 0.12,
        roughness: 0.44 + (r(3) - 0.5) * 0.08,
        rings: 20.0 + 14.0 * r(9),
        ring_contrast: 0.7 + 0.5 * r(10),
        along: along.collect(),
    }
}

/// A plank running the whole texture in u, cut at one or two butt joints (in order).
struct Plank {
    joints: Vec<f32>,
    boards: [Board; 2],
}

/// The board of `plank` at `along` (0..1), how far into it, and how far to a joint (u).
fn board_at(plank: &Plank, along: f32) -> (&Board, f32, f32) {
    let since = |joint: f32| split(along - joint).1;
    let gap = |joint: f32| since(joint).min(1.0 - since(joint));
    let (a, b) = (plank.joints[0], plank.joints[plank.joints.len() - 1]);
    let gap = gap(a).min(gap(b));
    match (a..b).contains(&along) {
        true => (&plank.boards[0], along - a, gap),
        false => (&plank.boards[usize::from(a != b)], since(b), gap),
    }
}

/// The planks, each joint kept clear of the neighbouring planks' joints (staggered).
fn layout() -> &'static [Plank; PLANKS] {
    static LAYOUT: OnceLock<[Plank; PLANKS]> = OnceLock::new();
    LAYOUT.get_or_init(|| {
        let clash = |mine: &Plank, other: &Plank| {
            let near = |j: f32, k: f32| (j - k).abs().min(1.0 - (j - k).abs()) < 0.12;
            (mine.joints.iter()).any(|&j| other.joints.iter().any(|&k| near(j, k)))
        };
        let mut planks: Vec<Plank> = Vec::with_capacity(PLANKS);
        for p in 0..PLANKS as u32 {
            let candidate = |attempt: i32| {
                let r = |k: i32| unit(hash(k, attempt, 0x51ab + p));
                let (a, b) = (r(0), (r(0) + 0.3 + 0.4 * r(2)).fract());
                let mut joints = vec![a.min(b), a.max(b)];
                joints.truncate(if r(1) < 0.5 { 1 } else { 2 });
                let seed = 0x9e37 + p * 16 + attempt as u32 * 4;
                let boards = [board(seed), board(seed + 1)];
                Plank { joints, boards }
            };
            let last = p as usize == PLANKS - 1;
            let wraps = |it: &Plank| last && clash(it, &planks[0]);
            let fits = |it: &Plank| !(planks.last().is_some_and(|o| clash(it, o)) || wraps(it));
            let plank = (0..64).map(candidate).find(fits);
            planks.push(plank.unwrap_or_else(|| candidate(64)));
        }
        planks.try_into().unwrap_or_else(|_| unreachable!())
    })
}

/// What the wood is at one point.
pub(super) struct Wood {
    /// Grey brightness, 0..1 (sRGB-encoded; the material tints it).
    pub(super) albedo: f32,
    /// Height in texels at [`SIZE`] (0 is the board's surface, seams go down).
    pub(super) height: f32,
    pub(super) roughness: f32,
}

pub(super) fn wood(u: f32, v: f32) -> Wood {
    let (plank_row, t) = split(v * PLANKS as f32);
    let plank = &layout()[plank_row.rem_euclid(PLANKS as i32) as usize];
    let (board, s, joint_gap) = board_at(plank, u - split(u).0 as f32);
    let seed = board.seed;
    let step = ((s * ALONG_STEPS as f32) as usize).min(ALONG_STEPS - 1);
    let [wobble, pith, depth, depth_slope] = board.along[step];
    // The grain wanders across the board: a long sway, and the board's wobble.
    let tw = t + 0.06 * (noise(s * 4.0, t * 3.0, seed) - 0.5) + wobble;
    // Rings: the surface slices a tapering log, so a flat-sawn board shows nested arches
    // and a rift-sawn one near-parallel lines; ring widths vary (years differ).
    let off = tw - pith;
    let radius = (off * off + depth * depth).sqrt();
    let phase = radius * board.rings + 2.0 * noise(radius * board.rings * 0.3, 0.0, seed + 4);
    let (ring, in_ring) = split(phase);
    // Rings per texel (across, and along for the arches; their length as max + 0.4 min)
    // keep the line that ends each ring a few texels wide however far apart rings are.
    let (across, along) = (off.abs(), depth_slope.abs());
    let slope = across.max(along) + 0.4 * across.min(along);
    let to_line = (1.0 - in_ring) * radius * TEXELS_PER_PLANK / (board.rings * slope).max(1e-4);
    let line = (1.0 - to_line / RING_LINE_WIDTH).max(0.0);
    let late2 = in_ring * in_ring;
    let year = board.ring_contrast * (0.4 + unit(hash(ring, 1, seed + 5)));
    // A gentle latewood darkening ending in a thin dark line.
    let latewood = year * (0.3 * late2 * late2 + 0.8 * line * line);

    // Fibres: fine streaks along the grain; colour streaks: broad and faint.
    let fibre = noise(s * 48.0, tw * 200.0, seed + 6) - 0.5;
    let streak = noise(s * 3.0, tw * 5.0, seed + 7) - 0.5;

    // Pores: short dashes along the grain, a few more in the earlywood.
    let ((cell_u, pore_u), (cell_t, pore_t)) = (split(s * PORE_CELLS.0), split(tw * PORE_CELLS.1));
    let cell = hash(cell_u, cell_t, seed + 8);
    let mut pore = 0.0;
    if unit(cell) < 0.07 + 0.1 * (1.0 - in_ring) {
        let centre = 0.35 + 0.3 * (cell & 0xff) as f32 / 255.0;
        let half_length = 0.15 + 0.2 * ((cell >> 8) & 0xff) as f32 / 255.0;
        let along = ((pore_u - centre) / half_length).abs().min(1.0);
        let side = 2.0 * pore_t - 1.0;
        pore = (1.0 - along * along) * (1.0 - side * side);
    }

    // Seams between planks and at joints, in texels at SIZE.
    let seam_gap = (t.min(1.0 - t) * TEXELS_PER_PLANK).min(joint_gap * SIZE as f32);
    let seam = (1.0 - seam_gap / SEAM_HALF_WIDTH).max(0.0).powi(2);
    let groove = (1.0 - seam_gap / GROOVE_HALF_WIDTH).max(0.0).powi(2);
    let grain = 0.88 + 0.14 * streak - 0.2 * latewood + 0.06 * fibre;
    let albedo = (board.tone * grain - 0.14 * pore) * (1.0 - 0.6 * seam) - 0.08 * groove;
    Wood {
        albedo: albedo.clamp(0.0, 1.0),
        height: -0.25 * latewood - 0.1 * fibre - 0.15 * pore - GROOVE_DEPTH * groove,
        roughness: board.roughness + 0.04 * latewood + 0.03 * fibre + 0.08 * pore + 0.15 * seam,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wood at texel (x, y) of the [`SIZE`] texture.
    fn at_texel(x: u32, y: u32) -> Wood {
        let centre = |i: u32| (i as f32 + 0.5) / SIZE as f32;
        wood(centre(x), centre(y))
    }

    fn albedo(x: u32, y: u32) -> f32 {
        at_texel(x, y).albedo
    }

    fn roughness(x: u32, y: u32) -> f32 {
        at_texel(x, y).roughness
    }

    #[test]
    fn the_pattern_repeats_with_the_texture_and_hides_the_border() {
        let differ = |a: Wood, b: Wood| (a.albedo - b.albedo).abs() + (a.height - b.height).abs();
        for i in 0..400 {
            let (u, v) = ((i as f32 * 0.618).fract(), (i as f32 * 0.414).fract());
            let along = differ(wood(u, v), wood(u + 1.0, v));
            let across = differ(wood(u, v), wood(u, v + 1.0));
            assert!(along.max(across) < 1e-2, "{along}, {across} at {u}, {v}");
        }
        // Across the border in u the colour steps no more than between other columns.
        let step = |x| (0..SIZE).map(move |y| (albedo(x, y) - albedo((x + 1) % SIZE, y)).abs());
        let column = |x| step(x).sum::<f32>();
        let typical = (column(300) + column(700) + column(1100) + column(1500)) / 4.0;
        let border = column(SIZE - 1);
        assert!(border < 1.5 * typical, "{border} vs {typical}");
    }

    #[test]
    fn roughness_is_satin() {
        let mut samples = (0..SIZE / 13).flat_map(|x| (0..SIZE / 7).map(move |y| (x * 13, y * 7)));
        assert!(samples.all(|(x, y)| (0.3..0.7).contains(&roughness(x, y))));
    }
}
