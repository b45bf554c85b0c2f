//! Colour vision: the palettes that keep Lodestone's paired colours (a magnet's + and -
//! poles, Wave Field's two sides) apart for each common colour-vision deficiency, and the
//! measure that checks it: each colour seen through Machado, Oliveira and Fernandes'
//! simulation (2009, severity 1) and compared by CIEDE2000. No Bevy: the window picks a
//! palette by the setting, `render --colour-vision` too, and the tests measure them here.

/// How the player sees colour (the setting).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Vision {
    #[default]
    Typical,
    Deuteranopia,
    Protanopia,
    Tritanopia,
}

/// A colour in sRGB, each channel 0 to 1.
pub type Srgb = [f32; 3];

/// The least CIEDE2000 distance a pair keeps under its own deficiency's simulation.
pub const LEAST_DISTANCE: f32 = 30.0;

/// The colours that must stay apart, for one way of seeing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// A magnet's + and - poles.
    pub poles: [Srgb; 2],
    /// Wave Field's sides (blue, red as the rules name them) and their territory.
    pub sides: [Srgb; 2],
}

impl Vision {
    pub const ALL: [Vision; 4] = [
        Vision::Typical,
        Vision::Deuteranopia,
        Vision::Protanopia,
        Vision::Tritanopia,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Vision::Typical => "typical",
            Vision::Deuteranopia => "deuteranopia",
            Vision::Protanopia => "protanopia",
            Vision::Tritanopia => "tritanopia",
        }
    }

    /// Reads a name as [`Vision::name`] writes it.
    pub fn parse(text: &str) -> Result<Vision, String> {
        Vision::ALL
            .into_iter()
            .find(|v| v.name() == text)
            .ok_or_else(|| {
                format!(
                    "the colour vision must be typical, deuteranopia, protanopia or tritanopia, not \"{text}\""
                )
            })
    }

    /// The palette chosen for this way of seeing: red against blue where red and green
    /// are confused (they stay apart, and as the rulebook colours them); for tritanopia,
    /// where blue and green are, red against a blue-green the eye still tells from it.
    pub fn palette(self) -> Palette {
        match self {
            Vision::Typical => Palette {
                poles: [[0.92, 0.12, 0.10], [0.10, 0.32, 0.98]],
                sides: [[0.075, 0.25, 0.90], [0.975, 0.075, 0.10]],
            },
            // Vermilion against blue (Okabe and Ito's pair): apart in lightness and hue.
            Vision::Deuteranopia | Vision::Protanopia => Palette {
                poles: [[0.90, 0.45, 0.05], [0.05, 0.35, 0.85]],
                sides: [[0.05, 0.40, 0.85], [0.92, 0.55, 0.08]],
            },
            Vision::Tritanopia => Palette {
                poles: [[0.88, 0.10, 0.30], [0.00, 0.62, 0.62]],
                sides: [[0.00, 0.55, 0.60], [0.90, 0.15, 0.35]],
            },
        }
    }

    /// The simulation's matrix on linear RGB (identity for typical vision).
    fn matrix(self) -> [[f32; 3]; 3] {
        match self {
            Vision::Typical => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Vision::Protanopia => [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
            Vision::Deuteranopia => [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
            Vision::Tritanopia => [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        }
    }

    /// `colour` as this deficiency sees it.
    pub fn simulate(self, colour: Srgb) -> Srgb {
        let linear = colour.map(to_linear);
        let m = self.matrix();
        let seen: [f32; 3] = std::array::from_fn(|r| {
            (m[r][0] * linear[0] + m[r][1] * linear[1] + m[r][2] * linear[2]).clamp(0.0, 1.0)
        });
        seen.map(to_srgb)
    }
}

fn to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn to_srgb(c: f32) -> f32 {
    if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// CIE L*a*b* (D65) of an sRGB colour.
pub fn lab(colour: Srgb) -> [f64; 3] {
    let [r, g, b] = colour.map(|c| f64::from(to_linear(c)));
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIEDE2000 colour difference of two sRGB colours (Sharma, Wu and Dalal's form).
pub fn ciede2000(a: Srgb, b: Srgb) -> f32 {
    lab_ciede2000(lab(a), lab(b)) as f32
}

/// CIEDE2000 on two L*a*b* colours.
fn lab_ciede2000([l1, a1, b1]: [f64; 3], [l2, a2, b2]: [f64; 3]) -> f64 {
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p - h1p > 180.0 {
        h2p - h1p - 360.0
    } else {
        h2p - h1p + 360.0
    };
    let d_h = 2.0 * (c1p * c2p).sqrt() * (dh.to_radians() / 2.0).sin();
    let l_bar = (l1 + l2) / 2.0;
    let cp_bar = (c1p + c2p) / 2.0;
    let h_bar = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let t = 1.0 - 0.17 * (h_bar - 30.0).to_radians().cos()
        + 0.24 * (2.0 * h_bar).to_radians().cos()
        + 0.32 * (3.0 * h_bar + 6.0).to_radians().cos()
        - 0.20 * (4.0 * h_bar - 63.0).to_radians().cos();
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let r_c = 2.0 * (cp_bar.powi(7) / (cp_bar.powi(7) + 25f64.powi(7))).sqrt();
    let s_l = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let s_c = 1.0 + 0.045 * cp_bar;
    let s_h = 1.0 + 0.015 * cp_bar * t;
    let r_t = -(2.0 * d_theta).to_radians().sin() * r_c;
    let (tl, tc, th) = (dl / s_l, dc / s_c, d_h / s_h);
    (tl * tl + tc * tc + th * th + r_t * tc * th).sqrt()
}

/// How far apart `a` and `b` stay as `vision` sees them.
pub fn seen_distance(vision: Vision, a: Srgb, b: Srgb) -> f32 {
    ciede2000(vision.simulate(a), vision.simulate(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three of Sharma, Wu and Dalal's published pairs (their Lab values and distances).
    #[test]
    fn ciede2000_matches_sharma_s_pairs() {
        let de = lab_ciede2000;
        assert!((de([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]) - 2.0425).abs() < 1e-3);
        assert!((de([50.0, 2.5, 0.0], [73.0, 25.0, -18.0]) - 27.1492).abs() < 1e-3);
        let (a, b) = ([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387]);
        assert!((de(a, b) - 1.2644).abs() < 1e-3);
        assert_eq!(ciede2000([0.3, 0.5, 0.7], [0.3, 0.5, 0.7]), 0.0);
    }

    #[test]
    fn the_simulation_confuses_what_it_should() {
        // Red and green, far apart to typical eyes, come close for deuteranopia.
        let (red, green) = ([0.8, 0.2, 0.1], [0.35, 0.55, 0.1]);
        assert!(seen_distance(Vision::Typical, red, green) > 30.0);
        assert!(seen_distance(Vision::Deuteranopia, red, green) < 15.0);
        // White stays white.
        let white = Vision::Protanopia.simulate([1.0, 1.0, 1.0]);
        assert!(white.iter().all(|c| (c - 1.0).abs() < 0.02), "{white:?}");
    }

    /// Every palette keeps its poles and its sides at least [`LEAST_DISTANCE`] apart as
    /// its own deficiency sees them.
    #[test]
    fn every_palette_keeps_its_pairs_apart_for_its_vision() {
        for vision in Vision::ALL {
            let palette = vision.palette();
            for (what, [a, b]) in [("poles", palette.poles), ("sides", palette.sides)] {
                let d = seen_distance(vision, a, b);
                assert!(
                    d >= LEAST_DISTANCE,
                    "{}: {what} {d:.1} apart",
                    vision.name()
                );
            }
        }
        assert_eq!(Vision::parse("tritanopia"), Ok(Vision::Tritanopia));
        assert!(
            Vision::parse("mauve")
                .unwrap_err()
                .contains("typical, deuteranopia")
        );
    }
}
