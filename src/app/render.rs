//! `lodestone render`: offscreen stills.

#[derive(clap::Args, Debug, Clone)]
pub struct RenderArgs {
    pub game: String,
}

pub fn run(_args: &RenderArgs) -> Result<(), String> {
    Err("render is not available yet".into())
}
