//! Waiting out the start of an offscreen run (`render`, `film`, `bench app`) until
//! everything the scene needs is ready, and drawing those frames cheaply.
//!
//! Every frame under software rendering costs a large share of a second, so the wait is
//! on readiness rather than a fixed number of frames, and the frames it waits through
//! are drawn in a corner of the picture an eighth of its size, of the same shape. The
//! pipelines a frame asks for do not depend on its size, and a view of the same shape
//! sees the same pieces, so the small frames prepare everything the picture needs. Once
//! they have settled the view grows back with the scene hidden (the camera sees an empty
//! render layer), and three frames with nothing new to prepare let the HUD lay itself out for
//! the whole picture (the board's labels, hidden under the panels of a small view, come
//! back a frame or two later) without paying for the scene. The first two whole frames
//! are laid out and not drawn at all (the camera is off; the interface and the labels are
//! placed by the main world either way), so only the last ones pay for drawing the
//! interface, the sky and the post-processing whole. Then the scene is shown again, and
//! the next frame is the picture: nothing it draws needs anything new.

use bevy::camera::Viewport;
use bevy::camera::visibility::RenderLayers;
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
    /// Drawing whole with the scene hidden: `frames` since the view grew.
    Whole { frames: u32 },
    /// The scene shown again: this frame is the picture.
    Shown,
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

    /// Whether the frames now are drawn whole without the scene.
    pub(crate) fn scene_hidden(&self) -> bool {
        matches!(self.stage, Stage::Whole { .. })
    }

    /// Whole frames at the start of the whole count that are laid out but not drawn:
    /// their reports have nothing new by construction, and the frames drawn after them
    /// see the interface as the picture will.
    pub(crate) const LAID_OUT_ONLY: u32 = 2;

    /// Whether the frames now are drawn at all (not while the interface lays itself out
    /// for the whole picture at the whole count's start).
    pub(crate) fn drawn(&self) -> bool {
        !matches!(self.stage, Stage::Whole { frames } if frames < Self::LAID_OUT_ONLY)
    }

    /// Counts one more frame (what the render world reported after the frame before);
    /// true once the scene is really drawn, whole.
    pub(crate) fn settled(&mut self, scene_ready: bool, pipelines: PipelineCount) -> bool {
        self.frames_seen += 1;
        let new_pipelines = pipelines.made != self.pipelines_seen;
        self.pipelines_seen = pipelines.made;
        let nothing_to_prepare = scene_ready && pipelines.waiting == 0 && !new_pipelines;
        let counted = match self.stage {
            Stage::Small => self.frames_seen > Self::SKIP,
            // The view grows at the next update's start: the first report once whole is
            // still about the last small frame.
            Stage::Whole { ref mut frames } => {
                *frames += 1;
                *frames > 1
            }
            Stage::Shown => return true,
        };
        if nothing_to_prepare && counted {
            self.quiet_frames += 1;
        } else {
            self.quiet_frames = 0;
        }
        if self.quiet_frames >= Self::QUIET {
            self.quiet_frames = 0;
            self.stage = match self.stage {
                Stage::Small => Stage::Whole { frames: 0 },
                _ => Stage::Shown,
            };
        }
        false
    }
}

/// The main camera's view while an offscreen run warms up: the picture's size, whether
/// it is drawn small now and whether the scene is hidden (the run's warm-up says).
#[derive(Resource, Debug, Clone, Copy)]
pub(crate) struct WarmupView {
    small: bool,
    scene_hidden: bool,
    drawn: bool,
    size: UVec2,
}

impl WarmupView {
    pub(crate) fn new(width: u32, height: u32) -> WarmupView {
        WarmupView {
            small: true,
            scene_hidden: false,
            drawn: true,
            size: UVec2::new(width, height),
        }
    }

