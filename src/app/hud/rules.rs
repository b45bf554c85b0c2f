//! The rules pages of the help overlay: one per game, written in `assets/rules/<game>.md`
//! (compiled in) in a small format: `# Title`, a summary line, `## Section`, one paragraph
//! per line, `- ` bullets and `![caption](still.png)` illustrations from `assets/stills/`.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

use crate::app::look::fonts::UiFonts;
use crate::app::table::RulesPages;
use crate::app::ui::theme::{BUTTON, BUTTON_HOVER, INK, INK_BRIGHT, bold};
use crate::app::ui::widgets::{ButtonFills, button};
use crate::rules::GameId;

/// A button under a rules page's section that opens the lesson teaching it (the Learn
/// screen observes it: `index` in the game's lesson list).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonLink {
    pub game: GameId,
    pub index: usize,
}

/// The lessons of `game` as (index, title, the section each explains).
fn lessons_of(game: GameId) -> Vec<(usize, String, Option<String>)> {
    fn of<R: crate::lessons::Lessoned>() -> Vec<(usize, String, Option<String>)> {
        crate::lessons::library::lessons::<R>()
            .map(|list| {
                list.into_iter()
                    .enumerate()
                    .map(|(i, (_, l))| (i, l.title, l.explains))
                    .collect()
            })
            .unwrap_or_default()
    }
    crate::with_rules!(game, R => of::<R>())
}

/// One block of a rules page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Heading(String),
    Paragraph(String),
    Bullet(String),
    Still { caption: String, file: String },
}

/// A game's rules page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesDoc {
    pub title: String,
    pub summary: String,
    pub blocks: Vec<Block>,
}

/// Reads a page; a line the format does not have is an error naming it.
pub fn parse(text: &str) -> Result<RulesDoc, String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let title = lines
        .next()
        .and_then(|l| l.strip_prefix("# "))
        .ok_or("the page does not start with `# Title`")?
        .trim()
        .to_string();
    let summary = lines
        .next()
        .ok_or("the page has no summary")?
        .trim()
        .to_string();
    let mut blocks = Vec::new();
    for line in lines {
        let line = line.trim();
        if let Some(heading) = line.strip_prefix("## ") {
            blocks.push(Block::Heading(heading.trim().to_string()));
        } else if let Some(bullet) = line.strip_prefix("- ") {
            blocks.push(Block::Bullet(bullet.trim().to_string()));
        } else if let Some(rest) = line.strip_prefix("![") {
            let (caption, file) = rest
                .strip_suffix(')')
                .and_then(|r| r.split_once("]("))
                .ok_or_else(|| format!("a bad illustration line: {line}"))?;
            blocks.push(Block::Still {
                caption: caption.to_string(),
                file: file.to_string(),
            });
        } else if line.starts_with('#') {
            return Err(format!("a heading the format does not have: {line}"));
        } else {
            blocks.push(Block::Paragraph(line.to_string()));
        }
    }
    Ok(RulesDoc {
        title,
        summary,
        blocks,
    })
}

/// The stills decoded so far, by file name (decoded when a page first shows them).
#[derive(Resource, Default)]
pub struct RuleStills(std::collections::HashMap<String, Handle<Image>>);

impl RuleStills {
    /// The still's image; `None` when it is not compiled in or does not decode (the
    /// caption is shown alone).
    pub fn get(
        &mut self,
        file: &str,
        pages: &RulesPages,
        images: &mut Assets<Image>,
    ) -> Option<Handle<Image>> {
        if let Some(handle) = self.0.get(file) {
            return Some(handle.clone());
        }
        let image = Image::from_buffer(
            pages.still(file)?,
            bevy::image::ImageType::Extension("png"),
            bevy::image::CompressedImageFormats::NONE,
            true,
            bevy::image::ImageSampler::linear(),
            bevy::asset::RenderAssetUsages::RENDER_WORLD,
        )
        .map_err(|e| warn!("the still {file} does not decode: {e}"))
        .ok()?;
        let handle = images.add(image);
        self.0.insert(file.to_string(), handle.clone());
        Some(handle)
    }
}

/// The page's scrolling body (filled when a game's page is shown).
#[derive(Component)]
pub struct RulesBody;

