//! Waiting out the start of an offscreen run (`render`, `film`, `bench app`) until
//! everything the scene needs is ready, and drawing those frames small.
//!
//! Every frame under software rendering costs a large share of a second, so the wait is
//! on readiness rather than a fixed number of frames, and the frames it waits through
//! are drawn in a corner of the picture an eighth of its size, of the same shape. The
//! pipelines a frame asks for do not depend on its size, and a view of the same shape
//! sees the same pieces, so the small frames prepare everything the picture needs. Once
//! they have settled the view grows back, and three frames drawn whole with nothing new
//! to prepare end the wait: the HUD lays itself out again for the whole picture (the
//! board's labels, hidden under the panels of a small view, come back a frame or two
//! later).

use bevy::camera::Viewport;
use bevy::prelude::*;

use crate::app::camera::MainCamera;

/// The render pipelines the render world has been asked for, and those still compiling.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PipelineCount {
    pub(crate) made: usize,
    pub(crate) waiting: usize,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Drawing small until nothing is left to prepare.
    #[default]
    Small,
    /// Drawing whole: `frames` since the view grew.
    Whole { frames: u32 },
}

/// The warm-up's count of frames.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Warmup {
    frames_seen: u32,
    quiet_frames: u32,
    pipelines_seen: usize,
    stage: Stage,
}

impl Warmup {
    /// Frames at the start that never count as quiet (the first frames extract the
    /// scene), and frames in a row with nothing left to prepare: the render world runs a
    /// frame behind the main world, and a material's pipeline is asked for only once its
    /// textures are on the device, a frame after its meshes.
    pub(crate) const SKIP: u32 = 2;
    pub(crate) const QUIET: u32 = 3;

    /// Whether the frames now are drawn small.
    pub(crate) fn small(&self) -> bool {
        self.stage == Stage::Small
    }

    /// Counts one more frame (what the render world reported after the frame before);
    /// true once the scene is really drawn, whole.
    pub(crate) fn settled(&mut self, scene_ready: bool, pipelines: PipelineCount) -> bool {
        self.frames_seen += 1;
        let new_pipelines = pipelines.made != self.pipelines_seen;
        self.pipelines_seen = pipelines.made;
        let nothing_to_prepare = scene_ready && pipelines.waiting == 0 && !new_pipelines;
        match &mut self.stage {
            Stage::Small => {
                if nothing_to_prepare && self.frames_seen > Self::SKIP {
                    self.quiet_frames += 1;
                } else {
                    self.quiet_frames = 0;
                }
                if self.quiet_frames >= Self::QUIET {
                    self.quiet_frames = 0;
                    self.stage = Stage::Whole { frames: 0 };
                }
                false
            }
            Stage::Whole { frames } => {
                *frames += 1;
                // The view grows at the next update's start: the report now is still
                // about the last small frame.
                if nothing_to_prepare && *frames > 1 {
                    self.quiet_frames += 1;
                } else {
                    self.quiet_frames = 0;
                }
                self.quiet_frames >= Self::QUIET
            }
        }
    }
}

/// The main camera's view while an offscreen run warms up: the picture's size and whether
/// it is drawn small now (the run's warm-up says).
#[derive(Resource, Debug, Clone, Copy)]
pub(crate) struct WarmupView {
    pub(crate) small: bool,
    size: UVec2,
}

impl WarmupView {
    pub(crate) fn new(width: u32, height: u32) -> WarmupView {
        WarmupView {
            small: true,
            size: UVec2::new(width, height),
        }
    }

    /// The small view: the picture's shape in whole steps of its smallest exact ratio,
    /// about an eighth of its width (never less than that ratio itself).
    fn small_size(self) -> UVec2 {
        let (w, h) = (self.size.x.max(1), self.size.y.max(1));
        let g = gcd(w, h);
        let step = UVec2::new(w / g, h / g);
        step * (w / 8 / step.x).max(1)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Sets the main camera's viewport as the warm-up asks: a corner while small, the whole
/// picture after. At the update's start, so the cameras' own systems see it the same
/// update.
pub(crate) fn size_the_view(
    view: Res<WarmupView>,
    mut cameras: Query<&mut Camera, With<MainCamera>>,
) {
    let wanted = view.small.then(|| view.small_size());
    for mut camera in &mut cameras {
        let now = camera.viewport.as_ref().map(|v| v.physical_size);
        if now != wanted {
            camera.viewport = wanted.map(|size| Viewport {
                physical_size: size,
                ..default()
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames_to_settle(frames: &[(bool, usize, usize)]) -> Option<usize> {
        let mut warmup = Warmup::default();
        frames.iter().position(|&(ready, made, waiting)| {
            warmup.settled(ready, PipelineCount { made, waiting })
        })
    }

    #[test]
    fn the_warm_up_ends_once_nothing_is_left_to_prepare() {
        // Ready from the start, nothing compiling: the skipped frames, the quiet small
        // ones, the frame still reporting a small one, then the quiet whole ones.
        let quiet = [(true, 5, 0); 12];
        let at = (Warmup::SKIP + 2 * Warmup::QUIET) as usize;
        assert_eq!(frames_to_settle(&quiet), Some(at));
        // A pipeline still compiling, a new one asked for, or the scene not set: each
        // starts the count again.
        let mut frames = vec![(true, 5, 0); 3];
        frames.push((true, 5, 2));
        frames.extend([(true, 5, 0); 2]);
        frames.push((true, 6, 0));
        frames.push((false, 6, 0));
        frames.extend([(true, 6, 0); 8]);
        assert_eq!(
            frames_to_settle(&frames),
            Some(7 + 2 * Warmup::QUIET as usize + 1)
        );
        assert_eq!(frames_to_settle(&[(false, 0, 0); 40]), None);
    }

    #[test]
    fn something_new_once_whole_starts_the_whole_count_again() {
        let mut frames = vec![(true, 5, 0); (Warmup::SKIP + Warmup::QUIET) as usize];
        // The first whole frame's report, then a new pipeline from drawing whole.
        frames.push((true, 5, 0));
        frames.push((true, 5, 0));
        frames.push((true, 6, 1));
        frames.extend([(true, 6, 0); 5]);
        let at = frames.len() - 5 + Warmup::QUIET as usize - 1;
        assert_eq!(frames_to_settle(&frames), Some(at));
    }

    #[test]
    fn the_small_view_keeps_the_picture_s_shape() {
        let small = |w, h| WarmupView::new(w, h).small_size();
        assert_eq!(small(480, 270), UVec2::new(48, 27));
        assert_eq!(small(960, 540), UVec2::new(112, 63));
        assert_eq!(small(1920, 1080), UVec2::new(240, 135));
        assert_eq!(small(96, 54), UVec2::new(16, 9));
        // No smaller exact shape: the picture's own.
        assert_eq!(small(1367, 768), UVec2::new(1367, 768));
        for (w, h) in [(480, 270), (960, 540), (1366, 768), (1080, 1920), (7, 3)] {
            let s = small(w, h);
            assert_eq!(s.x * h, s.y * w, "{w}x{h} keeps its shape");
            assert!(s.x <= w && s.y <= h);
        }
    }
}
