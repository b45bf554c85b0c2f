//! The layout report of `render --layout`: where the board and every checked panel
//! landed on the image, and every line of text that leaves its panel (cut off where the
//! panel clips, spilling over where it does not), for headless checks that nothing
//! overlaps and nothing is cut.

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
    texts: Query<
        'w,
        's,
        (
            Entity,
            &'static Text,
            &'static ComputedNode,
            &'static UiGlobalTransform,
            &'static InheritedVisibility,
        ),
        Without<LayoutChecked>,
    >,
    panels: Query<
        'w,
        's,
        (
            &'static LayoutChecked,
            &'static ComputedNode,
            &'static UiGlobalTransform,
        ),
    >,
    parents: Query<'w, 's, &'static ChildOf>,
}

/// How far (logical pixels) a line may stand past its panel's edge: rounding.
const SPILL: f32 = 0.5;

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

    /// A node's rectangle in the window's logical pixels (the UI scale included).
    fn rect(&self, node: &ComputedNode, transform: &UiGlobalTransform) -> [f32; 4] {
        let scale = node.inverse_scale_factor() * self.ui_scale.as_ref().map_or(1.0, |s| s.0);
        let centre = transform.translation * scale;
        let half = node.size() * scale / 2.0;
        [
            centre.x - half.x,
            centre.y - half.y,
            centre.x + half.x,
            centre.y + half.y,
        ]
    }

    /// Every visible checked node with its name and rectangle (logical pixels), by name.
    fn nodes(&self) -> Vec<(&'static str, [f32; 4])> {
        let mut nodes: Vec<(&'static str, [f32; 4])> = self
            .nodes
            .iter()
            .filter(|(_, node, _, visible)| visible.get() && !node.is_empty())
            .map(|(checked, node, transform, _)| {
                // The board's own letters and numbers carry no name of their own.
                let name = checked.map_or("label board", |c| c.0);
                (name, self.rect(node, transform))
            })
            .collect();
        nodes.sort_by(|a, b| a.0.cmp(b.0).then(a.1[1].total_cmp(&b.1[1])));
        nodes
    }

    /// Every visible line of text inside a checked panel that reaches past the panel's
    /// edge: its panel's name, its words, its rectangle and the panel's.
    fn spills(&self) -> Vec<Spill> {
        let mut spills = Vec::new();
        for (entity, text, node, transform, visible) in &self.texts {
            if !visible.get() || node.is_empty() || text.0.trim().is_empty() {
                continue;
            }
            let Some((panel, panel_node, panel_at)) = self
                .parents
                .iter_ancestors(entity)
                .find_map(|a| self.panels.get(a).ok())
            else {
                continue;
            };
            let (line, within) = (self.rect(node, transform), self.rect(panel_node, panel_at));
            let out = line[0] < within[0] - SPILL
                || line[1] < within[1] - SPILL
                || line[2] > within[2] + SPILL
                || line[3] > within[3] + SPILL;
            if out {
                spills.push(Spill {
                    panel: panel.0,
                    text: text.0.chars().take(40).collect(),
                    rect: line,
                    within,
                });
            }
        }
        spills.sort_by(|a, b| a.panel.cmp(b.panel).then(a.text.cmp(&b.text)));
        spills
    }

    pub(super) fn report(&self, size: (u32, u32)) -> serde_json::Value {
        let mut report = layout_json(size, self.board(), &self.nodes());
        report["spills"] = self
            .spills()
            .iter()
            .map(|s| {
                serde_json::json!({
                    "panel": s.panel,
                    "text": s.text,
                    "rect": round(s.rect),
                    "within": round(s.within),
                })
            })
            .collect();
        report
    }
}

/// A line of text past its panel's edge.
struct Spill {
    panel: &'static str,
    text: String,
    rect: [f32; 4],
    within: [f32; 4],
}

/// A rectangle to a tenth of a pixel.
fn round(r: [f32; 4]) -> [f64; 4] {
    r.map(|v| (f64::from(v) * 10.0).round() / 10.0)
}

/// The layout report: `{"size": [w, h], "board": [x0, y0, x1, y1] or null, "nodes":
/// [{"name": ..., "rect": [x0, y0, x1, y1]}, ...]}`, in logical pixels from the top left
/// (`render` adds `"spills"`: [{"panel", "text", "rect", "within"}, ...]).
pub fn layout_json(
    size: (u32, u32),
    board: Option<[f32; 4]>,
    nodes: &[(&str, [f32; 4])],
) -> serde_json::Value {
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