/// Sets out `game`'s page (`text`; `None` when the game registered none) in `body`.
pub(super) fn fill(
    commands: &mut Commands,
    body: Entity,
    game: GameId,
    text: Option<&str>,
    fonts: Option<&UiFonts>,
    mut still: impl FnMut(&str) -> Option<Handle<Image>>,
) {
    let doc = match text
        .ok_or_else(|| "the game has no rules page".to_string())
        .and_then(parse)
    {
        Ok(doc) => doc,
        Err(e) => RulesDoc {
            title: game.title().to_string(),
            summary: format!("This page could not be read: {e}."),
            blocks: Vec::new(),
        },
    };
    let lessons = lessons_of(game);
    let mut body = commands.entity(body);
    body.despawn_children();
    body.with_children(|page| {
        page.spawn((
            Text::new(doc.title),
            bold(fonts, 22.0),
            TextColor(Color::srgb(0.95, 0.78, 0.42)),
        ));
        page.spawn((
            Text::new(doc.summary),
            TextFont::from_font_size(15.0),
            TextColor(Color::srgb(0.85, 0.85, 0.9)),
            Node {
                margin: UiRect::bottom(px(4)),
                ..default()
            },
        ));
        for block in doc.blocks {
            match block {
                Block::Heading(text) => {
                    page.spawn((
                        Text::new(text.clone()),
                        bold(fonts, 17.0),
                        TextColor(Color::srgb(0.95, 0.85, 0.6)),
                        Node {
                            margin: UiRect::top(px(8)),
                            ..default()
                        },
                    ));
                    // The lessons that teach this section, one click away.
                    let teaching: Vec<_> = lessons
                        .iter()
                        .filter(|(_, _, explains)| explains.as_deref() == Some(text.as_str()))
                        .collect();
                    if !teaching.is_empty() {
                        page.spawn(Node {
                            column_gap: px(6),
                            flex_wrap: FlexWrap::Wrap,
                            ..default()
                        })
                        .with_children(|row| {
                            for (index, title, _) in teaching {
                                row.spawn((
                                    LessonLink {
                                        game,
                                        index: *index,
                                    },
                                    button(
                                        &format!("Lesson {}: {title}", index + 1),
                                        250.0,
                                        BUTTON,
                                        INK_BRIGHT,
                                    ),
                                    ButtonFills {
                                        rest: BUTTON,
                                        hover: BUTTON_HOVER,
                                    },
                                ));
                            }
                        });
                    }
                }
                Block::Paragraph(text) => {
                    page.spawn((
                        Text::new(text),
                        TextFont::from_font_size(14.0),
                        TextColor(INK),
                    ));
                }
                Block::Bullet(text) => {
                    page.spawn((
                        Text::new(format!("\u{2022} {text}")),
                        TextFont::from_font_size(14.0),
                        TextColor(INK),
                        Node {
                            margin: UiRect::left(px(12)),
                            ..default()
                        },
                    ));
                }
                Block::Still { caption, file } => {
                    let mut frame = page.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        row_gap: px(3),
                        margin: UiRect::vertical(px(4)),
                        ..default()
                    });
                    frame.with_children(|picture| {
                        if let Some(image) = still(&file) {
                            picture.spawn((
                                ImageNode::new(image),
                                Node {
                                    width: px(384),
                                    height: px(216),
                                    ..default()
                                },
                            ));
                        }
                        picture.spawn((
                            Text::new(caption),
                            TextFont::from_font_size(12.0),
                            TextColor(Color::srgb(0.7, 0.7, 0.75)),
                            Node {
                                max_width: px(420),
                                ..default()
                            },
                        ));
                    });
                }
            }
        }
    });
}

/// The mouse wheel scrolls the rules page.
pub(super) fn scroll_rules(
    mut wheel: MessageReader<MouseWheel>,
    mut bodies: Query<(&mut ScrollPosition, &ComputedNode), With<RulesBody>>,
) {
    let mut dy = 0.0;
    for event in wheel.read() {
        dy -= match event.unit {
            MouseScrollUnit::Line => event.y * 24.0,
            MouseScrollUnit::Pixel => event.y,
        };
    }
    if dy == 0.0 {
        return;
    }
    for (mut scroll, node) in &mut bodies {
        let max = (node.content_size().y - node.size().y).max(0.0) * node.inverse_scale_factor();
        scroll.y = (scroll.y + dy).clamp(0.0, max);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's page, as the tables register them.
    fn pages() -> RulesPages {
        use crate::app::table::TableGame;
        RulesPages(
            GameId::ALL
                .into_iter()
                .map(|game| {
                    (
                        game,
                        crate::with_table!(game, G => <G as TableGame>::RULES_PAGE),
                    )
                })
                .collect(),
        )
    }

    #[test]
    fn every_page_reads_and_its_stills_exist() {
        let pages = pages();
        for game in GameId::ALL {
            let doc = parse(pages.0[&game].text).unwrap_or_else(|e| panic!("{game:?}: {e}"));
            let headings = doc
                .blocks
                .iter()
                .filter(|b| matches!(b, Block::Heading(_)))
                .count();
            assert!(headings >= 4, "{game:?} has {headings} sections");
            let pictures: Vec<&String> = doc
                .blocks
                .iter()
                .filter_map(|b| match b {
                    Block::Still { file, .. } => Some(file),
                    _ => None,
                })
                .collect();
            assert!(!pictures.is_empty(), "{game:?} is illustrated");
            for file in pictures {
                assert!(
                    pages.still(file).is_some(),
                    "{game:?}: {file} is compiled in"
                );
                let mut images = Assets::<Image>::default();
                assert!(
                    RuleStills::default()
                        .get(file, &pages, &mut images)
                        .is_some(),
                    "{game:?}: {file} decodes"
                );
            }
        }
    }

    #[test]
    fn the_format_refuses_what_it_does_not_have() {
        assert!(parse("no title").is_err());
        assert!(parse("# T\nsummary\n### deep").is_err());
        assert!(parse("# T\nsummary\n![caption](x.png").is_err());
        let doc = parse("# T\nsummary\n## S\ntext\n- point\n![c](f.png)").unwrap();
        assert_eq!(
            doc.blocks,
            vec![
                Block::Heading("S".into()),
                Block::Paragraph("text".into()),
                Block::Bullet("point".into()),
                Block::Still {
                    caption: "c".into(),
                    file: "f.png".into()
                },
            ]
        );
    }
}
