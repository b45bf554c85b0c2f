//! The layout report of `render --layout`: where the board and every checked panel
//! landed on the image, for headless checks that nothing overlaps.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::Screen;
use crate::app::boards::{BoardCell, BoardLabel};
use crate::app::camera::MainCamera;
use crate::app::ui::LayoutChecked;

/// The UI nodes the report names: the checked ones and the board's labels.
type Named = Or<(With<LayoutChecked>, With<BoardLabel>)>;

/// What the layout report reads: the camera, the board's cells and the checked UI nodes.
#[derive(SystemParam)]
pub(super) struct LayoutProbe<'w, 's> {
    screen: Res<'w, State<Screen>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
    cells: Query<'w, 's, &'static GlobalTransform, With<BoardCell>>,
    ui_scale: Option<Res<'w, UiScale>>,
    nodes: Query<
        'w,
        's,
        (
            Option<&'static LayoutChecked>,
            &'static ComputedNode,
            &'static UiGlobalTransform,
            &'static InheritedVisibility,
        ),
        Named,
    >,
}

impl LayoutProbe<'_, '_> {
    /// The board's screen rectangle (logical pixels): every cell's square of side 1
    /// around its centre, projected; `None` on the menu (its backdrop board is scenery)
    /// and without a board or a camera.
    fn board(&self) -> Option<[f32; 4]> {
        if *self.screen.get() != Screen::Playing {
            return None;
        }
        let (camera, camera_transform) = self.cameras.single().ok()?;
        let mut rect: Option<[f32; 4]> = None;
        for cell in &self.cells {
            let centre = cell.translation();
            for (dx, dz) in [(-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)] {
                let Ok(p) =
                    camera.world_to_viewport(camera_transform, centre + Vec3::new(dx, 0.0, dz))
                else {
                    continue;
                };
                rect = Some(match rect {
                    None => [p.x, p.y, p.x, p.y],
                    Some(r) => [r[0].min(p.x), r[1].min(p.y), r[2].max(p.x), r[3].max(p.y)],
                });
            }
        }
        rect
    }

    /// Every visible checked node with its name and rectangle (logical pixels), by name.
    fn nodes(&self) -> Vec<(&'static str, [f32; 4])> {
        let mut nodes: Vec<(&'static str, [f32; 4])> = self
            .nodes
            .iter()
            .filter(|(_, node, _, visible)| visible.get() && !node.is_empty())
            .map(|(checked, node, transform, _)| {
                // Physical pixels to the window's logical ones (the UI scale included).
                let scale =
                    node.inverse_scale_factor() * self.ui_scale.as_ref().map_or(1.0, |s| s.0);
                let centre = transform.translation * scale;
                let half = node.size() * scale / 2.0;
                (
                    // The board's own letters and numbers carry no name of their own.
                    checked.map_or("label board", |c| c.0),
                    [
                        centre.x - half.x,
                        centre.y - half.y,
                        centre.x + half.x,
                        centre.y + half.y,
                    ],
                )
            })
            .collect();
        nodes.sort_by(|a, b| a.0.cmp(b.0).then(a.1[1].total_cmp(&b.1[1])));
        nodes
    }

    pub(super) fn report(&self, size: (u32, u32)) -> serde_json::Value {
        layout_json(size, self.board(), &self.nodes())
    }
}

/// The layout report: `{"size": [w, h], "board": [x0, y0, x1, y1] or null, "nodes":
/// [{"name": ..., "rect": [x0, y0, x1, y1]}, ...]}`, in logical pixels from the top left.
pub fn layout_json(
    size: (u32, u32),
    board: Option<[f32; 4]>,
    nodes: &[(&str, [f32; 4])],
) -> serde_json::Value {
    let round = |r: [f32; 4]| r.map(|v| (f64::from(v) * 10.0).round() / 10.0);
    serde_json::json!({
        "size": [size.0, size.1],
        "board": board.map(round),
        "nodes": nodes
            .iter()
            .map(|(name, rect)| serde_json::json!({ "name": name, "rect": round(*rect) }))
            .collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_report_reads_as_json() {
        let report = layout_json(
            (960, 540),
            Some([100.04, 50.0, 860.0, 500.0]),
            &[("status", [12.0, 12.0, 300.0, 60.0])],
        );
        assert_eq!(report["size"][0].as_u64(), Some(960));
        assert_eq!(report["size"][1].as_u64(), Some(540));
        assert_eq!(report["board"][0].as_f64(), Some(100.0));
        assert_eq!(report["nodes"][0]["name"].as_str(), Some("status"));
        assert_eq!(report["nodes"][0]["rect"][3].as_f64(), Some(60.0));
        let menu = layout_json((320, 200), None, &[]);
        assert!(menu["board"].is_null());
    }
}