    /// Draws the next frames as `warmup` asks.
    pub(crate) fn follow(&mut self, warmup: &Warmup) {
        self.small = warmup.small();
        self.scene_hidden = warmup.scene_hidden();
        self.drawn = warmup.drawn();
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

/// The render layer the main camera sees while the scene is hidden: nothing is on it.
/// The directional lights are put on it too (besides their own), so the camera keeps
/// their shadow views: a camera that shared no layer with a light would lose them, and
/// the first frame with the scene shown again would have no shadows yet.
const HIDDEN_SCENE_LAYER: usize = 31;

/// On a main camera the warm-up turned off for frames that are laid out and not drawn.
#[derive(Component)]
pub(crate) struct OffWhileLaidOut;

/// Sets the main camera's viewport as the warm-up asks, a corner while small and the
/// whole picture after, hides the scene from it while asked (the interface is not drawn
/// by layer), and turns it off for the frames that are only laid out (and on again after:
/// a camera something else turned off stays off). At the update's start, so the
/// cameras' own systems and the visibility check see it the same update.
pub(crate) fn size_the_view(
    mut commands: Commands,
    view: Res<WarmupView>,
    mut cameras: Query<
        (Entity, &mut Camera, Has<RenderLayers>, Has<OffWhileLaidOut>),
        With<MainCamera>,
    >,
    lights: Query<(Entity, Option<&RenderLayers>), With<DirectionalLight>>,
) {
    let wanted = view.small.then(|| view.small_size());
    for (entity, mut camera, hidden, off) in &mut cameras {
        if !view.drawn && camera.is_active {
            camera.is_active = false;
            commands.entity(entity).insert(OffWhileLaidOut);
        } else if view.drawn && off {
            camera.is_active = true;
            commands.entity(entity).remove::<OffWhileLaidOut>();
        }
        let now = camera.viewport.as_ref().map(|v| v.physical_size);
        if now != wanted {
            camera.viewport = wanted.map(|size| Viewport {
                physical_size: size,
                ..default()
            });
        }
        match (view.scene_hidden, hidden) {
            (true, false) => {
                commands
                    .entity(entity)
                    .insert(RenderLayers::layer(HIDDEN_SCENE_LAYER));
            }
            (false, true) => {
                commands.entity(entity).remove::<RenderLayers>();
            }
            _ => {}
        }
    }
    for (light, layers) in &lights {
        let layers = layers.cloned().unwrap_or_default();
        if !layers.intersects(&RenderLayers::layer(HIDDEN_SCENE_LAYER)) {
            commands
                .entity(light)
                .insert(layers.with(HIDDEN_SCENE_LAYER));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report of the render world with nothing to prepare.
    const QUIET_REPORT: PipelineCount = PipelineCount {
        made: 5,
        waiting: 0,
    };

    fn frames_to_settle(frames: &[(bool, usize, usize)]) -> Option<usize> {
        let mut warmup = Warmup::default();
        frames.iter().position(|&(ready, made, waiting)| {
            warmup.settled(ready, PipelineCount { made, waiting })
        })
    }

    #[test]
    fn the_warm_up_ends_once_nothing_is_left_to_prepare() {
        // Ready from the start, nothing compiling: the skipped frames, the quiet small
        // ones, the frame still reporting a small one, the quiet whole ones, then the one
        // that shows the scene again.
        let quiet = [(true, 5, 0); 12];
        let at = (Warmup::SKIP + 2 * Warmup::QUIET + 1) as usize;
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
            Some(7 + 2 * Warmup::QUIET as usize + 2)
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
        let at = frames.len() - 5 + Warmup::QUIET as usize;
        assert_eq!(frames_to_settle(&frames), Some(at));
    }

    #[test]
    fn the_scene_is_hidden_only_while_drawn_whole_before_the_picture_and_laid_out_first() {
        let mut warmup = Warmup::default();
        let mut view = WarmupView::new(480, 270);
        let mut seen = Vec::new();
        loop {
            let settled = warmup.settled(true, QUIET_REPORT);
            view.follow(&warmup);
            seen.push([view.small, view.scene_hidden, view.drawn]);
            if settled {
                break;
            }
        }
        let small = [true, false, true];
        let (laid_out, hidden, shown) = (
            [false, true, false],
            [false, true, true],
            [false, false, true],
        );
        let skip_and_quiet = (Warmup::SKIP + Warmup::QUIET) as usize;
        let mut expected = vec![small; skip_and_quiet - 1];
        // Whole: laid out only, then drawn without the scene (the first of those is the
        // one whose report ends the count: nothing new came of drawing it whole).
        let laid_out_only = Warmup::LAID_OUT_ONLY as usize;
        expected.extend(vec![laid_out; laid_out_only]);
        expected.extend(vec![hidden; Warmup::QUIET as usize + 1 - laid_out_only]);
        // The frame that shows the scene again, then the picture.
        expected.extend([shown, shown]);
        assert_eq!(seen, expected);
    }

    /// Hidden, the camera sees nothing of the scene but still shares a layer with the
    /// shadow-casting light (or its shadow views go, and the picture had no shadows);
    /// shown again, it sees the scene's layer.
    #[test]
    fn the_hidden_scene_keeps_the_camera_s_shadow_views() {
        let mut app = App::new();
        app.add_systems(First, size_the_view);
        let camera = app.world_mut().spawn((MainCamera, Camera::default())).id();
        let light = app.world_mut().spawn(DirectionalLight::default()).id();
        let mut warmup = Warmup::default();
        let mut view = WarmupView::new(480, 270);
        while !warmup.scene_hidden() {
            warmup.settled(true, QUIET_REPORT);
        }
        view.follow(&warmup);
        app.insert_resource(view);
        app.update();
        let layers = |app: &App, entity: Entity| {
            app.world()
                .get::<RenderLayers>(entity)
                .cloned()
                .unwrap_or_default()
        };
        let scene = RenderLayers::default();
        assert!(
            !layers(&app, camera).intersects(&scene),
            "the scene is hidden"
        );
        assert!(layers(&app, camera).intersects(&layers(&app, light)));
        assert!(
            layers(&app, light).intersects(&scene),
            "the light lights the scene"
        );
        let viewport = app
            .world()
            .get::<Camera>(camera)
            .map(|c| c.viewport.is_some());
        assert_eq!(viewport, Some(false), "drawn whole");
        let active = |app: &App| app.world().get::<Camera>(camera).map(|c| c.is_active);
        assert_eq!(active(&app), Some(false), "laid out, not drawn, at first");
        while warmup.scene_hidden() {
            warmup.settled(true, QUIET_REPORT);
        }
        app.world_mut().resource_mut::<WarmupView>().follow(&warmup);
        app.update();
        assert_eq!(layers(&app, camera), scene);
        assert!(layers(&app, light).intersects(&scene));
        assert_eq!(active(&app), Some(true), "drawn again");
        // A camera something else turned off (the capture's read-back) stays off.
        if let Some(mut off) = app.world_mut().get_mut::<Camera>(camera) {
            off.is_active = false;
        }
        app.update();
        assert_eq!(active(&app), Some(false));
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
